// @vitest-environment happy-dom
/**
 * The score sheet: every finished hand's itemized table with the running total after it, the
 * hand-by-hand overview with the match total, teams named by their players; opened from the table by
 * one tap (a dialog: Escape closes it and the focus goes back to the button), and shown with the
 * result at the end of a match of several hands. The compact match total on the table.
 */
import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { Table } from '../../web/src/screens/Table';
import { ScoreSheet } from '../../web/src/screens/table/ScoreSheet';
import type { HandResult, MatchView } from '../../worker/engine/types';
import { handOverView, info, score, teamView, view } from './fixtures';
import { buttons, click, fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));

/** Three finished classic hands: Ann wins hands 1 and 3, hand 2 is played out with no winner. */
const RESULTS: HandResult[] = [
  {
    hand: 1,
    winners: [0],
    tripBy: 0,
    scores: [
      score({ distance: 1000, safeties: 100, trip: 400, safeTrip: 300, total: 1800 }),
      score({ distance: 0, total: 0 }),
    ],
  },
  {
    hand: 2,
    winners: [],
    tripBy: null,
    scores: [
      score({ distance: 650, total: 650 }),
      score({ distance: 650, coupFourre: 300, safeties: 100, total: 1050 }),
    ],
  },
  {
    hand: 3,
    winners: [0],
    tripBy: 0,
    scores: [score({ distance: 1000, trip: 400, shutout: 500, total: 1900 }), score({ total: 0 })],
  },
];

function sheetView(patch: Partial<MatchView> = {}): MatchView {
  return view({ handNumber: 4, results: RESULTS, scores: [4350, 1050], ...patch });
}

function tables(root: Element): string[][][] {
  return [...root.querySelectorAll('table.scores')].map((table) =>
    [...table.querySelectorAll('tr')].map((tr) =>
      [...tr.querySelectorAll('th,td')].map((c) => c.textContent ?? ''),
    ),
  );
}

describe('the score sheet', () => {
  it('lists every finished hand with its total, then the match total', () => {
    const root = mount(<ScoreSheet info={info(sheetView())} view={sheetView()} />);
    const [overview] = tables(root);
    expect(root.querySelector('table.scores caption')!.textContent).toBe('Hand by hand');
    expect(overview).toEqual([
      ['Hand', 'Ann', 'Bob'],
      ['Hand 1', '1800', '0'],
      ['Hand 2', '650', '1050'],
      ['Hand 3', '1900', '0'],
      ['Match total', '4350', '1050'],
    ]);
    // Every header cell is a real header with its scope (screen readers read the column and row).
    expect([...root.querySelectorAll('thead th')].every((th) => th.getAttribute('scope') === 'col')).toBe(
      true,
    );
    expect([...root.querySelectorAll('tbody th')].every((th) => th.getAttribute('scope') === 'row')).toBe(
      true,
    );
  });

  it("itemizes every hand's score items (those that scored), its total and the running total", () => {
    const root = mount(<ScoreSheet info={info(sheetView())} view={sheetView()} />);
    const [, hand1, hand2, hand3] = tables(root);
    const captions = [...root.querySelectorAll('table.scores caption')].map((c) => c.textContent);
    expect(captions).toEqual([
      'Hand by hand',
      'Hand 1: Ann won the hand.',
      'Hand 2: Nobody won the hand.',
      'Hand 3: Ann won the hand.',
    ]);
    expect(hand1).toEqual([
      ['Score', 'Ann', 'Bob'],
      ['Distance', '1000', '0'],
      ['Safeties', '100', '0'],
      ['Trip completed', '400', '0'],
      ['Safe trip (no 200)', '300', '0'],
      ['Hand total', '1800', '0'],
      ['Running total', '1800', '0'],
    ]);
    expect(hand2.map((r) => r[0])).toEqual([
      'Score',
      'Distance',
      'Safeties',
      'Coups fourrés',
      'Hand total',
      'Running total',
    ]);
    expect(hand2.at(-1)).toEqual(['Running total', '2450', '1050']);
    expect(hand3).toContainEqual(['Shutout', '500', '0']);
    expect(hand3.at(-1)).toEqual(['Running total', '4350', '1050']);
  });

  it('names teams by their players', () => {
    const v = teamView();
    const teamResults: HandResult[] = [
      {
        hand: 1,
        winners: [1],
        tripBy: 1,
        scores: [score({ distance: 300, total: 300 }), score({ distance: 1000, total: 1000 })],
      },
    ];
    const tv = { ...v, results: teamResults, scores: [300, 1000] };
    const root = mount(<ScoreSheet info={info(tv)} view={tv} />);
    const [overview, hand1] = tables(root);
    expect(overview[0]).toEqual(['Hand', 'Ann and Cy', 'Bob and Dee']);
    expect(hand1[0]).toEqual(['Score', 'Ann and Cy', 'Bob and Dee']);
    expect(root.querySelectorAll('table.scores caption')[1].textContent).toBe(
      'Hand 1: Bob and Dee won the hand.',
    );
  });

  it('says so before any hand is over', () => {
    const root = mount(<ScoreSheet info={info(view())} view={view()} />);
    expect(root.querySelector('table')).toBeNull();
    expect(root.textContent).toContain('No hand is over yet');
  });
});

describe('the score sheet at the table', () => {
  it('opens in a dialog with one tap, closes with Escape and gives the focus back', async () => {
    const { session } = fakeSession(info(sheetView()));
    const root = mount(<Table session={session} />);
    const open = buttons(root, 'Score sheet')[0];
    expect(open.getAttribute('aria-haspopup')).toBe('dialog');
    open.focus();
    click(open);
    await vi.waitFor(() => expect(root.querySelector('dialog table.scores')).not.toBeNull());
    const dialog = root.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    const title = dialog.querySelector('h2')!;
    expect(dialog.getAttribute('aria-labelledby')).toBe(title.id);
    expect(title.textContent).toBe('Score sheet');
    expect(dialog.querySelectorAll('table.scores')).toHaveLength(4);
    act(() => {
      dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(root.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('closes with its Close button too', async () => {
    const { session } = fakeSession(info(sheetView()));
    const root = mount(<Table session={session} />);
    click(buttons(root, 'Score sheet')[0]);
    await vi.waitFor(() => expect(root.querySelector('dialog')).not.toBeNull());
    click(buttons(root.querySelector('dialog')!, 'Close')[0]);
    expect(root.querySelector('dialog')).toBeNull();
  });

  it('keeps a compact match total on the table once a hand is over', () => {
    const { session } = fakeSession(info(sheetView()));
    const root = mount(<Table session={session} />);
    expect(root.querySelector('.match-total')!.textContent).toBe('Match total: Ann 4350 Bob 1050');
    const first = mount(<Table session={fakeSession(info(view())).session} />);
    expect(first.querySelector('.match-total')).toBeNull();
  });

  it('comes whole with the result at the end of a match of several hands', async () => {
    const over = sheetView({ phase: 'matchOver', turn: null, matchWinners: [0], legalMoves: [] });
    const { session } = fakeSession(info(over));
    const root = mount(<Table session={session} />);
    await vi.waitFor(() => expect(root.querySelectorAll('.end-sheet table.scores')).toHaveLength(4));
    expect(root.querySelector('.end-sheet h3')!.textContent).toBe('Score sheet');
    // A single-hand end keeps its one table (the sheet would repeat it).
    const single = mount(<Table session={fakeSession(info(handOverView())).session} />);
    expect(single.querySelector('.end-sheet')).toBeNull();
  });
});
