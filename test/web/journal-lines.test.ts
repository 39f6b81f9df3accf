/**
 * The journal's lines on the page (web/src/screens/table/journal-lines.ts): draws folded, the
 * hand's end line with the played-out words, coup fourré and safeties flagged, events after the
 * last version seen marked new, other players' lines told apart, and the "since you left" lines
 * in the mail's words.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { handGoal } from '../../web/src/lib/words';
import { handLines, sinceLines } from '../../web/src/screens/table/journal-lines';
import type { HandResult } from '../../worker/engine/types';
import type { LoggedEvent } from '../../worker/protocol/views';
import { info, score, view } from './fixtures';

beforeEach(() => useCatalogForTests('en', en));

let seq = 0;
const at = (event: LoggedEvent['event'], version: number, by: LoggedEvent['by'] = 'player'): LoggedEvent => ({
  seq: ++seq,
  at: '2025-01-02T10:00:00.000Z',
  version,
  by,
  event,
});

const events: LoggedEvent[] = [
  at({ type: 'handStarted', hand: 2, firstSeat: 1 }, 20),
  at({ type: 'drew', seat: 1, from: 'pile' }, 21),
  at({ type: 'played', seat: 1, card: 'stop', target: 0 }, 22),
  at({ type: 'drew', seat: 0, from: 'pile' }, 23),
  at({ type: 'coupFourre', seat: 0, card: 'right_of_way', hazard: 'stop', attacker: 1 }, 24, 'server'),
  at({ type: 'drew', seat: 0, from: 'pile' }, 24),
  at({ type: 'drew', seat: 0, from: 'pile' }, 25),
  at({ type: 'played', seat: 0, card: 'driving_ace' }, 26),
  at({ type: 'handOver', hand: 2, winners: [1], scores: [800, 1300] }, 27),
];
const result: HandResult = {
  hand: 2,
  scores: [score({ distance: 400, total: 400 }), score({ distance: 600, total: 600 })],
  winners: [1],
  tripBy: null,
};

describe('the journal lines of a hand', () => {
  const v = view({ handNumber: 3, goal: 1000 });
  const i = info(v);

  it('fold draws, end with the played-out words and the scores, flag highlights, new and others', () => {
    const lines = handLines({ hand: 2, events }, { info: i, view: v, result, baseline: 23 });
    expect(lines.map((l) => l.text)).toEqual([
      'Hand 2 started; Bob begins.',
      'Bob drew a card.',
      'Bob played Stop on Ann.',
      'Ann drew a card.',
      "Coup fourré! Ann answered Bob's Stop with Right of Way.",
      'Ann drew 2 times.',
      'Ann played the safety Driving Ace.',
      'Hand 2 is over. Nobody reached 1000 km; Bob went farthest. Scores: Ann 400, Bob 600.',
    ]);
    expect(lines.map((l) => l.highlight)).toEqual([false, false, false, false, true, false, true, false]);
    // New: after the version seen, but not the reader's (Ann's) own moves; her automatic coup fourré is.
    expect(lines.map((l) => l.isNew)).toEqual([false, false, false, false, true, false, false, true]);
    // Up to the version the page opened with: later events arrive while the reader watches.
    expect(
      handLines({ hand: 2, events }, { info: i, view: v, result, baseline: 21, upTo: 23 }).map(
        (l) => l.isNew,
      ),
    ).toEqual([false, false, true, false, false, false, false, false]);
    // Announced: the others' lines, and the coup fourré the server played for Ann (news to her).
    expect(lines.map((l) => l.other)).toEqual([true, true, true, false, true, false, false, true]);
    expect(lines.filter((l) => l.draw).length).toBe(3);
    // Nothing is new on a first visit.
    expect(
      handLines({ hand: 2, events }, { info: i, view: v, result, baseline: null }).some((l) => l.isNew),
    ).toBe(false);
  });

  it("a hand's goal: its result's own (1000 after an extension); for an older result, the rules' or the view's", () => {
    const seven = view({
      handNumber: 3,
      goal: 700,
      rules: { preset: 'classic', options: { ...v.rules.options, goal: 700 } },
    });
    expect(handGoal(result, seven)).toBe(700);
    expect(handGoal({ ...result, goal: 1000 }, seven)).toBe(1000);
    expect(handGoal({ ...result, hand: 3 }, view({ handNumber: 3, goal: 1000 }))).toBe(1000);
  });

  it("the reader's automatic draw is not news; a bot's or a timeout's move on their seat is", () => {
    const own: LoggedEvent[] = [
      at({ type: 'drew', seat: 0, from: 'pile' }, 31, 'server'),
      at({ type: 'played', seat: 0, card: 'd25' }, 32, 'timeout'),
      at({ type: 'played', seat: 1, card: 'd50' }, 33),
    ];
    const lines = handLines({ hand: 3, events: own }, { info: i, view: v, result: null, baseline: 30 });
    expect(lines.map((l) => [l.text, l.isNew, l.other])).toEqual([
      ['Ann drew a card.', false, false],
      ['Ann drove 25 km.', true, true],
      ['Bob drove 50 km.', true, true],
    ]);
  });

  it('"since you left": what came after the version seen, in the mail\'s words for the reader', () => {
    // Ann's own safety is not news to her; the coup fourré the server played for her is.
    expect(sinceLines(events, i, v, 21)).toEqual([
      'Bob played Stop on you.',
      "Coup fourré! Ann answered Bob's Stop with Right of Way.",
      'Hand 2 is over. Scores: Ann 800, Bob 1300.',
    ]);
    expect(sinceLines(events, i, v, 21, 22)).toEqual(['Bob played Stop on you.']);
    expect(sinceLines(events, i, v, 27)).toEqual([]);
  });
});
