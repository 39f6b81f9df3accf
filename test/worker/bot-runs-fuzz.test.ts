/**
 * Bot runs under a random mix of what can happen to a match: two humans (one answers
 * hazards herself, `ask`) and two bots with the deployed bot delay, fast rules (quick remedies,
 * mulligans); the humans' random moves, retries of a move id already played, missed turns and
 * windows (the clock moves past their deadlines), the bot alarm and evictions. Throughout: a retry
 * changes nothing, a human who must act always has legal moves and a deadline, no bot alarm waits
 * while a human acts; at the end the log replays to the stored state.
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DELAY_MS, setBotDelay } from './bot-run-helpers';
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
} from './helpers';

const HOUR = 3_600_000;

describe('bot runs under random events', () => {
  it.each([17, 18, 19])(
    'keeps one row per change, plays retries once and replays (seed %i)',
    async (seed) => {
      const m = await create({
        rules: { preset: 'classic', options: { quickRemedy: true, mulligan: true, matchTarget: 2000 } },
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'bot', botLevel: 'basic' },
          { kind: 'human', name: 'Bob', responseMode: 'ask' },
          { kind: 'bot', botLevel: 'basic' },
        ],
        firstSeat: 0,
        turnDeadlineHours: 1,
        responseWindowMinutes: 10,
        timeoutsToBot: 0,
        testStack: { seed: `runs-fuzz-${seed}` },
      });
      await setBotDelay(m, DELAY_MS);
      const r = rng(seed);
      const played: Array<{ token: string; moveId: string; move: unknown; version: number }> = [];
      let n = 0;
      for (let step = 0; step < 250; step++) {
        const ann = await info(m, m.seats[0]);
        if (ann.status === 'finished') break;
        const view = ann.view!;
        const schedule = await scheduleOf(m);
        const humans = [0, 2];
        const acting = humans.find((s) => view.turn === s || view.window?.seat === s);
        const token = acting === undefined ? null : m.seats[acting]!;
        const mine = token ? (await info(m, token)).view! : null;
        if (token && mine && mine.legalMoves.length > 0) {
          expect(schedule.some((s) => s.kind === 'bot')).toBe(false);
          expect(ann.deadlines.turn !== null || ann.deadlines.window !== null).toBe(true);
          const x = r();
          if (x < 0.08) {
            await advance(m, HOUR + 60_000);
            continue;
          }
          if (x < 0.12) await evictDurableObject(stubOf(m));
          if (x < 0.2 && played.length > 0) {
            const old = played[Math.floor(r() * played.length)];
            const rows = await logRows(m);
            const again = await api(`/api/matches/${m.id}/moves`, {
              token: old.token,
              body: { version: old.version, moveId: old.moveId, move: old.move },
            });
            expect(again.status).toBe(200);
            expect(again.body.replayed).toBe(true);
            expect(await logRows(m)).toBe(rows);
          }
          const mv = pick(mine.legalMoves, r);
          const moveId = `fuzz-${++n}`;
          const rows = await logRows(m);
          const res = await move(m, token, mv, { version: mine.version, moveId });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(await logRows(m)).toBe(rows + 1);
          played.push({ token, moveId, move: mv, version: mine.version });
          continue;
        }
        if (view.phase === 'handOver') {
          const res = await move(m, m.seats[0]!, { type: 'nextHand' }, { version: view.version });
          expect(res.status).toBe(200);
          continue;
        }
        // A bot must act: its alarm is pending (a run cut by its budget).
        expect(schedule.some((s) => s.kind === 'bot')).toBe(true);
        await fireSchedule(m, ['bot']);
      }
      const replay = await api(`/dev/replay/${m.id}`);
      expect(replay.status).toBe(200);
      expect(replay.body.replayed).toEqual(replay.body.stored);
    },
  );
});
