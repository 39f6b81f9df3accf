/**
 * Issue 34: a turn mail and its reminder hold only what the reader's view holds. Over random
 * positions of every preset and seating (fast-check), the reader's mails with their position and
 * suggested moves are the same whatever the hidden cards are (the other hands and the draw pile
 * dealt again among themselves): nothing of another hand or of the deck's order can reach them.
 * They also name the reader's own hand in the view's order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suggestMoves } from '../../worker/bots/suggest';
import { type CardId, type MatchState, viewFor, whoActs } from '../../worker/engine/index';
import { nextFloat, seedRng } from '../../worker/engine/rng';
import { composeMail } from '../../worker/notify/compose';
import { catalogFor } from '../../worker/notify/i18n';
import { positionOf } from '../../worker/notify/mail-position';
import { moveCode } from '../../worker/notify/move-links';
import { cardName } from '../../worker/words/cards/catalog';
import { playRandomGame, presetSeatings, seatingLabel } from '../engine/random-game';
import { ctx, DEADLINE, NOW } from './fixtures';

/** `state` with the other seats' hands and the draw pile dealt again among themselves (sizes kept). */
function redealHidden(state: MatchState, seat: number, seed: string): MatchState {
  const pool: CardId[] = [...state.deck, ...state.hands.flatMap((h, s) => (s === seat ? [] : h))];
  const rng = seedRng(seed);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(nextFloat(rng) * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  let at = 0;
  const take = (n: number) => {
    const part = pool.slice(at, at + n);
    at += n;
    return part;
  };
  const hands = state.hands.map((h, s) => (s === seat ? h.slice() : take(h.length)));
  return { ...state, hands, deck: take(state.deck.length) };
}

/** The reader's turn mail and reminder, each with its position and suggested moves, from `state`. */
function mailOf(state: MatchState, seat: number, language: string) {
  const view = viewFor(state, seat);
  const moves = suggestMoves(view, { seed: 'mail:test' }).map((move) => ({
    move,
    url: `https://mb.example.org/turn/AAAAAAAAAAAAAAAAAAAAAA/${seat}.${view.version}.${moveCode(move)}.${'s'.repeat(43)}`,
  }));
  const names = Array.from({ length: state.seats }, (_, s) => `P${s}`);
  const table = { names, teams: state.teams, reader: seat };
  const play = { position: positionOf(view), moves };
  return [
    composeMail(ctx(language), { kind: 'yourTurn', table, events: [], deadline: null, now: NOW, play }),
    composeMail(ctx(language), { kind: 'reminder', table, deadline: DEADLINE, now: NOW, play }),
  ];
}

describe('a turn mail holds only what the reader sees', () => {
  for (const { preset, seating } of presetSeatings()) {
    it(seatingLabel(preset, seating), () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 8 }),
          fc.integer({ min: 0, max: 160 }),
          fc.constantFrom('en', 'fr', 'de', 'sv', 'nb'),
          (seed, moves, language) => {
            const game = playRandomGame({
              rules: { preset },
              seating,
              seed: `privacy-${seed}`,
              choiceSeed: seed,
              maxMoves: moves,
            });
            const state = game.final;
            const who = whoActs(state);
            if (who.kind === 'over' || state.phase === 'handOver') return;
            const seat = who.seat;
            const mail = mailOf(state, seat, language);
            const other = mailOf(redealHidden(state, seat, `${seed}-again`), seat, language);
            expect(other).toEqual(mail);
            // The reader's hand, in the view's order, in the reader's words.
            const c = catalogFor(language);
            const hand = state.hands[seat].map((card) => cardName(c.cards, card)).join(', ');
            for (const m of mail) expect(m.text).toContain(hand);
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});
