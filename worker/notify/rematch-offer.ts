/**
 * The rematch offer's mail: when a player (or the host) offers a rematch, every
 * other human seat with mail or push turned on is asked, once per offer, after the grace period (a
 * player who answers or is looking at the match meanwhile gets none: plan.ts `staleReason`). The
 * address's mute of the rematch chain, its block, quiet hours and hourly limit apply as to every
 * match mail (deliver.ts).
 */
import type { Intent, PolicySeat } from './policy';

/** The intents of an offer by `by` (a seat, or null for the host without a seat) made at `nowMs` (ms). */
export function rematchOfferIntents(
  by: number | null,
  seats: readonly PolicySeat[],
  nowMs: number,
): Intent[] {
  return seats
    .filter((s) => s.seat !== by && s.human && s.notifiable)
    .map((s) => ({
      kind: 'rematchOffer',
      seat: s.seat,
      key: `rematchOffer:${s.seat}:${nowMs}`,
      group: `rematchOffer:${s.seat}:${nowMs}`,
      grace: true,
      active: false,
      data: { kind: 'rematchOffer', by, atMs: nowMs },
    }));
}
