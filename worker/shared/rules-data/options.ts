/**
 * The rule options as data: their names, the values an enumerated option may take and the scoring
 * tables. Shared by the engine (worker/engine/rules.ts) and the client, which shows every option
 * before a match starts. No rule logic lives here. RULES.md §3–§9.
 */

/** Scoring tables. RULES.md §9. */
export const SCORING_TABLES = ['h16', 'classic', 'dujardin'] as const;
export type ScoringTable = (typeof SCORING_TABLES)[number];

/**
 * Every rule option of RULES.md. All are shown to every player before a match starts and stored
 * with the match.
 */
export interface RuleOptions {
  /** §3 [H16]: a player may take the top discard instead of drawing from the draw pile. */
  drawFromDiscard: boolean;
  /** §3: `reshuffle` [H16] (at most twice per hand, then as playOut) or `playOut` [NO, OLD, FR]. */
  emptyDeck: 'reshuffle' | 'playOut';
  /** §4: a remedy must be followed by a Roll before driving again [OLD, FR]. */
  rollAfterRemedy: boolean;
  /** §5: battle hazards only on a rolling player [NO, FR], or on anyone not under a battle hazard [H16]. */
  hazardTarget: 'rolling' | 'notHazarded';
  /** §5 [OLD]: a battle hazard may go on another battle hazard (with either hazardTarget). */
  hazardStacking: boolean;
  /** §5 [H16 FAQ]: a player/team that never rolled this hand may not play battle hazards. */
  attackerMustHaveStarted: boolean;
  /** §4, §8: no distance may pass the goal [NO, FR, OLD]; off: reaching the goal or more ends the hand [H16]. */
  exactFinish: boolean;
  /** §8: the trip length in km; a multiple of 25 from 100 to 5000. */
  goal: number;
  /** §9: which scoring table applies. */
  scoring: ScoringTable;
  /** §9: match target in points (5000 in classic play); 0 means a single-hand match [H16]. */
  matchTarget: number;
  /** §7 fast game [H16 variant]: answer a hazard at once with its remedy, out of turn. */
  quickRemedy: boolean;
  /** §7 fast game [H16 variant]: after drawing, discard any number of cards and draw back to six. */
  mulligan: boolean;
  /** §8 (Parker Brothers / "allonge"): reaching exactly 700 may extend the trip to 1000. Goal 700 only. */
  extension: boolean;
  /**
   * §8: who wins a played-out hand when the closest players/teams tie: `none` (no hand winner, no
   * winner's bonus [FR]) or `shared` (all of them win the hand).
   */
  playOutTie: 'none' | 'shared';
}

export type OptionName = keyof RuleOptions;

/** Every option name, in the order they are shown to players. */
export const OPTION_NAMES = [
  'drawFromDiscard',
  'emptyDeck',
  'rollAfterRemedy',
  'hazardTarget',
  'hazardStacking',
  'attackerMustHaveStarted',
  'exactFinish',
  'goal',
  'scoring',
  'matchTarget',
  'quickRemedy',
  'mulligan',
  'extension',
  'playOutTie',
] as const satisfies readonly OptionName[];

/** The values an enumerated option may take (booleans and numbers are checked by type). */
export const OPTION_VALUES: Partial<Record<OptionName, readonly string[]>> = {
  emptyDeck: ['reshuffle', 'playOut'],
  hazardTarget: ['rolling', 'notHazarded'],
  scoring: SCORING_TABLES,
  playOutTie: ['none', 'shared'],
};
