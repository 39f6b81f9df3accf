/**
 * Development-only routes of the open table under /dev/open (test seams on, never in a deployed
 * Worker): `GET /dev/open/stats`, the rows the open table's Durable Object wrote since it woke up
 * (the server benchmark's row cost per join and per listed match), and `POST /dev/open/alarm/:id`,
 * which runs a match's alarm now (after `POST /dev/clock/:id`, so a browser test sees a wait end).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { testSeamsEnabled } from '../env';
import { matchStub } from '../match/stub';
import { openTable } from '../open/client';
import { MatchIdSchema } from '../protocol/fields';
import { type AppEnv, fail, send, valid } from './http';

/** The /dev/open route group. */
export const openDev = new Hono<AppEnv>();

openDev.use('*', async (c, next) => {
  if (!testSeamsEnabled(c.env)) return fail(c, 404, 'not_found', 'No such page.');
  await next();
});

openDev.get('/stats', async (c) => {
  const table = openTable(c.env);
  if (!table) return fail(c, 404, 'not_found', 'No such page.');
  return send(c, { status: 200, body: await table.benchRows() });
});

openDev.post('/alarm/:id', valid('param', v.object({ id: MatchIdSchema })), async (c) => {
  return send(c, await matchStub(c.env, c.req.valid('param').id).testRunAlarm());
});
