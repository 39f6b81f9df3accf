/**
 * The per-client read limit (item 3): every GET under /api and the WebSocket upgrade
 * spend one read of READ_LIMITER; past the limit the answer is 429 `rate.limited` with
 * `Retry-After`, for that client only, and moves are not counted. A batch read weighs as many
 * reads as the matches it asks about (routes/limits.ts `limitClient`). The flood runs against a
 * binding configured as wrangler.toml deploys READ_LIMITER (300 a minute).
 */
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/index';
import type { AppEnv } from '../../worker/routes/http';
import { LIMIT_PERIOD_S, limitClient, spend } from '../../worker/routes/limits';
import wranglerToml from '../../wrangler.toml?raw';
import { create, freshIp, ORIGIN } from './helpers';

/** READ_LIMITER's figures in wrangler.toml. */
function deployedReadLimit(): { limit: number; period: number } {
  const block = /name = "READ_LIMITER"[^[]*simple = \{ limit = (\d+), period = (\d+) \}/.exec(wranglerToml);
  if (!block) throw new Error('no READ_LIMITER in wrangler.toml');
  return { limit: Number(block[1]), period: Number(block[2]) };
}

const LIMIT = deployedReadLimit().limit;
const asDeployed = { ...env, READ_LIMITER: env.READ_LIMITER_AS_DEPLOYED };

/**
 * The binding counts in fixed windows of a minute: a flood that started near the end of one would
 * be counted in two. Waits for a fresh window when less than 20 s of this one are left.
 */
async function freshWindow(): Promise<void> {
  const into = Date.now() % 60_000;
  if (into > 40_000) await new Promise((r) => setTimeout(r, 60_000 - into + 200));
}

/** One request to the app as `ip`, with READ_LIMITER as deployed. */
function call(ip: string, path: string, init: RequestInit = {}, bindings: object = asDeployed) {
  const headers = new Headers(init.headers);
  headers.set('CF-Connecting-IP', ip);
  return app.request(`${ORIGIN}${path}`, { ...init, headers }, bindings);
}

const twoHumans = { rules: 'classic', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'open' }] };

describe('the read limit', () => {
  it('wrangler.toml deploys 300 reads a minute per client', () => {
    expect(deployedReadLimit()).toEqual({ limit: 300, period: LIMIT_PERIOD_S });
  });

  it('a flood of polls is served up to the limit, then refused with 429 and Retry-After; others are not affected', async () => {
    const m = await create(twoHumans);
    const ip = freshIp();
    await freshWindow();
    const flood = LIMIT + 100;
    let served = 0;
    let refused = 0;
    let etag = '';
    for (let i = 0; i < flood; i++) {
      const res = await call(ip, `/api/matches/${m.id}`, { headers: { 'If-None-Match': etag } });
      if (res.status === 200 || res.status === 304) {
        served++;
        etag = res.headers.get('ETag') ?? etag;
      } else {
        expect(res.status).toBe(429);
        expect(res.headers.get('Retry-After')).toBe(String(LIMIT_PERIOD_S));
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('rate.limited');
        refused++;
      }
    }
    expect({ served, refused }).toEqual({ served: LIMIT, refused: flood - LIMIT });

    // Every kind of read is refused now: the log, a HEAD, the pages, the WebSocket upgrade.
    const reads: Array<[string, RequestInit]> = [
      [`/api/matches/${m.id}/log`, {}],
      [`/api/matches/${m.id}`, { method: 'HEAD' }],
      ['/api/mail/my-matches', {}],
      [`/api/matches/${m.id}/ws`, { headers: { Upgrade: 'websocket' } }],
    ];
    for (const [path, init] of reads) {
      const res = await call(ip, path, init);
      expect({ path, status: res.status }).toEqual({ path, status: 429 });
      expect(res.headers.get('Retry-After')).toBe(String(LIMIT_PERIOD_S));
    }
    // Writes have their own limit: the flooded client still joins the match.
    const claim = await call(ip, `/api/matches/${m.id}/claim`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invite: m.invite, name: 'Bob' }),
    });
    expect(claim.status).toBe(200);
    // Another client reads as usual.
    expect((await call(freshIp(), `/api/matches/${m.id}`)).status).toBe(200);
  });

  it('a batch read weighs as many reads as the matches it asks about', async () => {
    const m = await create(twoHumans);
    const ip = freshIp();
    // A stand-in for a batch route: it charges one read per match asked about.
    const batch = new Hono<AppEnv>();
    batch.post('/batch/:n', async (c) => {
      const refused = await limitClient(c, c.env.READ_LIMITER, 'read', Number(c.req.param('n')));
      return refused ?? c.json({ ok: true });
    });
    const asBatch = (n: number) =>
      batch.request(`/batch/${n}`, { method: 'POST', headers: { 'CF-Connecting-IP': ip } }, asDeployed);
    await freshWindow();
    const batches = Math.floor((LIMIT - 20) / 20);
    for (let i = 0; i < batches; i++) expect((await asBatch(20)).status).toBe(200);
    // What is left of the minute: exactly LIMIT − 20 × batches single reads.
    const left = LIMIT - 20 * batches;
    const statuses: number[] = [];
    for (let i = 0; i <= left; i++) statuses.push((await call(ip, `/api/matches/${m.id}`)).status);
    expect(statuses).toEqual([...Array(left).fill(200), 429]);
    const over = await asBatch(1);
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toBe(String(LIMIT_PERIOD_S));
  });

  it('a weight of n asks the binding n times with the client key; one refusal refuses the request', async () => {
    const keys: string[] = [];
    let allowed = 3;
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key);
        return { success: allowed-- > 0 };
      },
    } as unknown as RateLimit;
    expect(await spend(limiter, 'read:192.0.2.1', 3)).toBe(true);
    expect(keys).toEqual(Array(3).fill('read:192.0.2.1'));
    expect(await spend(limiter, 'read:192.0.2.1', 2)).toBe(false);
    expect(keys.length).toBe(5);
    // A weight below one still costs one read.
    expect(await spend(limiter, 'read:192.0.2.1', 0)).toBe(false);
    expect(keys.length).toBe(6);
  });

  it('refuses a WebSocket upgrade past the limit before it reaches the match', async () => {
    const m = await create(twoHumans);
    const denied = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const res = await call(
      freshIp(),
      `/api/matches/${m.id}/ws`,
      { headers: { Upgrade: 'websocket' } },
      { ...env, READ_LIMITER: denied },
    );
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('rate.limited');
  });
});
