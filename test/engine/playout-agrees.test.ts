/**
 * `playOut` (the bots' in-place simulation, worker/engine/playout.ts) and `legalMoves` + `applyMove`
 * (the server's per-move API) are one set of rules: over random matches of every preset and seating,
 * with `auto` and `ask` seats (so that response windows open), the simulation offers its chooser
 * exactly `legalMoves`' list, in the same order, at every step, and ends in the same state. The bots
 * break ties by a move's index, so the order matters as much as the moves.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createMatch,
  legalMoves,
  type MatchState,
  type Move,
  playOut,
  whoActs,
} from '../../worker/engine/index';
import { nextFloat, seedRng } from '../../worker/engine/rng';
import { presetSeatings, seatingLabel } from './random-game';

/** One random choice per step, the same sequence for both ways of playing. */
function picker(seed: string): (moves: readonly Move[]) => number {
  const rng = seedRng(seed);
  return (moves) => Math.floor(nextFloat(rng) * moves.length);
}

/** Plays `start` to the end of the match with `applyMove`; the legal lists offered, step by step. */
function perMove(start: MatchState, seed: string, maxMoves: number) {
  const pick = picker(seed);
  const offered: Move[][] = [];
  let s = start;
  for (let n = 0; n < maxMoves; n++) {
    const who = whoActs(s);
    if (who.kind === 'over') break;
    const moves = legalMoves(s, who.seat);
    offered.push(moves);
    const r = applyMove(s, who.seat, moves[pick(moves)]);
    if (!r.ok) throw new Error(r.error.code);
    s = r.state;
  }
  return { offered, state: s };
}

/** The same with `playOut`, copying each list it is offered (playOut reuses its array). */
function simulated(start: MatchState, seed: string, maxMoves: number) {
  const pick = picker(seed);
  const offered: Move[][] = [];
  const { state } = playOut(
    start,
    (_s, _seat, moves) => {
      offered.push(moves.slice());
      return moves[pick(moves)];
    },
    'match',
    maxMoves,
  );
  return { offered, state };
}

describe('playOut agrees with legalMoves + applyMove', () => {
  for (const { preset, seating } of presetSeatings()) {
    it(seatingLabel(preset, seating), () => {
      for (let g = 0; g < 4; g++) {
        const created = createMatch({
          rules: preset,
          seats: seating.seats,
          teamSize: seating.teamSize,
          seed: `agree-${g}`,
          // Odd games: every other seat asks, so windows open and wait for an answer.
          responses: Array.from({ length: seating.seats }, (_, s) =>
            g % 2 === 1 && s % 2 === 1 ? 'ask' : 'auto',
          ),
        });
        if (!created.ok) throw new Error(JSON.stringify(created.problems));
        const before = JSON.stringify(created.state);
        const a = perMove(created.state, `choices-${g}`, 2500);
        const b = simulated(created.state, `choices-${g}`, 2500);
        expect(JSON.stringify(created.state)).toBe(before);
        expect(b.offered.length).toBe(a.offered.length);
        for (let i = 0; i < a.offered.length; i++) expect(b.offered[i]).toEqual(a.offered[i]);
        expect(b.state).toEqual(a.state);
      }
    });
  }
});
