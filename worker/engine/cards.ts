/**
 * The 106 playable cards of Mille Bornes: counts and fast look-ups. The card ids, kinds and the
 * hazard/remedy/safety pairs are data in worker/shared/rules-data, re-exported here. RULES.md §1 [H16
 * components, NO]. Card ids are exactly those of RULES.md.
 */
import {
  CARD_IDS,
  CARD_KINDS,
  type CardId,
  type CardKind,
  type DistanceCard,
  type HazardCard,
  type RemedyCard,
  type SafetyCard,
} from '../shared/rules-data';

// Re-exported so that everything importing the card data from the engine keeps working.
export {
  CARD_KIND_NAMES,
  CARD_KINDS,
  DISTANCE_CARDS,
  HAZARD_CARDS,
  HAZARD_FOR_REMEDY,
  REMEDY_CARDS,
  REMEDY_FOR,
  SAFETY_CARDS,
  SAFETY_FOR,
} from '../shared/rules-data';
export type { CardId, CardKind, DistanceCard, HazardCard, RemedyCard, SafetyCard };
export { CARD_IDS };

/** How many copies of each card the deck holds (106 in all). RULES.md §1. */
export const CARD_COUNTS: Readonly<Record<CardId, number>> = {
  d25: 10,
  d50: 10,
  d75: 10,
  d100: 12,
  d200: 4,
  accident: 3,
  out_of_gas: 3,
  flat_tire: 3,
  speed_limit: 4,
  stop: 5,
  repairs: 6,
  gasoline: 6,
  spare_tire: 6,
  end_of_limit: 6,
  roll: 14,
  driving_ace: 1,
  extra_tank: 1,
  puncture_proof: 1,
  right_of_way: 1,
};

/** Total number of cards in a full deck: 106. */
export const DECK_SIZE = 106;

/** Kilometres of each distance card. */
export const KM: Readonly<Record<DistanceCard, number>> = { d25: 25, d50: 50, d75: 75, d100: 100, d200: 200 };

/**
 * Card ids to their index in CARD_IDS without a hash-map lookup (the engine's hot path asks this for
 * every card it looks at): (second char + 13 × length) mod 64 is collision-free for the 19 ids (one
 * character read, not two), which the loop below checks at load time. Only for ids known to be card ids.
 */
const SLOT = new Int8Array(64).fill(-1);
function slotOf(card: string): number {
  return (card.charCodeAt(1) + 13 * card.length) & 63;
}
CARD_IDS.forEach((id, i) => {
  if (SLOT[slotOf(id)] !== -1) throw new Error(`card slot collision: ${id}`);
  SLOT[slotOf(id)] = i;
});

/** The index of a card id in CARD_IDS (0–18). For validated card ids only. */
export function cardIndex(card: CardId): number {
  return SLOT[slotOf(card)];
}

const KINDS: readonly CardKind[] = CARD_IDS.map((id) => CARD_KINDS[id]);
const CARD_SET: ReadonlySet<string> = new Set(CARD_IDS);
const KMS: readonly number[] = CARD_IDS.map((id) => (KM as Record<string, number>)[id] ?? 0);

/** Kilometres of a card (0 for cards that are not distance). */
export function kmOf(card: CardId): number {
  return KMS[cardIndex(card)];
}

/** The kind of a card id, or `undefined` for a string that is no card id. */
export function cardKind(card: string): CardKind | undefined {
  return CARD_SET.has(card) ? KINDS[cardIndex(card as CardId)] : undefined;
}

/** The kind of a card id (no check: for ids already validated). */
export function kindOf(card: CardId): CardKind {
  return KINDS[cardIndex(card)];
}

/** True when `value` is one of the 19 card ids. */
export function isCardId(value: unknown): value is CardId {
  return typeof value === 'string' && CARD_SET.has(value);
}

export function isDistance(card: CardId): card is DistanceCard {
  return KINDS[cardIndex(card)] === 'distance';
}
export function isHazard(card: CardId): card is HazardCard {
  return KINDS[cardIndex(card)] === 'hazard';
}
export function isRemedy(card: CardId): card is RemedyCard {
  return KINDS[cardIndex(card)] === 'remedy';
}
export function isSafety(card: CardId): card is SafetyCard {
  return KINDS[cardIndex(card)] === 'safety';
}

/** Battle hazards go on the battle pile; Speed Limit goes on the speed pile. RULES.md §5. */
export function isBattleHazard(card: CardId): boolean {
  return card !== 'speed_limit' && KINDS[cardIndex(card)] === 'hazard';
}

/** A full unshuffled deck of 106 card ids, in CARD_IDS order. */
export function fullDeck(): CardId[] {
  return FULL_DECK.slice();
}

const FULL_DECK: readonly CardId[] = CARD_IDS.flatMap((id) => Array<CardId>(CARD_COUNTS[id]).fill(id));
