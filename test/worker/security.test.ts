/**
 * Protection: security headers, per-client rate limits on creation and moves, request-size limits,
 * and the test-only stacked-deck seam, which a production configuration cannot enable.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/index';
import { ipKey } from '../../worker/routes/http';
import wranglerToml from '../../wrangler.toml?raw';
import { api, create, info } from './helpers';

const body = { rules: 'classic', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot' }] };

describe('security headers', () => {
  it('API responses carry a CSP without inline scripts, no-referrer and no framing', async () => {
    for (const r of [await api('/api/matches/AAAAAAAAAAAAAAAAAAAAAA'), await api('/api/matches', { body })]) {
      const csp = r.headers.get('Content-Security-Policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(r.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(r.headers.get('X-Frame-Options')).toBe('DENY');
      expect(r.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
  });
});

describe('rate limits', () => {
  it('match creation is limited per client', async () => {
    const ip = '192.0.2.99';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await api('/api/matches', { body, ip })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await api('/api/matches', { body, ip });
    expect(limited.body.error.code).toBe('rate.limited');
    // Another client is not affected.
    expect((await api('/api/matches', { body, ip: '192.0.2.100' })).status).toBe(201);
  });

  it('moves are limited per client', async () => {
    const m = await create({ rules: 'classic', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const denied = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const res = await app.request(
      `/api/matches/${m.id}/moves`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${m.seats[0]}` },
        body: JSON.stringify({ version: 0, moveId: 'x', move: { type: 'pass' } }),
      },
      { ...env, MOVE_LIMITER: denied },
    );
    expect(res.status).toBe(429);
  });
});

describe('request size', () => {
  it('oversized creation bodies get 400 before anything is created', async () => {
    const big = { ...body, title: 'x'.repeat(40_000) };
    const r = await api('/api/matches', { body: big, ip: '192.0.2.150' });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('request.too_large');
  });

  it('titles, names and seat counts are bounded', async () => {
    const ip = '192.0.2.151';
    expect((await api('/api/matches', { body: { ...body, title: 'x'.repeat(81) }, ip })).status).toBe(400);
    const nine = Array.from({ length: 9 }, () => ({ kind: 'bot' }));
    expect((await api('/api/matches', { body: { ...body, seats: nine }, ip })).status).toBe(400);
    const r = await api('/api/matches', {
      body: { rules: 'classic', seats: [{ kind: 'human' }, { kind: 'human' }], teamSize: 2 },
      ip,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('rules.invalid');
  });
});

describe('the test-only seam', () => {
  const stacked = {
    ...body,
    testStack: { seed: 'x', position: { hands: { 0: ['d200', 'd200', 'd200', 'd200', 'd100', 'd100'] } } },
  };

  it('works in the test configuration (TEST_SEAMS = "1" from the vitest miniflare bindings)', async () => {
    const m = await create({ ...stacked, firstSeat: 1 });
    expect((await info(m, m.seats[0])).view!.hand.slice(0, 6).sort()).toEqual([
      'd100',
      'd100',
      'd200',
      'd200',
      'd200',
      'd200',
    ]);
  });

  it('is refused as an unknown field without TEST_SEAMS, and /dev routes do not exist', async () => {
    const prod = { ...env, TEST_SEAMS: undefined };
    const res = await app.request(
      '/api/matches',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(stacked) },
      prod,
    );
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { code: string; issues: string[] } };
    expect(json.error.code).toBe('request.invalid');
    expect(json.error.issues.join(' ')).toContain('testStack');
    expect((await app.request('/dev/stats/AAAAAAAAAAAAAAAAAAAAAA', {}, prod)).status).toBe(404);
    expect((await app.request('/dev/replay/AAAAAAAAAAAAAAAAAAAAAA', {}, prod)).status).toBe(404);
    const clock = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"ms":86400000}',
    };
    expect((await app.request('/dev/clock/AAAAAAAAAAAAAAAAAAAAAA', clock, prod)).status).toBe(404);
  });

  it('does not echo a huge unknown query key back whole', async () => {
    const key = 'k'.repeat(20_000);
    const res = await app.request(`/api/matches/AAAAAAAAAAAAAAAAAAAAAA/journal?${key}=1`, {}, env);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(2_000);
    const json = JSON.parse(text) as { error: { code: string; issues: string[] } };
    expect(json.error.code).toBe('request.invalid');
    expect(json.error.issues.every((line) => line.length <= 200)).toBe(true);
  });

  it('is never switched on by wrangler.toml', () => {
    expect(wranglerToml).not.toMatch(/TEST_SEAMS/);
    expect(wranglerToml).toMatch(/new_sqlite_classes\s*=\s*\["MatchDurableObject"\]/);
    // Which paths reach the Worker before the assets: methods.test.ts.
  });
});

describe('client keys (rate limits and the mail budget)', () => {
  it('take an IPv6 address by its /64 however it is written, an IPv4-mapped one as IPv4', () => {
    const key = ipKey('2001:db8:0:0:1:2:3:4');
    expect(key).toBe('2001:db8:0:0');
    for (const ip of ['2001:db8::1', '2001:DB8::2', '2001:0db8:0000::3', '2001:db8:0:0::ffff']) {
      expect(ipKey(ip), ip).toBe(key);
    }
    expect(ipKey('2001:db8:0:1::1')).not.toBe(key);
    expect(ipKey('::1')).toBe('0:0:0:0');
    expect(ipKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(ipKey('192.0.2.1')).toBe('192.0.2.1');
  });
});
