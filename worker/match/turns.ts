/**
 * Who must act in a match state and what the server does on a player's behalf: the automatic draw
 * when the rules leave no choice, and the "skip" of a timed-out turn. Pure functions over the
 * engine's state and legal moves (the engine stays the one source of truth).
 */
import { legalMoves, type MatchState, type Move } from '../engine/index';

/** Phases in which one seat has the turn. */
const TURN_PHASES = new Set(['draw', 'play', 'extension']);

/**
 * The seat that must act now: the asked seat of an open response window, else the seat whose turn
 * it is; null between hands (any seat may start the next one) and when the match is over.
 */
export function actorOf(state: MatchState): number | null {
  if (state.phase === 'respond') return state.window?.pending[0] ?? null;
  if (TURN_PHASES.has(state.phase)) return state.turn;
  return null;
}

/** True when `state` is in a turn phase (draw, play, extension). */
export function inTurn(state: MatchState): boolean {
  return TURN_PHASES.has(state.phase);
}

/**
 * The draw the server makes for `seat` at the start of its turn when the rules leave no choice: its
 * only legal move is drawing from the pile (no discard draw allowed or possible). Null otherwise.
 */
export function forcedDraw(state: MatchState, seat: number): Move | null {
  if (state.phase !== 'draw' || state.turn !== seat) return null;
  const moves = legalMoves(state, seat);
  return moves.length === 1 && moves[0].type === 'draw' && moves[0].from !== 'discard' ? moves[0] : null;
}

/**
 * The move that skips `seat`'s timed-out turn without gaining anything (match setting `skip`): draw
 * from the pile, then discard the card just drawn (or the first discardable card); decline an
 * extension; pass an open window. Null when the seat has nothing to do.
 */
export function skipMove(state: MatchState, seat: number): Move | null {
  const moves = legalMoves(state, seat);
  if (moves.length === 0) return null;
  const find = (p: (m: Move) => boolean) => moves.find(p) ?? null;
  switch (state.phase) {
    case 'draw':
      return find((m) => m.type === 'draw' && m.from !== 'discard') ?? moves[0];
    case 'play': {
      const hand = state.hands[seat];
      const drawn = hand[hand.length - 1];
      return (
        find((m) => m.type === 'discard' && m.card === drawn) ?? find((m) => m.type === 'discard') ?? moves[0]
      );
    }
    case 'extension':
      return find((m) => m.type === 'extension' && !m.accept);
    case 'respond':
      return find((m) => m.type === 'pass') ?? moves[0];
    default:
      return null;
  }
}
