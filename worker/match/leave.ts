/**
 * A player leaves a match (a platform rule, not one of RULES.md). What becomes of the seat
 * is decided here, once, and written in the seat (`SeatPrefs.left`) and in a `leave` log row through
 * the commit path: with a computer player allowed a bot plays the seat for good, without one its
 * turns are skipped for good, and a 2-player match or the last human's leave ends the match through
 * the engine's `forfeit` (the others win). From then on the seat's links only watch (context.ts
 * `caller`), and the seat gets no more mail (notify/plan.ts).
 */
import type { LeftSeat, MatchInfo } from '../protocol/views';
import { error, NOT_FOUND, type Reply } from '../reply';
import { commit } from './commit';
import type { MatchContext } from './context';
import type { LeaveOutcome, MatchConfig, SeatRow } from './rows';
import { timeoutsToBotOf } from './vacation';
import { infoFor } from './views';

/**
 * Whether the match allows a computer player to keep a human's seat: the host's "the computer
 * keeps the seat after N timeouts" setting (`timeoutsToBot` > 0; "never" is 0). `onDeadline` only
 * says what happens to one timed-out turn, so it does not decide this.
 */
export function computerAllowed(config: MatchConfig): boolean {
  return timeoutsToBotOf(config) > 0;
}

/**
 * What `seat`'s leave does now: `end` in a 2-player match or when no other human seat is left
 * (played in person or by a stand-in, which its player may take back); else `bot` when a computer
 * player is allowed, `skip` when not.
 */
export function leaveOutcome(config: MatchConfig, seats: readonly SeatRow[], seat: number): LeaveOutcome {
  const others = seats.filter((s) => s.seat !== seat && s.kind === 'human' && !s.prefs.left);
  if (seats.length === 2 || others.length === 0) return 'end';
  return computerAllowed(config) ? 'bot' : 'skip';
}

/**
 * What leaving would do for `seat` now, for its own MatchInfo (the page's confirmation says it, and
 * never decides it): the outcome and, when the match would end, the winning teams (every team but
 * the seat's own, `teams` teams in all). Null outside play.
 */
export function leavePreview(
  config: MatchConfig,
  seats: readonly SeatRow[],
  seat: number,
  teams: number,
): NonNullable<MatchInfo['settings']>['leave'] {
  const outcome = leaveOutcome(config, seats, seat);
  const own = seat % teams;
  const winners =
    outcome === 'end' ? Array.from({ length: teams }, (_, t) => t).filter((t) => t !== own) : [];
  return { outcome, winners };
}

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
  m.setSeat(leftRow(m.seats[seat], { at: m.now(), hand: state.handNumber, outcome }));
  commit(m, { reason: 'leave', seat, opening: { kind: 'leave', seat, outcome } });
  return { status: 200, body: infoFor(m, m.caller(who)) };
}

/**
 * `row` after its player left: played by the server for good (unless the match ends), with no
 * away time or run of timeouts left over.
 */
function leftRow(row: SeatRow, left: NonNullable<SeatRow['prefs']['left']>): SeatRow {
  const { awayUntil: _, timeoutsInRow: __, standInReason: ___, ...prefs } = row.prefs;
  return { ...row, standIn: left.outcome !== 'end', prefs: { ...prefs, left } };
}

/** The players who left, seat order, as MatchInfo and the summaries record them (none: empty). */
export function leftSeats(seats: readonly SeatRow[]): LeftSeat[] {
  return seats.flatMap((s) => {
    const l = s.prefs.left;
    return l ? [{ seat: s.seat, hand: l.hand, at: new Date(l.at).toISOString(), outcome: l.outcome }] : [];
  });
}
