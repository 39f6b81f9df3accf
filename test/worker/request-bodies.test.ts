/**
 * The one body reader (worker/routes/body.ts). A request body that fails to arrive (item
 * 2): cut short mid-stream, or shorter than its Content-Length, on every route of the app that takes
 * a body (found from the app's route table). Each gets 400 `request.malformed`, never a 500, and
 * nothing changes: no route handler runs (its rate limiter is never asked) and the match stays as it
 * was. And the forms of the mail pages, read from the kept bytes, as hono read them before.
 */
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/index';
import { MAX_BODY_BYTES } from '../../worker/protocol/body';
import { readBody, readFormBody } from '../../worker/routes/body';
import type { AppEnv } from '../../worker/routes/http';
import { create, freshIp, ORIGIN, type TestMatch, worker } from './helpers';

/** Every route path and method of the app that takes a body (all but GET; middleware left out). */
function bodyRoutes(): Array<{ method: string; path: string }> {
  const routes = new Map<string, { method: string; path: string }>();
  for (const r of app.routes) {
    if (r.method !== 'ALL' && r.method !== 'GET')
      routes.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...routes.values()];
}

/** A concrete URL path for a route path: the match's id, and a well-formed value for every other parameter. */
function pathFor(route: string, m: TestMatch): string {
  const values: Record<string, string> = {
    id: m.id,
    seat: '1',
    key: 'a'.repeat(64),
    token: 'x'.repeat(20),
    ack: 'a'.repeat(43),
  };
  return route.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_, name: string) => values[name] ?? 'x');
}

/** A body that sends `head` and then fails, as a dropped upload does. */
function cutShort(head: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) {
        controller.error(new Error('Network connection lost.'));
        return;
      }
      sent = true;
      controller.enqueue(new TextEncoder().encode(head));
    },
  });
}

/** A limiter that counts its calls and always allows. */
function spyLimiter(): { limiter: RateLimit; calls: () => number } {
  let calls = 0;
  const limiter = {
    limit: async () => {
      calls++;
      return { success: true };
    },
  } as unknown as RateLimit;
  return { limiter, calls: () => calls };
}

/** The match as its host sees it, with its ETag (a change of any kind changes the ETag). */
async function snapshot(m: TestMatch): Promise<{ etag: string | null; body: string }> {
  const res = await worker().fetch(`${ORIGIN}/api/matches/${m.id}`, {
    headers: { Authorization: `Bearer ${m.host}` },
  });
  expect(res.status).toBe(200);
  return { etag: res.headers.get('ETag'), body: await res.text() };
}

const twoHumans = { rules: 'classic', seats: [{ kind: 'human', name: 'Ann' }, { kind: 'open' }] };

describe('a request body that fails to arrive', () => {
  const routes = bodyRoutes();

  it('the route table lists every route that takes a body', () => {
    const listed = routes.map((r) => `${r.method} ${r.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /api/matches',
        'POST /api/matches/:id/moves',
        'POST /api/matches/:id/claim',
        'POST /api/matches/:id/settings',
        'POST /api/matches/:id/rematch',
        'DELETE /api/matches/:id',
        'POST /api/mail/my-matches',
        'POST /api/mail/mute/:key/:id/:token',
        'POST /api/mail/push/:id',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
  });

  it('cut short mid-stream: 400 request.malformed on every route, no handler runs, the match is unchanged', async () => {
    const m = await create(twoHumans);
    const before = await snapshot(m);
    const creations = spyLimiter();
    const moves = spyLimiter();
    for (const route of routes) {
      const res = await app.request(
        `${ORIGIN}${pathFor(route.path, m)}`,
        {
          method: route.method,
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${m.host}`,
            'CF-Connecting-IP': freshIp(),
          },
          body: cutShort('{"version":0,"moveId":"x",'),
        },
        { ...env, CREATE_LIMITER: creations.limiter, MOVE_LIMITER: moves.limiter },
      );
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect({ route: `${route.method} ${route.path}`, status: res.status, code: body.error.code }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 400,
        code: 'request.malformed',
      });
      expect(body.error.message).toMatch(/did not arrive/);
    }
    expect(creations.calls() + moves.calls()).toBe(0);
    expect(await snapshot(m)).toEqual(before);
  });

  it('shorter than its Content-Length: 400 request.malformed on every route, the match is unchanged', async () => {
    const m = await create(twoHumans);
    const before = await snapshot(m);
    const body = JSON.stringify({ version: 0, moveId: 'cut', move: { type: 'draw' } });
    for (const route of routes) {
      const res = await worker().fetch(`${ORIGIN}${pathFor(route.path, m)}`, {
        method: route.method,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(body.length + 100),
          Authorization: `Bearer ${m.host}`,
          'CF-Connecting-IP': freshIp(),
        },
        body,
      });
      const answer = (await res.json()) as { error: { code: string } };
      expect({ route: `${route.method} ${route.path}`, status: res.status, code: answer.error.code }).toEqual(
        {
          route: `${route.method} ${route.path}`,
          status: 400,
          code: 'request.malformed',
        },
      );
    }
    expect(await snapshot(m)).toEqual(before);
  });

  it('a streamed body past the size limit without Content-Length is 400 request.too_large', async () => {
    const big = `{"title":"${'x'.repeat(MAX_BODY_BYTES)}"}`;
    const res = await app.request(
      `${ORIGIN}/api/matches`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
        body: new Blob([big]).stream(),
      },
      env,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('request.too_large');
  });
});

describe('forms read from the kept body', () => {
  const forms = new Hono<AppEnv>();
  forms.use('*', readBody());
  forms.post('/form', async (c) => c.json(await readFormBody(c)));
  const post = async (body: BodyInit, headers: Record<string, string> = {}) =>
    (await (await forms.request('/form', { method: 'POST', body, headers }, env)).json()) as Record<
      string,
      string
    >;

  it('reads url-encoded and multipart forms (RFC 8058 allows both), the last of a repeated name', async () => {
    expect(
      await post('List-Unsubscribe=One-Click&a=1&a=2', {
        'Content-Type': 'application/x-www-form-urlencoded',
      }),
    ).toEqual({ 'List-Unsubscribe': 'One-Click', a: '2' });
    const multipart = new FormData();
    multipart.append('List-Unsubscribe', 'One-Click');
    multipart.append('file', new File(['x'], 'x.txt'));
    expect(await post(multipart)).toEqual({ 'List-Unsubscribe': 'One-Click' });
  });

  it('has no fields for another content type or a form that does not parse', async () => {
    expect(await post('{"a":1}', { 'Content-Type': 'application/json' })).toEqual({});
    expect(await post('--x\r\nbroken', { 'Content-Type': 'multipart/form-data; boundary=y' })).toEqual({});
    expect(await post('', { 'Content-Type': 'application/x-www-form-urlencoded' })).toEqual({});
  });
});
