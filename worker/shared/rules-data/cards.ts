/**
 * The card ids of Mille Bornes, each card's kind and the hazard/remedy/safety pairs, as data.
 * Shared by the engine (worker/engine/cards.ts, which adds counts and fast look-ups) and the client,
 * which draws a face per id and shows the pairs in the rules panel at the table. RULES.md §1 [H16
 * components, NO]; card ids are exactly those of RULES.md.
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

/** The four kinds of card. RULES.md §1. */
export const CARD_KIND_NAMES = ['distance', 'hazard', 'remedy', 'safety'] as const;
/** One kind of card. */
export type CardKind = (typeof CARD_KIND_NAMES)[number];

/** The kind of each card id. RULES.md §1. */
export const CARD_KINDS: Readonly<Record<CardId, CardKind>> = {
  d25: 'distance',
  d50: 'distance',
  d75: 'distance',
  d100: 'distance',
  d200: 'distance',
  accident: 'hazard',
  out_of_gas: 'hazard',
  flat_tire: 'hazard',
  speed_limit: 'hazard',
  stop: 'hazard',
  repairs: 'remedy',
  gasoline: 'remedy',
  spare_tire: 'remedy',
  end_of_limit: 'remedy',
  roll: 'remedy',
  driving_ace: 'safety',
  extra_tank: 'safety',
  puncture_proof: 'safety',
  right_of_way: 'safety',
};

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
