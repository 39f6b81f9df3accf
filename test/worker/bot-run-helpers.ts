/**
 * Helpers of the bot-run tests: Ann and three basic bots with the deployed bot
 * delay, the match object's setup and log rows read inside it, and a match of stand-ins only.
 */
import { runInDurableObject } from 'cloudflare:test';
import { withStandIn } from '../../worker/decider/vacation';
import { createMatch, type MatchState } from '../../worker/engine/index';
import { commit } from '../../worker/match/commit';
import type { MatchContext } from '../../worker/match/context';
import type { LogRow } from '../../worker/match/rows';
import { create, stubOf, type TestMatch } from './helpers';

/** The bot delay as deployed (wrangler.toml `BOT_DELAY_MS`), ms. */
export const DELAY_MS = 1500;

/**
 * Every seat to a bot: Ann's gets a stand-in, as the commit path hands a seat to a bot (the routes
 * never take the last human's seat: `seat.last_human`; a match of stand-ins only is the pacing case).
 */
export async function allStandIns(m: TestMatch): Promise<void> {
  await runInDurableObject(stubOf(m), (instance) => {
    const match = (instance as unknown as { match: MatchContext }).match;
    const seats = [withStandIn(match.seats[0], 'self')];
    commit(match, { reason: 'seat', seat: 0, opening: { kind: 'settle' }, seats });
    return match.schedule.syncAlarm();
  });
}

/** Sets the match object's bot delay in ms (null: back to the suite's 0). */
export async function setBotDelay(m: TestMatch, ms: number | null): Promise<void> {
  const stub = stubOf(m) as unknown as { testSetBotDelay(ms: number | null): Promise<unknown> };
  await stub.testSetBotDelay(ms);
}

/**
 * Ann (seat 0, human, first to play) and three basic bots, with the deployed bot delay; `extra`
 * adds creation fields.
 */
export async function annAndThreeBots(seed: string, extra: Record<string, unknown> = {}): Promise<TestMatch> {
  const m = await create({
    ...extra,
    rules: 'classic',
    seats: [
      { kind: 'human', name: 'Ann' },
      { kind: 'bot', botLevel: 'basic' },
      { kind: 'bot', botLevel: 'basic' },
      { kind: 'bot', botLevel: 'basic' },
    ],
    firstSeat: 0,
    testStack: { seed },
  });
  await setBotDelay(m, DELAY_MS);
  return m;
}

/** The match object's setup and log rows, read inside it. */
export async function setupAndRows(
  m: TestMatch,
): Promise<{ state: MatchState; rows: LogRow[]; stored: MatchState }> {
  return runInDurableObject(stubOf(m), (instance) => {
    const match = (
      instance as unknown as {
        match: {
          meta: { setup: { setup: Parameters<typeof createMatch>[0] }; state: MatchState };
          log: { rowsAfter(seq: number, limit: number): LogRow[] };
        };
      }
    ).match;
    const created = createMatch(match.meta.setup.setup);
    if (!created.ok) throw new Error('setup does not deal');
    return { state: created.state, rows: match.log.rowsAfter(0, 1_000_000), stored: match.meta.state };
  });
}
