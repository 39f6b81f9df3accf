/**
 * What the page must know of the seats to offer only what the server accepts: the server refuses to
 * let the computer play the last seat a person still plays (409 `seat.last_human`), so neither the
 * host panel nor "play for me" offers it. The rule itself is worker/shared/seats.ts, the server's.
 */
import { isLastInPerson } from '../../../worker/shared/seats';
import type { MatchInfo } from './types';

/** Whether handing `seat` to the computer would be refused (`isLastInPerson` of the view's seats). */
export function isLastSeatInPerson(info: Pick<MatchInfo, 'seats'>, seat: number): boolean {
  return isLastInPerson(
    info.seats.map((s) => ({ seat: s.seat, kind: s.kind, standIn: s.botStandIn })),
    seat,
  );
}
