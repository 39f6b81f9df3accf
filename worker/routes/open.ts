/**
 * The open table's routes under /api/open (docs/API.md "Open table"): the public
 * list, a stranger's seat in a listed match, and "Quick match". Thin: validate at the edge (valibot),
 * identify the client (its address key and optional `X-Device-Key`, hashed: worker/open/client.ts),
 * then worker/open/join.ts across the open table's and the match's Durable Objects. Creating an open
 * match is `POST /api/matches` with `open` (matches.ts hands it to `createOpen`).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { payerOf } from '../notify/budget';
import { openClient, openTable } from '../open/client';
import { joinOpenMatch, quickMatch } from '../open/join';
import { DeviceKeySchema, OpenJoinSchema, type OpenList, QuickMatchSchema } from '../open/protocol';
import { MatchIdSchema } from '../protocol/fields';
import { validJson } from './body';
import { type AppContext, type AppEnv, clientKey, fail, originOf, send, valid } from './http';
import { rateLimit } from './limits';

/**
 * The open-table client of a request, or the 400 `request.invalid` response for a malformed
 * `X-Device-Key` header.
 */
export async function openClientOf(c: AppContext) {
  const key = v.safeParse(DeviceKeySchema, c.req.header('X-Device-Key'));
  if (!key.success)
    return {
      ok: false as const,
      response: fail(c, 400, 'request.invalid', 'X-Device-Key: 16 to 64 of A-Z a-z 0-9 _ -'),
    };
  return { ok: true as const, client: await openClient(c.env, clientKey(c), key.output ?? null) };
}

/** The /api/open route group. */
export const open = new Hono<AppEnv>();

const EmptyQuery = v.strictObject({});

open.get('/', valid('query', EmptyQuery), async (c) => {
  const table = openTable(c.env);
  const body: OpenList = { matches: table ? await table.list(Date.now()) : [] };
  return send(c, { status: 200, body });
});

open.post(
  '/quick',
  rateLimit((env) => env.CREATE_LIMITER, 'create'),
  validJson(QuickMatchSchema),
  async (c) => {
    const who = await openClientOf(c);
    if (!who.ok) return who.response;
    const payer = payerOf(c.env, clientKey(c));
    return send(c, await quickMatch(c.env, c.req.valid('json'), who.client, originOf(c), payer));
  },
);

open.post(
  '/:id/join',
  rateLimit((env) => env.MOVE_LIMITER, 'move'),
  valid('param', v.object({ id: MatchIdSchema })),
  validJson(OpenJoinSchema),
  async (c) => {
    const who = await openClientOf(c);
    if (!who.ok) return who.response;
    const { id } = c.req.valid('param');
    return send(c, await joinOpenMatch(c.env, id, who.client, c.req.valid('json'), originOf(c)));
  },
);
