/**
 * The items of a hand's score, in display order: shared by the engine's scoring (worker/engine/types.ts
 * `HandScore` has one field per item plus `total`) and the client's end-of-hand table. RULES.md §9.
 */

/** Score items in display order (every field of HandScore but `total`). */
export const SCORE_ITEMS = [
  'distance',
  'safeties',
  'coupFourre',
  'allSafeties',
  'trip',
  'delayedAction',
  'safeTrip',
  'shutout',
  'extension',
] as const;
