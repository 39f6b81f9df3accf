/**
 * The history's shared words (worker/words/events/history.ts): consecutive draws folded, the reader's
 * lines (the mail's list and the page's "since you left" are the same lines), and a hand's end line
 * saying when a hand was played out ("Nobody reached 1000 km; Bob went farthest.") in five languages.
 */
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../worker/engine/cards';
import type { GameEvent, HandResult, HandScore } from '../../worker/engine/types';
import { cardText, describeEvents } from '../../worker/notify/events';
import { catalogFor } from '../../worker/notify/i18n';
import { SCORE_ITEMS } from '../../worker/shared/rules-data';
import { de } from '../../worker/words/events/de';
import type { EventTable } from '../../worker/words/events/describe';
import { en } from '../../worker/words/events/en';
import { fr } from '../../worker/words/events/fr';
import {
  describeHandEnd,
  describePlayedOut,
  drawsText,
  foldDraws,
  readerLines,
} from '../../worker/words/events/history';
import { nb } from '../../worker/words/events/nb';
import { sv } from '../../worker/words/events/sv';

const NAMES = ['Alice', 'Bob', 'Carol'];
const TABLE: EventTable = {
  seat: (s) => NAMES[s],
  teams: [[0], [1], [2]],
  card: (c) => (c === 'stop' ? 'Stop' : c === 'd100' ? '100 km' : c),
  kind: kindOf,
};
const drew = (seat: number): GameEvent => ({ type: 'drew', seat, from: 'pile' });

/** A team's hand score: every item 0 but the distance, and the total. */
function score(distance: number, total = distance): HandScore {
  const zero = Object.fromEntries(SCORE_ITEMS.map((k) => [k, 0])) as unknown as HandScore;
  return { ...zero, distance, total };
}

describe('folding draws', () => {
  it('folds the draws from the pile into the same seat’s next move, or a run into one line', () => {
    const events: GameEvent[] = [
      drew(0),
      { type: 'mulligan', seat: 0, cards: ['d25', 'd50'] },
      drew(0),
      drew(0),
      drew(0),
      drew(1),
      { type: 'played', seat: 1, card: 'd100' },
      drew(2),
      { type: 'drew', seat: 2, from: 'discard', card: 'd50' },
      drew(2),
      drew(0),
    ];
    const folded = foldDraws(events, (e) => e);
    const said = (f: (typeof folded)[number]) =>
      f.kind === 'draws'
        ? `${f.seat}×${f.count}`
        : `${f.item.type}${f.drawn.length ? `+${f.drawn.length}` : ''}`;
    expect(folded.map(said)).toEqual(['mulligan+1', '0×3', 'played+1', 'drew+1', 'drew', 'drew']);
    const run = folded[1];
    expect(run.kind === 'draws' && run.items.length).toBe(3);
    // Every event is in exactly one line, in order.
    expect(folded.flatMap((f) => (f.kind === 'one' ? [...f.drawn, f.item] : f.items))).toEqual(events);
    expect(foldDraws([], (e: GameEvent) => e)).toEqual([]);
  });

  it('says a folded run in every language, and one draw as before', () => {
    expect(drawsText(0, 3, TABLE, en)).toBe('Alice drew 3 times.');
    expect(drawsText(0, 1, TABLE, en)).toBe('Alice drew a card.');
    expect(drawsText(1, 2, TABLE, fr)).toBe('Bob a pioché 2 fois.');
    expect(drawsText(1, 2, TABLE, de)).toBe('Bob hat 2 Mal gezogen.');
    expect(drawsText(1, 4, TABLE, sv)).toBe('Bob drog 4 gånger.');
    expect(drawsText(1, 4, TABLE, nb)).toBe('Bob trakk 4 ganger.');
  });
});

describe("the reader's lines", () => {
  const events: GameEvent[] = [
    drew(1),
    { type: 'played', seat: 1, card: 'stop', target: 0 },
    drew(2),
    { type: 'played', seat: 2, card: 'd100' },
  ];

  it('leave out draws from the pile and speak to the reader', () => {
    expect(readerLines(events, TABLE, en, 0)).toEqual(['Bob played Stop on you.', 'Carol drove 100 km.']);
    expect(readerLines(events, TABLE, en, null)).toEqual([
      'Bob played Stop on Alice.',
      'Carol drove 100 km.',
    ]);
  });

  it('are the your-turn mail list, word for word', () => {
    const c = catalogFor('en');
    const mail = describeEvents(events, { names: NAMES, teams: TABLE.teams, reader: 0 }, c);
    const page = readerLines(events, { ...TABLE, card: (id) => cardText(id, c) }, c.events, 0);
    expect(page).toEqual(mail);
    expect(mail[0]).toContain('on you');
  });
});

describe('a played-out hand says so', () => {
  const result = (r: Partial<HandResult>): HandResult => ({
    hand: 2,
    scores: [score(650), score(800), score(300)],
    winners: [1],
    tripBy: null,
    ...r,
  });

  it('names who went farthest, or the tie, or nobody', () => {
    expect(describePlayedOut(result({}), 1000, TABLE, en)).toBe('Nobody reached 1000 km; Bob went farthest.');
    expect(describePlayedOut(result({ winners: [0, 1] }), 700, TABLE, en)).toBe(
      'Nobody reached 700 km; Alice and Bob went equally far.',
    );
    // No winner (a tie under the `none` rule): the teams that drove farthest.
    const tie = result({ scores: [score(800), score(800), score(0)], winners: [] });
    expect(describePlayedOut(tie, 1000, TABLE, en)).toBe(
      'Nobody reached 1000 km; Alice and Bob went equally far.',
    );
    const still = result({ scores: [score(0), score(0), score(0)], winners: [] });
    expect(describePlayedOut(still, 1000, TABLE, en)).toBe('Nobody reached 1000 km.');
    expect(describePlayedOut(result({ tripBy: 1 }), 1000, TABLE, en)).toBeNull();
  });

  it('in every language, with every placeholder filled', () => {
    for (const w of [en, fr, de, sv, nb]) {
      for (const r of [
        result({}),
        result({ winners: [0, 1] }),
        result({ scores: [score(0)], winners: [] }),
      ]) {
        const text = describePlayedOut(r, 1000, TABLE, w)!;
        expect(text, w.lang).toContain('1000');
        expect(text, w.lang).not.toMatch(/[{}|]/);
      }
    }
    expect(describePlayedOut(result({}), 1000, TABLE, fr)).toBe(
      'Personne n’a atteint 1000 km ; le plus loin : Bob.',
    );
  });

  it("the hand's end line: over, played out, the hand's scores", () => {
    const played = result({ scores: [score(650, 650), score(800, 1200), score(300, 300)] });
    expect(describeHandEnd(played, 1000, TABLE, en)).toBe(
      'Hand 2 is over. Nobody reached 1000 km; Bob went farthest. Scores: Alice 650, Bob 1200, Carol 300.',
    );
    expect(describeHandEnd({ ...played, tripBy: 1 }, 1000, TABLE, en)).toBe(
      'Hand 2 is over. Scores: Alice 650, Bob 1200, Carol 300.',
    );
  });
});

describe('a hand end in the reader lines (mail and "since you left")', () => {
  const handOver: GameEvent = { type: 'handOver', hand: 2, winners: [1], scores: [650, 800, 300] };
  const playedOut: HandResult = {
    hand: 2,
    scores: [score(650), score(800), score(300)],
    winners: [1],
    tripBy: null,
    goal: 1000,
  };

  it('says a played-out hand was played out, in the mail and on the page alike', () => {
    const c = catalogFor('en');
    const mail = describeEvents([handOver], { names: NAMES, teams: TABLE.teams, reader: 0 }, c, [playedOut]);
    const page = readerLines([handOver], { ...TABLE, card: (id) => cardText(id, c) }, c.events, 0, [
      playedOut,
    ]);
    expect(mail).toEqual(page);
    expect(mail[0]).toContain('Nobody reached 1000 km; Bob went farthest.');
    // Without the results (or a result stored before results carried their goal), the plain end line.
    expect(readerLines([handOver], TABLE, en, 0)[0]).not.toContain('Nobody reached');
    const { goal: _, ...old } = playedOut;
    expect(readerLines([handOver], TABLE, en, 0, [old])[0]).not.toContain('Nobody reached');
  });
});
