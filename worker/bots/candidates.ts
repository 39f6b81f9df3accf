/**
 * Which moves the expert's search (expert.ts) races: the policy's choice first, then the next best
 * by policy score, with only `throwAways` discards or mulligans among them (which card to throw away
 * is a long-term matter a short playout cannot see), at most `candidates` moves.
 */
import { cardKind, type MatchView, type Move, teamOf } from '../engine/index';
import type { SearchTuning } from './profiles';

/** A move with its policy score and its index in `legalMoves`. */
export interface Ranked {
  m: Move;
  i: number;
  s: number;
}

function isThrow(m: Move): boolean {
  return m.type === 'discard' || m.type === 'mulligan';
}

/**
 * The candidates of a search, best policy score first after the policy's choice (`ranked` sorted
 * best first). When the seat's team is at most `nearKm` from the goal: `nearThrowAways` discards
 * instead of `throwAways`, and with `nearDistance` the best distance play second (when the policy
 * would not play distance: measured, issue 35, the expert discards in a quarter of its rolling turns
 * near the goal with a distance card it could play), so the search tests exactly that choice.
 */
export function pickCandidates(view: MatchView, ranked: readonly Ranked[], tuning: SearchTuning): Move[] {
  const team = teamOf(view, view.seat ?? 0);
  const near = view.goal - view.tableaux[team].km <= tuning.nearKm;
  const maxThrows = near ? tuning.nearThrowAways : tuning.throwAways;
  const order = [...ranked];
  if (near && tuning.nearDistance && order.length > 2) {
    const isDistance = (r: Ranked) => r.m.type === 'play' && cardKind(r.m.card) === 'distance';
    const d = order.findIndex(isDistance);
    if (d > 1) order.splice(1, 0, ...order.splice(d, 1));
  }
  const candidates: Move[] = [];
  let throwAways = 0;
  for (const r of order) {
    if (candidates.length > 0 && isThrow(r.m) && throwAways >= maxThrows) continue;
    if (isThrow(r.m)) throwAways++;
    candidates.push(r.m);
    if (candidates.length >= tuning.candidates) break;
  }
  return candidates;
}
