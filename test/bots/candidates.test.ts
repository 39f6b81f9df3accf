/**
 * The moves the expert's search races (worker/bots/candidates.ts): the policy's choice first; near
 * the goal the EXPERT profile may let more discards in (`nearThrowAways`) and put the best distance
 * play second (`nearDistance`); expert-v1's settings keep the old list (one discard at most).
 */
import { describe, expect, it } from 'vitest';
import { pickCandidates, type Ranked } from '../../worker/bots/candidates';
import { policyScores } from '../../worker/bots/policy';
import { EXPERT_V1, type SearchTuning } from '../../worker/bots/profiles';
import { type MatchView, type Move, viewFor } from '../../worker/engine/index';
import { lateState } from './support';

/** Seat 0 rolling 200 km from the goal, holding two 75s among remedies (seat 1 300 km off). */
function nearView(): MatchView {
  const state = lateState('candidates', {
    hand: ['repairs', 'spare_tire', 'd75', 'spare_tire', 'd75', 'end_of_limit', 'flat_tire'],
    otherDistance: ['d200', 'd100', 'd100', 'd100', 'd100', 'd100'],
  });
  return viewFor(state, 0);
}

function ranked(view: MatchView): Ranked[] {
  const scores = policyScores(view, [], EXPERT_V1.weights);
  return view.legalMoves.map((m, i) => ({ m, i, s: scores[i] })).sort((a, b) => b.s - a.s || a.i - b.i);
}

const throws = (moves: Move[]) => moves.filter((m) => m.type === 'discard').length;
const isDistance = (m: Move) => m.type === 'play' && m.card === 'd75';

describe('pickCandidates', () => {
  it('keeps expert-v1 to the policy order with one discard', () => {
    const view = nearView();
    const r = ranked(view);
    const list = pickCandidates(view, r, EXPERT_V1.search);
    expect(list[0]).toEqual(r[0].m);
    expect(list.length).toBeLessThanOrEqual(EXPERT_V1.search.candidates);
    expect(throws(list)).toBeLessThanOrEqual(1);
  });

  it('lets more discards in near the goal with nearThrowAways', () => {
    const view = nearView();
    const tuning: SearchTuning = { ...EXPERT_V1.search, nearKm: 200, nearThrowAways: 4, candidates: 6 };
    const list = pickCandidates(view, ranked(view), tuning);
    expect(throws(list)).toBeGreaterThan(1);
    expect(throws(list)).toBeLessThanOrEqual(4);
    // Not near enough: the old single discard.
    const far = pickCandidates(view, ranked(view), { ...tuning, nearKm: 150 });
    expect(throws(far)).toBeLessThanOrEqual(1);
  });

  it('races the distance play second with nearDistance, after the policy choice', () => {
    const view = nearView();
    // The distance plays ranked last: the policy would not race them.
    const r = ranked(view);
    const order = [...r.filter((x) => !isDistance(x.m)), ...r.filter((x) => isDistance(x.m))];
    const tuning: SearchTuning = { ...EXPERT_V1.search, nearKm: 200, nearDistance: 1, candidates: 3 };
    const list = pickCandidates(view, order, tuning);
    expect(list[0]).toEqual(order[0].m);
    expect(isDistance(list[1])).toBe(true);
    expect(isDistance(pickCandidates(view, order, { ...tuning, nearDistance: 0 })[1])).toBe(false);
    expect(isDistance(pickCandidates(view, order, { ...tuning, nearKm: 150 })[1])).toBe(false);
  });
});
