// @vitest-environment happy-dom
/**
 * The end of a hand: the itemized score table from view.results, match totals, next hand, winner;
 * a played-out hand (nobody completed the trip, RULES.md §8) says so in the words the journal and the
 * mail share (worker/words/events).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { EndOfHand } from '../../web/src/screens/EndOfHand';
import { Table } from '../../web/src/screens/Table';
import { handOverView, info, matchOverView, score, view } from './fixtures';
import { buttons, click, fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));

function rows(root: Element): string[][] {
  return [...root.querySelectorAll('table.scores tr')].map((tr) =>
    [...tr.querySelectorAll('th,td')].map((c) => c.textContent ?? ''),
  );
}

describe('end of a hand', () => {
  it('itemizes every non-zero score item for every player, then hand and match totals', async () => {
    const { session, sent } = fakeSession(info(handOverView()));
    const root = mount(<Table session={session} />);
    // The end of a hand loads on demand (it keeps the initial script small).
    await vi.waitFor(() => expect(root.querySelector('#end-title')).not.toBeNull());
    expect(root.querySelector('#end-title')!.textContent).toBe('Hand 1 is over');
    expect(rows(root)).toEqual([
      ['Score', 'Ann', 'Bob'],
      ['Distance', '1000', '350'],
      ['Safeties', '200', '100'],
      ['Coups fourrés', '300', '0'],
      ['Trip completed', '400', '0'],
      ['Hand total', '1900', '450'],
      ['Match total', '1900', '450'],
    ]);
    expect(root.textContent).toContain('Ann won the hand.');
    expect(root.textContent).toContain('First to 5000 points wins the match.');
    click(buttons(root, 'Deal the next hand')[0]);
    expect(sent).toEqual([{ type: 'nextHand' }]);
  });

  it('waits when the next hand is not this seat’s move', () => {
    const v = { ...handOverView(), legalMoves: [] };
    const { session } = fakeSession(info(v));
    const root = mount(<Table session={session} />);
    expect(buttons(root, 'Deal the next hand')).toHaveLength(0);
    expect(root.textContent).toContain('Waiting for the next hand to be dealt.');
  });

  it('names the match winner and offers a rematch at the end of the match', () => {
    const { session } = fakeSession(info(matchOverView()));
    const root = mount(<Table session={session} />);
    expect(root.querySelector('.winner')!.textContent).toBe('Bob won the match!');
    expect(rows(root).at(-1)).toEqual(['Match total', '600', '1125']);
    expect(buttons(root, 'Play again')).toHaveLength(1);
  });
});

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

  it("shows a failed extension's 200 for the opponent under a label that says who earns it (RULES.md §8)", () => {
    // Ann extended from 700 and the hand was played out at 725: Bob, her opponent, scores the item.
    const v = view({
      phase: 'handOver',
      turn: null,
      goal: 1000,
      results: [
        {
          hand: 1,
          winners: [0],
          tripBy: null,
          goal: 1000,
          scores: [
            score({ distance: 725, total: 725 }),
            score({ distance: 350, extension: 200, total: 550 }),
          ],
        },
      ],
      scores: [725, 550],
      legalMoves: [{ type: 'nextHand' }],
    });
    const i = info(v);
    const root = mount(<EndOfHand session={fakeSession(i).session} info={i} view={v} />);
    expect(rows(root)).toContainEqual(['Extension (completed, or failed: to each opponent)', '0', '200']);
  });
});
