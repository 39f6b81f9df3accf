/**
 * Every answer at the platform's daily limit (issue #33 part 2) is a refusal the page can read: a
 * 4xx or 503 with JSON `{ error: { code, message } }`, never a 500, whether the match object's writes
 * are refused (after 0 or 1 of them) or the call to it is (the fault seam, worker/faults.ts); a batch
 * of summaries names the limit per match.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { annAndBob, api, type TestMatch } from './helpers';

const faults = (body: Record<string, unknown>) => api('/dev/faults', { body });

afterEach(async () => {
  await faults({ writes: null, calls: null });
});

/** Requests a player, the host or a stranger makes of one match. */
function requests(m: TestMatch): Array<[string, Parameters<typeof api>[1]]> {
  const [ann, bob] = [m.seats[0]!, m.seats[1]!];
  const id = m.id;
  return [
    [`/api/matches/${id}`, { token: ann }],
    [`/api/matches/${id}?present=1`, { token: bob }],
    [`/api/matches/${id}/log`, {}],
    [`/api/matches/${id}/journal`, {}],
    [`/api/matches/${id}/chat`, { token: ann }],
    [`/api/matches/${id}/chat`, { token: ann, body: { text: 'hello' } }],
    [`/api/matches/${id}/chat`, { token: bob, body: { phrase: 'goodGame' } }],
    [`/api/matches/${id}/chat/read`, { token: bob, body: { upTo: 1 } }],
    [`/api/matches/${id}/chat/1`, { token: ann, method: 'DELETE' }],
    [`/api/matches/${id}/settings`, { token: bob, body: { timeZone: 'Europe/Oslo' } }],
    [`/api/matches/${id}/settings`, { token: bob, body: { email: 'bob-answers@example.org' } }],
    [`/api/matches/${id}/settings`, { token: bob, body: { playForMe: true } }],
    [`/api/matches/${id}/seats/1/bot`, { token: m.host, body: {} }],
    [`/api/matches/${id}/seats/1/reclaim`, { token: bob, body: {} }],
    [
      `/api/matches/${id}/moves`,
      { token: ann, body: { version: 1, moveId: 'answers-1', move: { type: 'play', card: 'roll' } } },
    ],
    [`/api/matches/${id}/rematch`, { token: ann, body: {} }],
    [`/api/matches/${id}/leave`, { token: bob, body: {} }],
    [`/api/matches/${id}`, { token: m.host, method: 'DELETE' }],
  ];
}

async function sweep(m: TestMatch, fault: Record<string, unknown>, what: string): Promise<number> {
  let refusedAtLimit = 0;
  for (const [path, init] of requests(m)) {
    await faults(fault);
    const r = await api(path, init);
    await faults({ writes: null, calls: null });
    const label = `${what}: ${init?.method ?? (init?.body ? 'POST' : 'GET')} ${path} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`;
    expect(r.status, label).not.toBe(500);
    if (r.status >= 400) {
      expect([400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 503], label).toContain(r.status);
      expect(typeof r.body?.error?.code, label).toBe('string');
      expect(typeof r.body?.error?.message, label).toBe('string');
      if (r.status === 503) expect(r.body.error.code, label).toBe('server.daily_limit');
      if (r.body.error.code === 'server.daily_limit') refusedAtLimit++;
    }
  }
  return refusedAtLimit;
}

describe('every answer at the daily limit', () => {
  it('is a 4xx or 503 with an error body, never a 500, when the match’s writes are refused', async () => {
    for (const afterWrites of [0, 1]) {
      const m = await annAndBob(`answers-writes-${afterWrites}`, 'classic', undefined, {
        turnDeadlineHours: 1,
      });
      expect(
        await sweep(m, { writes: 'daily_limit', afterWrites }, `writes after ${afterWrites}`),
      ).toBeGreaterThan(3);
    }
  });

  it('is 503 server.daily_limit when the call to the match is refused', async () => {
    const m = await annAndBob('answers-calls');
    expect(await sweep(m, { calls: 'daily_limit' }, 'calls')).toBe(requests(m).length);
  });

  it('names the limit per match in a batch of summaries', async () => {
    const m = await annAndBob('answers-summaries');
    await faults({ calls: 'daily_limit' });
    const r = await api('/api/matches/summaries', {
      body: { items: [{ matchId: m.id, token: m.seats[0] }] },
    });
    expect(r.status).toBe(200);
    expect(r.body.items[0]).toMatchObject({ ok: false, error: { code: 'server.daily_limit' } });
  });
});
