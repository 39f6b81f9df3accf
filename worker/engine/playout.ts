/**
 * Fast simulation for bots and benchmarks: play on from a state with a move chooser, without building
 * a new immutable state per move. The state passed in is never changed: it is deep-copied once and the
 * copy is advanced in place through the same move handlers `applyMove` uses, with the same legal moves.
 */
import { applyLegalMove } from './apply';
import { cloneState, Draft } from './draft';
import { collectLegalMoves } from './legal';
import { whoActs } from './turn';
import type { MatchState, Move } from './types';

/**
 * Picks one of `moves` (all legal for `seat` in `state`); must return one of those objects. The array
 * and the state are reused by the playout: read them, do not keep them.
 */
export type MoveChooser = (state: MatchState, seat: number, moves: readonly Move[]) => Move;

/** When a playout stops: at the end of the current hand, or at the end of the match. */
export type PlayoutStop = 'hand' | 'match';

/**
 * Plays from `state` until the hand (`stop = 'hand'`) or the match is over, or `maxMoves` moves were
 * made; returns the final state and the number of moves. The seat to move is `whoActs`'s: the turn
 * seat, the asked seat of a response window, and between hands the seat that started the finished
 * hand (any seat may play `nextHand`). `choose` must return one of the moves it is given; anything
 * else throws (a bug in the chooser). `state` is never changed. No events are recorded.
 */
export function playOut(
  state: MatchState,
  choose: MoveChooser,
  stop: PlayoutStop = 'hand',
  maxMoves = 100_000,
): { state: MatchState; moves: number } {
  const s = cloneState(state);
  const d = new Draft(s, 'inPlace');
  const legal: Move[] = [];
  let moves = 0;
  while (moves < maxMoves) {
    const who = whoActs(s);
    if (who.kind === 'over' || (stop === 'hand' && who.kind === 'handOver')) break;
    const seat = who.seat;
    collectLegalMoves(s, seat, legal);
    const move = choose(s, seat, legal);
    if (!legal.includes(move))
      throw new Error('playOut: the chooser returned a move that is not one of the legal moves');
    if (moves > 0) d.nextMove();
    applyLegalMove(d, seat, move);
    moves++;
  }
  return { state: s, moves };
}
