/**
 * Where each rule option and value comes from (RULES.md source tags), for the create form.
 * Only labels: the values themselves are OPTION_NAMES / OPTION_VALUES / PRESETS of worker/shared/rules-data.
 */
import type { OptionName } from '../../../worker/shared/rules-data';

/** Source tag of each option value (`true`/`false` for yes/no options). RULES.md §3–§9. */
export const VALUE_SOURCES: Record<OptionName, Record<string, string>> = {
  drawFromDiscard: { true: '[H16]', false: '[OLD, NO, FR]' },
  emptyDeck: { reshuffle: '[H16]', playOut: '[NO, OLD, FR]' },
  rollAfterRemedy: { true: '[OLD, FR]', false: '[H16, NO]' },
  hazardTarget: { rolling: '[NO, FR]', notHazarded: '[H16]' },
  hazardStacking: { true: '[OLD]', false: '[H16, NO, FR]' },
  attackerMustHaveStarted: { true: '[H16 FAQ]', false: '[NO]' },
  exactFinish: { true: '[NO, FR, OLD]', false: '[H16]' },
  goal: { 1000: '[H16, OLD, NO, FR]', 700: '[NO, FR]' },
  scoring: { h16: '[H16]', classic: '[OLD, NO]', dujardin: '[FR]' },
  matchTarget: { 0: '[H16]', 5000: '[OLD, NO, FR]' },
  quickRemedy: { true: '[H16 variant]', false: '[H16]' },
  mulligan: { true: '[H16 variant]', false: '[H16]' },
  extension: { true: '[Parker Brothers, FR "allonge"]', false: '[H16, OLD, NO, FR]' },
  playOutTie: { none: '[FR]', shared: '(house rule)' },
};
