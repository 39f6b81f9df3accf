/**
 * How the expert's search (expert.ts) judges the state a playout ends in, for one team, in [0, 1]:
 * a finished hand by its real hand scores, an unfinished one by the points banked plus the odds of
 * the trip bonuses (which team is likely to complete the trip first). Reads the full state of a
 * sample (determinize.ts), never the real match: the hidden cards there are the sample's guesses.
 */
import {
  type CardId,
  type DistanceCard,
  isHazard,
  isLimited,
  isRolling,
  isSafety,
  KM,
  type MatchState,
  REMEDY_FOR,
  scoreHand,
  type Tableau,
  teamOf,
} from '../engine/index';
import type { SearchTuning } from './profiles';

/** Logistic squash of a points difference into (0, 1). */
function squash(points: number): number {
  return 1 / (1 + Math.exp(-points / 250));
}

/** Most 200s a team may play in a hand (RULES.md §4). */
const MOST_200S = 2;

/**
 * The distance cards `team` can still use toward the goal, in km, largest first: those its seats
 * hold that fit in the km left (200s only up to the two-200 limit).
 */
function usableDistance(state: MatchState, team: number, t: Tableau, left: number): number[] {
  let big = MOST_200S - t.distance.filter((c) => c === 'd200').length;
  const cards: number[] = [];
  for (const seat of state.teams[team]) {
    for (const c of state.hands[seat]) {
      const km = (KM as Record<string, number>)[c as DistanceCard];
      if (km === undefined || km > left) continue;
      if (c === 'd200' && big-- <= 0) continue;
      cards.push(km);
    }
  }
  return cards.sort((a, b) => b - a);
}

/**
 * The fewest of `cards` (km, multiples of 25, each used once) adding up to exactly `km`; Infinity
 * when none do. A 0/1 knapsack over 25-km steps.
 */
function exactCards(cards: readonly number[], km: number): number {
  const need = km / 25;
  const fewest = new Array<number>(need + 1).fill(Number.POSITIVE_INFINITY);
  fewest[0] = 0;
  for (const card of cards) {
    const step = card / 25;
    for (let at = need; at >= step; at--) fewest[at] = Math.min(fewest[at], fewest[at - step] + 1);
  }
  return fewest[need];
}

/**
 * Turns `team` needs to cover the km left with distance cards (issue 35: the hand's distance decides
 * the trip): the fewest held cards that finish it (exactly, with `exactFinish`), else the held cards
 * that fit, largest first, plus the rest drawn at `tuning.drawKm` km a turn.
 */
export function distanceTurns(state: MatchState, team: number, tuning: SearchTuning): number {
  const t = state.tableaux[team];
  const left = state.goal - t.km;
  if (left <= 0) return 0;
  const cards = usableDistance(state, team, t, left);
  const exact = state.rules.options.exactFinish;
  if (exact) {
    const k = exactCards(cards, left);
    if (k < Number.POSITIVE_INFINITY) return k;
  }
  let covered = 0;
  let used = 0;
  for (const km of cards) {
    if (exact && covered + km > left) continue;
    covered += km;
    used++;
    if (covered >= left) return used;
  }
  return used + (left - covered) / tuning.drawKm;
}

/**
 * The value of a state for `team`, in [0, 1]. A finished hand: 1 for the best hand score, ½ for a
 * tie, 0 otherwise, nudged by the margin. An unfinished one: the margin of points already banked
 * (the engine's own `scoreHand`) plus the km, with a bonus for rolling and a cost for a hazard.
 * With `tuning.evalHand` the km left are counted in turns from the distance cards the team holds
 * (`distanceTurns`) instead of a flat 80 km a turn.
 */
export function evaluate(state: MatchState, team: number, handBefore: number, tuning: SearchTuning): number {
  if (state.results.length > handBefore) {
    const scores = state.results[state.results.length - 1].scores.map((s) => s.total);
    const mine = scores[team];
    const best = Math.max(...scores.filter((_, t) => t !== team));
    const win = mine > best ? 1 : mine === best ? 0.5 : 0;
    return 0.8 * win + 0.2 * squash(mine - best);
  }
  const banked = scoreHand(state, null, []);
  const o = state.rules.options;
  const teams = state.tableaux.length;
  // Turns each team still needs to complete the trip, roughly; the team most likely to finish first
  // gets most of the trip bonuses (worked out by the engine's own scoring, so every table fits).
  const cardsLeft = state.deck.length / state.seats + 3;
  const weights = state.tableaux.map((t, team) => {
    const top = t.battle.length ? t.battle[t.battle.length - 1] : null;
    const rolling = isRolling(t, o);
    const holds = (card: CardId) => state.teams[team].some((seat) => state.hands[seat].includes(card));
    let turns = tuning.evalHand ? distanceTurns(state, team, tuning) : (state.goal - t.km) / 80;
    if (!rolling) {
      const hazard = top !== null && isHazard(top) ? top : null;
      if (hazard && hazard !== 'stop') turns += holds(REMEDY_FOR[hazard]) ? 1 : 3;
      if (!t.safeties.includes('right_of_way') && (o.rollAfterRemedy || !hazard || hazard === 'stop')) {
        turns += holds('roll') ? 1 : 2.5;
      }
    }
    if (isLimited(t)) turns += holds('end_of_limit') ? 0.5 : 1;
    return Math.exp(-turns / tuning.tripScale);
  });
  const nobody = Math.exp(-cardsLeft / tuning.tripScale);
  const total = weights.reduce((a, b) => a + b, nobody);
  const est: number[] = [];
  for (let i = 0; i < teams; i++) {
    const bonus = scoreHand(state, i, [i])[i].total - banked[i].total;
    est.push(banked[i].total + (weights[i] / total) * (bonus + (state.goal - state.tableaux[i].km)));
  }
  // A safety still in hand will score when played, more as a coup fourré: count it now, or the
  // short horizon would always prefer laying safeties at once.
  for (let seat = 0; seat < state.seats; seat++) {
    for (const c of state.hands[seat]) if (isSafety(c)) est[teamOf(state, seat)] += tuning.heldSafety;
  }
  const mine = est[team];
  const best = Math.max(...est.filter((_, t) => t !== team));
  return squash(mine - best);
}
