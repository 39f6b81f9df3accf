/**
 * How much bot thinking one change may spend: a run of bot moves played inside a request
 * (decide.ts, automatic.ts `settle`) stops before a decision the change can no longer afford, and the
 * rest continues in one `bot` alarm with a fresh budget, which plays a run again (worker/match/alarm.ts).
 *
 * Two limits: the bots' work, in the units of worker/bots/budget.ts (engine steps, never a clock;
 * `REQUEST_UNITS` ≈ 5 ms of CPU on the reference machine), shared by every decision of the change;
 * and `RUN_BOT_MOVES`, which bounds one log row's length. A searching decision is made only with a
 * whole search left (`mustWait`), so a bot's move is the same in a run as alone. The match's expert
 * bots share a request: each search gets `searchUnitsFor(expert seats)` (1 or 2 experts 1,000
 * units, 3 experts 698 each), so a 1-human + 3-expert run fits one request and one log row.
 */
import {
  type Level,
  mustWait,
  requestBudget,
  searchUnitsFor,
  type BotBudget as WorkBudget,
} from '../bots/index';
import type { MatchView } from '../engine/index';

/**
 * The most bot moves one change plays. A 1-human + 3-bot match needs about 6 to 10 between two
 * human decisions (draw and play per bot, more after a safety or a coup fourré), so a run is rarely
 * cut on this count; all-bot matches (tests, benchmarks with no bot delay) continue on the alarm.
 */
export const RUN_BOT_MOVES = 24;

/** The bot thinking left to one change; `allows` says whether a bot may decide one more move. */
export class BotBudget {
  private moves = 0;
  /** Set once a bot was refused: the run stopped on the budget (the rest goes to the alarm). */
  cut = false;
  /** The work units left to this change's bot decisions; each `chooseMove` of the change spends from it. */
  readonly work: WorkBudget;

  /** A change's budget: `moves` bot moves and `units` of work (defaults: a request's). */
  constructor(
    private readonly limit: number = RUN_BOT_MOVES,
    units?: number,
  ) {
    this.work = requestBudget(units);
  }

  /**
   * True when the bot of `view` (at `level`) may decide one more move in this change: fewer than
   * the move limit so far, and a whole search (`searchUnits`) left if its decision searches. Else
   * notes the run as cut.
   */
  allows(view: MatchView, level: Level, searchUnits: number): boolean {
    if (this.moves < this.limit && !mustWait(view, level, this.work, searchUnits)) return true;
    this.cut = true;
    return false;
  }

  /** Counts one bot move (its work was spent from `work` by `chooseMove`). */
  charge(): void {
    this.moves += 1;
  }
}

/**
 * The units one expert search of this match may spend: a share of a request among the seats a bot
 * plays at `expert` (`levels` of the bot-played seats), so their run fits one request.
 */
export function matchSearchUnits(levels: readonly Level[]): number {
  return searchUnitsFor(levels.filter((l) => l === 'expert').length);
}
