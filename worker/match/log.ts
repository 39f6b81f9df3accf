/**
 * The match's move log: each accepted change (a player's move plus the moves the server made right
 * after it) is gathered in memory and written as one append-only row; the meta row holds a snapshot
 * of the state every few rows. Also reads the log back: the current hand's public events (for
 * expert bots) and the public event list of the `log` RPC.
 */
import { applyMove, type GameEvent, type MatchState, type Move } from '../engine/index';
import type { Actor, LoggedEvent } from '../protocol';
import type { MatchContext } from './context';
import type { LogRow, LogStep } from './storage';

/** Applies one move by `seat` and logs it; returns its events, or null when the engine refuses it. */
export function apply(m: MatchContext, seat: number, actor: Actor, move: Move): GameEvent[] | null {
  const state = m.meta!.state!;
  const r = applyMove(state, seat, move);
  if (!r.ok) {
    console.warn(`match ${m.meta!.matchId}: ${actor} move refused at v${state.version}: ${r.error.code}`);
    return null;
  }
  return record(m, seat, actor, null, move, r.state, r.events);
}

/** Adds an accepted move to the change being made and makes its state current; returns its events. */
export function record(
  m: MatchContext,
  seat: number,
  actor: Actor,
  moveId: string | null,
  move: Move,
  state: MatchState,
  events: GameEvent[],
): GameEvent[] {
  m.pending ??= { steps: [], events: [], moveId: null };
  if (moveId !== null) m.pending.moveId = moveId;
  m.pending.steps.push({ seat, actor, move, events: events.length });
  m.pending.events.push(...events);
  m.meta!.state = state;
  return events.slice();
}

/** Writes the change's moves as one log row (append-only). */
export function flushLog(m: MatchContext, now: number): void {
  const p = m.pending;
  m.pending = null;
  if (!p || p.steps.length === 0) return;
  appendRow(m, {
    at: now,
    kind: 'move',
    seat: p.steps[0].seat,
    actor: p.steps[0].actor,
    moveId: p.moveId,
    payload: p.steps,
    events: p.events,
    version: m.meta!.state!.version,
    turnDeadline: m.meta!.turnDeadline,
  });
}

/** Appends a log row; a reload will see its turn deadline, and its move id is known from now on. */
export function appendRow(m: MatchContext, row: Omit<LogRow, 'seq'>): void {
  m.seq = m.store.appendLog(row);
  if (row.moveId !== null) m.moveIds.set(row.moveId, m.seq);
  m.persistedDeadline = row.turnDeadline;
}

/**
 * Writes the meta row: the lifecycle, the turn deadline and a snapshot of the state and of the move
 * ids (up to `seq`).
 */
export function saveSnapshot(m: MatchContext): void {
  const meta = m.meta!;
  meta.stateSeq = m.seq;
  m.store.saveMeta(meta, m.moveIds);
  m.persistedDeadline = meta.turnDeadline;
}

/** The public events of the current hand, oldest first (stored rows plus the change being made). */
export function handEvents(m: MatchContext): GameEvent[] {
  const rows = m.store.recentRows(400);
  const events = rows.flatMap((r) => r.events).concat(m.pending?.events ?? []);
  let start = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i].type === 'handStarted') {
      start = i;
      break;
    }
  }
  return events.slice(start);
}

/** The public events after log row `after` (at most 500 rows), each with its row, time and actor. */
export function publicEvents(m: MatchContext, after: number): LoggedEvent[] {
  const events: LoggedEvent[] = [];
  for (const row of m.store.logAfter(after, 500)) {
    const at = new Date(row.at).toISOString();
    if (row.kind === 'responseMode') {
      const mode = (row.payload as { mode: 'auto' | 'ask' }).mode;
      events.push({
        seq: row.seq,
        at,
        by: row.actor,
        event: { type: 'responseMode', seat: row.seat, mode },
      });
      continue;
    }
    let k = 0;
    for (const step of row.payload as LogStep[]) {
      for (const event of row.events.slice(k, k + step.events))
        events.push({ seq: row.seq, at, by: step.actor, event });
      k += step.events;
    }
  }
  return events;
}
