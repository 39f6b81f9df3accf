/**
 * The replay of a finished hand (hand-replay.ts): every seat's cards at every step, each
 * draw named, the coup-fourré windows with who could have answered, the score; refusals for a hand
 * not dealt or not over; and the leak test: replays of finished hands in a running match reveal
 * nothing of the current hand's deck or hands.
 */
import { describe, expect, it } from 'vitest';
import {
  buildHandReplay,
  CARD_COUNTS,
  type CardId,
  finishedHands,
  type HandReplay,
  type MatchSetup,
  SAFETY_FOR,
} from '../../worker/engine/index';
import { midHand, playUntil } from './replay-play';

const setup: MatchSetup = {
  rules: { preset: 'classic' },
  seats: 3,
  seed: 'replay-test-secret',
  seedScheme: 'keyed-v1',
  responses: ['ask', 'ask', 'auto'],
};

function replayOf(entries: Parameters<typeof buildHandReplay>[1], hand: number): HandReplay {
  const r = buildHandReplay(setup, entries, hand);
  if (!r.ok) throw new Error(r.error.message);
  return r.replay;
}

const sorted = (cards: readonly CardId[]) => cards.slice().sort().join(',');

describe('the replay of a finished hand', () => {
  const running = playUntil(setup, midHand(3));

  it('shows the deal, then every seat’s cards after each step, and ends with the hand’s score', () => {
    expect(running.state.handNumber).toBe(3);
    expect(finishedHands(running.state)).toBe(2);
    const r = replayOf(running.entries, 1);
    expect(r.deal.table.cards.map((h) => h.length)).toEqual([6, 6, 6]);
    expect(r.deal.deck.length + 18).toBe(106);
    expect(r.steps.length).toBeGreaterThan(20);
    expect(r.result).toEqual(running.state.results[0]);
    expect(r.steps.at(-1)!.events.some((e) => e.type === 'handOver')).toBe(true);
    expect(r.steps.at(-1)!.table.toAct).toBeNull();
    // Every card is somewhere at every step: hands, draw pile, discard and the areas add up to 106.
    for (const step of r.steps) {
      const t = step.table;
      const inAreas = t.tableaux.reduce((n, a) => n + a.cards, 0);
      const inHands = t.cards.reduce((n, h) => n + h.length, 0);
      expect(inHands + t.deckSize + t.discardSize + inAreas).toBe(106);
    }
  });

  it('names every card drawn from the pile, in the draw pile’s order', () => {
    const r = replayOf(running.entries, 2);
    const pileDraws = r.steps.flatMap((s) =>
      s.move?.type === 'draw' && s.move.from !== 'discard' ? s.drew : [],
    );
    expect(pileDraws.length).toBeGreaterThan(5);
    // Before any reshuffle the draws come off the dealt pile top first.
    const firstReshuffle = r.steps.findIndex((s) => s.events.some((e) => e.type === 'reshuffled'));
    const early = (firstReshuffle < 0 ? r.steps : r.steps.slice(0, firstReshuffle)).flatMap((s) => s.drew);
    expect(early.map((d) => d.card)).toEqual(r.deal.deck.slice(0, early.length));
  });

  it('lists each coup-fourré window with the seats that could have answered and did not', () => {
    const all = [1, 2].map((h) => replayOf(running.entries, h));
    const windows = all.flatMap((r) => r.windows.map((w) => ({ w, r })));
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.some(({ w }) => w.asked.length > 0)).toBe(true);
    for (const { w, r } of windows) {
      const before = w.step === 0 ? r.deal.table : r.steps[w.step - 1].table;
      for (const seat of w.couldCoupFourre) expect(before.cards[seat]).toContain(SAFETY_FOR[w.hazard]);
      for (const seat of w.missed) expect(w.answer?.seat).not.toBe(seat);
      if (w.answer) expect([...w.couldCoupFourre, ...w.couldRemedy]).toContain(w.answer.seat);
    }
  });

  it('refuses a hand not over yet or never dealt, and a bad hand number', () => {
    expect(buildHandReplay(setup, running.entries, 3)).toMatchObject({
      ok: false,
      error: { code: 'replay.hand_not_over' },
    });
    expect(buildHandReplay(setup, running.entries, 4)).toMatchObject({
      ok: false,
      error: { code: 'replay.no_hand' },
    });
    expect(buildHandReplay(setup, running.entries, 0)).toMatchObject({
      ok: false,
      error: { code: 'replay.no_hand' },
    });
    expect(buildHandReplay(setup, running.entries, 1.5)).toMatchObject({
      ok: false,
      error: { code: 'replay.no_hand' },
    });
  });
});

describe('leak test: replays of finished hands in a running match', () => {
  const running = playUntil(setup, midHand(3, 30));
  const current = running.state;
  const replays = [1, 2].map((h) => replayOf(running.entries, h));

  it('are the same whatever the current hand holds (built from the log up to their hand only)', () => {
    // Cutting the log right after hand 2 ended gives the very same payloads.
    const cut = playUntil(setup, (s) => s.handNumber === 2 && s.phase === 'handOver');
    expect([1, 2].map((h) => replayOf(cut.entries, h))).toEqual(replays);
  });

  it('carry no state, seed or generator, and none of the current deck or hands', () => {
    for (const r of replays) {
      const json = JSON.stringify(r);
      // (The finished hand's own dealt pile, `deal.deck`, is shown on purpose.)
      for (const key of ['"seed"', '"seedScheme"', '"rng"', '"hands"', '"version"', '"phase"']) {
        expect(json).not.toContain(key);
      }
      expect(json).not.toContain(setup.seed);
      expect(json).not.toContain(JSON.stringify(current.rng));
      // The current draw pile (its order, top first) is no list of the payload, nor part of one.
      const currentDeck = current.deck.slice().reverse().join(',');
      const lists = [r.deal.deck, ...r.deal.table.cards, ...r.steps.flatMap((s) => s.table.cards)].map((l) =>
        l.join(','),
      );
      for (const l of lists) expect(l.includes(currentDeck)).toBe(false);
      // No seat's current hand appears as a hand anywhere in the replay.
      const shown = new Set([...r.deal.table.cards, ...r.steps.flatMap((s) => s.table.cards)].map(sorted));
      for (const hand of current.hands) expect(shown.has(sorted(hand))).toBe(false);
    }
    expect(current.hands.every((h) => h.length > 0)).toBe(true);
    expect(Object.values(CARD_COUNTS).reduce((a, b) => a + b, 0)).toBe(106);
  });
});
