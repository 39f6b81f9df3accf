/**
 * "A day passes" on the test clock is one call: `POST /dev/clock/:id` moves the match's clock and
 * runs at once what fell due (here a turn deadline), and the moved clock survives the object's
 * restart. `runDue: false` only moves the clock (the server bench's frame windows).
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, create, info, stubOf, type TestMatch } from './helpers';

const HOUR = 3_600_000;

/** Ann and Bob by link, Ann to play, a 1-hour turn deadline after which the turn is skipped. */
function duel(): Promise<TestMatch> {
  return create({
    rules: 'classic',
    seats: [
      { kind: 'human', name: 'Ann' },
      { kind: 'human', name: 'Bob' },
    ],
    firstSeat: 0,
    turnDeadlineHours: 1,
    onDeadline: 'skip',
    timeoutsToBot: 0,
  });
}

const passes = (m: TestMatch, body: Record<string, unknown>) => api(`/dev/clock/${m.id}`, { body });

describe('a day passes on the test clock', () => {
  it('runs the turn deadline that fell due in the same call', async () => {
    const m = await duel();
    const ann = m.seats[0]!;
    const before = await info(m, ann);
    expect(before.view!.turn).toBe(0);
    const r = await passes(m, { ms: 2 * HOUR });
    expect(r.status).toBe(200);
    const after = await info(m, ann);
    expect(after.view!.version).toBeGreaterThan(before.view!.version);
    expect(after.view!.turn).toBe(1);
  });

  it('only moves the clock with runDue false', async () => {
    const m = await duel();
    const ann = m.seats[0]!;
    const before = await info(m, ann);
    expect((await passes(m, { ms: 2 * HOUR, runDue: false })).status).toBe(200);
    const after = await info(m, ann);
    expect(after.view!.version).toBe(before.view!.version);
  });

  it('keeps the moved clock when the object restarts', async () => {
    const m = await duel();
    const r = await passes(m, { ms: 5 * HOUR, runDue: false });
    const movedTo = (r.body as { now: number }).now;
    await evictDurableObject(stubOf(m));
    const again = await passes(m, { ms: 0, runDue: false });
    expect((again.body as { now: number }).now).toBeGreaterThanOrEqual(movedTo);
    expect((again.body as { now: number }).now - movedTo).toBeLessThan(HOUR);
  });

  it('refuses a body that is not a span of time', async () => {
    const m = await duel();
    for (const body of [{ ms: -1 }, { ms: 1.5 }, { ms: 1000, runDue: 'yes' }, { ms: 31 * 24 * HOUR }]) {
      const r = await passes(m, body);
      expect(r.status).toBe(400);
      expect((r.body as { error: { code: string } }).error.code).toBeTypeOf('string');
    }
  });
});
