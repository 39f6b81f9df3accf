/**
 * A rematch offer, read from the meta row and the clock: who must still answer,
 * whether it is open, dealt, declined or lapsed, and how everybody sees it (`MatchInfo.rematch`, the
 * "my matches" summary, the notifier). Pure: the flow that changes it is rematch.ts. An offer lapses
 * 7 days after it was made; the lapse is read lazily from the clock (no alarm, no row written).
 */
import { REMATCH_LAPSE_MS, type RematchInfo, type RematchState } from '../protocol/views';
import type { Meta, RematchOffer, SeatRow } from './rows';

/**
 * True when `row` must answer an offer itself: a human seat, also while a stand-in bot plays it (the
 * player may take the seat back, and the new match mails them). Bots accept at once.
 */
export function asksAnswer(row: SeatRow): boolean {
  return row.kind === 'human' && row.prefs.left === undefined;
}

/**
 * A new offer by `by` (a seat, or null for the host without a seat) at `nowMs` (ms): the offerer and
 * every bot have accepted; the new match's first seat is the one after this match's first seat.
 */
export function newOffer(
  meta: Meta,
  seats: readonly SeatRow[],
  by: number | null,
  nowMs: number,
): RematchOffer {
  const accepted = seats.filter((s) => s.seat === by || !asksAnswer(s)).map((s) => s.seat);
  const first = meta.setup?.setup.firstSeat ?? 0;
  return { by, atMs: nowMs, accepted, declined: [], firstSeat: (first + 1) % seats.length };
}

/** What `offer` is at `nowMs` (ms): dealt once the rematch exists, else declined, lapsed or open. */
export function offerState(meta: Meta, offer: RematchOffer, nowMs: number): RematchState {
  if (meta.rematchId) return 'dealt';
  if (offer.declined.length > 0) return 'declined';
  return nowMs >= offer.atMs + REMATCH_LAPSE_MS ? 'lapsed' : 'open';
}

/** The human seats that have not answered `offer` yet. */
export function unanswered(seats: readonly SeatRow[], offer: RematchOffer): number[] {
  return seats
    .filter((s) => asksAnswer(s) && !offer.accepted.includes(s.seat) && !offer.declined.includes(s.seat))
    .map((s) => s.seat);
}

/** The open offer of the match at `nowMs` (ms), or null. */
export function openOffer(meta: Meta, nowMs: number): RematchOffer | null {
  const offer = meta.rematchOffer;
  return offer && offerState(meta, offer, nowMs) === 'open' ? offer : null;
}

/** The seats that must still answer the match's open offer at `nowMs` (ms); none without one. */
export function waitingSeats(meta: Meta, seats: readonly SeatRow[], nowMs: number): number[] {
  const offer = openOffer(meta, nowMs);
  return offer ? unanswered(seats, offer) : [];
}

/** The latest offer as everybody sees it at `nowMs` (ms), or null when none was made. */
export function rematchInfo(meta: Meta, seats: readonly SeatRow[], nowMs: number): RematchInfo | null {
  const offer = meta.rematchOffer;
  if (!offer) return null;
  const state = offerState(meta, offer, nowMs);
  return {
    by: offer.by,
    at: new Date(offer.atMs).toISOString(),
    lapsesAt: new Date(offer.atMs + REMATCH_LAPSE_MS).toISOString(),
    state,
    accepted: [...offer.accepted],
    declined: [...offer.declined],
    waiting: state === 'open' ? unanswered(seats, offer) : [],
    matchId: state === 'dealt' ? meta.rematchId : null,
  };
}
