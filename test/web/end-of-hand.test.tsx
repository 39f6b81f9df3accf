// @vitest-environment happy-dom
/**
 * The end-of-hand screen says how a hand ended: a played-out hand (nobody completed the trip,
 * RULES.md §8) reads "Nobody reached 1000 km; Bob went farthest." with the words the journal and the
 * mail share (worker/words/events); a completed trip names the hand's winner.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { EndOfHand } from '../../web/src/screens/EndOfHand';
import { handOverView, info, score, view } from './fixtures';
import { fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));

function endText(v: ReturnType<typeof view>): string {
  const i = info(v);
  return mount(<EndOfHand session={fakeSession(i).session} info={i} view={v} />).textContent ?? '';
}

describe('the end of a hand', () => {
  it('says a played-out hand was played out, and who went farthest', () => {
    const v = view({
      phase: 'handOver',
      turn: null,
      goal: 1000,
      results: [
        {
          hand: 1,
          winners: [1],
          tripBy: null,
          scores: [score({ distance: 450, total: 450 }), score({ distance: 775, total: 775 })],
        },
      ],
      scores: [450, 775],
      legalMoves: [{ type: 'nextHand' }],
    });
    const text = endText(v);
    expect(text).toContain('Nobody reached 1000 km; Bob went farthest.');
    expect(text).not.toContain('won the hand');
  });

  it('names the winner of a completed trip, without the played-out words', () => {
    const text = endText(handOverView());
    expect(text).toContain('Ann');
    expect(text).not.toContain('Nobody reached');
  });
});
