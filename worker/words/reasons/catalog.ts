/**
 * The shape of one language's reason words: why a card in hand cannot be played now, one sentence
 * per case of the engine's `CardReason` (worker/engine/why-not-reasons.ts), read on the page when a
 * player taps such a card. Every language file (en, fr, de, sv, nb) implements the whole shape, so
 * the type checker catches a missing sentence. Templates use `{name}` placeholders and
 * `{n|one|other}` plurals (worker/words/events/fill.ts); see describe.ts for how they are filled.
 */

/**
 * Every sentence key, with its placeholders ({target}: a team's players by name, {count}: how many):
 * - `seat.invalid` → `noSeat`; `turn.not_yours` → `turnOf` {player}, or `noTurn` between hands.
 * - `phase.wrong` → `drawFirst`, `extensionFirst`, `answerFirst` (a response window), `handOver`,
 *   `matchOver`; `card.not_in_hand` → `notInHand` {card}.
 * - `distance.not_rolling` → `needRoll`, `needRollClassic` (a remedy is on top and the rules want a
 *   Roll after it), `needRemedy` {hazard} {remedy}, `needRemedyThenRoll` {hazard} {remedy}; then
 *   `orSafety` {safety} when a safety would also do.
 * - `distance.speed_limit` → `speedLimit` {maxKm}; `distance.too_many_200` → `tooMany200` {played} {max};
 *   `distance.past_goal` → `pastGoal` {kmLeft} {goal} {km}.
 * - `hazard.target_protected` → `protected` {target} {count} {safety}; `hazard.target_not_rolling` →
 *   `targetNotRolling` {target} {count}; `hazard.target_hazarded` → `targetHazarded` {target} {count}
 *   {hazard}; `hazard.target_limited` → `targetLimited` {target} {count};
 *   `hazard.attacker_not_started` → `attackerNotStarted` {target}.
 * - `remedy.not_needed` → `notLimited` (End of Limit), `alreadyRolling`, `noHazard`, `doesNotAnswer` {top}.
 * - `safety.already_played` → `safetyPlayed` {safety}; any other code → `other`.
 */
export const REASON_PHRASE_KEYS = [
  'noSeat',
  'turnOf',
  'noTurn',
  'drawFirst',
  'extensionFirst',
  'answerFirst',
  'handOver',
  'matchOver',
  'notInHand',
  'needRoll',
  'needRollClassic',
  'needRemedy',
  'needRemedyThenRoll',
  'orSafety',
  'speedLimit',
  'tooMany200',
  'pastGoal',
  'protected',
  'targetNotRolling',
  'targetHazarded',
  'targetLimited',
  'attackerNotStarted',
  'notLimited',
  'alreadyRolling',
  'noHazard',
  'doesNotAnswer',
  'safetyPlayed',
  'other',
] as const;

/** One sentence key (see `REASON_PHRASE_KEYS` for its placeholders). */
export type ReasonPhraseKey = (typeof REASON_PHRASE_KEYS)[number];

/** One language's reason words: its language code (for plural rules) and every sentence. */
export type ReasonWords = { readonly lang: string } & { readonly [K in ReasonPhraseKey]: string };
