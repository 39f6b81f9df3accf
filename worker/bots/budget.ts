/**
 * The bots' thinking budget, counted in work done instead of time. On deployed Workers the clock
 * advances only after I/O, so a budget read from the clock never runs out there; a count
 * of engine steps does, and it keeps every decision deterministic for a given view and seed.
 *
 * Unit: one engine step of a search in a 2-player game without reshuffles: list a seat's legal
 * moves, let the playout policy choose, apply the move. Bigger tables and options that lengthen
 * hands charge more units per step (expert.ts `stepCost`); dealing a sample and judging a playout
 * are charged in steps too (expert.ts `SAMPLE_COST`, `EVALUATE_COST`).
 *
 * One request shares ONE budget among all the bot decisions it makes: the match server creates it
 * with `requestBudget()` and passes the same object to each `chooseMove`; each decision subtracts
 * what it spent from `left`. A decision never spends more than `left`; with nothing left it still
 * plays (the expert's own policy move, no search), charged nothing. An expert search spends at most
 * `SEARCH_UNITS`: when that much is left its move does not depend on what the request did before,
 * so the server asks `mustWait` before a decision and leaves it to the next request (an alarm)
 * rather than let it search with less.
 *
 * Issue 35 measured the CPU tail (`npm run bench:bot-cpu`: 50,000 expert decisions in one fresh
 * process, timed by the thread's exact CPU clock). The slowest were the first searches of a cold
 * process (up to 12 ms for 1,000 units), fixed by a warm-up at module load (warm-up.ts); the mulligan
 * option's steps and long move lists were charged below their cost, so the expert's profile charges
 * them as measured (`expertFixedUnits`, profiles.ts `unitsPerMove`, `mulliganStep`). Warm, a unit
 * costs about 1.5 µs at the median and up to 4 at the 99th percentile of searching decisions.
 */

/**
 * Work units one ms of CPU buys on the reference machine (the dev box: Node 22, 2 shared cores).
 * Measured with `npm run bench:bots -- --hands 100` (scripts/bench-bots.ts): the slope of a
 * least-squares fit of each searching expert decision's CPU time (fastest of 5 runs) against the
 * units it spent, at ¼, ½ and the whole budget: 456 units a ms with 2 players at load 4–6, 479 at
 * load 1.5 (with 4 players a step is charged 1.4 units and the fit gives 749: conservative there).
 * Not uniform: searches early in the hand (long playouts) cost about 2.6 µs a unit, the first search
 * of a process (JIT warm-up) several times more.
 * Since issue 35 (a faster engine, the policy counting cards in typed arrays) the same fit gives
 * 1,150–1,210 units a ms, and `npm run bench:bot-cpu` 0.82 µs a unit at the median and 1.7–2.0 µs at
 * p99 by the thread's own CPU clock. The rate stays 450: issue 35 fixes a search at 1,000 units and the
 * request's budget, so the extra speed is the margin under the 8 ms a request may take.
 */
export const UNITS_PER_MS = 450;

/** The bots' CPU allowance per request, in ms (the free plan stops a request at 10 ms). */
export const REQUEST_BUDGET_MS = 5;

/** The budget of one request, in units (about `REQUEST_BUDGET_MS` of CPU on the reference machine). */
export const REQUEST_UNITS = REQUEST_BUDGET_MS * UNITS_PER_MS;

/**
 * The most one expert search spends, in units (its move is the same whenever this much is left):
 * about 2.2 ms on average, but a unit is not uniform (long playouts and a cold process cost up to
 * twice as much), so the slowest searches stay near 5 ms. 2,000 units gave the same strength against
 * `basic` in the arena with a tail over 10 ms. A match with several expert bots
 * shares one request among their searches (`searchUnitsFor`).
 */
export const SEARCH_UNITS = 1000;

/**
 * Units charged for the fixed part of a decision with a real choice (reading the view and the log,
 * scoring the legal moves), by level: the expert's is the fit's intercept (30 µs; 13 µs p50 without a
 * search), basic's its 3 µs p50 in the arena, rounded up.
 */
export const DECISION_UNITS = { random: 0, basic: 2, expert: 14 } as const;

/** Legal moves whose scoring `DECISION_UNITS.expert` covers (a view without the mulligan has at most 14). */
export const FIXED_PART_MOVES = 20;

/**
 * Units charged for the fixed part of an expert decision in a view with `moves` legal moves:
 * `DECISION_UNITS.expert`, which covers reading the view and the public log (a hand's longest logs,
 * about 260 events, are read in 33 µs) and scoring `FIXED_PART_MOVES` moves, plus `unitsPerMove` (the
 * profile's) for each further move. Measured (issue 35, warm, fastest of 5): scoring costs up to
 * 0.7 µs a move; the mulligan option's views hold up to 144 moves, and their whole fixed part took up
 * to 92 µs where 14 units stand for 31 µs. An expert with `unitsPerMove` 0 (`expert-v1`) is charged
 * `DECISION_UNITS.expert` as before.
 */
export function expertFixedUnits(moves: number, unitsPerMove: number): number {
  return DECISION_UNITS.expert + Math.ceil(unitsPerMove * Math.max(0, moves - FIXED_PART_MOVES));
}

/**
 * Units of a request kept for the fixed parts of the decisions of a run that do not search (each
 * expert decision with a choice costs `DECISION_UNITS.expert`): eight of them.
 */
export const RUN_RESERVE_UNITS = 8 * DECISION_UNITS.expert;

/**
 * The most one expert search spends when `experts` expert bots may search in the same request (a run
 * of bot moves after a human's move): an equal share of `REQUEST_UNITS` after `RUN_RESERVE_UNITS` and
 * each search's own fixed part, never more than `SEARCH_UNITS`. 1 or 2 experts: 1,000; 3: 698
 * units. Fixed for a match's seating, so a bot's move is the same in a run as alone.
 */
export function searchUnitsFor(experts: number): number {
  const share =
    Math.floor((REQUEST_UNITS - RUN_RESERVE_UNITS) / Math.max(1, experts)) - DECISION_UNITS.expert;
  return Math.min(SEARCH_UNITS, share);
}

/** What is left of a request's thinking budget, in units; decisions subtract what they spend. */
export interface BotBudget {
  left: number;
}

/** A fresh budget of `units` (default: one request's, `REQUEST_UNITS`). */
export function requestBudget(units: number = REQUEST_UNITS): BotBudget {
  return { left: Math.max(0, units) };
}

/** A fresh budget worth `ms` of CPU on the reference machine (for scripts and tests). */
export function budgetForMs(ms: number): BotBudget {
  return requestBudget(Math.floor(ms * UNITS_PER_MS));
}

/**
 * Charges `units` to `budget`, never below 0; returns the units actually charged. A search checks
 * `left` before it works, so its charge always fits; only fixed costs are clipped.
 */
export function spend(budget: BotBudget, units: number): number {
  const charged = Math.min(budget.left, Math.max(0, units));
  budget.left -= charged;
  return charged;
}
