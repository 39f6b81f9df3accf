/**
 * What a 1-human + 3-bot match writes with the deployed bot delay: every row the
 * match object writes (log, meta, schedule, outbox; SQLite's own counters through the test seams)
 * per human decision, for a whole classic match. With bot runs the bots cost no row of their own.
 */
import { describe, expect, it } from 'vitest';
import { annAndThreeBots, DELAY_MS } from './bot-run-helpers';
import { advance, info, move, pick, rng, stubOf } from './helpers';

interface Stats {
  rowsWritten: number;
  requests: number;
  logRows: number;
}

describe('bot runs: rows written', () => {
  it('a 1-human + 3-bot classic match writes at most 1.1 rows per human decision', async () => {
    const m = await annAndThreeBots('runs-cost');
    const stub = stubOf(m) as unknown as { benchStats(): Promise<{ body: Stats }> };
    const start = (await stub.benchStats()).body;
    const r = rng(17);
    let decisions = 0;
    let alarms = 0;
    for (let guard = 0; guard < 5000; guard++) {
      const ann = await info(m, m.seats[0]);
      if (ann.status === 'finished') break;
      const legal = ann.view!.legalMoves;
      if (legal.length === 0) {
        // A bot is to move (before runs: every bot move; with runs: never while Ann is in the match).
        await advance(m, DELAY_MS + 100);
        alarms++;
        continue;
      }
      const res = await move(m, m.seats[0]!, pick(legal, r), { version: ann.view!.version });
      expect(res.status).toBe(200);
      decisions++;
    }
    expect((await info(m, m.seats[0])).status).toBe('finished');
    const end = (await stub.benchStats()).body;
    const rows = end.rowsWritten - start.rowsWritten;
    console.log(
      `1 human + 3 basic bots, classic, bot delay 1500 ms: ${decisions} human decisions, ${alarms} bot alarms, ` +
        `${end.logRows - start.logRows} log rows, ${rows} rows written, ` +
        `${(rows / decisions).toFixed(3)} rows written per human decision`,
    );
    expect(alarms).toBe(0);
    expect(rows / decisions).toBeLessThanOrEqual(1.1);
  });
});
