/**
 * The one path of every change to a match: a player's move, a bot's turn, a timed-out turn or
 * window, a coup-fourré setting, the start, a seat handed to a bot or taken back, a player leaving,
 * a claim, a rematch, a settings change. `commit` asks the decider (worker/decider/decide.ts) what
 * the change does and applies its outcome; nothing else writes a seat or the meta row. It reads top
 * to bottom:
 *   1. take the snapshot the decider reads (meta, seats, the turn timers, the bot delay);
 *   2. decide;
 *   3. apply: the seat rows, the meta fields and state, the log rows (and the meta row's snapshot
 *      when due), the timers;
 *   4. tell the notifier (and move the running turn's mail when a vacation moved its deadline); the
 *      mails it plans to send at once go after the reply (durable.ts, alarm.ts `sendPendingMail`);
 *   5. push every socket its view;
 *   6. reply with the events and the caller's view.
 * Steps 1 to 4 run in one SQLite transaction (`transactionSync`): a write the platform refuses
 * (its daily limit, worker/daily-limit.ts) rolls every row of the change back, the rows in memory
 * are read again from storage, and the error goes on to the caller (moves.ts answers it
 * `server.daily_limit`); the outage's start is kept (`MatchContext.startOutage`: at most the time of
 * the last row stored) so that the first change after it moves the deadlines that fell inside it
 * (`endOutage`, with the decider's `outageShift`).
 */

import { isDailyLimit } from '../daily-limit';
import type { MatchChange, MatchSnapshot, Outcome, Timer } from '../decider/change';
import { KINDS } from '../decider/change';
import { decide } from '../decider/decide';
import { outageShift } from '../decider/outage';
import type { EngineError, GameEvent, MatchState } from '../engine/index';
import type { MatchInfo } from '../protocol/views';
import type { Caller, MatchContext } from './context';
import { catchUp } from './rebuild';
import { pushViews } from './sockets';
import { infoFor } from './views';

/** The meta row (state snapshot) is rewritten after this many log rows; a wake-up replays at most these. */
export const SNAPSHOT_EVERY = 32;

/** The outcome: the change's public events and the caller's view, or the engine's refusal of a move. */
export type Committed =
  | { ok: true; changed: boolean; events: GameEvent[]; info: MatchInfo | null }
  | { ok: false; error: EngineError };

/** Makes `change` (see the file header); `replyTo` gets its view in the result. */
export function commit(m: MatchContext, change: MatchChange, replyTo?: Caller): Committed {
  const now = m.now();
  const before = m.state;
  const statusBefore = m.meta!.status;
  const outcome = atomically(m, now, () => {
    endOutage(m, now);
    const o = decide(snapshotOf(m), change, now);
    if (!o.ok || !o.changed) return o;
    apply(m, o, now, before, statusBefore);
    if (o.quiet) return o;
    m.notifier.afterChange(before, m.state, o.events, o.notify, now);
    if (o.shiftTurn) m.notifier.shiftTurn(o.shiftTurn.seat, o.shiftTurn.deltaMs, now);
    return o;
  });
  if (!outcome.ok) return { ok: false, error: outcome.error };
  if (!outcome.changed) return { ok: true, changed: false, events: [], info: null };
  if (outcome.quiet) return { ok: true, changed: true, events: [], info: null };
  const views = pushViews(m, undefined, outcome.events);
  const info = replyTo ? (views.get(replyTo) ?? infoFor(m, replyTo)) : null;
  return { ok: true, changed: true, events: outcome.events, info };
}

/**
 * Runs `fn` (which writes the match's rows) as one SQLite transaction at `now`: all its rows or none.
 * On a failure the rows in memory are read back from storage (as a wake-up does) and the error is
 * thrown on; a daily-limit refusal also starts the outage unless one runs already (`startOutage`).
 */
export function atomically<T>(m: MatchContext, now: number, fn: () => T): T {
  const outage = m.outageSince;
  try {
    return m.ctx.storage.transactionSync(fn);
  } catch (e) {
    // An outage `fn` ended (endOutage) runs on, from its own start, when the change is rolled back.
    m.outageSince = outage;
    // The mails it planned to send at once go with it.
    m.notifier.dropPending();
    m.reload();
    catchUp(m);
    if (isDailyLimit(e)) m.startOutage(now);
    throw e;
  }
}

/**
 * Ends an outage (writes refused since `m.outageSince`) at `now`, the first change whose writes may
 * work again: what the decider's `outageShift` moves (a turn deadline or an answer window that fell
 * inside it, by its length, so nobody times out because the server could not take their move) is
 * applied: the turn timer and the running turn's mail, the meta row (the deadline), the window timer.
 * An object that restarted inside the outage knows it again at its first refused write
 * (`startOutage`, from the last row stored). One that restarted after its last refused write and
 * before the reset does not: its first alarm after the reset runs as usual (a deadline that
 * fell inside the outage then times out). Guessing the outage from a late alarm was tried and left
 * out: a clock jumped forward in a test, or an alarm late for any other reason, would move deadlines
 * that should time out.
 * Writes rows only then (none on a normal change); called inside the change's transaction, so a
 * write still refused keeps the outage running.
 */
export function endOutage(m: MatchContext, now: number): void {
  const since = m.outageSince;
  if (since === null) return;
  const deadline = m.meta?.turnDeadline ?? null;
  const window = timerOf(m, KINDS.window);
  const shift = outageShift(deadline, window, since, now);
  for (const t of shift.timers) if (t.op === 'schedule') m.schedule.schedule(t.kind, '', t.atMs, t.payload);
  if (shift.shiftTurn) m.notifier.shiftTurn(shift.shiftTurn.seat, shift.shiftTurn.deltaMs, now);
  if (shift.turnDeadline) {
    m.updateMeta({ turnDeadline: shift.turnDeadline });
    m.saveSnapshot();
  }
  m.outageSince = null;
}

/** The match as the decider reads it: its rows in memory, its turn timers and its bot delay. */
export function snapshotOf(m: MatchContext): MatchSnapshot {
  let handLog: readonly GameEvent[] | null = null;
  return {
    meta: m.meta!,
    seats: m.seats,
    timers: {
      window: timerOf(m, 'window'),
      turn: timerOf(m, 'turn'),
      bot: timerOf(m, 'bot'),
    },
    botDelayMs: m.botDelayMs(),
    handLog: () => {
      handLog ??= m.log.handEvents();
      return handLog;
    },
  };
}

function timerOf(m: MatchContext, kind: string): Timer | undefined {
  const item = m.schedule.get(kind, '');
  return item ? { atMs: item.atMs, payload: item.payload } : undefined;
}

type Applied = Extract<Outcome, { ok: true }>;

/** Writes an outcome: seat rows in order, the meta fields and state, the log rows, the snapshot when due, the timers. */
function apply(
  m: MatchContext,
  o: Applied,
  now: number,
  before: MatchState | null,
  statusBefore: string,
): void {
  for (const row of o.seatWrites) m.setSeat(row);
  m.updateMeta(o.meta);
  if (o.state) m.setState(o.state);
  for (const entry of o.log) {
    if (entry.kind === 'responseMode')
      m.log.appendResponseMode(entry.seat, entry.mode, now, entry.version, entry.turnDeadline);
    else if (entry.kind === 'leave')
      m.log.appendLeave(entry.left, { ...entry, moveId: null }, now, entry.version, entry.turnDeadline);
    else m.log.appendMoves(entry, now, entry.version, entry.turnDeadline);
  }
  if (snapshotDue(m, o.metaChanged, before, statusBefore)) m.saveSnapshot();
  for (const t of o.timers) {
    if (t.op === 'schedule') m.schedule.schedule(t.kind, '', t.atMs, t.payload);
    else m.schedule.cancel(t.kind);
  }
}

/**
 * The state is rebuilt from the snapshot and the log rows after it, so the meta row is written only
 * every SNAPSHOT_EVERY rows, when the lifecycle changes, or when the deadline changed without a log
 * row carrying it: one row written per move instead of two.
 */
function snapshotDue(
  m: MatchContext,
  metaChanged: boolean,
  before: MatchState | null,
  statusBefore: string,
): boolean {
  const meta = m.meta!;
  const deadlineLost = JSON.stringify(meta.turnDeadline) !== JSON.stringify(m.log.persistedDeadline);
  return (
    metaChanged ||
    meta.status !== statusBefore ||
    m.log.seq - meta.stateSeq >= SNAPSHOT_EVERY ||
    deadlineLost ||
    (before === null && meta.state !== null)
  );
}
