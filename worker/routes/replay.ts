/**
 * The replay of a finished hand (docs/API.md): GET /api/matches/:id/replay?hand=N. Thin:
 * validate at the edge, hash the bearer token, ask the match's Durable Object (worker/match/
 * match/replay-page.ts decides who may watch which hand).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { matchStub } from '../match/stub';
import { MatchIdSchema } from '../protocol/fields';
import { ReplayQuerySchema } from '../protocol/requests';
import { type AppEnv, callerHash, send, valid } from './http';

const IdParam = v.object({ id: MatchIdSchema });

/** The replay route, mounted at /api/matches. */
export const replay = new Hono<AppEnv>();

replay.get('/:id/replay', valid('param', IdParam), valid('query', ReplayQuerySchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await matchStub(c.env, id).replay(await callerHash(c), c.req.valid('query').hand));
});
