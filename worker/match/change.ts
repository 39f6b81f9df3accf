/**
 * What follows every accepted change of a match (a move, a claim, a setting, a timeout): the
 * deadlines move, the change is written (one log row, and the meta row only when needed), the
 * notifier hears of it and every socket gets its new view. The caller then syncs the alarm.
 */
import type { GameEvent, MatchState } from '../engine/index';
import type { Change } from '../notify/scope';
import type { MatchContext } from './context';
import { updateDeadlines } from './deadlines';
import { flushLog, saveSnapshot } from './log';
import { broadcast } from './sockets';

/** The meta row (state snapshot) is rewritten after this many log rows; a wake-up replays at most these. */
export const SNAPSHOT_EVERY = 32;

/**
 * After every accepted change: store the state (one row), move the deadlines, tell the notifier,
 * push every socket its view. `before` is the state before the change (null in the lobby).
 */
export function afterChange(
  m: MatchContext,
  before: MatchState | null,
  events: GameEvent[],
  change: Change,
  now: number,
): void {
  const meta = m.meta!;
  const statusBefore = meta.status;
  updateDeadlines(m, now, events);
  flushLog(m, now);
  // The state is rebuilt from the snapshot and the log rows after it, so the meta row is written
  // only every SNAPSHOT_EVERY rows, when the lifecycle changes, or when the deadline changed
  // without a log row carrying it: one row written per move instead of two.
  const unsaved = m.seq - meta.stateSeq;
  const deadlineLost = JSON.stringify(meta.turnDeadline) !== JSON.stringify(m.persistedDeadline);
  if (
    meta.status !== statusBefore ||
    unsaved >= SNAPSHOT_EVERY ||
    deadlineLost ||
    (before === null && meta.state)
  ) {
    saveSnapshot(m);
  }
  m.notifier.afterChange(before, meta.state, events, change);
  broadcast(m);
}
