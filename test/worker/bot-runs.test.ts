/**
 * Bot runs: with a bot delay (as deployed), a human's move and the bots' moves up
 * to the next human decision are played in the same request and written as ONE log row; the run
 * stops at an `ask` seat's coup-fourré window and at the hand-over; it equals the bots moving one by
 * one with the same seeds; a retried move plays the bots once; a wake-up rebuilds the same state; a
 * run cut by its bot budget continues on one alarm.
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { chooseMove } from '../../worker/bots/index';
import { RUN_BOT_MOVES } from '../../worker/decider/bot-budget';
import {
  actingSeat,
  applyMove,
  forcedDraw,
  type MatchState,
  type Move,
  viewFor,
} from '../../worker/engine/index';
import type { LogRow, LogStep } from '../../worker/match/rows';
import type { MatchInfo } from '../../worker/protocol/views';
import { allStandIns, annAndThreeBots, DELAY_MS, setBotDelay, setupAndRows } from './bot-run-helpers';
import {
  advance,
  api,
  create,
  fireSchedule,
  info,
  logRows,
  move,
  pick,
  rng,
  scheduleOf,
  stubOf,
  type TestMatch,
} from './helpers';

/**
 * The bots moving one by one, as the delayed alarm played them before runs: after each logged
 * player move, every bot decides on the state the previous move left (same seed as the server:
 * match id and seat), and the server's forced draws are made, until Ann must decide.
 */
function oneByOne(matchId: string, start: MatchState, rows: readonly LogRow[]) {
  let state = start;
  const steps: Array<Pick<LogStep, 'seat' | 'move'>> = [];
  const apply = (seat: number, mv: Move) => {
    const r = applyMove(state, seat, mv);
    if (!r.ok) throw new Error(`refused: ${r.error.code}`);
    state = r.state;
    steps.push({ seat, move: mv });
  };
  for (const row of rows) {
    for (const step of row.payload as LogStep[]) if (step.actor === 'player') apply(step.seat, step.move);
    for (let guard = 0; guard < 500 && state.phase !== 'matchOver'; guard++) {
      const a = actingSeat(state);
      if (a === null) break;
      if (a === 0) {
        const draw = forcedDraw(state, 0);
        if (!draw) break;
        apply(0, draw);
        continue;
      }
      apply(a, chooseMove(viewFor(state, a), { level: 'basic', seed: `${matchId}:${a}` }));
    }
  }
  return { state, steps };
}

/** Ann plays `count` of her decisions (or until the match is over); checks one row per decision. */
async function annPlays(
  m: TestMatch,
  count: number,
  seed: number,
  each?: (before: MatchInfo, reply: { events: Array<{ type: string; seat?: number }> }) => Promise<void>,
): Promise<number> {
  const r = rng(seed);
  let decisions = 0;
  for (let i = 0; i < count; i++) {
    const before = await info(m, m.seats[0]);
    if (before.status === 'finished') break;
    const legal = before.view!.legalMoves;
    expect(legal.length).toBeGreaterThan(0); // the bots never leave Ann waiting
    const rows = await logRows(m);
    const res = await move(m, m.seats[0]!, pick(legal, r), { version: before.view!.version });
    expect(res.status).toBe(200);
    expect(await logRows(m)).toBe(rows + 1);
    decisions++;
    await each?.(before, res.body);
  }
  return decisions;
}

describe('bot runs: one row per human decision', () => {
  it('plays the bots inside the move, one row each, with no bot alarm, up to the hand-over', async () => {
    const m = await annAndThreeBots('runs-1');
    const rowsAtStart = await logRows(m);
    let botEvents = 0;
    let handOvers = 0;
    const decisions = await annPlays(m, 80, 7, async (before, reply) => {
      botEvents += reply.events.filter((e) => e.seat !== undefined && e.seat !== 0).length;
      expect((await scheduleOf(m)).some((s) => s.kind === 'bot')).toBe(false);
      const now = await info(m, m.seats[0]);
      if (now.view!.phase === 'handOver' && before.view!.phase !== 'handOver') {
        handOvers++;
        // The run stopped at the hand-over: Ann may start the next hand, no bot did.
        expect(now.view!.legalMoves).toContainEqual({ type: 'nextHand' });
      }
    });
    expect(botEvents).toBeGreaterThan(decisions);
    expect(handOvers).toBeGreaterThan(0);
    expect(await logRows(m)).toBe(rowsAtStart + decisions);
    // Every bot move of a run is dated with its row's time.
    const log = await api(`/api/matches/${m.id}/log`);
    const bySeq = new Map<number, Set<string>>();
    for (const e of log.body.events as Array<{ seq: number; at: string }>)
      bySeq.set(e.seq, (bySeq.get(e.seq) ?? new Set()).add(e.at));
    expect([...bySeq.values()].every((times) => times.size === 1)).toBe(true);
  });

  it('a run in one row equals the bots moving one by one with the same seeds, and replays', async () => {
    const m = await annAndThreeBots('runs-2');
    await annPlays(m, 60, 11);
    const { state, rows, stored } = await setupAndRows(m);
    const expected = oneByOne(m.id, state, rows);
    expect(
      rows.flatMap((row) => (row.payload as LogStep[]).map((s) => ({ seat: s.seat, move: s.move }))),
    ).toEqual(expected.steps);
    expect(stored).toEqual(expected.state);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
  });

  it('a retried move returns its first outcome and plays the bots once', async () => {
    const m = await annAndThreeBots('runs-3');
    const ann = await info(m, m.seats[0]);
    const mv = ann.view!.legalMoves[0];
    const first = await move(m, m.seats[0]!, mv, { version: ann.view!.version, moveId: 'run-retry' });
    expect(first.status).toBe(200);
    const rows = await logRows(m);
    const version = (await info(m, m.seats[0])).view!.version;
    expect(version).toBeGreaterThan(ann.view!.version + 1); // the bots moved too
    const again = await move(m, m.seats[0]!, mv, { version: ann.view!.version, moveId: 'run-retry' });
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.events).toEqual(first.body.events);
    expect(await logRows(m)).toBe(rows);
    expect((await info(m, m.seats[0])).view!.version).toBe(version);
  });

  it('a wake-up after eviction rebuilds the same state and plays on', async () => {
    const m = await annAndThreeBots('runs-4');
    await annPlays(m, 45, 5);
    const before = await info(m, m.seats[0]);
    await evictDurableObject(stubOf(m));
    const after = await info(m, m.seats[0]);
    expect(after.view).toEqual(before.view);
    expect(after.deadlines).toEqual(before.deadlines);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
    expect(await annPlays(m, 3, 6)).toBe(3);
  });
});

describe('bot runs: where a run stops', () => {
  it("stops at an ask seat's coup-fourré window, and goes on after the answer", async () => {
    const m = await create({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann', responseMode: 'ask' },
        { kind: 'bot', botLevel: 'basic' },
      ],
      firstSeat: 0,
      responseWindowMinutes: 30,
      testStack: {
        seed: 'runs-window',
        position: {
          hands: {
            0: ['driving_ace', 'd25', 'd50', 'd75', 'd100', 'd200'],
            1: ['accident', 'accident', 'd25', 'd50', 'gasoline', 'repairs'],
          },
          tableaux: { 0: { battle: ['roll'] } },
          deck: ['accident', 'd25', 'd50', 'd75'],
          turn: 0,
        },
      },
    });
    await setBotDelay(m, DELAY_MS);
    const rows = await logRows(m);
    const res = await move(m, m.seats[0]!, { type: 'play', card: 'd25' });
    expect(res.status).toBe(200);
    expect(await logRows(m)).toBe(rows + 1);
    // Ann's move, then the bot's draw and its Accident on Ann: the run stops at her window.
    expect(res.body.events.map((e: { type: string }) => e.type)).toContain('windowOpened');
    const asked = await info(m, m.seats[0]);
    expect(asked.view!.phase).toBe('respond');
    expect(asked.view!.legalMoves).toContainEqual({ type: 'coupFourre', card: 'driving_ace' });
    const schedule = await scheduleOf(m);
    expect(schedule.some((s) => s.kind === 'window')).toBe(true);
    expect(schedule.some((s) => s.kind === 'bot')).toBe(false);
    const answer = await move(m, m.seats[0]!, { type: 'coupFourre', card: 'driving_ace' });
    expect(answer.status).toBe(200);
    expect(await logRows(m)).toBe(rows + 2);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
  });

  it('a run cut by its bot budget continues on the alarm, one run per alarm', async () => {
    // A bot keeps Ann's seat, with no bot delay (tests, benchmarks): every seat is a bot's, so the change plays a run of RUN_BOT_MOVES and the alarm plays the rest, run by run.
    const m = await annAndThreeBots('runs-cut');
    await setBotDelay(m, null);
    await allStandIns(m);
    expect((await info(m, m.seats[0])).seats[0].botStandIn).toBe(true);
    // A bot's decisions (starting the next hand between all-bot hands is no decision).
    const botSteps = (row: LogRow) =>
      (row.payload as LogStep[]).filter((s) => s.actor === 'bot' && s.move.type !== 'nextHand').length;
    const first = await setupAndRows(m);
    expect(botSteps(first.rows.at(-1)!)).toBe(RUN_BOT_MOVES);
    for (let i = 0; i < 200 && (await info(m, m.seats[0])).status !== 'finished'; i++)
      await fireSchedule(m, ['bot']);
    const all = await setupAndRows(m);
    expect((await info(m, m.seats[0])).status).toBe('finished');
    const runs = all.rows.slice(first.rows.length - 1).map(botSteps);
    expect(Math.max(...runs)).toBe(RUN_BOT_MOVES);
    expect(runs.slice(0, -1).every((n) => n === RUN_BOT_MOVES)).toBe(true);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
  });

  it('with no human left to act, bots keep a human pace: one turn per alarm after the delay', async () => {
    const m = await annAndThreeBots('runs-pace');
    await allStandIns(m);
    expect((await info(m, m.seats[0])).seats[0].botStandIn).toBe(true);
    for (let turn = 0; turn < 3; turn++) {
      const bot = (await scheduleOf(m)).find((s) => s.kind === 'bot')!;
      expect(bot.at_ms - Date.now()).toBeGreaterThan(DELAY_MS - 500);
      const rows = await logRows(m);
      await advance(m, DELAY_MS + 100);
      const after = await setupAndRows(m);
      expect(after.rows.length).toBe(rows + 1);
      const seats = new Set((after.rows.at(-1)!.payload as LogStep[]).map((s) => s.seat));
      expect(seats.size).toBe(1);
    }
  });
});
