/**
 * The 106 playable cards of Mille Bornes: ids, kinds, counts, and the hazard/remedy/safety pairs.
 * RULES.md §1 [H16 components, NO]. Card ids are exactly those of RULES.md.
 */

/** Distance cards, in km. RULES.md §1. */
export const DISTANCE_CARDS = ['d25', 'd50', 'd75', 'd100', 'd200'] as const;
/** Hazards: the four battle hazards and Speed Limit. RULES.md §1. */
export const HAZARD_CARDS = ['accident', 'out_of_gas', 'flat_tire', 'speed_limit', 'stop'] as const;
/** Remedies, Roll included. RULES.md §1. */
export const REMEDY_CARDS = ['repairs', 'gasoline', 'spare_tire', 'end_of_limit', 'roll'] as const;
/** Safeties. RULES.md §1, §6. */
export const SAFETY_CARDS = ['driving_ace', 'extra_tank', 'puncture_proof', 'right_of_way'] as const;

/** Every card id, in RULES.md §1 order. */
export const CARD_IDS = [...DISTANCE_CARDS, ...HAZARD_CARDS, ...REMEDY_CARDS, ...SAFETY_CARDS] as const;

export type DistanceCard = (typeof DISTANCE_CARDS)[number];
export type HazardCard = (typeof HAZARD_CARDS)[number];
export type RemedyCard = (typeof REMEDY_CARDS)[number];
export type SafetyCard = (typeof SAFETY_CARDS)[number];
/** One card id such as `"d100"` or `"right_of_way"`. */
export type CardId = (typeof CARD_IDS)[number];
/** The four kinds of card. */
export type CardKind = 'distance' | 'hazard' | 'remedy' | 'safety';

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

/** Kind of every card id. A Map: lookups by varying string keys are faster than on an object. */
const KIND = new Map<string, CardKind>();
for (const c of DISTANCE_CARDS) KIND.set(c, 'distance');
for (const c of HAZARD_CARDS) KIND.set(c, 'hazard');
for (const c of REMEDY_CARDS) KIND.set(c, 'remedy');
for (const c of SAFETY_CARDS) KIND.set(c, 'safety');

/** The kind of a card id, or `undefined` for a string that is no card id. */
export function cardKind(card: string): CardKind | undefined {
  return KIND.get(card);
}

/** The kind of a card id (no check: for ids already validated). */
export function kindOf(card: CardId): CardKind {
  return KIND.get(card)!;
}

/** True when `value` is one of the 19 card ids. */
export function isCardId(value: unknown): value is CardId {
  return typeof value === 'string' && KIND.has(value);
}

export function isDistance(card: CardId): card is DistanceCard {
  return KIND.get(card)! === 'distance';
}
export function isHazard(card: CardId): card is HazardCard {
  return KIND.get(card)! === 'hazard';
}
export function isRemedy(card: CardId): card is RemedyCard {
  return KIND.get(card)! === 'remedy';
}
export function isSafety(card: CardId): card is SafetyCard {
  return KIND.get(card)! === 'safety';
}

/** Battle hazards go on the battle pile; Speed Limit goes on the speed pile. RULES.md §5. */
export function isBattleHazard(card: CardId): boolean {
  return card !== 'speed_limit' && KIND.get(card)! === 'hazard';
}

/** The remedy that answers each hazard (Roll answers Stop). RULES.md §1 pairs. */
export const REMEDY_FOR: Readonly<Record<HazardCard, RemedyCard>> = {
  accident: 'repairs',
  out_of_gas: 'gasoline',
  flat_tire: 'spare_tire',
  speed_limit: 'end_of_limit',
  stop: 'roll',
};

/** The safety that protects from each hazard (Right of Way covers Stop and Speed Limit). RULES.md §1, §6. */
export const SAFETY_FOR: Readonly<Record<HazardCard, SafetyCard>> = {
  accident: 'driving_ace',
  out_of_gas: 'extra_tank',
  flat_tire: 'puncture_proof',
  speed_limit: 'right_of_way',
  stop: 'right_of_way',
};

/** The hazard a remedy answers (Roll also starts a player and follows remedies). RULES.md §5. */
export const HAZARD_FOR_REMEDY: Readonly<Record<RemedyCard, HazardCard>> = {
  repairs: 'accident',
  gasoline: 'out_of_gas',
  spare_tire: 'flat_tire',
  end_of_limit: 'speed_limit',
  roll: 'stop',
};

/** A full unshuffled deck of 106 card ids, in CARD_IDS order. */
export function fullDeck(): CardId[] {
  const deck: CardId[] = [];
  for (const id of CARD_IDS) for (let i = 0; i < CARD_COUNTS[id]; i++) deck.push(id);
  return deck;
}
