/**
 * The expert search's judgement of an unfinished playout (worker/bots/evaluate.ts): with `evalHand`
 * the km left count in turns from the distance cards the team holds, so a hand that can finish the
 * trip is worth more than one that must wait for draws; without it (expert-v1) the hand is not read.
 */
import { describe, expect, it } from 'vitest';
import { distanceTurns, evaluate } from '../../worker/bots/evaluate';
import { EXPERT_V1, type SearchTuning } from '../../worker/bots/profiles';
import type { CardId, MatchState } from '../../worker/engine/index';
import { lateState } from './support';

/** A 2-player classic state, seat 0 at 800 km (two 200s played) holding `hand`, seat 1 at 700 km. */
function state(hand: CardId[], other: CardId[] = ['stop']): MatchState {
  return lateState('evaluate', {
    hand,
    other,
    otherDistance: ['d200', 'd100', 'd100', 'd100', 'd100', 'd100'],
  });
}

const HAND: SearchTuning = { ...EXPERT_V1.search, evalHand: 1, drawKm: 40 };

describe('distanceTurns', () => {
  it('counts the fewest held cards that finish the trip exactly', () => {
    expect(distanceTurns(state(['d100', 'd100', 'stop']), 0, HAND)).toBe(2);
    expect(distanceTurns(state(['d100', 'd75', 'd25', 'd50']), 0, HAND)).toBe(3);
  });

  it('adds the km no held card covers at drawKm a turn', () => {
    expect(distanceTurns(state(['d75', 'roll']), 0, HAND)).toBeCloseTo(1 + 125 / 40);
    expect(distanceTurns(state(['roll', 'stop']), 0, HAND)).toBeCloseTo(200 / 40);
  });

  it('does not count a third 200', () => {
    expect(distanceTurns(state(['d200']), 0, HAND)).toBeCloseTo(200 / 40);
    // Seat 1 has played one 200: its own 200 finishes 300 km with a 100.
    expect(distanceTurns(state(['stop'], ['d200', 'd100']), 1, HAND)).toBe(2);
  });
});

describe('evaluate with the hand read', () => {
  it('prefers the hand that finishes to the one that waits; expert-v1 sees no difference', () => {
    const finishing = state(['d100', 'd100', 'stop']);
    const waiting = state(['stop', 'stop', 'roll']);
    expect(evaluate(finishing, 0, 0, HAND)).toBeGreaterThan(evaluate(waiting, 0, 0, HAND));
    expect(evaluate(finishing, 0, 0, EXPERT_V1.search)).toBeCloseTo(
      evaluate(waiting, 0, 0, EXPERT_V1.search),
    );
  });
});
