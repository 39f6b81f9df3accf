/**
 * At the platform's daily limit (issue #33 part 2, the match side): with the fault seam
 * (`POST /dev/faults`, worker/faults.ts) a move whose writes are refused is refused whole (503
 * `server.daily_limit`, `Retry-After` up to the next 00:00 UTC, the match unchanged), the same move
 * id plays once after the reset, a turn deadline that fell inside the outage moves by at least its
 * length (counted from the last row the match stored, also when the object restarted inside it),
 * a refused call to the match object answers the same way, and the recogniser knows the platform's
 * own words. Without TEST_SEAMS the seam does not exist.
 */
import { evictDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { isDailyLimit } from '../../worker/daily-limit';
import { faultOn, setFault } from '../../worker/faults';
import app from '../../worker/index';
import { matchStub } from '../../worker/match/stub';
import { nextResetMs } from '../../worker/shared/limits';
import { annAndBob, api, info, pinClock, stubOf, type TestMatch } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const faults = (body: Record<string, unknown>) => api('/dev/faults', { body });
const passes = (m: TestMatch, ms: number) => api(`/dev/clock/${m.id}`, { body: { ms } });

/** Everything a player could see change: the version, the view, the log and the deadlines. */
async function seen(m: TestMatch, token: string) {
  const i = await info(m, token);
  const log = (await api(`/api/matches/${m.id}/log`)).body.events;
  return { version: i.view!.version, view: i.view, deadlines: i.deadlines, log };
}

afterEach(async () => {
  await faults({ writes: null, calls: null });
});

describe('the daily-limit recogniser', () => {
  it('knows the platform’s refusals, through a cause too, and nothing else', () => {
    // The messages as deployed Workers log them (worker/daily-limit.ts cites the source).
    expect(
      isDailyLimit(
        new Error('SQL query failed: Exceeded allowed rows written in Durable Objects free tier.'),
      ),
    ).toBe(true);
    expect(isDailyLimit(new Error('Exceeded allowed volume of requests in Durable Objects free tier.'))).toBe(
      true,
    );
    expect(isDailyLimit(new Error('Exceeded allowed rows read in Durable Objects free tier.'))).toBe(true);
    expect(isDailyLimit(new Error('Exceeded allowed duration in Durable Objects free tier.'))).toBe(true);
    expect(
      isDailyLimit(
        new Error('outer', {
          cause: new Error('Exceeded allowed rows written in Durable Objects free tier.'),
        }),
      ),
    ).toBe(true);
    expect(
      isDailyLimit('Code 10048: your account has reached the free usage limit for this operation for today'),
    ).toBe(true);
    expect(isDailyLimit(new Error('SQL query failed: UNIQUE constraint failed: log.seq'))).toBe(false);
    expect(isDailyLimit(new Error('Durable Object is overloaded.'))).toBe(false);
    expect(isDailyLimit(null)).toBe(false);
  });

  it('puts the reset at the next 00:00 UTC', () => {
    expect(nextResetMs(Date.UTC(2026, 11, 6, 23, 0))).toBe(Date.UTC(2026, 11, 7));
    expect(nextResetMs(Date.UTC(2026, 11, 7))).toBe(Date.UTC(2026, 11, 8));
  });
});

describe('a move at the daily limit', () => {
  it('is refused whole with 503 and Retry-After, and the same move id plays once after the reset', async () => {
    const m = await annAndBob('limit-move');
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const t0 = Date.UTC(2026, 11, 6, 22, 0);
    await pinClock(m, t0);
    const before = await seen(m, bob);
    const reset = nextResetMs(t0);
    expect((await faults({ writes: 'daily_limit', untilMs: reset })).status).toBe(200);

    const body = { version: before.version, moveId: 'kept-move-1', move: { type: 'play', card: 'roll' } };
    const refused = await api(`/api/matches/${m.id}/moves`, { token: ann, body });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('server.daily_limit');
    expect(refused.headers.get('Retry-After')).toBe(String((reset - t0) / 1000));
    expect(refused.body.resumeAt).toBe(reset);
    // Nothing of it was stored or kept in memory: the same version, view, log and deadlines.
    expect(await seen(m, bob)).toEqual(before);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);

    // After the reset the same move (same id) is played, once.
    await passes(m, reset - t0);
    const played = await api(`/api/matches/${m.id}/moves`, { token: ann, body });
    expect(played.status).toBe(200);
    expect(played.body.info.view.version).toBeGreaterThan(before.version);
    const again = await api(`/api/matches/${m.id}/moves`, { token: ann, body });
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    const rolls = (await seen(m, bob)).log.filter(
      (e: { event: { type: string; card?: string; seat?: number } }) =>
        e.event.type === 'played' && e.event.card === 'roll' && e.event.seat === 0,
    );
    expect(rolls).toHaveLength(1);
  });

  it('leaves no half-written state when the limit comes in the middle of the move', async () => {
    const m = await annAndBob('limit-midway', 'classic', undefined, { turnDeadlineHours: 1 });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const before = await seen(m, bob);
    const rows = async () => (await api(`/dev/stats/${m.id}`)).body.logRows;
    const logRows = await rows();
    // The move's first row (its log row) is stored, the next one (its turn timer) is refused.
    await faults({ writes: 'daily_limit', afterWrites: 1 });
    const body = { version: before.version, moveId: 'kept-move-3', move: { type: 'play', card: 'roll' } };
    expect((await api(`/api/matches/${m.id}/moves`, { token: ann, body })).status).toBe(503);
    expect(await seen(m, bob)).toEqual(before);
    expect(await rows()).toBe(logRows);
    await faults({ writes: null });
    expect((await api(`/api/matches/${m.id}/moves`, { token: ann, body })).status).toBe(200);
    expect(await rows()).toBe(logRows + 1);
  });

  it('moves a turn deadline that fell inside the outage by its length, from the last row stored: nobody times out', async () => {
    const m = await annAndBob('limit-deadline', 'classic', undefined, { turnDeadlineHours: 1 });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const deadline = Date.parse((await info(m, ann)).deadlines.turn!);
    const t0 = deadline - 30 * MINUTE;
    await pinClock(m, t0);
    const end = t0 + 2 * HOUR;
    await faults({ writes: 'daily_limit', untilMs: end });
    const before = await seen(m, bob);
    const body = { version: before.version, moveId: 'kept-move-2', move: { type: 'play', card: 'roll' } };
    expect((await api(`/api/matches/${m.id}/moves`, { token: ann, body })).status).toBe(503);

    // The deadline passes during the outage: its timeout cannot be stored either.
    await passes(m, HOUR);
    expect(await seen(m, bob)).toEqual(before);
    // Writes work again: the outage counts from the last row stored (the deal, when Ann's hour began),
    // so the deadline moved by 2 h 30: at least the outage's 2 h, and Ann has her whole hour again.
    await passes(m, HOUR);
    const after = await seen(m, bob);
    expect(after.version).toBe(before.version);
    expect(after.log).toEqual(before.log);
    expect(Date.parse(after.deadlines.turn!)).toBe(end + HOUR);
    await passes(m, 20 * MINUTE);
    expect((await seen(m, bob)).version).toBe(before.version);
    expect((await api(`/api/matches/${m.id}/moves`, { token: ann, body })).status).toBe(200);
  });

  it('keeps the outage’s start when the change that ended it is refused after all', async () => {
    const m = await annAndBob('limit-restart', 'classic', undefined, { turnDeadlineHours: 1 });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const deadline = Date.parse((await info(m, ann)).deadlines.turn!);
    const t0 = deadline - 30 * MINUTE;
    await pinClock(m, t0);
    await faults({ writes: 'daily_limit' });
    const before = await seen(m, bob);
    const body = { version: before.version, moveId: 'kept-move-4', move: { type: 'play', card: 'roll' } };
    expect((await api(`/api/matches/${m.id}/moves`, { token: ann, body })).status).toBe(503);
    await api(`/dev/clock/${m.id}`, { body: { ms: HOUR, runDue: false } });
    // The move ends the outage (three write statements: the turn timer, the meta row, the queued turn
    // mail's), then its own rows are refused: the change is rolled back, the outage runs on from t0.
    await faults({ writes: 'daily_limit', afterWrites: 3 });
    expect((await api(`/api/matches/${m.id}/moves`, { token: ann, body })).status).toBe(503);
    await faults({ writes: null });
    // The alarm after the outage: the deadline moves by the whole outage (since the last row stored,
    // the deal, an hour before the deadline), nobody times out.
    await passes(m, 0);
    const after = await seen(m, bob);
    expect(after.version).toBe(before.version);
    expect(Date.parse(after.deadlines.turn!)).toBe(t0 + HOUR + HOUR);
  });

  it('moves a deadline that fell inside the outage when the object restarted in it: nobody times out', async () => {
    const m = await annAndBob('limit-evicted', 'classic', undefined, { turnDeadlineHours: 1 });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const deadline = Date.parse((await info(m, ann)).deadlines.turn!);
    const t0 = deadline - 30 * MINUTE;
    await pinClock(m, t0);
    const end = t0 + 2 * HOUR;
    await faults({ writes: 'daily_limit', untilMs: end });
    const before = await seen(m, bob);
    const body = { version: before.version, moveId: 'kept-move-5', move: { type: 'play', card: 'roll' } };
    expect((await api(`/api/matches/${m.id}/moves`, { token: ann, body })).status).toBe(503);
    // The object restarts: what it knew of the outage is gone. The deadline's alarm, refused, is the
    // first write the new one tries: the outage starts again, at the last row stored.
    await evictDurableObject(stubOf(m));
    await passes(m, HOUR);
    expect(await seen(m, bob)).toEqual(before);
    // The reset: the outage counted from the last row stored (the deal, an hour before the
    // deadline): Ann has her hour again.
    await passes(m, HOUR);
    const after = await seen(m, bob);
    expect(after.version).toBe(before.version);
    expect(after.log).toEqual(before.log);
    expect(Date.parse(after.deadlines.turn!)).toBe(end + HOUR);
    await passes(m, 50 * MINUTE);
    expect((await seen(m, bob)).version).toBe(before.version);
    const played = await api(`/api/matches/${m.id}/moves`, { token: ann, body });
    expect(played.status).toBe(200);
    expect(played.body.info.view.version).toBeGreaterThan(before.version);
  });

  it('is refused the same way when the platform refuses the call to the match object', async () => {
    const m = await annAndBob('limit-calls');
    await faults({ calls: 'daily_limit' });
    const r = await api(`/api/matches/${m.id}`, { token: m.seats[0] });
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('server.daily_limit');
    const now = Date.now();
    expect(Number(r.headers.get('Retry-After'))).toBeGreaterThanOrEqual(
      Math.floor((nextResetMs(now) - now) / 1000) - 5,
    );
    await faults({ calls: null });
    expect((await api(`/api/matches/${m.id}`, { token: m.seats[0] })).status).toBe(200);
  });
});

describe('the fault seam', () => {
  it('does not exist without TEST_SEAMS: no route, and a fault left on changes nothing', async () => {
    const prod = { ...env, TEST_SEAMS: undefined };
    const req = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"calls":"daily_limit"}',
    };
    expect((await app.request('/dev/faults', req, prod)).status).toBe(404);
    const m = await annAndBob('limit-prod');
    setFault('calls', 'daily_limit');
    expect(faultOn('calls', Date.now())).toBe(true);
    const reply = await matchStub(prod, m.id).info(null, null);
    expect(reply.status).toBe(200);
    setFault('calls', null);
  });
});
