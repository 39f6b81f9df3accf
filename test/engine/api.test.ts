/**
 * The engine's public API: results instead of exceptions, purity, events that reveal nothing hidden,
 * views, determinism, and a fixed-seed golden run.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  autoResponse,
  createMatch,
  legalMoves,
  type MatchState,
  playOut,
  RULES_VERSION,
  setResponseMode,
  viewFor,
} from '../../worker/engine/index';
import { nextFloat, seedRng } from '../../worker/engine/rng';
import { deepFreeze, playRandomGame } from './random-game';

function match(
  position?: Parameters<typeof createMatch>[0]['position'],
  rules: Parameters<typeof createMatch>[0]['rules'] = 'classic',
): MatchState {
  const r = createMatch({ rules, seats: 2, seed: 'api', position, responses: ['auto', 'auto'] });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return deepFreeze(r.state);
}

describe('applyMove', () => {
  it('returns an error value with a stable code and leaves the frozen state unchanged', () => {
    const s = match();
    const before = JSON.stringify(s);
    const r = applyMove(s, 1, { type: 'draw' });
    expect(r).toEqual({ ok: false, error: { code: 'turn.not_yours', message: 'It is not your turn.' } });
    expect(JSON.stringify(s)).toBe(before);
  });
  it('refuses malformed input of any shape without throwing', () => {
    const s = match();
    for (const bad of [
      null,
      42,
      'draw',
      [],
      {},
      { type: 'fly' },
      { type: 'draw', extra: 1 },
      { type: 'play', card: 'joker' },
      { type: 'play', card: 'stop', target: 'x' },
    ]) {
      const r = applyMove(s, 0, bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('move.malformed');
    }
  });
  it('names the rule a hazard breaks: hazard.target_not_rolling', () => {
    const s = match({ hands: { 0: ['accident'], 1: [] }, deck: ['d25'], unplaced: 'box', phase: 'play' });
    const r = applyMove(s, 0, { type: 'play', card: 'accident', target: 1 });
    expect(r.ok ? null : r.error.code).toBe('hazard.target_not_rolling');
  });
  it('increases the version by one with every accepted move and keeps the rules-version tag', () => {
    const s = match();
    const r = applyMove(s, 0, { type: 'draw' });
    expect(r.ok && r.state.version).toBe(s.version + 1);
    expect(s.rulesVersion).toBe(RULES_VERSION);
  });
});

describe('events reveal nothing hidden', () => {
  it('a draw from the pile names no card; a draw from the discard pile does', () => {
    const s = match(
      { hands: { 0: ['d25'], 1: ['d50'] }, deck: ['d75', 'd100'], discard: ['roll'], unplaced: 'box' },
      'hasbro-2016',
    );
    const pile = applyMove(s, 0, { type: 'draw' });
    expect(pile.ok && pile.events).toEqual([{ type: 'drew', seat: 0, from: 'pile' }]);
    const discard = applyMove(s, 0, { type: 'draw', from: 'discard' });
    expect(discard.ok && discard.events).toEqual([{ type: 'drew', seat: 0, from: 'discard', card: 'roll' }]);
  });
  it('a hazard that opens an ask window says whom it asks, never what they hold', () => {
    const r0 = createMatch({
      rules: 'hasbro-2016',
      seats: 2,
      seed: 'w',
      responses: ['auto', 'ask'],
      position: { hands: { 0: ['stop'], 1: ['d25'] }, deck: ['d50', 'd75'], unplaced: 'box', phase: 'play' },
    });
    if (!r0.ok) throw new Error('setup');
    const r = applyMove(r0.state, 0, { type: 'play', card: 'stop', target: 1 });
    expect(r.ok && r.events).toEqual([
      { type: 'played', seat: 0, card: 'stop', target: 1 },
      { type: 'windowOpened', seat: 1, attacker: 0, hazard: 'stop' },
    ]);
    if (!r.ok) return;
    expect(viewFor(r.state, 0).window).toEqual({ seat: 1, attacker: 0, hazard: 'stop', target: 1 });
    expect(autoResponse(r.state)).toEqual({ type: 'pass' });
  });
});

describe('autoResponse (a window timing out)', () => {
  /** Fast game in teams: seat 0 hits team 1 (seats 1 and 3) with an Accident; seat 1 holds Repairs. */
  function hit(seat1: 'ask' | 'auto', seat3: 'ask' | 'auto', seat3Hand: string[]) {
    const r0 = createMatch({
      rules: { preset: 'hasbro-2016', options: { quickRemedy: true } },
      seats: 4,
      teamSize: 2,
      seed: 'timeout',
      responses: ['auto', seat1, 'auto', seat3],
      position: {
        hands: {
          0: ['accident', 'd25', 'd50', 'd75', 'd100', 'roll'],
          1: ['repairs', 'd25', 'd50', 'd75', 'd100', 'roll'],
          2: ['d25', 'd50', 'd75', 'd100', 'roll', 'gasoline'],
          3: seat3Hand as never,
        },
        tableaux: { 1: { battle: ['roll'] } },
        deck: ['d25', 'd25', 'd25', 'd25'],
        unplaced: 'box',
        turn: 0,
      },
    });
    if (!r0.ok) throw new Error(JSON.stringify(r0.problems));
    const drew = applyMove(r0.state, 0, { type: 'draw' });
    if (!drew.ok) throw new Error(drew.error.code);
    const r = applyMove(drew.state, 0, { type: 'play', card: 'accident', target: 1 });
    if (!r.ok) throw new Error(r.error.code);
    return r.state;
  }
  const partnerHand = ['driving_ace', 'd25', 'd50', 'd75', 'd100', 'roll'];
  it('lets an auto partner holding the safety play the coup fourré first, as if the seat were auto', () => {
    const asked = hit('ask', 'auto', partnerHand);
    expect(autoResponse(asked)).toEqual({ type: 'pass' });
    const timedOut = applyMove(asked, 1, autoResponse(asked));
    const auto = hit('auto', 'auto', partnerHand);
    expect(timedOut.ok && timedOut.state.tableaux[1]).toEqual(auto.tableaux[1]);
    expect(auto.tableaux[1].coupFourre).toEqual(['driving_ace']);
  });
  it('plays the remedy when no auto partner holds the safety (an ask partner is not waited for)', () => {
    const noSafety = ['gasoline', 'd25', 'd50', 'd75', 'd100', 'roll'];
    expect(autoResponse(hit('ask', 'auto', noSafety))).toEqual({ type: 'quickRemedy', card: 'repairs' });
    expect(autoResponse(hit('ask', 'ask', partnerHand))).toEqual({ type: 'quickRemedy', card: 'repairs' });
  });
});

describe('views', () => {
  it('show the own hand and legal moves, and hide the other hands, the deck and the seed', () => {
    const s = match();
    const v0 = viewFor(s, 0);
    expect(v0.hand).toEqual(s.hands[0]);
    expect(v0.legalMoves).toEqual(legalMoves(s, 0));
    const spectator = viewFor(s, null);
    expect(spectator.hand).toEqual([]);
    expect(spectator.legalMoves).toEqual([]);
    const text = JSON.stringify(spectator);
    expect(text).not.toContain('"api"');
    expect(Object.keys(spectator)).not.toContain('deck');
    expect(Object.keys(spectator)).not.toContain('hands');
  });
});

describe('settings and simulations', () => {
  it('setResponseMode changes only that seat and keeps the version (it is no move)', () => {
    const s = match();
    const t = setResponseMode(s, 1, 'ask');
    expect(t.responses).toEqual(['auto', 'ask']);
    expect(t.version).toBe(s.version);
    expect(() => setResponseMode(s, 2, 'ask')).toThrow(RangeError);
    expect(() => setResponseMode(s, 0, 'bogus' as never)).toThrow(RangeError);
    expect(setResponseMode(s, 1, 'auto')).toBe(s);
  });
  it('playOut finishes a hand without changing the state it was given', () => {
    const s = match();
    const before = JSON.stringify(s);
    const rng = seedRng('p');
    const { state, moves } = playOut(s, (_x, _seat, ms) => ms[Math.floor(nextFloat(rng) * ms.length)]);
    expect(['handOver', 'matchOver']).toContain(state.phase);
    expect(moves).toBeGreaterThan(10);
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('determinism', () => {
  it('the seed and the move list fully determine the state', () => {
    const a = playRandomGame({
      rules: 'hasbro-2016',
      seating: { seats: 3, teamSize: 1 },
      seed: 'same',
      choiceSeed: 'c',
    });
    const b = playRandomGame({
      rules: 'hasbro-2016',
      seating: { seats: 3, teamSize: 1 },
      seed: 'same',
      choiceSeed: 'c',
    });
    expect(b.final).toEqual(a.final);
    const other = playRandomGame({
      rules: 'hasbro-2016',
      seating: { seats: 3, teamSize: 1 },
      seed: 'other',
      choiceSeed: 'c',
    });
    expect(other.initial.hands).not.toEqual(a.initial.hands);
  });
  it('golden run: a fixed seed and fixed choices give the same match every time', () => {
    const g = playRandomGame({
      rules: 'classic',
      seating: { seats: 2, teamSize: 1 },
      seed: 'golden-1',
      choiceSeed: 'golden-choices',
    });
    expect({
      moves: g.log.length,
      hands: g.final.results.length,
      scores: g.final.scores,
      winners: g.final.matchWinners,
    }).toMatchSnapshot();
  });
});
