/**
 * The one place the match server asks a bot for a move (worker/bots). A bot sees only its seat's
 * view (what a human in that seat would see) and, for the expert level, the public events of the
 * current hand.
 */
import { chooseMove } from '../bots/index';
import type { GameEvent, MatchView, Move } from '../engine/index';
import type { BotLevel } from '../protocol';

/**
 * The move a bot at `level` makes in `view`, or null when the seat has no legal move. Deterministic
 * for a given view, seed and log. Never reads hidden state: its inputs are the seat's view and the
 * public log.
 */
export function chooseBotMove(
  view: MatchView,
  level: BotLevel,
  seed: string,
  log?: readonly GameEvent[],
): Move | null {
  if (view.legalMoves.length === 0) return null;
  return chooseMove(view, { level, seed, ...(log ? { log } : {}) });
}
