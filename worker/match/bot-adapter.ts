/**
 * The one place the match server asks a bot for a move. A bot sees only its seat's view (what a
 * human in that seat would see). Until worker/bots/ lands, every level picks uniformly at random
 * among `view.legalMoves`, deterministically from `seed`; swap the body for the bots module's
 * `chooseMove(view, level, seed)` when it exists.
 */
import type { MatchView, Move } from '../engine/index';
import type { BotLevel } from '../protocol';

/**
 * The move a bot at `level` makes in `view`, or null when the seat has no legal move. Deterministic
 * for a given view and seed. Never reads hidden state: its only input is the seat's view.
 */
export function chooseBotMove(view: MatchView, _level: BotLevel, seed: string): Move | null {
  const moves = view.legalMoves;
  if (moves.length === 0) return null;
  return moves[hash32(`${seed}:${view.version}`) % moves.length];
}

/** FNV-1a, 32 bits: a cheap deterministic pick, not a secret. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
