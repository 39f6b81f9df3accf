/**
 * The moves a "your turn" mail suggests (issue 34): up to four of the seat's legal moves, best first
 * as the expert bot sees them from the seat's own view (the same view the page gets, so nothing
 * hidden enters a suggestion). The expert's own choice leads; its policy's scores order the rest.
 * A turn that starts with a choice of draw pile offers the draws; a response window offers the coup
 * fourré (and the quick remedy, where the rules have it) before letting the hazard go. Only moves a
 * mail can word are offered (no mulligan, no 700 km choice, no next hand).
 */
import type { GameEvent, MatchView, Move } from '../engine/index';
import { readLog } from './determinize';
import { chooseMove } from './index';
import { policyScores } from './policy';

/** The most moves a mail suggests. */
export const MAX_SUGGESTIONS = 4;

/** The kinds of move a mail offers, in the order a response window lists them. */
const OFFERED: readonly Move['type'][] = ['coupFourre', 'quickRemedy', 'pass', 'draw', 'play', 'discard'];

/** How the suggestions are chosen: the expert's seed and the hand's public events (it then knows the discard pile). */
export interface SuggestOptions {
  seed: string;
  log?: readonly GameEvent[];
  /** The most moves (default `MAX_SUGGESTIONS`). */
  limit?: number;
}

/**
 * Up to `opts.limit` of `view.legalMoves`, best first (see the file header); none when the seat has
 * nothing to do. Deterministic for a view, seed and log.
 */
export function suggestMoves(view: MatchView, opts: SuggestOptions): Move[] {
  const limit = opts.limit ?? MAX_SUGGESTIONS;
  const offered = view.legalMoves.filter((m) => OFFERED.includes(m.type));
  if (offered.length === 0 || view.seat === null) return [];
  // A response window or a choice of draw pile: the moves in the order above (the pile before the discard).
  if (offered.every((m) => m.type !== 'play' && m.type !== 'discard')) {
    const rank = (m: Move) =>
      OFFERED.indexOf(m.type) * 2 + (m.type === 'draw' && m.from === 'discard' ? 1 : 0);
    return [...offered].sort((a, b) => rank(a) - rank(b)).slice(0, limit);
  }
  const scores = policyScores(view, readLog(view, opts.log).discard);
  const ranked = view.legalMoves
    .map((m, i) => ({ m, i, s: scores[i] }))
    .filter((r) => OFFERED.includes(r.m.type))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((r) => r.m);
  const best = chooseMove(view, { level: 'expert', seed: opts.seed, log: opts.log });
  return [best, ...ranked.filter((m) => m !== best)].filter((m) => OFFERED.includes(m.type)).slice(0, limit);
}
