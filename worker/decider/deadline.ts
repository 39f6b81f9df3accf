/**
 * The turn deadline after a change, and the one test of whether a change started a new turn
 * (shared with the notifier's your-turn mail, worker/notify/policy.ts). Every time of a turn comes
 * from the change's one timestamp `now` (whole ms): its deadline here, its mail and reminders in
 * worker/notify; a vacation moves them all by its frozen span (vacation.ts).
 */
import { type GameEvent, type MatchState, othersActed, whoActs } from '../engine/index';
import type { Draft } from './draft';
import type { TurnDeadline } from './model';
import { vacationDeadline } from './vacation';

/**
 * True when the change's `events` started a new turn for `seat`, who acts after it: a hand started,
 * or other seats acted in the change (a bot run that came back to the same seat).
 */
export function newTurnStarted(events: readonly GameEvent[], seat: number): boolean {
  return events.some((e) => e.type === 'handStarted') || othersActed(events, seat);
}

/** The human seat that must act now, if any, and whether it answers a response window. */
export function humanActing(draft: Draft, state: MatchState): { seat: number; window: boolean } | null {
  const w = whoActs(state);
  if ((w.kind !== 'turn' && w.kind !== 'window') || draft.botControlled(w.seat)) return null;
  return { seat: w.seat, window: w.kind === 'window' };
}

/**
 * Sets the draft's turn deadline after a change at `now` (ms): a human seat's turn, or the time by
 * which someone must start the next hand; unchanged while the same turn goes on, new when a turn or
 * hand starts (an extra turn after a safety starts anew, and so does a new turn by
 * `newTurnStarted`). Null without deadlines, outside play, or while a bot acts. A turn of a player
 * away on vacation is frozen (vacation.ts `vacationDeadline`), which charges or gives back the
 * seat's vacation days: a seat row written.
 */
export function setTurnDeadline(draft: Draft, events: readonly GameEvent[], now: number): void {
  const next = vacationDeadline(draft, draft.meta.turnDeadline, plainDeadlineAfter(draft, events, now), now);
  draft.updateMeta({ turnDeadline: next });
}

/** The deadline after the change, without vacations. */
function plainDeadlineAfter(draft: Draft, events: readonly GameEvent[], now: number): TurnDeadline | null {
  const meta = draft.meta;
  const state = meta.state;
  const hours = meta.config.turnDeadlineHours;
  if (meta.status !== 'playing' || !state || hours <= 0) return null;
  const human = humanActing(draft, state);
  const turnSeat = human && !human.window ? human.seat : null;
  if (turnSeat === null && state.phase !== 'handOver') return null;
  const old = meta.turnDeadline;
  const restarted =
    events.some((e) => e.type === 'extraTurn') ||
    (turnSeat === null ? events.some((e) => e.type === 'handStarted') : newTurnStarted(events, turnSeat));
  const same =
    old !== null &&
    old.hand === state.handNumber &&
    (turnSeat === null ? old.kind === 'handOver' : old.kind === 'turn' && old.seat === turnSeat);
  if (same && !restarted) return old;
  // Whole ms: a fractional hour (1.1 h) must not leave a deadline between two milliseconds.
  const atMs = now + Math.round(hours * 3_600_000);
  return turnSeat === null
    ? { kind: 'handOver', hand: state.handNumber, atMs }
    : { kind: 'turn', seat: turnSeat, hand: state.handNumber, atMs };
}
