/**
 * Development-only routes under /dev. `GET /dev/stats/:id` returns a match's benchmark counters
 * (Durable Object requests, rows written, time per request), `GET /dev/replay/:id` the replayed
 * and stored states, and `POST /dev/clock/:id` moves a match's clock forward (`{ ms }`, so a browser
 * test can let a day pass), `GET /dev/address-stats/:key` an address Durable Object's requests (RPC
 * calls counted where its stubs are made, in all and per method) and rows written; all exist only when the test seams are on (never in a deployed Worker).
 * `POST /dev/faults` turns the fault seam on or off (worker/faults.ts: `{writes|calls|mail: 'daily_limit'|null, untilMs?, afterWrites?}`).
 * The mail issue adds /dev/mail (the local outbox); leagues add `GET /dev/league-stats/:id` (a league's rows written).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { testSeamsEnabled } from '../env';
import { setFault } from '../faults';
import { leagueStub } from '../league/stub';
import { matchStub } from '../match/stub';
import { isAddressKey } from '../notify/address';
import type { MailAddressDurableObject } from '../notify/address-do';
import { addressCalls } from '../notify/bench-counters';
import { MatchIdSchema } from '../protocol/fields';
import { validJson } from './body';
import { type AppEnv, fail, send, valid } from './http';

/** The /dev route group. */
export const dev = new Hono<AppEnv>();

dev.use('*', async (c, next) => {
  if (!testSeamsEnabled(c.env)) return fail(c, 404, 'not_found', 'No such page.');
  await next();
});

dev.get('/stats/:id', valid('param', v.object({ id: MatchIdSchema })), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await matchStub(c.env, id).benchStats());
});

// leagues: a league object's rows written since it woke (benchmark).
dev.get('/league-stats/:id', valid('param', v.object({ id: MatchIdSchema })), async (c) => {
  const stub = leagueStub(c.env, c.req.valid('param').id);
  return stub ? send(c, await stub.benchStats()) : fail(c, 404, 'not_found', 'No such page.');
});

dev.get('/replay/:id', valid('param', v.object({ id: MatchIdSchema })), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await matchStub(c.env, id).replayCheck());
});

/**
 * At most 30 days forward per call, in whole ms; `runDue` (default true) runs what fell due at once,
 * as the alarm would; false only moves the clock (the server bench's frame windows).
 */
const ClockSchema = v.strictObject({
  ms: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(30 * 24 * 3_600_000)),
  runDue: v.optional(v.boolean()),
});

dev.post('/clock/:id', valid('param', v.object({ id: MatchIdSchema })), validJson(ClockSchema), async (c) => {
  const { id } = c.req.valid('param');
  const { ms, runDue } = c.req.valid('json');
  const stub = matchStub(c.env, id);
  return send(c, await (runDue === false ? stub.testAdvanceClock(ms) : stub.testTimePasses(ms)));
});

dev.get('/address-stats/:key', async (c) => {
  const key = c.req.param('key');
  const ns = c.env.MAIL_ADDRESS;
  if (!ns || !isAddressKey(key)) return fail(c, 404, 'not_found', 'No such page.');
  // The raw stub: this read is not one of the address's requests.
  const stub = ns.get(ns.idFromName(key)) as DurableObjectStub<MailAddressDurableObject>;
  const rows = await stub.benchRows();
  return send(c, { status: 200, body: { ...addressCalls(key), ...rows } });
});

/**
 * The fault seam: `writes`, `calls` and/or `mail` set to `'daily_limit'` (on, until `untilMs`, ms
 * since the epoch by the checking clock: a match object's own for writes and mail, the Worker's for
 * calls) or null (lifted). `mail`: the mail provider answers as past its daily quota.
 */
const FaultsSchema = v.strictObject({
  writes: v.optional(v.nullable(v.literal('daily_limit'))),
  calls: v.optional(v.nullable(v.literal('daily_limit'))),
  mail: v.optional(v.nullable(v.literal('daily_limit'))),
  untilMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  /** Operations let through before the fault bites (a limit reached in the middle of a change). */
  afterWrites: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000))),
});

dev.post('/faults', validJson(FaultsSchema), (c) => {
  const { writes, calls, mail, untilMs, afterWrites } = c.req.valid('json');
  if (writes !== undefined) setFault('writes', writes, untilMs, afterWrites);
  if (calls !== undefined) setFault('calls', calls, untilMs);
  if (mail !== undefined) setFault('mail', mail, untilMs);
  return c.json({ ok: true });
});
