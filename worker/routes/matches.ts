/**
 * The match API under /api/matches (docs/API.md). Handlers are thin: validate at the edge, hash the
 * bearer token, call the match's Durable Object, turn its reply into a response. New tokens are made
 * by the match's creation and claim code (worker/match/creation.ts, lifecycle.ts) and go back to the client once,
 * inside URL fragments.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { testSeamsEnabled } from '../env';
import { matchStub } from '../match/stub';
import { payerOf } from '../notify/budget';
import { createOpen } from '../open/join';
import { MatchIdSchema } from '../protocol/fields';
import { MoveRequestSchema } from '../protocol/moves';
import {
  ClaimSchema,
  ConfirmSchema,
  type CreateMatch,
  CreateMatchSchema,
  CreateMatchWithSeamSchema,
  EmptySchema,
  InfoQuerySchema,
  JournalQuerySchema,
  LogQuerySchema,
  RematchRequestSchema,
  SettingsSchema,
  type TestStack,
} from '../protocol/requests';
import { hashToken, newMatchId } from '../tokens';
import { parseJsonBody, readJsonBody, validJson } from './body';
import { type AppContext, type AppEnv, callerHash, clientKey, fail, originOf, send, valid } from './http';
import { rateLimit } from './limits';
import { openClientOf } from './open';

const IdParam = v.object({ id: MatchIdSchema });
const SeatParam = v.object({
  id: MatchIdSchema,
  seat: v.pipe(v.string(), v.regex(/^[0-7]$/), v.transform(Number)),
});

function stub(c: AppContext, id: string) {
  return matchStub(c.env, id);
}

/**
 * Test seams only: the match id a scripted run asks for in `X-Test-Match-Id` (scripts/transcript.ts,
 * so that its matches, and the bots seeded by the match id, are the same every time); else null.
 */
function testMatchId(c: AppContext): string | null {
  return testSeamsEnabled(c.env) ? (c.req.header('X-Test-Match-Id') ?? null) : null;
}

/** The /api/matches route group. */
export const matches = new Hono<AppEnv>();

const moveLimit = rateLimit((env) => env.MOVE_LIMITER, 'move');

matches.post(
  '/',
  rateLimit((env) => env.CREATE_LIMITER, 'create'),
  async (c) => {
    // The stacked-deck field exists only with the test seams on; otherwise it is an unknown field.
    const raw = readJsonBody(c);
    if (!raw.ok) return raw.response;
    const schema = testSeamsEnabled(c.env) ? CreateMatchWithSeamSchema : CreateMatchSchema;
    const parsed = parseJsonBody(c, schema, raw.value);
    if (!parsed.ok) return parsed.response;
    const matchId = testMatchId(c) ?? newMatchId();
    if (!v.is(MatchIdSchema, matchId))
      return fail(c, 400, 'request.invalid', 'X-Test-Match-Id is no match id.');
    const body = parsed.output as CreateMatch & { testStack?: TestStack };
    const payer = payerOf(c.env, clientKey(c));
    // -- open table --
    if (body.open) {
      const who = await openClientOf(c);
      if (!who.ok) return who.response;
      return send(c, await createOpen(c.env, { matchId, body, origin: originOf(c), payer }, who.client));
    }
    return send(c, await stub(c, matchId).create({ matchId, body, origin: originOf(c), payer }));
  },
);

matches.get('/:id', valid('param', IdParam), valid('query', InfoQuerySchema), async (c) => {
  const { id } = c.req.valid('param');
  const present = c.req.valid('query').present === '1';
  return send(c, await stub(c, id).info(await callerHash(c), c.req.header('If-None-Match') ?? null, present));
});

matches.post('/:id/moves', moveLimit, valid('param', IdParam), validJson(MoveRequestSchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).move(await callerHash(c), c.req.valid('json')));
});

matches.post('/:id/claim', moveLimit, valid('param', IdParam), validJson(ClaimSchema), async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const who = {
    name: body.name,
    ...(body.email ? { email: body.email } : {}),
    ...(body.language ? { language: body.language } : {}),
  };
  const r = await stub(c, id).claim(
    await hashToken(body.invite),
    who,
    payerOf(c.env, clientKey(c)),
    originOf(c),
  );
  return send(c, r);
});

matches.post('/:id/confirm', moveLimit, valid('param', IdParam), validJson(ConfirmSchema), async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const named = { name: body.name, ...(body.language ? { language: body.language } : {}) };
  return send(c, await stub(c, id).confirmName(await callerHash(c), named));
});

matches.post('/:id/start', moveLimit, valid('param', IdParam), validJson(EmptySchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).startNow(await callerHash(c)));
});

matches.post('/:id/settings', moveLimit, valid('param', IdParam), validJson(SettingsSchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(
    c,
    await stub(c, id).settings(await callerHash(c), c.req.valid('json'), payerOf(c.env, clientKey(c))),
  );
});

matches.post(
  '/:id/seats/:seat/bot',
  moveLimit,
  valid('param', SeatParam),
  validJson(EmptySchema),
  async (c) => {
    const { id, seat } = c.req.valid('param');
    return send(c, await stub(c, id).giveToBot(await callerHash(c), seat));
  },
);

matches.post(
  '/:id/seats/:seat/reclaim',
  moveLimit,
  valid('param', SeatParam),
  validJson(EmptySchema),
  async (c) => {
    const { id, seat } = c.req.valid('param');
    return send(c, await stub(c, id).reclaim(await callerHash(c), seat));
  },
);

matches.post('/:id/leave', moveLimit, valid('param', IdParam), validJson(EmptySchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).leave(await callerHash(c)));
});

matches.post(
  '/:id/rematch',
  moveLimit,
  valid('param', IdParam),
  validJson(RematchRequestSchema),
  async (c) => {
    const { id } = c.req.valid('param');
    return send(c, await stub(c, id).rematch(await callerHash(c), c.req.valid('json'), originOf(c)));
  },
);

matches.delete('/:id', moveLimit, valid('param', IdParam), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).remove(await callerHash(c)));
});

matches.get('/:id/log', valid('param', IdParam), valid('query', LogQuerySchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).log(c.req.valid('query').after ?? 0));
});

matches.get('/:id/journal', valid('param', IdParam), valid('query', JournalQuerySchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).journal(c.req.valid('query').hand));
});

matches.get('/:id/ws', valid('param', IdParam), async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    return fail(c, 426, 'request.upgrade_required', 'Open this endpoint as a WebSocket.');
  }
  const { id } = c.req.valid('param');
  const res = await stub(c, id).fetch(c.req.raw);
  // A fresh response: the Durable Object's has immutable headers, and middleware adds security headers.
  return new Response(res.body, {
    status: res.status,
    headers: new Headers(res.headers),
    webSocket: res.webSocket,
  });
});
