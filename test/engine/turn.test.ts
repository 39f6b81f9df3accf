/**
 * `whoActs` / `actingSeat`, the one answer to "who acts next" (worker/engine/turn.ts): every kind
 * (turn, window, handOver, over), and that `playOut` asks exactly that seat. While a response window
 * is open the engine keeps `turn` on the asked seat, so the turn seat and the asked seat never
 * disagree (RULES.md §7); the random playouts below check it with `ask` seats, where windows open.
 */
import { describe, expect, it } from 'vitest';
import {
  actingSeat,
  applyMove,
  createMatch,
  type MatchState,
  type Move,
  othersActed,
  playOut,
  whoActs,
} from '../../worker/engine/index';
import { nextFloat, seedRng } from '../../worker/engine/rng';

function created(setup: Parameters<typeof createMatch>[0]): MatchState {
  const r = createMatch(setup);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.state;
}

function moved(state: MatchState, seat: number, move: Move): MatchState {
  const r = applyMove(state, seat, move);
  if (!r.ok) throw new Error(r.error.code);
  return r.state;
}

/** Three seats, seat 2 asks: seat 0 draws and plays an accident on seat 2 (SCENARIOS s07 window). */
function openWindow(): MatchState {
  const s = created({
    rules: 'classic',
    seats: 3,
    seed: 'turn',
    responses: ['auto', 'auto', 'ask'],
    position: {
      hands: { 0: ['accident', 'd25', 'd50', 'd75', 'd100', 'roll'], 1: [], 2: ['repairs'] },
      tableaux: { 0: { battle: ['roll'] }, 2: { battle: ['roll'] } },
      deck: ['d25', 'd50', 'd75'],
      unplaced: 'box',
      turn: 0,
    },
  });
  return moved(moved(s, 0, { type: 'draw' }), 0, { type: 'play', card: 'accident', target: 2 });
}

describe('whoActs', () => {
  it('names the turn seat in the draw and play phases', () => {
    const s = created({ rules: 'classic', seats: 3, seed: 'turn', firstSeat: 1 });
    expect(whoActs(s)).toEqual({ kind: 'turn', seat: 1 });
    expect(actingSeat(s)).toBe(1);
    const played = moved(s, 1, { type: 'draw' });
    expect(played.phase).toBe('play');
    expect(whoActs(played)).toEqual({ kind: 'turn', seat: 1 });
  });

  it('names the asked seat of an open window, where the engine keeps the turn too', () => {
    const s = openWindow();
    expect(s.phase).toBe('respond');
    expect(whoActs(s)).toEqual({ kind: 'window', seat: 2 });
    expect(actingSeat(s)).toBe(2);
    expect(s.turn).toBe(2);
    const after = moved(s, 2, { type: 'pass' });
    expect(whoActs(after)).toEqual({ kind: 'turn', seat: 1 });
  });

  it('between hands names the seat that started the finished hand; nobody acts once the match is over', () => {
    const rng = seedRng('turn');
    const random = (_s: MatchState, _seat: number, ms: readonly Move[]) =>
      ms[Math.floor(nextFloat(rng) * ms.length)];
    const hand = playOut(
      created({ rules: 'classic', seats: 3, seed: 'turn', firstSeat: 2 }),
      random,
      'hand',
    ).state;
    expect(hand.phase).toBe('handOver');
    expect(whoActs(hand)).toEqual({ kind: 'handOver', seat: 2 });
    expect(actingSeat(hand)).toBeNull();
    const match = playOut(created({ rules: 'hasbro-2016', seats: 2, seed: 'turn' }), random, 'match').state;
    expect(match.phase).toBe('matchOver');
    expect(whoActs(match)).toEqual({ kind: 'over' });
    expect(actingSeat(match)).toBeNull();
  });
});

describe('playOut asks the seat whoActs names', () => {
  it('in random matches with ask seats, windows and the start of every next hand included', () => {
    const kinds = new Set<string>();
    for (const seats of [2, 3, 4]) {
      const rng = seedRng(`turn-${seats}`);
      const start = created({
        rules: 'classic',
        seats,
        seed: `turn-${seats}`,
        responses: Array.from({ length: seats }, () => 'ask' as const),
      });
      playOut(
        start,
        (s, seat, ms) => {
          const who = whoActs(s);
          kinds.add(who.kind);
          if (who.kind === 'over') throw new Error('playOut asked for a move after the match');
          if (seat !== who.seat) throw new Error(`playOut asked seat ${seat}, whoActs names ${who.seat}`);
          if (s.phase === 'respond' && s.turn !== s.window?.pending[0])
            throw new Error(`an open window asks seat ${s.window?.pending[0]} while the turn is ${s.turn}`);
          return ms[Math.floor(nextFloat(rng) * ms.length)];
        },
        'match',
      );
    }
    expect([...kinds].sort()).toEqual(['handOver', 'turn', 'window']);
  });
});

describe('othersActed', () => {
  it("says a seat's turn after a change is a new one only when another seat acted in it", () => {
    const own = [
      { type: 'drew', seat: 0, from: 'pile' },
      { type: 'played', seat: 0, card: 'd25' },
    ] as const;
    expect(othersActed(own, 0)).toBe(false);
    // A window opened on seat 1 names it, but seat 1 did not act.
    expect(othersActed([{ type: 'windowOpened', seat: 1, attacker: 0, hazard: 'stop' }], 0)).toBe(false);
    expect(othersActed([...own, { type: 'drew', seat: 1, from: 'pile' }], 0)).toBe(true);
    expect(othersActed([{ type: 'passed', seat: 2 }], 0)).toBe(true);
    expect(othersActed([{ type: 'skipped', seat: 3, reason: 'emptyHand' }], 0)).toBe(true);
  });
});
