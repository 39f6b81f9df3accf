/**
 * `coupsFourresPerTeam` counts a match's coups fourrés from its events: in whole random matches it
 * agrees with the points the hand results give them (the count the league was told before), and a
 * hand cut short by a forfeit counts none.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  coupsFourresPerTeam,
  createMatch,
  forfeit,
  type GameEvent,
  legalMoves,
  type MatchState,
  whoActs,
} from '../../worker/engine/index';
import { nextFloat, seedRng } from '../../worker/engine/rng';
import { SCORE_TABLE } from '../../worker/engine/scoring';
import { SAFETY_FOR } from '../../worker/shared/rules-data/cards';
import { presetSeatings, seatingLabel } from './random-game';

/** Plays random moves from `state` until the match is over or `maxMoves` were made; the events in play order. */
function play(
  state: MatchState,
  choiceSeed: string,
  maxMoves = 50_000,
): { state: MatchState; events: GameEvent[] } {
  const rng = seedRng(choiceSeed);
  const events: GameEvent[] = [];
  for (let n = 0; n < maxMoves; n++) {
    const who = whoActs(state);
    if (who.kind === 'over') break;
    const legal = legalMoves(state, who.seat);
    const r = applyMove(state, who.seat, legal[Math.floor(nextFloat(rng) * legal.length)]);
    if (!r.ok) throw new Error(r.error.code);
    events.push(...r.events);
    state = r.state;
  }
  return { state, events };
}

/** The coups fourrés per team as the points of the hand results give them. */
function fromPoints(state: MatchState): number[] {
  const perCoup = SCORE_TABLE[state.rules.options.scoring].coupFourre;
  return state.teams.map((_, team) =>
    state.results.reduce((n, r) => n + Math.round(r.scores[team].coupFourre / perCoup), 0),
  );
}

describe('coupsFourresPerTeam', () => {
  let seen = 0;
  for (const { preset, seating } of presetSeatings()) {
    it(`agrees with the hand results' points in whole matches: ${seatingLabel(preset, seating)}`, () => {
      for (let i = 0; i < 4; i++) {
        const created = createMatch({ rules: preset, ...seating, seed: `cf-${preset}-${i}` });
        if (!created.ok) throw new Error(JSON.stringify(created.problems));
        const { state, events } = play(created.state, `choice-${i}`);
        expect(state.phase).toBe('matchOver');
        const counted = coupsFourresPerTeam(state, events);
        expect(counted).toEqual(fromPoints(state));
        seen += counted.reduce((a, b) => a + b, 0);
      }
    });
  }

  it('saw coups fourrés in those matches (the comparison is not only of zeros)', () => {
    expect(seen).toBeGreaterThan(0);
  });

  it('counts nothing of a hand a forfeit cut short', () => {
    const created = createMatch({ rules: 'hasbro-2016', seats: 2, teamSize: 1, seed: 'cf-forfeit' });
    if (!created.ok) throw new Error(JSON.stringify(created.problems));
    const inHand: GameEvent[] = [{ type: 'handStarted', hand: 1, firstSeat: 0 }];
    const cut = forfeit(created.state, 1);
    if (!cut.ok) throw new Error(cut.error.code);
    const coup = {
      type: 'coupFourre',
      seat: 0,
      card: SAFETY_FOR.accident,
      hazard: 'accident',
      attacker: 1,
    } as GameEvent;
    expect(coupsFourresPerTeam(cut.state, [...inHand, coup, ...cut.events])).toEqual([0, 0]);
    const over: GameEvent = { type: 'handOver', hand: 1, winners: [0], scores: [0, 0] };
    expect(coupsFourresPerTeam(cut.state, [...inHand, coup, over])).toEqual([1, 0]);
  });
});
