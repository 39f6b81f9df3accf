/**
 * The JavaScript work of each move request of a benched match, timed again in Node at µs resolution
 * (workerd's clock shows whole ms): the same code the Durable Object runs for a human's move, without
 * its storage. For each posted human move, in order: the match server's own decider
 * (worker/decider/decide.ts) applies it and plays the automatic draws and the bots' run with a fresh
 * change budget (worker/decider/bot-budget.ts), seeded as on the server (`matchId:seat`); then the state
 * and every seat's view are made JSON, as the log row and the pushes are. The bots make the same
 * moves as on the server (same code, seeds, views and hand events), so the human moves stay legal.
 * Requests are reported by kind (`WORK_KINDS`), with a timeout timed beside each human turn.
 */

import type { MatchChange, MatchSnapshot } from '../worker/decider/change';
import { decide, offlineSnapshot } from '../worker/decider/decide';
import {
  createMatch,
  type GameEvent,
  type MatchState,
  type Move,
  NEW_MATCH_SEED_SCHEME,
  type PresetName,
  viewFor,
} from '../worker/engine/index';
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

/** One change decided in memory: the state after it, its events, and whether a bot still acts on the `bot` timer. */
interface Decided {
  state: MatchState;
  events: GameEvent[];
  botTimer: boolean;
}

/**
 * The match as the decider reads it, in memory: seat kinds and bot level, no deadlines, a bot delay
 * above 0 (as deployed), the hand's public events so far, the match id (the bots' seed).
 */
function snapshotFor(input: NodeWorkInput, state: MatchState | null, history: GameEvent[]): MatchSnapshot {
  return offlineSnapshot({
    matchId: input.matchId,
    createdAt: 0,
    rules: input.rules as PresetName,
    teamSize: input.team as 1 | 2,
    firstSeat: 0,
    // A human seat's bot (a timeout's, a stand-in) plays at the default level.
    seats: input.seats.map((kind, seat) => ({
      name: `${kind} ${seat}`,
      kind,
      botLevel: kind === 'bot' ? input.bot : 'basic',
      responseMode: 'auto',
    })),
    state,
    handLog: history,
    botDelayMs: 1500,
  });
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
  let state = created.state;
  // One change through the match server's decider, from the played line's state.
  const decideFrom = (from: MatchState | null, opening: MatchChange['opening']): Decided | null => {
    const o = decide(snapshotFor(input, from, history), { reason: 'move', seat: null, opening }, 0);
    if (!o.ok) throw new Error(`replay refused ${JSON.stringify(opening)}: ${o.error.code}`);
    if (!o.changed || !o.state) return null;
    const botTimer = o.timers.some((t) => t.op === 'schedule' && t.kind === 'bot');
    return { state: o.state, events: o.events, botTimer };
  };
  // The JSON of a change's end: its state, its events and every view (the log row and the pushes).
  const json = (change: Decided): number => {
    let n = JSON.stringify(change.state).length + JSON.stringify(change.events).length;
    for (let s = 0; s <= input.seats.length; s++)
      n += JSON.stringify(viewFor(change.state, s === input.seats.length ? null : s)).length;
    return n;
  };
  // The end of a change on the played line.
  const finish = (change: Decided): number => {
    state = change.state;
    history.push(...change.events);
    return json(change);
  };
  // The start: the first draws (and a bot's opening run) are made when the match starts.
  finish(decideFrom(null, { kind: 'start', state: created.state })!);
  const out: NodeWork = { move: [], 'window answer': [], 'continuation alarm': [], timeout: [] };
  let sink = 0;
  for (const { seat, move } of input.posted) {
    const answer = move.type === 'coupFourre' || move.type === 'pass';
    if (!answer && move.type !== 'nextHand') {
      // A timeout at `seat`'s turn now: its bot plays the turn, then the run (not kept).
      const t = performance.now();
      const timedOut = decideFrom(state, { kind: 'turnTimeout', seat, onDeadline: 'bot' });
      sink += timedOut ? json(timedOut) : 0;
      out.timeout.push(performance.now() - t);
    }
    const t0 = performance.now();
    let change = decideFrom(state, { kind: 'move', seat, move, moveId: 'bench' })!;
    sink += finish(change);
    out[answer ? 'window answer' : 'move'].push(performance.now() - t0);
    // A run its budget cut: the server's `bot` alarm plays on, each a request with a fresh budget.
    while (change.botTimer) {
      const t1 = performance.now();
      const next = decideFrom(state, { kind: 'botTurn' });
      if (!next || next.events.length === 0) break;
      change = next;
      sink += finish(change);
      out['continuation alarm'].push(performance.now() - t1);
    }
  }
  if (sink < 0) console.log(sink);
  return out;
}
