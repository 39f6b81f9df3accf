/**
 * Regression: a known path asked with a wrong method (`PUT /api/matches/:id`, `PATCH …/moves`,
 * `OPTIONS /api/matches`) answered 404 `not_found`; it is 405 `method.not_allowed` with `Allow`.
 * And `GET /api` (no slash) or `/API/…` were served the client's HTML with 200 (the assets ran
 * first): they reach the Worker, which answers a JSON 404.
 */
import { describe, expect, it } from 'vitest';
import wranglerToml from '../../wrangler.toml?raw';
import { api, create, info } from './helpers';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';

/** The `run_worker_first` globs of wrangler.toml, matched as the assets router does (`*`: anything, case-sensitive). */
function runsWorkerFirst(path: string): boolean {
  const list = /run_worker_first\s*=\s*\[([^\]]*)\]/.exec(wranglerToml)![1];
  const globs = [...list.matchAll(/"([^"]+)"/g)].map((g) => g[1]);
  return globs.some((g) =>
    new RegExp(
      `^${g
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(path),
  );
}

describe('wrong methods', () => {
  it('get 405 method.not_allowed with the Allow header, and change nothing', async () => {
    const m = await create({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
      ],
    });
    const before = await info(m, m.seats[0]);
    for (const [method, path, allow] of [
      ['PUT', `/api/matches/${m.id}`, 'DELETE, GET, HEAD'],
      ['POST', `/api/matches/${m.id}`, 'DELETE, GET, HEAD'],
      ['PATCH', `/api/matches/${m.id}/moves`, 'POST'],
      ['GET', `/api/matches/${m.id}/moves`, 'POST'],
      ['OPTIONS', '/api/matches', 'POST'],
      ['GET', '/api/matches', 'POST'],
      ['DELETE', `/api/matches/${m.id}/seats/1/bot`, 'POST'],
      ['PUT', `/api/matches/${m.id}/log`, 'GET, HEAD'],
      ['DELETE', '/api/mail/push/key', 'GET, HEAD, POST'],
    ] as const) {
      const r = await api(path, { method, token: m.host, headers: { 'Content-Type': 'application/json' } });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.body.error.code).toBe('method.not_allowed');
      expect(r.headers.get('Allow'), `${method} ${path}`).toBe(allow);
      expect(r.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    }
    expect(await info(m, m.seats[0])).toEqual(before);
  });

  it('the right methods still work, HEAD included; unknown paths stay 404 not_found', async () => {
    expect((await api(`/api/matches/${ID}`, { method: 'HEAD' })).status).toBe(404);
    expect((await api(`/api/matches/${ID}`)).body.error.code).toBe('match.not_found');
    for (const path of [
      '/api/nothing',
      `/api/matches/${ID}/nothing`,
      '/api/matches/',
      '/api/matches/x/y/z/w',
    ]) {
      const r = await api(path, { method: 'PUT' });
      expect(r.status, path).toBe(404);
      expect(r.body.error.code).toBe('not_found');
    }
  });
});

describe('API paths outside /api/', () => {
  it('GET /api and /API/… get a JSON 404 from the Worker', async () => {
    for (const path of ['/api', '/API', '/API/matches', `/API/matches/${ID}`, '/Api/matches']) {
      const r = await api(path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(r.body.error.code).toBe('not_found');
    }
  });

  it('wrangler.toml runs the Worker first for them (not the single-page fallback)', () => {
    for (const path of [
      '/api',
      '/api/matches',
      `/api/matches/${ID}/ws`,
      '/API',
      '/API/matches',
      '/dev/mail',
    ]) {
      expect(runsWorkerFirst(path), path).toBe(true);
    }
    for (const path of ['/', '/m/abc', '/assets/index.js', '/rules'])
      expect(runsWorkerFirst(path), path).toBe(false);
  });
});
