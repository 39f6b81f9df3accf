/**
 * Test support for the hand replays: plays a match through the engine's public API with a
 * seeded random pick from `legalMoves` (no rule re-implemented), recording the replay entries the
 * match server's log would hold.
 */
import {
  applyMove,
  createMatch,
  legalMoves,
  type MatchSetup,
  type MatchState,
  type ReplayEntry,
  whoActs,
} from '../../worker/engine/index';
import { nextFloat, seedRng } from '../../worker/engine/rng';

/** A played match: its entries, oldest first, and the state after them. */
export interface Played {
  entries: ReplayEntry[];
  state: MatchState;
}

/**
 * Plays `setup` until `stop(state)` says so (or the match is over): each acting seat picks a random
 * legal move (seeded by `pick`).
 */
export function playUntil(setup: MatchSetup, stop: (s: MatchState) => boolean, pick = 'pick'): Played {
  const created = createMatch(setup);
  if (!created.ok) throw new Error('setup refused');
  let state = created.state;
  const rand = seedRng(pick);
  const entries: ReplayEntry[] = [];
  for (let guard = 0; guard < 20_000 && !stop(state); guard++) {
    const who = whoActs(state);
    if (who.kind === 'over') break;
    const moves = legalMoves(state, who.seat);
    const move = moves[Math.floor(nextFloat(rand) * moves.length)];
    const r = applyMove(state, who.seat, move);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    entries.push({ kind: 'move', seat: who.seat, move });
  }
  return { entries, state };
}

/** Stops in hand `hand` once its draw pile has given `drawn` cards (the hand still runs). */
export function midHand(hand: number, drawn = 20): (s: MatchState) => boolean {
  return (s) =>
    s.handNumber === hand &&
    s.phase !== 'handOver' &&
    s.phase !== 'matchOver' &&
    s.deck.length <= 106 - 6 * s.seats - drawn;
}
