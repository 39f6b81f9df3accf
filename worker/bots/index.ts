/**
 * The bots' public API: `chooseMove(view, opts)` returns one of `view.legalMoves` for a seat, seeing
 * only what a human in that seat sees (its `MatchView` and, optionally, the public event log). Three
 * levels: `random` (tests), `basic` (heuristics, basic.ts) and `expert` (its own policy, policy.ts, plus
 * determinized Monte Carlo over the engine near the end of the hand, expert.ts). Deterministic for a
 * given view, options and seed.
 */
import type { GameEvent, MatchView, Move } from '../engine/index';
import { basicMove } from './basic';
import { expertMove } from './expert';
import { makeRand } from './rng';

/** Bot strength, weakest first (the same names as the protocol's `BOT_LEVELS`). */
export const LEVELS = ['random', 'basic', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

/** Default CPU budget of one decision, in ms (the p99 ceiling; the free plan allows 10 ms a request). */
export const DEFAULT_BUDGET_MS = 5;

/** How a bot decides. */
export interface ChooseOptions {
  level: Level;
  /** Any string; the same seed, view and log give the same move. */
  seed: string;
  /**
   * CPU budget of the decision in ms (default `DEFAULT_BUDGET_MS`). Only `expert` uses it: it is
   * turned into a fixed number of engine steps (so the choice stays deterministic; a wall clock does
   * not run during a Worker's CPU burst anyway). See `expert.ts` for the calibration.
   */
  budgetMs?: number;
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
 * when that list is empty (not this seat's move) — check `view.legalMoves.length` first.
 */
export function chooseMove(view: MatchView, opts: ChooseOptions): Move {
  const moves = view.legalMoves;
  if (moves.length === 0) throw new NoLegalMoveError();
  const rand = makeRand(`${opts.seed}|${view.seat}|${view.handNumber}|${view.version}`);
  if (moves.length === 1) return moves[0];
  switch (opts.level) {
    case 'random':
      return moves[rand.int(moves.length)];
    case 'basic':
      return basicMove(view, rand);
    case 'expert':
      return expertMove(view, {
        rand,
        budgetMs: opts.budgetMs ?? DEFAULT_BUDGET_MS,
        log: opts.log,
      });
  }
}

export { basicMove } from './basic';
export { buildState, type Knowledge, readLog } from './determinize';
