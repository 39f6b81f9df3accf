/**
 * The moves the server decides without a player: the automatic draw when the rules leave no choice,
 * bots (bot seats and stand-ins: a run inside the change while a human is left to act, within the
 * change's `BotBudget`; else one turn per `bot` alarm, or inline when the bot delay is 0), the
 * moves of a timed-out turn (a bot's, or a skip) and the automatic answer of a response window.
 * Each is a generator of steps over the change being decided: it looks at the change's current
 * state, yields one step, and decide.ts applies it through the engine before asking for the next.
 * Nothing here applies a move. A bot sees only its seat's view and the hand's public events
 * (worker/bots). The practice match (web/src/practice/host.ts) runs the same code through `decide`.
 */
import { chooseMove } from '../bots/index';
import {
  actingSeat,
  autoResponse,
  forcedDraw,
  type GameEvent,
  legalMoves,
  type MatchState,
  type MatchView,
  type Move,
  viewFor,
  whoActs,
} from '../engine/index';
import type { Actor } from '../protocol/views';
import { type BotBudget, matchSearchUnits } from './bot-budget';
import type { Step } from './change';
import type { Draft } from './draft';

/**
 * The change being made, as the deciders see it: its current state, its events so far and the bot
 * thinking it has left (bot-budget.ts).
 */
export interface Progress {
  readonly state: MatchState;
  readonly events: readonly GameEvent[];
  readonly budget: BotBudget;
  /** Each bot decision's time (ms), when the snapshot gave a clock to measure it. */
  readonly thinkMs: number[];
}

/** Upper bound of automatic moves in one change (draws, inline bots): a guard, never reached in play. */
const MAX_AUTO_MOVES = 5000;
/** Upper bound of moves in one seat's turn played by a bot. */
const MAX_TURN_MOVES = 50;
/** Upper bound of moves in one skipped turn. */
const MAX_SKIP_MOVES = 5;

/**
 * The bot's move for `seat` from `view` (that seat's view only, and the hand's public events for
 * experts), spending from the change's work budget (`request` pace) or from a fresh one (`decision`
 * pace: the practice match, one bot decision at a time in the player's own Web Worker).
 */
function botMove(
  draft: Draft,
  run: Progress,
  seat: number,
  view: MatchView,
  searchUnits: number,
): Move | null {
  if (view.legalMoves.length === 0) return null;
  const level = draft.seats[seat].botLevel;
  const log = level === 'expert' ? fromHandStart(draft.snapshot.handLog().concat(run.events)) : undefined;
  const measure = draft.snapshot.measure;
  const t0 = measure?.();
  const move = chooseMove(view, {
    level,
    seed: `${draft.meta.matchId}:${seat}`,
    ...(perChange(draft) ? { budget: run.budget.work, searchUnits } : {}),
    ...(log ? { log } : {}),
  });
  if (measure && t0 !== undefined) run.thinkMs.push(measure() - t0);
  return move;
}

/** The events of the current hand in `events`: from its last `handStarted` on (all of them without one). */
export function fromHandStart(events: readonly GameEvent[]): GameEvent[] {
  for (let i = events.length - 1; i >= 0; i--) if (events[i].type === 'handStarted') return events.slice(i);
  return [...events];
}

/** The units one expert search may spend in `m`: a share among its bot-played expert seats (bot-budget.ts). */
function searchUnits(draft: Draft): number {
  return matchSearchUnits(draft.seats.filter((s) => draft.botControlled(s.seat)).map((s) => s.botLevel));
}

/**
 * A bot plays one seat's turn: `seat` after its deadline, or else the bot-controlled seat that must
 * act now, until someone else must act or the change's budget cannot pay its next decision. A seat
 * whose player left in a match without a computer player skips (leave.ts). When no seat is left to a
 * human between hands, it starts the next hand.
 */
export function* botTurn(draft: Draft, run: Progress, actor: Actor, seat?: number): Generator<Step> {
  const first = actingSeat(run.state);
  const who = seat ?? (first !== null && draft.botControlled(first) ? first : null);
  const units = searchUnits(draft);
  for (let i = 0; i < MAX_TURN_MOVES; i++) {
    const state = run.state;
    if (
      state.phase === 'handOver' &&
      seat === undefined &&
      draft.seats.every((s) => draft.botControlled(s.seat))
    ) {
      yield { seat: 0, actor, move: { type: 'nextHand' } };
      return;
    }
    const a = actingSeat(state);
    if (a === null || a !== who) return;
    let move: Move | null;
    if (draft.seats[a].prefs.left?.outcome === 'skip') move = skipMove(state, a);
    else {
      const view = viewFor(state, a);
      if (perChange(draft) && !run.budget.allows(view, draft.seats[a].botLevel, units)) return;
      move = botMove(draft, run, a, view, units);
    }
    run.budget.charge();
    if (!move) return;
    yield { seat: a, actor, move };
  }
}

/** True when one change shares one request's bot work (`request` pace, the server's). */
function perChange(draft: Draft): boolean {
  return (draft.snapshot.botPace ?? 'request') === 'request';
}

/** Skips `seat`'s timed-out turn (match setting `skip`). */
export function* skipTurn(run: Progress, seat: number): Generator<Step> {
  for (let i = 0; i < MAX_SKIP_MOVES; i++) {
    if (actingSeat(run.state) !== seat) return;
    const move = skipMove(run.state, seat);
    if (!move) return;
    yield { seat, actor: 'timeout', move };
  }
}

/**
 * The automatic answer (the engine's `autoResponse`) of `seat`'s open response window, as `actor`;
 * nothing when `seat` is not the asked seat of an open window.
 */
export function* windowAnswer(run: Progress, seat: number, actor: Actor): Generator<Step> {
  const w = whoActs(run.state);
  if (w.kind !== 'window' || w.seat !== seat) return;
  const answer = autoResponse(run.state);
  if (answer) yield { seat, actor, move: answer };
}

/**
 * What follows every change that moved: the automatic draws (no choice of draw), then the bots'
 * run, until a human must decide (a turn, or the coup-fourré window of an `ask` seat), the hand is
 * over (any seat may start the next one), the match is over, or the change's bot budget is spent
 * (the rest continues on the `bot` timer, timers.ts). The bots play here while a human is left to
 * act (`humanLeft`); when none is (all bots or stand-ins) they keep a human pace, one turn per
 * `bot` alarm after the bot delay, unless that delay is 0 (tests and benchmarks).
 */
export function* settle(draft: Draft, run: Progress): Generator<Step> {
  const inline = draft.snapshot.botDelayMs === 0 || humanLeft(draft);
  for (let i = 0; i < MAX_AUTO_MOVES; i++) {
    if (run.state.phase === 'matchOver') return;
    const a = actingSeat(run.state);
    if (a !== null && !draft.botControlled(a)) {
      const draw = forcedDraw(run.state, a);
      if (!draw) return;
      yield { seat: a, actor: 'server', move: draw };
      continue;
    }
    if (!inline) return;
    let moved = false;
    for (const step of botTurn(draft, run, 'bot')) {
      moved = true;
      yield step;
    }
    if (!moved) return;
  }
}

/** True when some seat is played by a person (not a bot seat, not a stand-in, not left). */
export function humanLeft(draft: Draft): boolean {
  return draft.seats.some((s) => !draft.botControlled(s.seat));
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
