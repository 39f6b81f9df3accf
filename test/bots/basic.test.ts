/**
 * The `basic` bot's heuristics in crafted positions (RULES.md §4 exact finish and the two-200 limit,
 * §5 hazards and remedies, §7 coup fourré). Each position is built with the engine's `createMatch`
 * and seen through `viewFor`, as in a match.
 */
import { describe, expect, it } from 'vitest';
import { chooseMove } from '../../worker/bots/index';
import {
  applyMove,
  type CardId,
  createMatch,
  type MatchSetup,
  type MatchState,
  type Move,
  type Position,
  viewFor,
} from '../../worker/engine/index';

function position(p: Position, extra: Partial<MatchSetup> = {}): MatchState {
  const created = createMatch({
    rules: 'classic',
    seats: 2,
    seed: 'crafted',
    position: { unplaced: 'deck', phase: 'play', turn: 0, ...p },
    ...extra,
  });
  if (!created.ok) throw new Error(JSON.stringify(created.problems));
  return created.state;
}

function basic(state: MatchState, seat = 0): Move {
  return chooseMove(viewFor(state, seat), { level: 'basic', seed: 'crafted' });
}

const rolling = (distance: CardId[] = []) => ({ battle: ['roll'] as CardId[], distance });
// 925 km: 75 km to the goal.
const at925: CardId[] = ['d200', 'd200', 'd100', 'd100', 'd100', 'd100', 'd100', 'd25'];

describe('basic bot', () => {
  it('finishes the trip exactly when it can (exact finish, RULES.md §4)', () => {
    const s = position({
      hands: { 0: ['d100', 'd50', 'd75', 'accident', 'gasoline', 'roll', 'd25'], 1: ['d25'] },
      tableaux: { 0: rolling(at925), 1: rolling(['d100']) },
    });
    expect(basic(s)).toEqual({ type: 'play', card: 'd75' });
  });

  it('throws away distance that can no longer fit the exact finish', () => {
    const s = position({
      hands: { 0: ['d100', 'd200', 'gasoline', 'spare_tire', 'repairs', 'roll', 'accident'], 1: ['d25'] },
      tableaux: { 0: { battle: ['roll', 'out_of_gas'], distance: at925 }, 1: { battle: ['stop'] } },
    });
    const move = basic(s);
    // Gasoline fixes the hazard: that comes first.
    expect(move).toEqual({ type: 'play', card: 'gasoline' });
    const stuck = position({
      hands: { 0: ['d100', 'd200', 'd75', 'spare_tire', 'repairs', 'roll', 'accident'], 1: ['d25'] },
      tableaux: { 0: { battle: ['roll', 'out_of_gas'], distance: at925 }, 1: { battle: ['stop'] } },
    });
    const thrown = basic(stuck);
    expect(thrown.type).toBe('discard');
    expect(['d100', 'd200']).toContain((thrown as { card: CardId }).card);
  });

  it('throws away a third 200 (at most two per hand, RULES.md §4)', () => {
    const s = position({
      hands: { 0: ['d200', 'd100', 'd75', 'repairs', 'gasoline', 'roll', 'stop'], 1: ['d25'] },
      tableaux: { 0: { battle: ['roll', 'flat_tire'], distance: ['d200', 'd200'] }, 1: { battle: ['stop'] } },
    });
    expect(basic(s)).toEqual({ type: 'discard', card: 'd200' });
  });

  it('never plays past the goal even when its biggest card would be best otherwise', () => {
    const s = position({
      hands: { 0: ['d200', 'd100', 'd50', 'repairs', 'gasoline', 'stop', 'stop'], 1: ['d25'] },
      tableaux: { 0: rolling(['d200', 'd200', 'd100', 'd100', 'd100', 'd100']), 1: { battle: ['stop'] } },
    });
    // 900 km: d100 finishes, d200 is not even legal.
    expect(basic(s)).toEqual({ type: 'play', card: 'd100' });
  });

  it('fixes a hazard with its remedy before driving', () => {
    const s = position({
      hands: { 0: ['repairs', 'd100', 'd50', 'gasoline', 'roll', 'd25', 'd75'], 1: ['d25'] },
      tableaux: { 0: { battle: ['roll', 'accident'], distance: ['d100'] }, 1: { battle: ['stop'] } },
    });
    expect(basic(s)).toEqual({ type: 'play', card: 'repairs' });
  });

  it('starts rolling with a Roll', () => {
    const s = position({
      hands: { 0: ['d100', 'roll', 'd50', 'gasoline', 'repairs', 'd25', 'd75'], 1: ['d25'] },
      tableaux: { 1: { battle: ['stop'] } },
    });
    expect(basic(s)).toEqual({ type: 'play', card: 'roll' });
  });

  it('attacks the leader', () => {
    const s = position(
      {
        hands: {
          0: ['accident', 'd100', 'd50', 'gasoline', 'repairs', 'd25', 'd75'],
          1: ['d25'],
          2: ['d25'],
        },
        tableaux: {
          0: rolling(['d100']),
          1: rolling(['d200', 'd200', 'd100']),
          2: rolling(['d100', 'd100']),
        },
      },
      { seats: 3 },
    );
    expect(basic(s)).toEqual({ type: 'play', card: 'accident', target: 1 });
  });

  it('keeps a safety for a coup fourré early in the hand', () => {
    const s = position({
      hands: { 0: ['driving_ace', 'd100', 'd50', 'gasoline', 'repairs', 'd25', 'd75'], 1: ['d25'] },
      tableaux: { 0: rolling(['d100']), 1: { battle: ['stop'] } },
    });
    expect(basic(s)).toEqual({ type: 'play', card: 'd100' });
  });

  it('answers an asked window with the coup fourré (RULES.md §7)', () => {
    const s = position(
      {
        hands: {
          0: ['accident', 'd100', 'd50', 'gasoline', 'repairs', 'd25', 'd75'],
          1: ['driving_ace', 'd25'],
        },
        tableaux: { 0: rolling(), 1: rolling(['d100']) },
      },
      { responses: ['auto', 'ask'] },
    );
    const attacked = applyMove(s, 0, { type: 'play', card: 'accident', target: 1 });
    if (!attacked.ok) throw new Error(attacked.error.code);
    expect(attacked.state.phase).toBe('respond');
    for (const level of ['basic', 'expert'] as const) {
      expect(chooseMove(viewFor(attacked.state, 1), { level, seed: 'w' })).toEqual({
        type: 'coupFourre',
        card: 'driving_ace',
      });
    }
  });
});
