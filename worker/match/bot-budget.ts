/**
 * How much bot thinking one change may spend (issue 17 part 1): a run of bot moves played inside a
 * request (commit.ts, automatic.ts `settle`) stops when its budget is spent, and the rest continues
 * in one `bot` alarm, which plays a run again (timers.ts). Today the budget counts bot moves; this
 * file is the single place where the work budget (playouts and engine steps shared within a request,
 * issue 17 part 2) plugs in: `allows` before a bot decides, `charge` with what the decision cost.
 */

/**
 * The most bot moves one change plays. A 1-human + 3-bot match needs about 6 to 10 between two
 * human decisions (draw and play per bot, more after a safety or a coup fourré), so a run is rarely
 * cut; all-bot matches (tests, benchmarks with no bot delay) continue on the alarm.
 */
export const RUN_BOT_MOVES = 24;

/** The bot thinking left to one change; `allows` says whether a bot may decide one more move. */
export class BotBudget {
  private spent = 0;
  /** Set once a bot was refused: the run stopped on the budget (the rest goes to the alarm). */
  cut = false;

  constructor(private readonly limit: number = RUN_BOT_MOVES) {}

  /** True when a bot may decide one more move; else notes the run as cut. */
  allows(): boolean {
    if (this.spent < this.limit) return true;
    this.cut = true;
    return false;
  }

  /** Charges one bot decision (today one unit per move; the work budget will pass its work done). */
  charge(units = 1): void {
    this.spent += units;
  }
}
