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
  CARD_REASON_CODES,
  type CardId,
  type CardReason,
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

/** What is wrong with the params of one reason of `seat` (a few facts each code promises), or null. */
function paramsProblem(state: MatchState, seat: number, r: CardReason): string | null {
  switch (r.code) {
    case 'distance.past_goal':
      return r.params.kmLeft >= 0 && r.params.kmLeft < r.params.km ? null : 'past_goal km';
    case 'distance.speed_limit':
      return r.params.km > r.params.maxKm ? null : 'speed_limit km';
    case 'hazard.target_protected':
    case 'hazard.target_not_rolling':
    case 'hazard.target_hazarded':
    case 'hazard.target_limited':
    case 'hazard.attacker_not_started': {
      const { target, team, seats } = r.params;
      const ok = team !== teamOf(state, seat) && seats[0] === target && teamOf(state, target) === team;
      return ok ? null : `target ${JSON.stringify(r.params)}`;
    }
    default:
      return null;
  }
}

/** Null when `whyNot` agrees with `legalMoves` for every seat and card in `state`; else what differs. */
function disagreement(state: MatchState, tally: Tally): string | null {
  for (let seat = 0; seat < state.seats; seat++) {
    const legal = legalMoves(state, seat);
    const ownPlay = state.phase === 'play' && state.turn === seat;
    for (const card of CARD_IDS) {
      const reasons = whyNot(state, seat, card);
      const inHand = state.hands[seat].includes(card);
      if (ownPlay && inHand) tally[reasons.length === 0 ? 'playable' : 'refused']++;
      const where = `seat ${seat}, ${card}, phase ${state.phase}: ${JSON.stringify(reasons)}`;
      if ((reasons.length === 0) !== nonDiscardWith(legal, card)) return where;
      for (const r of reasons) {
        if (!(CARD_REASON_CODES as readonly string[]).includes(r.code)) return `unexpected code: ${where}`;
        const problem = paramsProblem(state, seat, r);
        if (problem) return `${problem}: ${where}`;
      }
      if (reasons.length > 0 && ownPlay && inHand && isHazard(card)) {
        // One reason per opponent team, in team order.
        const opponents = state.teams.map((_, team) => team).filter((team) => team !== teamOf(state, seat));
        const named = reasons.map((r) => ('team' in r.params ? r.params.team : null));
        if (JSON.stringify(named) !== JSON.stringify(opponents)) return `not one per team: ${where}`;
      } else if (reasons.length > 1) {
        return `several reasons: ${where}`;
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
