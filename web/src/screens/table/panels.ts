/**
 * The table's panels loaded on first use, as one chunk: the score sheet and the rules of the match
 * (with the dialog they share). Everything that loads them imports this module, so the build makes
 * one extra chunk and leaves the initial script whole.
 */
export { RulesDialog } from './RulesPanel';
export { ScoreSheet, ScoreSheetDialog } from './ScoreSheet';
