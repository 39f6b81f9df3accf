/**
 * Platform rules about who plays a seat that the page must know to offer only what the server
 * accepts, written once for both (the page may import values only from worker/shared and
 * worker/words).
 */

/** A seat as `isLastInPerson` reads it: its number, its kind, and whether a bot plays it for its player now. */
export interface InPersonSeat {
  readonly seat: number;
  readonly kind: string;
  readonly standIn: boolean;
}

/**
 * Whether `seat` is the only human seat that no bot plays for now (every other human seat is
 * played by the computer already, or there is none). Handing it to the computer is refused (409
 * `seat.last_human`): bots never play a match alone.
 */
export function isLastInPerson(seats: readonly InPersonSeat[], seat: number): boolean {
  return !seats.some((s) => s.seat !== seat && s.kind === 'human' && !s.standIn);
}
