/**
 * Development-only routes under /dev. `GET /dev/stats/:id` returns a match's benchmark counters
 * (Durable Object requests, rows written, time per request) and `GET /dev/replay/:id` the replayed
 * and stored states; both exist only when the test seams are on (never in a deployed Worker).
 * The mail issue adds /dev/mail (the local outbox).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { testSeamsEnabled } from '../env';
import { matchStub } from '../match/stub';
import { MatchIdSchema } from '../protocol';
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

dev.get('/replay/:id', valid('param', v.object({ id: MatchIdSchema })), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await matchStub(c.env, id).replayCheck());
});
