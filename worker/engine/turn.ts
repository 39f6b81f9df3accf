/**
 * Who acts next in a match state: the one answer for the match server, notifications, bots, the
 * engine's playouts and tests. It names the case, so each caller picks what it needs: during a
 * coup-fourré window the asked seat acts; between hands any seat may start the next one (RULES.md
 * §2: the next hand starts one seat to the left; §7 windows; §8–§9 ends).
 */
import { MAX_SEATS } from '../shared/limits';
import { legalMoves } from './legal';
import type { GameEvent, MatchState, Move } from './types';

/** The kinds of "who acts next", in the order a hand goes through them. */
export const TURN_KINDS = ['turn', 'window', 'handOver', 'over'] as const;
export type TurnKind = (typeof TURN_KINDS)[number];

/**
 * Who acts next:
 * - `turn`: `seat` has the turn (phases draw, play, extension);
 * - `window`: a response window is open and `seat` is the asked seat (RULES.md §7). While a window
 *   is open the engine keeps `state.turn` on the asked seat too; whose turn follows is known only
 *   once the window closes (left of the attacker, or the coup-fourré seat);
 * - `handOver`: the hand is scored and any seat may start the next one (`nextHand`); `seat` is the
 *   seat that started the finished hand, the one a playout lets start the next;
 * - `over`: the match is over; nobody acts.
 */
export type WhoActs =
  | { readonly kind: 'turn'; readonly seat: number }
  | { readonly kind: 'window'; readonly seat: number }
  | { readonly kind: 'handOver'; readonly seat: number }
  | { readonly kind: 'over' };

/**
 * Who acts next in `state` (see `WhoActs`). Pure; never throws. The answers are shared frozen values
 * (one per kind and seat), so asking costs no allocation in a playout's loop.
 */
export function whoActs(state: MatchState): WhoActs {
  switch (state.phase) {
    case 'draw':
    case 'play':
    case 'extension':
      return answer(TURN, 'turn', state.turn);
    case 'respond': {
      // A respond phase always has a window with a pending seat; the turn seat stands in otherwise.
      const asked = state.window?.pending[0];
      return asked === undefined ? answer(TURN, 'turn', state.turn) : answer(WINDOW, 'window', asked);
    }
    case 'handOver':
      return answer(HAND_OVER, 'handOver', state.firstSeat);
    case 'matchOver':
      return OVER;
  }
}

type SeatAnswer = Exclude<WhoActs, { kind: 'over' }>;
const answers = <K extends SeatAnswer['kind']>(kind: K): readonly SeatAnswer[] =>
  Array.from({ length: MAX_SEATS }, (_, seat) => Object.freeze({ kind, seat }) as SeatAnswer);
const TURN = answers('turn');
const WINDOW = answers('window');
const HAND_OVER = answers('handOver');
const OVER: WhoActs = Object.freeze({ kind: 'over' });

/** The shared answer of `kind` for `seat` (a new one for a seat beyond `MAX_SEATS`, never stored). */
function answer(table: readonly SeatAnswer[], kind: SeatAnswer['kind'], seat: number): WhoActs {
  return table[seat] ?? { kind, seat };
}

/**
 * The seat that must act now (the turn seat, or the asked seat of an open window); null between
 * hands (any seat may start the next one) and once the match is over.
 */
export function actingSeat(state: MatchState): number | null {
  const w = whoActs(state);
  return w.kind === 'turn' || w.kind === 'window' ? w.seat : null;
}

/** Events that record a seat's own action: its turn's moves, its answer to a window, its skipped turn. */
const ACTION_EVENTS: ReadonlySet<GameEvent['type']> = new Set([
  'drew',
  'played',
  'discarded',
  'mulligan',
  'extended',
  'passed',
  'coupFourre',
  'quickRemedy',
  'skipped',
]);

/**
 * True when `events` (one change's, in order) show a seat other than `seat` acting. `seat`'s turn
 * after such a change is a new turn, even when it had the turn before the change too: a human's
 * move and the bots' run that follows may come back to the same human in one change.
 * A seat's own moves never start a new turn (an extra turn says so with its own event).
 */
export function othersActed(events: readonly GameEvent[], seat: number): boolean {
  return events.some((e) => ACTION_EVENTS.has(e.type) && 'seat' in e && e.seat !== seat);
}

/**
 * The draw `seat` must make at the start of its turn when the rules leave no choice: its only legal
 * move is drawing from the pile (no discard draw allowed or possible), RULES.md §3. Null otherwise.
 * The match server and the offline practice both play it for the player.
 */
export function forcedDraw(state: MatchState, seat: number): Move | null {
  if (state.phase !== 'draw' || state.turn !== seat) return null;
  const moves = legalMoves(state, seat);
  return moves.length === 1 && moves[0].type === 'draw' && moves[0].from !== 'discard' ? moves[0] : null;
}
