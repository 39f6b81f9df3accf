/**
 * Property test of `whyNot` over random positions of every preset with every seating it plays
 * (fast-check): at every step of a random game, for every seat and every card id, `whyNot` gives no
 * reason exactly when `legalMoves` holds a move with that card that is not a discard (a play, a coup
 * fourré or a quick remedy; a discard is always legal, so counting it would prove nothing). A hazard
 * with reasons has one per opponent team during its own play phase.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_IDS,
  type CardId,
  ERROR_CODES,
  isHazard,
  legalMoves,
  type MatchState,
  type Move,
  type RulesInput,
  teamOf,
  whyNot,
} from '../../worker/engine/index';
import { playRandomGame, presetSeatings, randomResponses, seatingLabel } from './random-game';

/** The moves that use `card` and are not a discard (nor a mulligan, a discard of several). */
function nonDiscardWith(legal: readonly Move[], card: CardId): boolean {
  return legal.some(
    (m) => (m.type === 'play' || m.type === 'coupFourre' || m.type === 'quickRemedy') && m.card === card,
  );
}

/** How many cards in the hand of the seat to play were found playable or refused. */
interface Tally {
  playable: number;
  refused: number;
}

/** Null when `whyNot` agrees with `legalMoves` for every seat and card in `state`; else what differs. */
function disagreement(state: MatchState, tally: Tally): string | null {
  for (let seat = 0; seat < state.seats; seat++) {
    const legal = legalMoves(state, seat);
    for (const card of CARD_IDS) {
      const reasons = whyNot(state, seat, card);
      if (state.phase === 'play' && state.turn === seat && state.hands[seat].includes(card)) {
        tally[reasons.length === 0 ? 'playable' : 'refused']++;
      }
      if ((reasons.length === 0) !== nonDiscardWith(legal, card)) {
        return `seat ${seat}, ${card}, phase ${state.phase}: ${JSON.stringify(reasons)}`;
      }
      if (!reasons.every((r) => (ERROR_CODES as readonly string[]).includes(r.code))) return 'unknown code';
      const ownPlay = state.phase === 'play' && state.turn === seat && state.hands[seat].includes(card);
      if (reasons.length > 0 && ownPlay && isHazard(card)) {
        const opponents = state.teams.filter((_, team) => team !== teamOf(state, seat)).length;
        if (reasons.length !== opponents) return `${card}: ${reasons.length} reasons for ${opponents} teams`;
      }
    }
  }
  return null;
}

const RUNS = Number(process.env.PROPERTY_RUNS ?? 10);

describe('whyNot gives no reason exactly when the card has a legal move other than a discard', () => {
  for (const { preset, seating } of presetSeatings()) {
    it(seatingLabel(preset, seating), () => {
      const rules: RulesInput =
        preset === 'hasbro-2016'
          ? { preset, options: { quickRemedy: true, mulligan: true } }
          : { preset, options: { matchTarget: 1500 } };
      const cases = fc.record({
        seed: fc.string({ minLength: 1, maxLength: 12 }),
        choiceSeed: fc.string({ maxLength: 12 }),
        responses: randomResponses(seating.seats),
      });
      fc.assert(
        fc.property(cases, (c) => {
          const tally: Tally = { playable: 0, refused: 0 };
          playRandomGame({
            rules,
            seating,
            ...c,
            maxMoves: 600,
            onStep: (state) => {
              expect(disagreement(state, tally)).toBeNull();
            },
          });
          // Both outcomes occur in every game, so neither side of "exactly when" is vacuous.
          expect(tally.playable).toBeGreaterThan(0);
          expect(tally.refused).toBeGreaterThan(0);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
