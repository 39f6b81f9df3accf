/**
 * What a player's leave does (a platform rule, not one of RULES.md): decided once, when they leave,
 * and kept in the seat (`SeatPrefs.left`): a bot plays the seat for good, or its turns are skipped
 * for good, or the match ends through the engine's `forfeit` (decide.ts).
 */
import type { LeftSeat, MatchInfo } from '../protocol/views';
import type { LeaveOutcome, MatchConfig, SeatRow } from './model';
import { timeoutsToBotOf } from './vacation';

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

/** The players who left, seat order, as MatchInfo and the summaries record them (none: empty). */
export function leftSeats(seats: readonly SeatRow[]): LeftSeat[] {
  return seats.flatMap((s) => {
    const l = s.prefs.left;
    return l ? [{ seat: s.seat, hand: l.hand, at: new Date(l.at).toISOString(), outcome: l.outcome }] : [];
  });
}
