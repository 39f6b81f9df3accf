/**
 * The refusals of a player's away and play-for-me settings, checked before anything is paid,
 * written or mailed (the settings themselves are decider/vacation.ts `applyAway`).
 */
import { AWAY_MAX_MS, type AwaySettings, isLastHuman } from '../decider/vacation';
import { error, type Reply } from '../reply';
import type { MatchContext } from './context';

/**
 * Refuses an away/play-for-me change at `now` (ms) before anything is written: 400
 * `settings.away_range` unless `awayUntil` is in the future and at most 30 days ahead; 409
 * `match.not_playing` for "play for me" in the lobby or a finished match (as the host's
 * `giveToBot`); 409 `match.finished` for "away until" once the match is over; 409
 * `seat.last_human` when the computer would play every human seat.
 */
export function awayRefusal(m: MatchContext, seat: number, s: AwaySettings, now: number): Reply | null {
  if (s.awayUntil) {
    const at = Date.parse(s.awayUntil);
    if (!(at > now && at <= now + AWAY_MAX_MS))
      return error(400, 'settings.away_range', 'Away until must be in the future and at most 30 days ahead.');
    // Before the start a player may plan an absence; after the end there is nothing to be away from.
    if (m.meta!.status === 'finished')
      return error(409, 'match.finished', 'The match is over: nobody is away from it any more.');
  }
  if (s.playForMe && !m.seats[seat].standIn && m.meta!.status !== 'playing')
    return error(409, 'match.not_playing', 'The computer plays a seat only while the match is played.');
  if (s.playForMe && !m.seats[seat].standIn && isLastHuman(m.seats, seat))
    return error(409, 'seat.last_human', 'At least one player must keep their seat; bots do not play alone.');
  return null;
}
