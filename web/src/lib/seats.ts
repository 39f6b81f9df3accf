/**
 * What the page must know of the seats to offer only what the server accepts: the server refuses to
 * let the computer play the last seat a person still plays (409 `seat.last_human`,
 * worker/match/vacation.ts `isLastHuman`), so neither the host panel nor "play for me" offers it.
 */
import type { MatchInfo } from './types';

/**
 * Whether `seat` is the only human seat that no bot plays for now (every other human seat is played
 * by the computer already, or there is none): handing it to the computer would be refused.
 */
export function isLastInPerson(info: Pick<MatchInfo, 'seats'>, seat: number): boolean {
  return !info.seats.some((s) => s.seat !== seat && s.kind === 'human' && !s.botStandIn);
}
