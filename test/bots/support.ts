/**
 * Test support for the bots: plays hands where every seat is a bot that sees only
 * `viewFor(state, seat)` and the public event log, through the engine's public API only.
 */
import { type ArenaLevel, chooseMove } from '../../worker/bots/index';
import {
  actingSeat,
  applyMove,
  type CardId,
  createMatch,
  type GameEvent,
  type MatchSetup,
  type MatchState,
  type Move,
  viewFor,
} from '../../worker/engine/index';

export interface PlayedHand {
  state: MatchState;
  moves: Move[];
  /** Every move a bot returned that was not an element of its view's legalMoves, described. */
  offList: string[];
}

/**
 * Plays the first hand of `setup` with a bot of `levels[seat]` in every seat, seeded by `seed`.
 * Records any move outside `view.legalMoves`; throws when the engine refuses a move.
 */
export function playHand(setup: MatchSetup, levels: ArenaLevel[], seed: string, budgetMs = 1): PlayedHand {
  const created = createMatch(setup);
  if (!created.ok) throw new Error(`createMatch: ${JSON.stringify(created.problems)}`);
  let state = created.state;
  const log: GameEvent[] = [...created.events];
  const moves: Move[] = [];
  const offList: string[] = [];
  for (let guard = 0; guard < 3000; guard++) {
    const seat = actingSeat(state);
    if (seat === null) return { state, moves, offList };
    const view = viewFor(state, seat);
    const move = chooseMove(view, { level: levels[seat], seed: `${seed}/${seat}`, budgetMs, log });
    if (!view.legalMoves.includes(move))
      offList.push(`${levels[seat]} v${view.version}: ${JSON.stringify(move)}`);
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(`${levels[seat]} move refused: ${r.error.code} ${JSON.stringify(move)}`);
    moves.push(move);
    state = r.state;
    log.push(...r.events);
  }
  throw new Error('hand did not end in 3000 moves');
}

/** What a test may change in `lateState`'s position (defaults: classic, the hands and km below). */
export interface LateOptions {
  rules?: MatchSetup['rules'];
  /** Seat 0's hand (seat 0 is rolling at 800 km, both 200s played). */
  hand?: CardId[];
  /** Seat 1's hand. */
  other?: CardId[];
  /** Seat 1's distance pile (default one 200: 200 km). */
  otherDistance?: CardId[];
}

/**
 * A 2-player classic position 200 km from the goal for seat 0, its turn to play: near the end of the
 * trip, where the expert searches. `seed` seeds the match; `late` changes the rules, the hands or
 * seat 1's km.
 */
export function lateState(seed: string, late: LateOptions = {}): MatchState {
  const c = createMatch({
    rules: late.rules ?? 'classic',
    seats: 2,
    seed,
    position: {
      hands: {
        0: late.hand ?? ['accident', 'd100', 'd50', 'gasoline', 'repairs', 'd25', 'driving_ace'],
        1: late.other ?? ['d25'],
      },
      tableaux: {
        0: { battle: ['roll'], distance: ['d200', 'd200', 'd100', 'd100', 'd100', 'd100'] },
        1: { battle: ['roll'], distance: late.otherDistance ?? ['d200'] },
      },
      turn: 0,
      phase: 'play',
    },
  });
  if (!c.ok) throw new Error(JSON.stringify(c.problems));
  return c.state;
}
