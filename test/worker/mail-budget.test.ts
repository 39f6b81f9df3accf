/**
 * The daily budget of e-mail addresses given at match creation (worker/notify/budget*.ts): a client may
 * name at most MAIL_ADDRESSES_PER_CLIENT_DAY addresses a day and the deployment accepts at most
 * MAIL_ADDRESSES_PER_DAY; beyond that creation is refused with 429 `mail.daily_limit`, nothing is
 * created, and creating without addresses still works. The counts start afresh each UTC day.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../worker';
import { budgetLimits } from '../../worker/notify/budget';
import { MAIL_BUDGET_NAME, type MailBudgetDurableObject, utcDay } from '../../worker/notify/budget-do';
import { hashToken, keyedHash } from '../../worker/tokens';

const LOW = { ...env, MAIL_ADDRESSES_PER_CLIENT_DAY: '3', MAIL_ADDRESSES_PER_DAY: '1000' };

/** Creates a 3-seat match from `ip` with `emails` human seats carrying an address (seat 0 first). */
async function create(ip: string, emails: number) {
  const seats = [0, 1, 2].map((i) => ({
    kind: 'human',
    name: `P${i}-${ip}`,
    ...(i < emails ? { email: `p${i}.${ip.replace(/\W/g, '')}@example.org` } : {}),
  }));
  const res = await app.request(
    'https://mb.test/api/matches',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
      body: JSON.stringify({ rules: 'classic', seats }),
    },
    LOW,
  );
  return {
    status: res.status,
    retryAfter: res.headers.get('Retry-After'),
    body: (await res.json()) as { error?: { code: string; message: string } },
  };
}

/** A JSON request to the app with `over` as its env; `token` as bearer, `ip` as the client. */
async function call(over: Record<string, unknown>, path: string, body: unknown, ip: string, token?: string) {
  const res = await app.request(
    `https://mb.test${path}`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'CF-Connecting-IP': ip,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    },
    { ...env, ...over },
  );
  return {
    status: res.status,
    retryAfter: res.headers.get('Retry-After'),
    // biome-ignore lint/suspicious/noExplicitAny: several JSON shapes, narrowed by the assertions
    body: (await res.json()) as any,
  };
}

describe('e-mail address budget', () => {
  it('charges the addresses a claim or a settings change brings, not a repeated one', async () => {
    const two = { MAIL_ADDRESSES_PER_CLIENT_DAY: '2', MAIL_ADDRESSES_PER_DAY: '1000' };
    const created = await call(
      two,
      '/api/matches',
      { rules: 'classic', seats: [{ kind: 'human', name: 'Host' }, ...Array(4).fill({ kind: 'open' })] },
      '198.51.100.20',
    );
    expect(created.status).toBe(201);
    const id = created.body.matchId as string;
    const invite = (created.body.inviteUrl as string).split('#invite=')[1];
    const claim = (name: string, email?: string) =>
      call(two, `/api/matches/${id}/claim`, { invite, name, ...(email ? { email } : {}) }, '198.51.100.21');
    expect((await claim('Ann', 'ann@example.org')).status).toBe(200);
    expect((await claim('Bob', 'bob@example.org')).status).toBe(200);
    const refused = await claim('Cid', 'cid@example.org');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('mail.daily_limit');
    // Until the next UTC day, in seconds (as on a creation).
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Nothing was taken: the same player joins without an address.
    expect((await claim('Cid')).status).toBe(200);

    const host = (created.body.seats[0].url as string).split('#seat=')[1];
    const settings = (email: string) =>
      call(two, `/api/matches/${id}/settings`, { email }, '198.51.100.22', host);
    expect((await settings('host@example.org')).status).toBe(200);
    expect((await settings('HOST@example.org')).status).toBe(200); // the same address: free
    expect((await settings('host2@example.org')).status).toBe(200);
    const over = await settings('host3@example.org');
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('mail.daily_limit');
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
  });

  it('refuses a client past its daily addresses with 429 mail.daily_limit; no addresses still works', async () => {
    expect((await create('198.51.100.1', 2)).status).toBe(201);
    const refused = await create('198.51.100.1', 2);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.code).toBe('mail.daily_limit');
    expect(refused.body.error?.message).toMatch(/without addresses/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await create('198.51.100.1', 1)).status).toBe(201);
    expect((await create('198.51.100.1', 0)).status).toBe(201);
    expect((await create('198.51.100.1', 1)).status).toBe(429);
  });
  it('charges nothing for a creation its rules make invalid', async () => {
    const seats = [0, 1, 2].map((i) => ({ kind: 'human', name: `Q${i}`, email: `q${i}@example.org` }));
    const bad = await call(
      { MAIL_ADDRESSES_PER_CLIENT_DAY: '3', MAIL_ADDRESSES_PER_DAY: '1000' },
      '/api/matches',
      { rules: { preset: 'classic', options: { extension: true } }, seats },
      '198.51.100.30',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('rules.invalid');
    const good = await call(
      { MAIL_ADDRESSES_PER_CLIENT_DAY: '3', MAIL_ADDRESSES_PER_DAY: '1000' },
      '/api/matches',
      { rules: 'classic', seats },
      '198.51.100.30',
    );
    expect(good.status).toBe(201);
  });
  it('caps the whole deployment too, across clients', async () => {
    const ns = env.MAIL_BUDGET as unknown as DurableObjectNamespace<MailBudgetDurableObject>;
    const stub = ns.get(ns.idFromName(MAIL_BUDGET_NAME));
    const limits = { perClient: 3, total: 5 };
    const day = Date.UTC(2031, 0, 1, 12);
    expect(await stub.take('a', 3, limits, day)).toEqual({ ok: true });
    expect(await stub.take('b', 2, limits, day)).toEqual({ ok: true });
    expect(await stub.take('c', 1, limits, day)).toEqual({
      ok: false,
      scope: 'total',
      retryAtMs: Date.UTC(2031, 0, 2),
    });
    // A new UTC day starts afresh.
    expect(await stub.take('c', 1, limits, Date.UTC(2031, 0, 2, 0, 0, 1))).toEqual({ ok: true });
    expect(await stub.take('a', 4, limits, Date.UTC(2031, 0, 2, 1))).toMatchObject({
      ok: false,
      scope: 'client',
    });
  });
  it('counts a client under a keyed hash of its address, never its plain SHA-256', async () => {
    const ip = '198.51.100.40';
    expect((await create(ip, 1)).status).toBe(201);
    const ns = env.MAIL_BUDGET as unknown as DurableObjectNamespace<MailBudgetDurableObject>;
    const keys = await runInDurableObject(ns.get(ns.idFromName(MAIL_BUDGET_NAME)), (_i, state) =>
      state.storage.sql
        .exec<{ key: string }>('SELECT key FROM counts WHERE day = ?', utcDay(Date.now()))
        .toArray()
        .map((r) => r.key),
    );
    expect(keys).toContain(await keyedHash(env, `mail-budget:${ip}`));
    expect(keys).not.toContain(await hashToken(`mail-budget:${ip}`));
  });
  it('reads its limits from the env, defaults for missing or malformed values', () => {
    expect(budgetLimits({})).toEqual({ perClient: 10, total: 50 });
    expect(budgetLimits({ MAIL_ADDRESSES_PER_CLIENT_DAY: '2', MAIL_ADDRESSES_PER_DAY: 'lots' })).toEqual({
      perClient: 2,
      total: 50,
    });
  });
});
