/**
 * The replay of one finished hand with every card shown, rebuilt from what a match keeps
 * anyway: its setup and its log of moves. Pure: the match server feeds it the stored setup and log
 * rows, the offline practice its locally stored ones. The payload carries cards and events only,
 * never a `MatchState` (which holds the seed and the generator).
 */

import { teamOf } from '../shared/teams';
import { applyMove, setResponseMode } from './apply';
import { type CardId, type HazardCard, REMEDY_FOR, SAFETY_FOR, type SafetyCard } from './cards';
import { forfeit } from './forfeit';
import { createMatch, type MatchSetup } from './setup';
import { actingSeat } from './turn';
import type { GameEvent, HandResult, MatchState, Move, ResponseMode, Tableau } from './types';

/** One logged change, in engine terms: a seat's move, a coup-fourré setting, or a leave that ended the match. */
export type ReplayEntry =
  | { readonly kind: 'move'; readonly seat: number; readonly move: Move }
  | { readonly kind: 'responseMode'; readonly seat: number; readonly mode: ResponseMode }
  | { readonly kind: 'forfeit'; readonly seat: number };

/** A player's or team's area as the replay shows it: the km, the pile tops, the safeties. */
export interface ReplayArea {
  km: number;
  battleTop: CardId | null;
  speedTop: CardId | null;
  /** Every safety played, coup fourré ones included (those also in `coupFourre`, shown sideways). */
  safeties: SafetyCard[];
  coupFourre: SafetyCard[];
  /** Cards on the area (every pile), for the count of the whole deck. */
  cards: number;
}

/** The whole table at one moment: every seat's cards (`cards[seat]`), the areas (by team), the piles. */
export interface ReplayTable {
  cards: CardId[][];
  tableaux: ReplayArea[];
  deckSize: number;
  discardTop: CardId | null;
  discardSize: number;
  /** The goal in force, km. */
  goal: number;
  /** The seat to act next, or null once the hand is over. */
  toAct: number | null;
}

/** One accepted move (or the leave that ended the match: `move` null) and the table after it. */
export interface ReplayStep {
  seat: number;
  move: Move | null;
  /** Its public events. */
  events: GameEvent[];
  /** Every card that came into a hand in this step, pile draws included (they are public here). */
  drew: { seat: number; card: CardId }[];
  /** The index in `HandReplay.windows` of the coup-fourré window this step opened or answered. */
  window: number | null;
  table: ReplayTable;
}

/** A coup-fourré window (RULES.md §7): who could have answered the hazard, who was asked, who did. */
export interface ReplayWindow {
  /** The index of the step whose hazard opened it. */
  step: number;
  attacker: number;
  hazard: HazardCard;
  /** The target team's seats, in the order they answer. */
  seats: number[];
  /** Seats that held the safety when the hazard was played. */
  couldCoupFourre: number[];
  /** Seats that held the remedy, when the fast game's quick remedy is on (else empty). */
  couldRemedy: number[];
  /** `ask` seats that were asked (a `windowOpened` each). */
  asked: number[];
  passed: number[];
  answer: { seat: number; card: CardId; kind: 'coupFourre' | 'quickRemedy' } | null;
  /** Seats that could have answered (safety or remedy) and did not. */
  missed: number[];
}

/** The replay of hand `hand`: the deal, every step, every window and the score. */
export interface HandReplay {
  hand: number;
  seats: number;
  teams: number[][];
  firstSeat: number;
  /** The draw pile right after the deal, top card first, and the table then. */
  deal: { deck: CardId[]; table: ReplayTable; events: GameEvent[] };
  steps: ReplayStep[];
  windows: ReplayWindow[];
  /** The hand's result (null for a hand cut short by a leave that ended the match). */
  result: HandResult | null;
  /** Match totals per team after the hand. */
  totals: number[];
}

/** Why no replay: the hand was never dealt or is not over yet, or the log does not replay (a bug). */
export type HandReplayError = 'replay.no_hand' | 'replay.hand_not_over' | 'replay.bad_log';

export type HandReplayResult =
  | { ok: true; replay: HandReplay }
  | { ok: false; error: { code: HandReplayError; message: string } };

const over = (s: MatchState) => s.phase === 'handOver' || s.phase === 'matchOver';

/**
 * How many hands of `state` have a replay (hands 1 to this): the finished ones, and the last one once
 * the match is over (a leave may have cut it short).
 */
export function finishedHands(state: MatchState): number {
  return state.phase === 'matchOver' || state.phase === 'handOver' ? state.handNumber : state.handNumber - 1;
}

function areaOf(t: Tableau): ReplayArea {
  return {
    km: t.km,
    battleTop: t.battle.at(-1) ?? null,
    speedTop: t.speed.at(-1) ?? null,
    safeties: t.safeties.slice(),
    coupFourre: t.coupFourre.slice(),
    cards: t.battle.length + t.speed.length + t.distance.length + t.safeties.length,
  };
}

function tableOf(s: MatchState): ReplayTable {
  return {
    cards: s.hands.map((h) => h.slice()),
    tableaux: s.tableaux.map(areaOf),
    deckSize: s.deck.length,
    discardTop: s.discard.at(-1) ?? null,
    discardSize: s.discard.length,
    goal: s.goal,
    toAct: over(s) ? null : actingSeat(s),
  };
}

/** Cards in `after` beyond those in `before` (multisets). */
function added(before: readonly CardId[], after: readonly CardId[]): CardId[] {
  const left = before.slice();
  const out: CardId[] = [];
  for (const c of after) {
    const i = left.indexOf(c);
    if (i < 0) out.push(c);
    else left.splice(i, 1);
  }
  return out;
}

function openWindow(
  before: MatchState,
  attacker: number,
  hazard: HazardCard,
  targetSeat: number,
  step: number,
) {
  const team = teamOf(before, targetSeat);
  const seats: number[] = [];
  for (let i = 1; i < before.seats; i++) {
    const seat = (attacker + i) % before.seats;
    if (teamOf(before, seat) === team) seats.push(seat);
  }
  const holds = (card: CardId) => seats.filter((s) => before.hands[s].includes(card));
  const window: ReplayWindow = {
    step,
    attacker,
    hazard,
    seats,
    couldCoupFourre: holds(SAFETY_FOR[hazard]),
    couldRemedy: before.rules.options.quickRemedy ? holds(REMEDY_FOR[hazard]) : [],
    asked: [],
    passed: [],
    answer: null,
    missed: [],
  };
  return window;
}

/** Notes the step's events in the windows; returns the index of the window the step touched. */
function noteWindows(
  windows: ReplayWindow[],
  before: MatchState,
  step: number,
  events: readonly GameEvent[],
): number | null {
  let touched: number | null = before.phase === 'respond' ? windows.length - 1 : null;
  for (const e of events) {
    if (e.type === 'played' && e.target !== undefined && e.card in SAFETY_FOR) {
      windows.push(openWindow(before, e.seat, e.card as HazardCard, e.target, step));
      touched = windows.length - 1;
    }
    const w = windows[touched ?? -1];
    if (!w) continue;
    if (e.type === 'windowOpened') w.asked.push(e.seat);
    if (e.type === 'passed') w.passed.push(e.seat);
    if (e.type === 'coupFourre' || e.type === 'quickRemedy')
      w.answer = { seat: e.seat, card: e.card, kind: e.type };
  }
  return touched;
}

/**
 * Rebuilds hand `hand` (from 1) of the match created by `setup` and changed by `entries` (oldest
 * first): `createMatch`, then every entry through the engine, recording each step of that hand with
 * every seat's cards. Refuses `replay.no_hand` (never dealt, or not a whole number from 1),
 * `replay.hand_not_over` (still running), `replay.bad_log` (an entry the engine refuses).
 */
export function buildHandReplay(
  setup: MatchSetup,
  entries: readonly ReplayEntry[],
  hand: number,
): HandReplayResult {
  const fail = (code: HandReplayError, message: string): HandReplayResult => ({
    ok: false,
    error: { code, message },
  });
  if (!Number.isInteger(hand) || hand < 1) return fail('replay.no_hand', 'A hand is a whole number from 1.');
  const created = createMatch(setup);
  if (!created.ok) return fail('replay.bad_log', 'The stored setup does not create a match.');
  let state = created.state;
  let deal: HandReplay['deal'] | null =
    hand === 1 ? { deck: state.deck.slice().reverse(), table: tableOf(state), events: created.events } : null;
  let firstSeat = state.firstSeat;
  const steps: ReplayStep[] = [];
  const windows: ReplayWindow[] = [];
  for (const entry of entries) {
    const before = state;
    if (entry.kind === 'responseMode') {
      state = setResponseMode(state, entry.seat, entry.mode);
      continue;
    }
    const r = entry.kind === 'move' ? applyMove(state, entry.seat, entry.move) : forfeit(state, entry.seat);
    if (!r.ok) return fail('replay.bad_log', `A logged move does not replay: ${r.error.message}`);
    state = r.state;
    if (before.handNumber === hand - 1 && state.handNumber === hand) {
      deal = { deck: state.deck.slice().reverse(), table: tableOf(state), events: r.events };
      firstSeat = state.firstSeat;
    } else if (before.handNumber === hand && !over(before)) {
      const drew = state.hands.flatMap((h, seat) =>
        added(before.hands[seat], h).map((card) => ({ seat, card })),
      );
      const window = noteWindows(windows, before, steps.length, r.events);
      const move = entry.kind === 'move' ? entry.move : null;
      steps.push({ seat: entry.seat, move, events: r.events, drew, window, table: tableOf(state) });
    }
    if (before.handNumber === hand && over(state) && !over(before)) break;
  }
  if (!deal) return fail('replay.no_hand', `Hand ${hand} was not dealt in this match.`);
  if (!over(state)) return fail('replay.hand_not_over', `Hand ${hand} is not over yet.`);
  for (const w of windows)
    w.missed = [...new Set([...w.couldCoupFourre, ...w.couldRemedy])].filter((s) => s !== w.answer?.seat);
  return {
    ok: true,
    replay: {
      hand,
      seats: state.seats,
      teams: state.teams.map((t) => t.slice()),
      firstSeat,
      deal,
      steps,
      windows,
      result: state.results.find((r) => r.hand === hand) ?? null,
      totals: state.scores.slice(),
    },
  };
}
