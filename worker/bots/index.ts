/**
 * The bots' public API: `chooseMove(view, opts)` returns one of `view.legalMoves` for a seat, seeing
 * only what a human in that seat sees (its `MatchView` and, optionally, the public event log). Three
 * levels: `random` (tests), `basic` (heuristics, basic.ts) and `expert` (its own policy, policy.ts, plus
 * determinized Monte Carlo over the engine near the end of the hand, expert.ts). Deterministic for a
 * given view, options and seed. Thinking is bounded by work done, not time: a request shares one
 * `BotBudget` (budget.ts, in work units) among all its bot decisions.
 */
import type { GameEvent, MatchView, Move } from '../engine/index';
import { basicMove } from './basic';
import {
  type BotBudget,
  budgetForMs,
  DECISION_UNITS,
  expertFixedUnits,
  REQUEST_BUDGET_MS,
  SEARCH_UNITS,
  spend,
} from './budget';
import { expertMove, expertSearches, searchAffordable } from './expert';
import { EXPERT, EXPERT_V1 } from './profiles';
import { makeRand } from './rng';

/** Bot strength, weakest first (the same names as the protocol's `BOT_LEVELS`). */
export const LEVELS = ['random', 'basic', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

/**
 * Every level a script may seat: the players' `LEVELS` plus frozen versions of the expert kept only
 * as arena opponents (profiles.ts; `expert-v1` is the expert before issue 35).
 */
export const ARENA_LEVELS = [...LEVELS, 'expert-v1'] as const;
export type ArenaLevel = (typeof ARENA_LEVELS)[number];

/** How a bot decides. */
export interface ChooseOptions {
  level: ArenaLevel;
  /** Any string; the same seed, view and log give the same move. */
  seed: string;
  /**
   * The request's shared thinking budget, in work units (budget.ts); the decision subtracts what it
   * spent from `left`. Without it the decision gets a fresh one worth `budgetMs`.
   */
  budget?: BotBudget;
  /**
   * Only without `budget`: a fresh budget for this decision alone, in ms of CPU on the reference
   * machine (`UNITS_PER_MS` units a ms; default `REQUEST_BUDGET_MS`). For scripts and tests.
   */
  budgetMs?: number;
  /**
   * The most the expert's search may spend, in units (default `SEARCH_UNITS`; the match server gives
   * `searchUnitsFor(expert seats)` so that a run of several experts fits one request).
   */
  searchUnits?: number;
  /**
   * The public events of the match so far (at least since the current hand started), oldest first.
   * With it the expert knows the whole discard pile; without it, it samples the pile as unknown.
   */
  log?: readonly GameEvent[];
}

/** Thrown by `chooseMove` when the seat has nothing to do (a caller's bug: check the legal moves first). */
export class NoLegalMoveError extends Error {
  constructor() {
    super('the seat has no legal move in this view');
  }
}

/**
 * The move the bot plays in `view`: always an element of `view.legalMoves`. Throws `NoLegalMoveError`
 * when that list is empty (not this seat's move) — check `view.legalMoves.length` first. A decision
 * with a real choice charges its level's `DECISION_UNITS` to the budget; the expert's search spends at
 * most what is left, and with nothing left the expert plays its policy's move.
 */
export function chooseMove(view: MatchView, opts: ChooseOptions): Move {
  const moves = view.legalMoves;
  if (moves.length === 0) throw new NoLegalMoveError();
  const rand = makeRand(`${opts.seed}|${view.seat}|${view.handNumber}|${view.version}`);
  if (moves.length === 1) return moves[0];
  const budget = opts.budget ?? budgetForMs(opts.budgetMs ?? REQUEST_BUDGET_MS);
  switch (opts.level) {
    case 'random':
      return moves[rand.int(moves.length)];
    case 'basic':
      spend(budget, DECISION_UNITS.basic);
      return basicMove(view, rand);
    case 'expert':
    case 'expert-v1':
      return expertMove(view, {
        rand,
        budget,
        log: opts.log,
        searchUnits: opts.searchUnits ?? SEARCH_UNITS,
        profile: opts.level === 'expert' ? EXPERT : EXPERT_V1,
      });
  }
}

/**
 * Whether a decision of `level` in `view` may spend more than its fixed `DECISION_UNITS` (only an
 * expert searching near the end of the hand).
 */
export function botSearches(view: MatchView, level: ArenaLevel): boolean {
  if (level === 'expert-v1') return expertSearches(view, EXPERT_V1);
  return level === 'expert' && expertSearches(view);
}

/**
 * Whether the match server should leave this bot decision to the next request (an alarm, with a fresh
 * budget): it would search (and a whole search of `searchUnits` could race two candidates there,
 * expert.ts `searchAffordable`) and `budget` no longer holds a whole search (`searchUnits`, default
 * `SEARCH_UNITS`, plus the fixed part of this view, budget.ts `expertFixedUnits`). Deciding only with
 * a whole search keeps a bot's move the same whether it is played in a run of bot moves or alone; a
 * fresh `requestBudget()` never has to wait.
 */
export function mustWait(
  view: MatchView,
  level: ArenaLevel,
  budget: BotBudget,
  searchUnits: number = SEARCH_UNITS,
): boolean {
  if (!botSearches(view, level)) return false;
  const profile = level === 'expert-v1' ? EXPERT_V1 : EXPERT;
  // A search this share cannot afford never happens: the move is the policy's with any budget.
  if (!searchAffordable(view, searchUnits, profile)) return false;
  return budget.left < searchUnits + expertFixedUnits(view.legalMoves.length, profile.search.unitsPerMove);
}

export { basicMove } from './basic';
export {
  type BotBudget,
  budgetForMs,
  DECISION_UNITS,
  expertFixedUnits,
  REQUEST_BUDGET_MS,
  REQUEST_UNITS,
  requestBudget,
  SEARCH_UNITS,
  searchUnitsFor,
  UNITS_PER_MS,
} from './budget';
export { buildState, type Knowledge, readLog } from './determinize';
