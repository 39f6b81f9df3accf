// @vitest-environment happy-dom
/** The end of a hand: the itemized score table from view.results, match totals, next hand, winner. */
import { beforeEach, describe, expect, it } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { Table } from '../../web/src/screens/Table';
import { handOverView, info, matchOverView } from './fixtures';
import { buttons, click, fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));

function rows(root: Element): string[][] {
  return [...root.querySelectorAll('table.scores tr')].map((tr) =>
    [...tr.querySelectorAll('th,td')].map((c) => c.textContent ?? ''),
  );
}

describe('end of a hand', () => {
  it('itemizes every non-zero score item for every player, then hand and match totals', () => {
    const { session, sent } = fakeSession(info(handOverView()));
    const root = mount(<Table session={session} />);
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
