/**
 * The one path of every change to a match: a player's move, a bot's turn, a timed-out turn or
 * window, a coup-fourré setting, the start, a seat handed to a bot or taken back, a player leaving
 * (leave.ts), a claim, a rematch.
 * `commit` is the only caller of the engine's `applyMove` in the live match (the wake-up's replay
 * rebuilds state without it and writes nothing). It reads top to bottom:
 *   1. apply the change's opening moves (or setting) through the engine;
 *   2. settle the automatic moves that follow (forced draws, and the bots' run up to the next human
 *      decision, an `ask` seat's window or the hand-over, within the change's bot budget);
 *   3. append one log row for all of it (and the meta row's snapshot when due);
 *   4. update the timers (window, turn wake-up, bot, expiry);
 *   5. plan notifications (every time of a turn comes from the change's one timestamp, `now`; a
 *      vacation moves them all by its frozen span, vacation.ts);
 *   6. push every socket its view;
 *   7. reply with the events and the caller's view.
 */
import {
  applyMove,
  type EngineError,
  forfeit,
  type GameEvent,
  type MatchState,
  type Move,
  type ResponseMode,
  setResponseMode,
} from '../engine/index';
import type { Change } from '../notify/scope';
import type { MatchInfo } from '../protocol/views';
import { botTurn, type Progress, type Step, settle, skipTurn, windowAnswer } from './automatic';
import { BotBudget } from './bot-budget';
import type { Caller, MatchContext } from './context';
import type { LeaveOutcome, LogStep } from './rows';
import { pushViews } from './sockets';
import { finishIfOver, turnDeadlineAfter, updateTimers } from './timers';
import { backInPerson, shiftTurnTimes } from './vacation';
import { infoFor } from './views';

/** The meta row (state snapshot) is rewritten after this many log rows; a wake-up replays at most these. */
export const SNAPSHOT_EVERY = 32;

/**
 * What opens a change:
 * - `move`: a player's move (the engine may refuse it: then nothing changes);
 * - `botTurn`: the delayed bot's turn (the `bot` alarm); nothing to commit when no bot must act;
 * - `turnTimeout`: `seat`'s turn deadline passed: a bot plays it, or it is skipped;
 * - `handTimeout`: nobody started the next hand in time: the server starts it;
 * - `windowAnswer`: the automatic answer of `seat`'s open window; nothing to commit without one;
 * - `responseMode`: `seat`'s coup-fourré setting changes (a log row of its own); switching to
 *   `auto` inside its own open window also answers it;
 * - `start`: the first deal (`state`, made by createMatch);
 * - `seatToBot`: a seat went to a bot: only the automatic moves follow;
 * - `leave`: `seat`'s player left (leave.ts): `end` ends the match through the engine's `forfeit`,
 *   else the automatic moves follow (a bot or skipped turns play the seat); a `leave` log row of its own;
 * - `none`: nothing moves (a claim, a seat taken back, a rematch, other settings).
 */
export type Opening =
  | { kind: 'move'; seat: number; move: Move; moveId: string }
  | { kind: 'botTurn' }
  | { kind: 'turnTimeout'; seat: number; onDeadline: 'bot' | 'skip' }
  | { kind: 'handTimeout' }
  | { kind: 'windowAnswer'; seat: number; actor: 'timeout' | 'server' }
  | { kind: 'responseMode'; seat: number; mode: ResponseMode }
  | { kind: 'start'; state: MatchState }
  | { kind: 'seatToBot' }
  | { kind: 'leave'; seat: number; outcome: LeaveOutcome }
  | { kind: 'none' };

/** One change: why (for the notifier), what opens it, and whether lifecycle fields of the meta row changed. */
export interface MatchChange extends Change {
  opening: Opening;
  /** The meta row must be written (e.g. a rematch id was set). */
  metaChanged?: boolean;
}

/** The outcome: the change's public events and the caller's view, or the engine's refusal of a move. */
export type Committed =
  | { ok: true; changed: boolean; events: GameEvent[]; info: MatchInfo | null }
  | { ok: false; error: EngineError };

/** The change being made: its state so far, its steps and their events. */
class Run implements Progress {
  readonly steps: LogStep[] = [];
  readonly events: GameEvent[] = [];
  /** The bot thinking this change may still spend: moves and work units (bot-budget.ts). */
  readonly budget = new BotBudget();
  constructor(
    public state: MatchState,
    readonly moveId: string | null,
  ) {}
}

/** Openings after which the automatic moves follow even when they made no move themselves. */
const SETTLE_ALWAYS: ReadonlySet<Opening['kind']> = new Set(['start', 'seatToBot', 'leave']);
/** Openings that commit nothing when they made no move. */
const IDLE_IS_NOTHING: ReadonlySet<Opening['kind']> = new Set(['botTurn', 'windowAnswer']);

/** Makes `change` (see the file header); `replyTo` gets its view in the result. */
export function commit(m: MatchContext, change: MatchChange, replyTo?: Caller): Committed {
  const now = m.now();
  const before = m.state;
  const statusBefore = m.meta!.status;
  const deadlineBefore = m.meta!.turnDeadline;
  const opening = change.opening;
  // 1. Apply the opening moves (or setting) through the engine.
  const start = opening.kind === 'start' ? opening.state : before;
  const run = start && new Run(start, opening.kind === 'move' ? opening.moveId : null);
  if (run) {
    if (opening.kind === 'start') m.setState(opening.state);
    if (opening.kind === 'responseMode') changeResponseMode(m, run, opening, now);
    if (opening.kind === 'leave' && opening.outcome === 'end') forfeitRun(m, run, opening.seat);
    if (opening.kind === 'move') {
      const refused = applyStep(m, run, { seat: opening.seat, actor: 'player', move: opening.move });
      if (refused) return { ok: false, error: refused };
      // The player's own move: back from a stand-in, a vacation and a run of timeouts.
      backInPerson(m, opening.seat);
    } else {
      applySteps(m, run, openingSteps(m, run, opening));
    }
    if (run.steps.length === 0 && IDLE_IS_NOTHING.has(opening.kind))
      return { ok: true, changed: false, events: [], info: null };
    // 2. Settle the automatic moves that follow.
    if (run.steps.length > 0 || SETTLE_ALWAYS.has(opening.kind)) applySteps(m, run, settle(m, run));
  }
  const events = run?.events ?? [];
  finishIfOver(m, now);
  // 3. Append one log row, carrying the turn deadline after the change; the meta row only when due.
  m.updateMeta({ turnDeadline: turnDeadlineAfter(m, events, now) });
  if (run && opening.kind === 'leave')
    m.log.appendLeave(
      { seat: opening.seat, outcome: opening.outcome },
      run,
      now,
      run.state.version,
      m.meta!.turnDeadline,
    );
  else if (run) m.log.appendMoves(run, now, run.state.version, m.meta!.turnDeadline);
  if (snapshotDue(m, change, before, statusBefore)) m.saveSnapshot();
  // 4. Update the timers.
  updateTimers(m, now);
  // 5. Plan notifications, at the change's time: the turn's mails and reminders count from the same
  //    instant as its deadline.
  m.notifier.afterChange(before, m.state, events, { reason: change.reason, seat: change.seat }, now);
  shiftTurnTimes(m, deadlineBefore, m.meta!.turnDeadline, now);
  // 6. Push every socket its view.
  const views = pushViews(m, undefined, events);
  // 7. Reply.
  const info = replyTo ? (views.get(replyTo) ?? infoFor(m, replyTo)) : null;
  return { ok: true, changed: true, events: [...events], info };
}

/** The steps of an opening that the deciders of automatic.ts produce. */
function openingSteps(m: MatchContext, run: Run, opening: Opening): Iterable<Step> {
  switch (opening.kind) {
    case 'botTurn':
      return botTurn(m, run, 'bot');
    case 'turnTimeout':
      return opening.onDeadline === 'skip'
        ? skipTurn(run, opening.seat)
        : botTurn(m, run, 'timeout', opening.seat);
    case 'handTimeout':
      return run.state.phase === 'handOver'
        ? [{ seat: 0, actor: 'timeout', move: { type: 'nextHand' } }]
        : [];
    case 'windowAnswer':
      return windowAnswer(run, opening.seat, opening.actor);
    case 'responseMode':
      return opening.mode === 'auto' ? windowAnswer(run, opening.seat, 'server') : [];
    default:
      return [];
  }
}

/** Applies one step through the engine; returns the engine's error when it refuses it (nothing changes then). */
function applyStep(m: MatchContext, run: Run, step: Step): EngineError | null {
  const r = applyMove(run.state, step.seat, step.move);
  if (!r.ok) return r.error;
  run.steps.push({ seat: step.seat, actor: step.actor, move: step.move, events: r.events.length });
  run.events.push(...r.events);
  run.state = r.state;
  m.setState(r.state);
  return null;
}

/** Applies steps until one is refused (a bug in a decider: logged, and the change stops there). */
function applySteps(m: MatchContext, run: Run, steps: Iterable<Step>): void {
  for (const step of steps) {
    const refused = applyStep(m, run, step);
    if (refused) {
      console.warn(
        `match ${m.meta!.matchId}: ${step.actor} move refused at v${run.state.version}: ${refused.code}`,
      );
      return;
    }
  }
}

/** A leave that ends the match: the engine's `forfeit` (the others win); its events open the row. */
function forfeitRun(m: MatchContext, run: Run, seat: number): void {
  const r = forfeit(run.state, seat);
  if (!r.ok) return;
  run.events.push(...r.events);
  run.state = r.state;
  m.setState(r.state);
}

/** A coup-fourré setting: the engine's `setResponseMode`, logged as a row of its own (replay needs it). */
function changeResponseMode(
  m: MatchContext,
  run: Run,
  opening: Extract<Opening, { kind: 'responseMode' }>,
  now: number,
): void {
  run.state = setResponseMode(run.state, opening.seat, opening.mode);
  m.setState(run.state);
  m.log.appendResponseMode(opening.seat, opening.mode, now, run.state.version, m.meta!.turnDeadline);
}

/**
 * The state is rebuilt from the snapshot and the log rows after it, so the meta row is written only
 * every SNAPSHOT_EVERY rows, when the lifecycle changes, or when the deadline changed without a log
 * row carrying it: one row written per move instead of two.
 */
function snapshotDue(
  m: MatchContext,
  change: MatchChange,
  before: MatchState | null,
  statusBefore: string,
): boolean {
  const meta = m.meta!;
  const deadlineLost = JSON.stringify(meta.turnDeadline) !== JSON.stringify(m.log.persistedDeadline);
  return (
    change.metaChanged === true ||
    meta.status !== statusBefore ||
    m.log.seq - meta.stateSeq >= SNAPSHOT_EVERY ||
    deadlineLost ||
    (before === null && meta.state !== null)
  );
}
