/**
 * The expert's policy (worker/bots/policy.ts) in crafted positions, each where it parts from `basic`
 * for a reason the Monte Carlo fitting found: keep battle hazards, throw dead remedies first, attack
 * before fixing, do not walk into an exact finish no card can complete. Positions are built with the
 * engine's `createMatch` and seen through `viewFor`, as in a match.
 */
import { describe, expect, it } from 'vitest';
import { basicMove } from '../../worker/bots/basic';
import {
  POLICY_WEIGHTS,
  type PolicyWeights,
  policyMove,
  policyScores,
  unseenCounts,
} from '../../worker/bots/policy';
import { makeRand } from '../../worker/bots/rng';
import {
  CARD_COUNTS,
  type CardId,
  createMatch,
  type MatchState,
  type Move,
  type Position,
  type RulesInput,
  viewFor,
} from '../../worker/engine/index';

function position(p: Position, rules: RulesInput = 'classic'): MatchState {
  const created = createMatch({
    rules,
    seats: 2,
    seed: 'policy',
    position: { unplaced: 'deck', phase: 'play', turn: 0, ...p },
  });
  if (!created.ok) throw new Error(JSON.stringify(created.problems));
  return created.state;
}

/** The policy's move for seat 0, knowing the whole (public) discard pile. */
function policy(state: MatchState): Move {
  return policyMove(viewFor(state, 0), state.discard);
}

function basic(state: MatchState): Move {
  return basicMove(viewFor(state, 0));
}

const rolling = (distance: CardId[] = []) => ({ battle: ['roll'] as CardId[], distance });
// 900 km: 100 km to the goal.
const at900: CardId[] = ['d200', 'd200', 'd100', 'd100', 'd100', 'd100', 'd100'];

describe('expert policy', () => {
  it('keeps a battle hazard and throws a spare distance card instead (basic may throw the hazard)', () => {
    // Stopped without Roll, the opponent is not rolling: nothing to play, one card must go.
    const s = position({
      hands: { 0: ['accident', 'd100', 'd100', 'd200', 'd200', 'gasoline', 'repairs'], 1: ['d25'] },
      tableaux: { 0: { battle: ['stop'] }, 1: { battle: ['stop'] } },
    });
    expect(policy(s)).toEqual({ type: 'discard', card: 'd100' });
    const scores = policyScores(viewFor(s, 0), s.discard);
    const moves = viewFor(s, 0).legalMoves;
    const scoreOf = (card: CardId) => scores[moves.findIndex((m) => m.type === 'discard' && m.card === card)];
    expect(scoreOf('accident')).toBeLessThan(scoreOf('d100'));
    expect(scoreOf('accident')).toBeLessThan(scoreOf('gasoline'));
  });

  it('throws first a remedy whose hazards are all in sight (card counting)', () => {
    const hand: CardId[] = ['spare_tire', 'gasoline', 'repairs', 'd100', 'd75', 'd50', 'accident'];
    const stuck = { battle: ['stop'] as CardId[] };
    const live = position({ hands: { 0: hand, 1: ['d25'] }, tableaux: { 0: stuck, 1: stuck } });
    expect(policy(live)).not.toEqual({ type: 'discard', card: 'spare_tire' });
    const dead = position({
      hands: { 0: hand, 1: ['d25'] },
      tableaux: { 0: stuck, 1: stuck },
      discard: ['flat_tire', 'flat_tire', 'flat_tire'],
    });
    expect(policy(dead)).toEqual({ type: 'discard', card: 'spare_tire' });
  });

  it('attacks a rolling opponent before fixing its own hazard (basic fixes first)', () => {
    const s = position({
      hands: { 0: ['repairs', 'flat_tire', 'd100', 'd75', 'roll', 'gasoline', 'd25'], 1: ['d25'] },
      tableaux: { 0: { battle: ['roll', 'accident'] }, 1: rolling(['d100']) },
    });
    expect(basic(s)).toEqual({ type: 'play', card: 'repairs' });
    expect(policy(s)).toMatchObject({ type: 'play', card: 'flat_tire' });
  });

  it('does not play into an exact finish that no card left can complete (RULES.md §4)', () => {
    // 100 km to go with a 75: every 25 is in sight, so 25 km left could never be driven.
    const hand: CardId[] = ['d75', 'spare_tire', 'spare_tire', 'gasoline', 'repairs', 'roll', 'end_of_limit'];
    const allTwentyFives = Array<CardId>(CARD_COUNTS.d25).fill('d25');
    const s = position({
      hands: { 0: hand, 1: ['d50'] },
      tableaux: { 0: rolling(at900), 1: rolling(['d100']) },
      discard: allTwentyFives,
    });
    expect(basic(s)).toEqual({ type: 'play', card: 'd75' });
    const move = policy(s);
    expect(move.type).toBe('discard');
    // With a 25 in hand, the 75 brings the finish a turn closer: play it.
    const withTwentyFive: CardId[] = [
      'd75',
      'd25',
      'spare_tire',
      'gasoline',
      'repairs',
      'roll',
      'end_of_limit',
    ];
    const open = position({
      hands: { 0: withTwentyFive, 1: ['d50'] },
      tableaux: { 0: rolling(at900), 1: rolling(['d100']) },
    });
    expect(policy(open)).toEqual({ type: 'play', card: 'd75' });
  });

  it('counts unseen cards from its own view and the public discard pile only', () => {
    const s = position({
      hands: { 0: ['d25', 'd25', 'roll', 'stop', 'd100', 'd75', 'repairs'], 1: ['right_of_way', 'd25'] },
      tableaux: { 0: rolling(['d50']), 1: { battle: ['accident'] } },
      discard: ['d25', 'stop'],
    });
    const unseen = unseenCounts(viewFor(s, 0), s.discard);
    expect(unseen.d25).toBe(CARD_COUNTS.d25 - 3);
    expect(unseen.stop).toBe(CARD_COUNTS.stop - 2);
    expect(unseen.accident).toBe(CARD_COUNTS.accident - 1);
    // The opponent's Right of Way is in its hand, not in sight.
    expect(unseen.right_of_way).toBe(1);
    // Without the whole pile, only its top card counts as seen.
    expect(unseenCounts(viewFor(s, 0), null).d25).toBe(CARD_COUNTS.d25 - 2);
  });

  it('plays only legal moves and is deterministic for the same tie-break generator', () => {
    const s = position({
      hands: { 0: ['d25', 'd50', 'd75', 'd100', 'roll', 'stop', 'repairs'], 1: ['d25'] },
      tableaux: { 0: rolling(), 1: rolling() },
    });
    const view = viewFor(s, 0);
    const move = policyMove(view, s.discard, makeRand('tie'), { ...POLICY_WEIGHTS });
    expect(view.legalMoves).toContain(move);
    expect(policyMove(view, s.discard, makeRand('tie'))).toBe(move);
  });

  it('lays a safety that cures its own hazard before attacking: the extra turn comes first (RULES.md §6)', () => {
    const s = position({
      hands: { 0: ['driving_ace', 'flat_tire', 'd100', 'd75', 'roll', 'gasoline', 'd25'], 1: ['d25'] },
      tableaux: { 0: { battle: ['roll', 'accident'] }, 1: rolling(['d200', 'd200', 'd100']) },
    });
    expect(policy(s)).toEqual({ type: 'play', card: 'driving_ace' });
  });

  it('does not mulligan away the distance cards that finish the trip together', () => {
    const state = position(
      {
        hands: { 0: ['d25', 'd25', 'd25', 'stop', 'flat_tire', 'spare_tire', 'gasoline'], 1: ['d25'] },
        // 50 km to go, under an Accident: any two of the three 25s are the finish.
        tableaux: {
          0: { battle: ['roll', 'accident'], distance: [...at900, 'd50'] },
          1: { battle: ['stop'] },
        },
      },
      { preset: 'classic', options: { mulligan: true } },
    );
    const view = viewFor(state, 0);
    expect(view.legalMoves.some((m) => m.type === 'mulligan')).toBe(true);
    const move = policyMove(view, state.discard);
    if (move.type === 'mulligan') expect(move.cards).not.toContain('d25');
    // Scored one by one, each 25 is spare; together they are the finish.
    const scores = policyScores(view, state.discard);
    const allThree = view.legalMoves.findIndex(
      (m) => m.type === 'mulligan' && m.cards.filter((c) => c === 'd25').length === 3,
    );
    expect(scores[allThree]).toBeLessThan(0);
  });

  it('counts the discard pile as still in play when it can come back (hasbro-2016: drawing from it, reshuffles)', () => {
    const state = position(
      {
        hands: { 0: ['spare_tire', 'gasoline', 'repairs', 'd100', 'd75', 'd50', 'accident'], 1: ['d25'] },
        tableaux: { 0: { battle: ['stop'] }, 1: { battle: ['stop'] } },
        discard: ['flat_tire', 'flat_tire', 'flat_tire'],
      },
      'hasbro-2016',
    );
    const view = viewFor(state, 0);
    expect(unseenCounts(view, state.discard).flat_tire).toBe(CARD_COUNTS.flat_tire);
    expect(policyMove(view, state.discard)).not.toEqual({ type: 'discard', card: 'spare_tire' });
  });

  describe('the run to the goal and other switches of issue 35 (off in POLICY_WEIGHTS, so expert-v1 keeps its moves)', () => {
    const v1 = POLICY_WEIGHTS;
    const withW = (over: Partial<PolicyWeights>): PolicyWeights => ({ ...POLICY_WEIGHTS, ...over });
    const move = (state: MatchState, w: PolicyWeights) =>
      policyMove(viewFor(state, 0), state.discard, undefined, w);
    // 700 km: 300 km to the goal.
    const at700: CardId[] = ['d200', 'd200', 'd100', 'd100', 'd100'];
    // Stopped at 700 km, the opponent stopped too: nothing to play but a safety, one card must go.
    const stuckNearGoal = (hand: CardId[]) =>
      position({
        hands: { 0: hand, 1: ['d25'] },
        tableaux: { 0: { battle: ['roll', 'stop'], distance: at700 }, 1: { battle: ['stop'] } },
      });

    it('keeps a distance card that fits over a remedy in the run (keepDistanceRun)', () => {
      const s = stuckNearGoal([
        'd50',
        'gasoline',
        'spare_tire',
        'accident',
        'out_of_gas',
        'flat_tire',
        'd75',
      ]);
      expect(move(s, v1)).toEqual({ type: 'discard', card: 'd50' });
      const run = move(s, withW({ runKm: 500, keepDistanceRun: 80 }));
      expect(run.type).toBe('discard');
      expect(['gasoline', 'spare_tire']).toContain((run as { card: CardId }).card);
      // Far from the goal the run has not begun: the same weights throw the 50.
      const far = position({
        hands: {
          0: ['d50', 'gasoline', 'spare_tire', 'accident', 'out_of_gas', 'flat_tire', 'd75'],
          1: ['d25'],
        },
        tableaux: { 0: { battle: ['roll', 'stop'], distance: ['d100'] }, 1: { battle: ['stop'] } },
      });
      expect(move(far, withW({ runKm: 500, keepDistanceRun: 80 }))).toEqual({ type: 'discard', card: 'd50' });
    });

    it('values remedies and hazards less in the run (runRemedyShare, runHazardShare)', () => {
      const hand: CardId[] = ['d25', 'gasoline', 'repairs', 'accident', 'out_of_gas', 'flat_tire', 'd100'];
      const s = stuckNearGoal(hand);
      expect(move(s, v1)).toEqual({ type: 'discard', card: 'd25' });
      const remedies = move(s, withW({ runKm: 500, runRemedyShare: 0.1 }));
      expect(['gasoline', 'repairs']).toContain((remedies as { card: CardId }).card);
      const hazards = move(s, withW({ runKm: 500, runHazardShare: 0.05 }));
      expect(['accident', 'out_of_gas', 'flat_tire']).toContain((hazards as { card: CardId }).card);
    });

    it('drives on instead of attacking a team far behind in the run (runOverAttack)', () => {
      const s = position({
        hands: { 0: ['accident', 'd100', 'gasoline', 'repairs', 'spare_tire', 'roll', 'd25'], 1: ['d25'] },
        tableaux: { 0: rolling(at700), 1: rolling(['d100']) },
      });
      expect(move(s, v1)).toMatchObject({ type: 'play', card: 'accident' });
      expect(move(s, withW({ runKm: 500, runOverAttack: 600 }))).toEqual({ type: 'play', card: 'd100' });
      // The same weights still attack a team closer to the goal than the seat.
      const ahead = position({
        hands: { 0: ['accident', 'd100', 'gasoline', 'repairs', 'spare_tire', 'roll', 'd25'], 1: ['d25'] },
        tableaux: { 0: rolling(at700), 1: rolling([...at700, 'd100']) },
      });
      expect(move(ahead, withW({ runKm: 500, runOverAttack: 600 }))).toMatchObject({
        type: 'play',
        card: 'accident',
      });
    });

    it('plays a small card to make progress in the exact-finish endgame (runProgress)', () => {
      // 50 km to go with one 25: v1 waits for a 50 (either a 50 or two 25s finish from 50 km).
      const s = position({
        hands: {
          0: ['d25', 'roll', 'gasoline', 'repairs', 'spare_tire', 'end_of_limit', 'roll'],
          1: ['d25'],
        },
        tableaux: { 0: rolling([...at900, 'd50']), 1: rolling(['d100']) },
      });
      expect(move(s, v1).type).toBe('discard');
      expect(move(s, withW({ runKm: 500, runProgress: 1000 }))).toEqual({ type: 'play', card: 'd25' });
    });
  });
});
