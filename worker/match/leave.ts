/**
 * A player leaves a match (a platform rule, not one of RULES.md). What becomes of the seat
 * is decided here, once, and written in the seat (`SeatPrefs.left`) and in a `leave` log row through
 * the commit path: with a computer player allowed a bot plays the seat for good, without one its
 * turns are skipped for good, and a 2-player match or the last human's leave ends the match through
 * the engine's `forfeit` (the others win). From then on the seat's links only watch (context.ts
 * `caller`), and the seat gets no more mail (notify/plan.ts).
 */

import { leaveOutcome } from '../decider/leave';
import { error, NOT_FOUND, type Reply } from '../reply';
import { commit } from './commit';
import type { MatchContext } from './context';
import { infoFor } from './views';

/**
 * The `leave` RPC: the caller's seat leaves the match. 200 with the caller's MatchInfo after it (a
 * spectator's view, `you.left` set); 403 `auth.not_a_seat` for a caller without a seat (a spectator,
 * an unknown token, a host who is not seated); 409 `seat.left` when this seat already left; 409
 * `match.finished` once the match is over; 409 `match.not_playing` in the lobby (leaving is for a
 * match being played; before the start the host deletes the match or the player waits it out).
 * Writes the seat row and one `leave` log row (plus the meta row when the match ends).
 */
export function leaveMatch(m: MatchContext, who: string | null): Reply {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (caller.left !== undefined) return error(409, 'seat.left', 'You already left this match.');
  if (caller.seat === null)
    return error(403, 'auth.not_a_seat', 'Only a player with a seat link can leave the match.');
  const state = m.state;
  if (meta.status === 'finished' || state?.phase === 'matchOver')
    return error(409, 'match.finished', 'The match is over: there is nothing to leave.');
  if (meta.status !== 'playing' || !state)
    return error(409, 'match.not_playing', 'The match has not started: there is nothing to leave yet.');
  const seat = caller.seat;
  const outcome = leaveOutcome(meta.config, m.seats, seat);
  // The decider marks the seat as left (decide.ts `leftRow`).
  commit(m, { reason: 'leave', seat, opening: { kind: 'leave', seat, outcome } });
  return { status: 200, body: infoFor(m, m.caller(who)) };
}
