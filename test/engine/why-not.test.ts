/**
 * `whyNot` (worker/engine/why-not.ts): for each error code a card in hand can get, an arranged
 * position that gives it, with the params a sentence needs; and no reason for a playable card. The
 * last test checks that every such code was met.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  CARD_REASON_CODES,
  type CardId,
  type CardReason,
  createMatch,
  type ErrorCode,
  type MatchSetup,
  type MatchState,
  type Position,
  type PositionTableau,
  type RulesInput,
  whyNot,
} from '../../worker/engine/index';

/** Seat 0 rolling at 975 km of a 1000 km trip, both 200s played. */
const AT_975: PositionTableau = {
  battle: ['roll'],
  distance: ['d200', 'd200', 'd100', 'd100', 'd100', 'd100', 'd100', 'd75'],
};

const seen = new Set<ErrorCode>();

/** An arranged first hand; seat 0 to play unless the position says otherwise. */
function position(
  rules: RulesInput,
  seats: number,
  p: Position,
  extra: Partial<MatchSetup> = {},
): MatchState {
  const r = createMatch({ rules, seats, seed: 'why-not', position: { phase: 'play', ...p }, ...extra });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.state;
}

/** `whyNot`, recording the codes met. */
function why(state: MatchState, seat: number, card: CardId): CardReason[] {
  const reasons = whyNot(state, seat, card);
  for (const r of reasons) seen.add(r.code);
  return reasons;
}

describe('whyNot outside the seat’s play phase', () => {
  const s = position('classic', 2, { hands: { 0: ['d25', 'roll'], 1: ['d50'] } });
  it('names an unknown seat', () => {
    expect(why(s, 5, 'd25')).toEqual([{ code: 'seat.invalid', params: { seat: 5 } }]);
  });
  it('names the seat that acts when it is not your turn', () => {
    expect(why(s, 1, 'd50')).toEqual([{ code: 'turn.not_yours', params: { acting: 0 } }]);
  });
  it('says draw first in the draw phase', () => {
    const d = position('classic', 2, { hands: { 0: ['roll'] }, phase: 'draw' });
    expect(why(d, 0, 'roll')).toEqual([{ code: 'phase.wrong', params: { phase: 'draw' } }]);
  });
  it('says the hand is over, and an extension is to be decided first', () => {
    const end = position('classic', 2, { hands: { 0: ['d25', 'd50'], 1: ['d75'] }, tableaux: { 0: AT_975 } });
    const over = applyMove(end, 0, { type: 'play', card: 'd25' });
    if (!over.ok) throw new Error(over.error.code);
    expect(over.state.phase).toBe('handOver');
    expect(why(over.state, 1, 'd75')).toEqual([{ code: 'phase.wrong', params: { phase: 'handOver' } }]);
    const seven = position({ preset: 'classic', options: { goal: 700, extension: true } }, 2, {
      hands: { 0: ['d100', 'd50'] },
      tableaux: { 0: { battle: ['roll'], distance: ['d200', 'd200', 'd100', 'd100'] } },
    });
    const offered = applyMove(seven, 0, { type: 'play', card: 'd100' });
    if (!offered.ok) throw new Error(offered.error.code);
    expect(offered.state.phase).toBe('extension');
    expect(why(offered.state, 0, 'd50')).toEqual([{ code: 'phase.wrong', params: { phase: 'extension' } }]);
  });
  it('names a card that is not in hand', () => {
    expect(why(s, 0, 'd100')).toEqual([{ code: 'card.not_in_hand', params: { card: 'd100' } }]);
  });
  it('in a response window: no reason for the answering safety, phase respond for other cards', () => {
    const before = position(
      'classic',
      3,
      {
        hands: { 0: ['accident', 'd25'], 1: [], 2: ['driving_ace', 'd50'] },
        tableaux: { 0: { battle: ['roll'] }, 2: { battle: ['roll'] } },
      },
      { responses: ['auto', 'auto', 'ask'] },
    );
    const r = applyMove(before, 0, { type: 'play', card: 'accident', target: 2 });
    if (!r.ok) throw new Error(r.error.code);
    expect(r.state.phase).toBe('respond');
    expect(why(r.state, 2, 'driving_ace')).toEqual([]);
    expect(why(r.state, 2, 'd50')).toEqual([{ code: 'phase.wrong', params: { phase: 'respond' } }]);
    expect(why(r.state, 1, 'd50')).toEqual([{ code: 'turn.not_yours', params: { acting: 2 } }]);
  });
});

describe('whyNot for distance (RULES.md §4)', () => {
  it('needs a Roll at the start of a hand, or Right of Way', () => {
    const s = position('classic', 2, { hands: { 0: ['d25'] } });
    expect(why(s, 0, 'd25')).toEqual([
      {
        code: 'distance.not_rolling',
        params: { battleTop: null, remedy: 'roll', thenRoll: false, safety: 'right_of_way' },
      },
    ]);
  });
  it('needs Repairs then a Roll after an Accident with rollAfterRemedy, or Driving Ace', () => {
    const s = position('classic', 2, {
      hands: { 0: ['d25'] },
      tableaux: { 0: { battle: ['roll', 'accident'] } },
    });
    expect(why(s, 0, 'd25')).toEqual([
      {
        code: 'distance.not_rolling',
        params: { battleTop: 'accident', remedy: 'repairs', thenRoll: true, safety: 'driving_ace' },
      },
    ]);
  });
  it('needs only Gasoline when the remedy is enough; no safety when it is already played', () => {
    const s = position('hasbro-2016', 2, {
      hands: { 0: ['d25'] },
      tableaux: { 0: { battle: ['stop'], safeties: ['extra_tank'] } },
    });
    expect(why(s, 0, 'd25')[0]).toEqual({
      code: 'distance.not_rolling',
      params: { battleTop: 'stop', remedy: 'roll', thenRoll: false, safety: 'right_of_way' },
    });
    const gas = position('hasbro-2016', 2, {
      hands: { 0: ['d25'] },
      tableaux: { 0: { battle: ['roll', 'out_of_gas'] } },
    });
    expect(why(gas, 0, 'd25')[0].params).toMatchObject({ remedy: 'gasoline', thenRoll: false });
  });
  it('under a Speed Limit only 25 and 50', () => {
    const s = position('classic', 2, {
      hands: { 0: ['d75', 'd50'] },
      tableaux: { 0: { battle: ['roll'], speed: ['speed_limit'] } },
    });
    expect(why(s, 0, 'd75')).toEqual([{ code: 'distance.speed_limit', params: { km: 75, maxKm: 50 } }]);
    expect(why(s, 0, 'd50')).toEqual([]);
  });
  it('at most two 200s', () => {
    const s = position('classic', 2, {
      hands: { 0: ['d200'] },
      tableaux: { 0: { battle: ['roll'], distance: ['d200', 'd200'] } },
    });
    expect(why(s, 0, 'd200')).toEqual([{ code: 'distance.too_many_200', params: { played: 2, max: 2 } }]);
  });
  it('never past the goal with exactFinish: the km left', () => {
    const s = position('classic', 2, {
      hands: { 0: ['d50', 'd25'] },
      tableaux: { 0: AT_975 },
    });
    expect(why(s, 0, 'd50')).toEqual([
      { code: 'distance.past_goal', params: { km: 50, kmLeft: 25, goal: 1000 } },
    ]);
    expect(why(s, 0, 'd25')).toEqual([]);
  });
});

describe('whyNot for hazards: one reason per opponent team (RULES.md §5)', () => {
  it('protected and not rolling, each with its target', () => {
    const s = position('classic', 3, {
      hands: { 0: ['accident'] },
      tableaux: { 0: { battle: ['roll'] }, 1: { battle: ['roll'], safeties: ['driving_ace'] } },
    });
    expect(why(s, 0, 'accident')).toEqual([
      {
        code: 'hazard.target_protected',
        params: { target: 1, team: 1, seats: [1], safety: 'driving_ace' },
      },
      { code: 'hazard.target_not_rolling', params: { target: 2, team: 2, seats: [2], battleTop: null } },
    ]);
  });
  it('no reason when one opponent may be attacked', () => {
    const s = position('classic', 3, {
      hands: { 0: ['accident'] },
      tableaux: { 1: { safeties: ['driving_ace'] }, 2: { battle: ['roll'] } },
    });
    expect(why(s, 0, 'accident')).toEqual([]);
  });
  it('already under a hazard, with teams', () => {
    const s = position(
      'hasbro-2016',
      4,
      { hands: { 0: ['stop'] }, tableaux: { 1: { battle: ['roll', 'flat_tire'] } } },
      { teamSize: 2 },
    );
    expect(why(s, 0, 'stop')).toEqual([
      { code: 'hazard.target_hazarded', params: { target: 1, team: 1, seats: [1, 3], hazard: 'flat_tire' } },
    ]);
  });
  it('Speed Limit never on a Speed Limit', () => {
    const s = position('classic', 2, {
      hands: { 0: ['speed_limit'] },
      tableaux: { 1: { speed: ['speed_limit'] } },
    });
    expect(why(s, 0, 'speed_limit')).toEqual([
      { code: 'hazard.target_limited', params: { target: 1, team: 1, seats: [1] } },
    ]);
  });
  it('not before the attacker has been rolling, with attackerMustHaveStarted', () => {
    const s = position({ preset: 'hasbro-2016', options: { attackerMustHaveStarted: true } }, 2, {
      hands: { 0: ['accident'] },
      tableaux: { 1: { battle: ['roll'] } },
    });
    expect(why(s, 0, 'accident')).toEqual([
      { code: 'hazard.attacker_not_started', params: { target: 1, team: 1, seats: [1] } },
    ]);
  });
});

describe('whyNot for remedies and safeties (RULES.md §5, §6)', () => {
  it('a remedy names the top of the pile it answers', () => {
    const s = position('classic', 2, {
      hands: { 0: ['roll', 'end_of_limit', 'repairs', 'driving_ace'] },
      tableaux: { 0: { battle: ['roll'] } },
    });
    expect(why(s, 0, 'roll')).toEqual([
      { code: 'remedy.not_needed', params: { pile: 'battle', top: 'roll', rolling: true } },
    ]);
    expect(why(s, 0, 'end_of_limit')).toEqual([
      { code: 'remedy.not_needed', params: { pile: 'speed', top: null, rolling: true } },
    ]);
    expect(why(s, 0, 'repairs')[0].code).toBe('remedy.not_needed');
    expect(why(s, 0, 'driving_ace')).toEqual([]);
  });
  it('a safety already on the table (a state no deal makes: built by hand)', () => {
    const s = position('classic', 2, {
      hands: { 0: ['d25'] },
      tableaux: { 0: { safeties: ['right_of_way'] } },
    });
    const odd: MatchState = { ...s, hands: [['right_of_way'], s.hands[1]] };
    expect(why(odd, 0, 'right_of_way')).toEqual([
      { code: 'safety.already_played', params: { safety: 'right_of_way' } },
    ]);
  });
});

describe('coverage', () => {
  it('every code a card in hand can get was met above', () => {
    expect([...seen].sort()).toEqual([...CARD_REASON_CODES].sort());
    // The other codes belong to move shapes, draws, windows, mulligans and extensions, never to a card in hand.
    expect(CARD_REASON_CODES.length).toBe(15);
  });
});
