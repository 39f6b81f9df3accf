/**
 * The journal's lines on the page (web/src/screens/table/journal-lines.ts): draws folded into the
 * move they precede, the
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
    // A turn is one line: each draw is folded into the move it precedes (its seat's next event).
    expect(lines.map((l) => l.text)).toEqual([
      'Hand 2 started; Bob begins.',
      'Bob played Stop on Ann.',
      "Coup fourré! Ann answered Bob's Stop with Right of Way.",
      'Ann played the safety Driving Ace.',
      'Hand 2 is over. Nobody reached 1000 km; Bob went farthest. Scores: Ann 400, Bob 600.',
    ]);
    expect(lines.map((l) => l.highlight)).toEqual([false, false, true, true, false]);
    // New: after the version seen, but not the reader's (Ann's) own moves; her automatic coup fourré is.
    expect(lines.map((l) => l.isNew)).toEqual([false, false, true, false, true]);
    // Up to the version the page opened with: later events arrive while the reader watches.
    expect(
      handLines({ hand: 2, events }, { info: i, view: v, result, baseline: 21, upTo: 23 }).map(
        (l) => l.isNew,
      ),
    ).toEqual([false, true, false, false, false]);
    // Announced: the others' lines, and the coup fourré the server played for Ann (news to her).
    expect(lines.map((l) => l.other)).toEqual([true, true, true, false, true]);
    expect(lines.filter((l) => l.draw).length).toBe(0);
    // A line stands for its folded draws: keyed by the first, timed and ordered by the move.
    expect(lines[1].seq).toBe(events[2].seq);
    expect(lines[1].key.startsWith(`${events[1].seq}-`)).toBe(true);
    // While Bob has only drawn, his draw is a line; once he plays, the line is his play, keyed anew
    // (the page announces a key once, and a draw not at all).
    const drawn = handLines(
      { hand: 2, events: events.slice(0, 2) },
      { info: i, view: v, result, baseline: 20 },
    );
    expect(drawn[1]).toMatchObject({ text: 'Bob drew a card.', draw: true });
    expect(drawn[1].key).not.toBe(lines[1].key);
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
      ['Ann drove 25 km.', true, true],
      ['Bob drove 50 km.', true, true],
    ]);
    // Alone, the automatic draw is a line, not news and not announced.
    const drawn = handLines(
      { hand: 3, events: own.slice(0, 1) },
      { info: i, view: v, result: null, baseline: 30 },
    );
    expect(drawn.map((l) => [l.text, l.isNew, l.other, l.draw])).toEqual([
      ['Ann drew a card.', false, false, true],
    ]);
  });

  it('keep a draw no move of its seat follows as a line; runs of them folded; never fold across seats', () => {
    const ev: LoggedEvent[] = [
      at({ type: 'drew', seat: 1, from: 'pile' }, 41),
      at({ type: 'drew', seat: 1, from: 'pile' }, 42),
      at({ type: 'left', seat: 1, outcome: 'bot' }, 43),
      at({ type: 'drew', seat: 0, from: 'pile' }, 44),
      at({ type: 'discarded', seat: 0, card: 'd25' }, 45),
      at({ type: 'drew', seat: 1, from: 'pile' }, 46, 'bot'),
    ];
    const lines = handLines({ hand: 3, events: ev }, { info: i, view: v, result: null, baseline: null });
    expect(lines.map((l) => [l.text, l.draw])).toEqual([
      ['Bob drew 2 times.', true],
      ['Bob left the match; the computer plays their seat.', false],
      ['Ann discarded 25 km.', false],
      ['Bob drew a card.', true],
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
