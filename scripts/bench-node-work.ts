/**
 * The JavaScript work of each move request of a benched match, timed again in Node at µs resolution
 * (workerd's clock shows whole ms): the same code the Durable Object runs for a human's move, without
 * its storage. For each posted human move, in order: the engine applies it, then the match server's
 * own `settle` (worker/match/automatic.ts) plays the automatic draws and the bots' run with a fresh
 * change budget (worker/match/bot-budget.ts), seeded as on the server (`matchId:seat`); then the state
 * and every seat's view are made JSON, as the log row and the pushes are. The bots make the same
 * moves as on the server (same code, seeds, views and hand events), so the human moves stay legal.
 * Requests are reported by kind (`WORK_KINDS`), with a timeout timed beside each human turn.
 */

import {
  applyMove,
  createMatch,
  type GameEvent,
  type MatchState,
  type Move,
  NEW_MATCH_SEED_SCHEME,
  type PresetName,
  viewFor,
} from '../worker/engine/index';
import { botTurn, type Progress, settle } from '../worker/match/automatic';
import { BotBudget } from '../worker/match/bot-budget';
import type { MatchContext } from '../worker/match/context';
import { fromHandStart } from '../worker/match/log';
import type { BotLevel } from '../worker/protocol/fields';

/** What a benched match was: rules, seat kinds, bot level, its seed and id, the human moves posted. */
export interface NodeWorkInput {
  rules: string;
  team: number;
  seats: ReadonlyArray<'human' | 'bot'>;
  bot: BotLevel;
  seed: string;
  matchId: string;
  posted: ReadonlyArray<{ seat: number; move: Move }>;
}

/** The change being replayed, as `settle` sees it (commit.ts `Run` without the log steps). */
class Change implements Progress {
  readonly events: GameEvent[] = [];
  readonly budget = new BotBudget();
  constructor(public state: MatchState) {}
}

/**
 * The match context `settle` reads, in memory: seat kinds and bot level, a bot delay above 0 (as
 * deployed), the hand's public events so far, the match id (the bots' seed).
 */
function contextFor(input: NodeWorkInput, history: GameEvent[]): MatchContext {
  // A human seat's bot (a timeout's, a stand-in) plays at the default level.
  const seats = input.seats.map((kind, seat) => ({
    seat,
    botLevel: kind === 'bot' ? input.bot : 'basic',
    prefs: {},
    kind,
  }));
  const m = {
    seats,
    meta: { matchId: input.matchId },
    botDelayMs: () => 1500,
    botControlled: (seat: number) => input.seats[seat] === 'bot',
    log: {
      handEvents: (pending: readonly GameEvent[]) => fromHandStart(history.concat(pending)),
    },
  };
  return m as unknown as MatchContext;
}

/** The kinds of request timed: a move, a coup-fourré window's answer, a run's continuation, a timeout. */
export const WORK_KINDS = ['move', 'window answer', 'continuation alarm', 'timeout'] as const;

/** The ms (µs resolution) of JavaScript work of each request, by kind. */
export type NodeWork = Record<(typeof WORK_KINDS)[number], number[]>;

/**
 * The ms (µs resolution) of JavaScript work per request of `input`: each posted move (a window's
 * answer apart), and after a run cut by its budget each continuation (the server's `bot` alarm).
 * Beside the played line, before each posted turn move, what a timeout would have cost there (the
 * seat's turn played by its bot, then the run), without playing it. Throws when a posted move is
 * refused (the replay left the server's path).
 */
export function nodeWorkPerRequest(input: NodeWorkInput): NodeWork {
  const created = createMatch({
    rules: input.rules as PresetName,
    seats: input.seats.length,
    teamSize: input.team,
    seed: input.seed,
    // Dealt as the server deals a new match (creation.ts), so the posted moves stay legal.
    seedScheme: NEW_MATCH_SEED_SCHEME,
    firstSeat: 0,
  });
  if (!created.ok) throw new Error('createMatch failed');
  const history: GameEvent[] = [];
  const m = contextFor(input, history);
  const play = (change: Change) => {
    for (const step of settle(m, change)) {
      const r = applyMove(change.state, step.seat, step.move);
      if (!r.ok) throw new Error(`settle step refused: ${r.error.code}`);
      change.state = r.state;
      change.events.push(...r.events);
    }
  };
  // The start: the first draws (and a bot's opening run) are made when the match starts.
  const start = new Change(created.state);
  play(start);
  history.push(...start.events);
  let state = start.state;
  const out: NodeWork = { move: [], 'window answer': [], 'continuation alarm': [], timeout: [] };
  let sink = 0;
  // The JSON of a change's end: its state, its events and every view (the log row and the pushes).
  const json = (change: Change): number => {
    let n = JSON.stringify(change.state).length + JSON.stringify(change.events).length;
    for (let s = 0; s <= input.seats.length; s++)
      n += JSON.stringify(viewFor(change.state, s === input.seats.length ? null : s)).length;
    return n;
  };
  // The end of a change on the played line.
  const finish = (change: Change): number => {
    state = change.state;
    history.push(...change.events);
    return json(change);
  };
  // A timeout at `seat`'s turn now: its bot plays the turn, then the run (not kept).
  const timeout = (seat: number): number => {
    const change = new Change(state);
    for (const step of botTurn(m, change, 'timeout', seat)) {
      const r = applyMove(change.state, step.seat, step.move);
      if (!r.ok) return 0;
      change.state = r.state;
      change.events.push(...r.events);
    }
    play(change);
    return json(change);
  };
  for (const { seat, move } of input.posted) {
    const answer = move.type === 'coupFourre' || move.type === 'pass';
    if (!answer && move.type !== 'nextHand') {
      const t = performance.now();
      sink += timeout(seat);
      out.timeout.push(performance.now() - t);
    }
    const t0 = performance.now();
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(`replay refused ${JSON.stringify(move)}: ${r.error.code}`);
    const change = new Change(r.state);
    change.events.push(...r.events);
    play(change);
    sink += finish(change);
    out[answer ? 'window answer' : 'move'].push(performance.now() - t0);
    // A run its budget cut: the server's `bot` alarm plays on, each a request with a fresh budget.
    for (let cut = change; cut.budget.cut; ) {
      const t1 = performance.now();
      cut = new Change(state);
      play(cut);
      if (cut.events.length === 0) break;
      sink += finish(cut);
      out['continuation alarm'].push(performance.now() - t1);
    }
  }
  if (sink < 0) console.log(sink);
  return out;
}
