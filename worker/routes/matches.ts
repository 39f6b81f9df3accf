/**
 * The match API under /api/matches (docs/API.md). Handlers are thin: validate at the edge, hash the
 * bearer token, call the match's Durable Object, turn its reply into a response. Raw tokens exist
 * only here, at creation and claim time, and go back to the client once, inside URL fragments.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { resolveRules } from '../engine/index';
import { testSeamsEnabled } from '../env';
import type { CreateInput } from '../match/lifecycle';
import { seatNames } from '../match/names';
import type { MatchConfig, SeatRow } from '../match/storage';
import { matchStub } from '../match/stub';
import { hashToken, newMatchId, newToken } from '../match/tokens';
import { admitAddresses, budgetRefusal, payerOf } from '../notify/budget';
import {
  ClaimSchema,
  type Created,
  type CreateMatch,
  CreateMatchSchema,
  CreateMatchWithSeamSchema,
  EmptySchema,
  LogQuerySchema,
  MatchIdSchema,
  MoveRequestSchema,
  SettingsSchema,
  type TestStack,
} from '../protocol';
import {
  type AppContext,
  type AppEnv,
  callerHash,
  clientKey,
  fail,
  originOf,
  parseJsonBody,
  rateLimit,
  readJsonBody,
  send,
  valid,
  validJson,
} from './http';

const IdParam = v.object({ id: MatchIdSchema });
const SeatParam = v.object({
  id: MatchIdSchema,
  seat: v.pipe(v.string(), v.regex(/^[0-7]$/), v.transform(Number)),
});

function stub(c: AppContext, id: string) {
  return matchStub(c.env, id);
}

/** The /api/matches route group. */
export const matches = new Hono<AppEnv>();

const moveLimit = rateLimit((env) => env.MOVE_LIMITER, 'move');

matches.post(
  '/',
  rateLimit((env) => env.CREATE_LIMITER, 'create'),
  async (c) => {
    // The stacked-deck field exists only with the test seams on; otherwise it is an unknown field.
    const raw = await readJsonBody(c);
    if (!raw.ok) return raw.response;
    const schema = testSeamsEnabled(c.env) ? CreateMatchWithSeamSchema : CreateMatchSchema;
    const parsed = parseJsonBody(c, schema, raw.value);
    if (!parsed.ok) return parsed.response;
    const body = parsed.output as CreateMatch & { testStack?: TestStack };
    if (typeof body.firstSeat === 'number' && body.firstSeat >= body.seats.length) {
      return fail(c, 400, 'request.invalid', 'firstSeat must be one of the seats.');
    }
    // The creator sits at seat 0: a match nobody plays would burn the daily budget on bots.
    if (body.seats[0].kind !== 'human') {
      return fail(c, 400, 'seat.creator_not_human', 'Seat 0 is the creator’s: its kind must be "human".');
    }
    const named = seatNames(body.seats);
    if ('taken' in named) {
      return fail(
        c,
        400,
        'name.taken',
        `Two seats are called "${body.seats[named.taken].name}" (seats count from 0; this is seat ${named.taken}): give each seat its own name.`,
      );
    }
    // A creator may name any address: a daily budget keeps strangers' inboxes and the mail quota safe.
    // Rules the match object will refuse cost nothing (it gives the precise problems).
    const addresses = body.seats.filter((s) => s.kind === 'human' && s.email).length;
    const seating = { seats: body.seats.length, teamSize: body.teamSize ?? 1 };
    if (addresses > 0 && resolveRules(body.rules, seating).ok) {
      const now = Date.now();
      const budget = await admitAddresses(c.env, payerOf(c.env, clientKey(c)), addresses, now);
      if (!budget.ok) {
        const refusal = budgetRefusal(budget, now);
        c.header('Retry-After', String(refusal.retryAfterS));
        return fail(
          c,
          429,
          refusal.code,
          `${refusal.message} (Or create the match without addresses and share the seat links.)`,
        );
      }
    }
    const matchId = newMatchId();
    const origin = originOf(c);
    const hostToken = newToken();
    const hasOpen = body.seats.some((s) => s.kind === 'open');
    const inviteToken = hasOpen ? newToken() : null;
    const seatTokens = body.seats.map((s) => (s.kind === 'human' ? newToken() : null));
    const seats: SeatRow[] = await Promise.all(
      body.seats.map(async (s, seat) => ({
        seat,
        name: named.names[seat],
        kind: s.kind,
        tokenHash: seatTokens[seat] ? await hashToken(seatTokens[seat]) : null,
        botLevel: s.botLevel ?? 'basic',
        standIn: false,
        responseMode: s.responseMode ?? 'auto',
        email: s.kind === 'human' ? (s.email ?? null) : null,
        language: s.language ?? 'en',
        emailNotifications: true,
      })),
    );
    const config: MatchConfig = {
      title: body.title || 'Mille Bornes',
      rules: body.rules,
      teamSize: body.teamSize ?? 1,
      firstSeat: body.firstSeat ?? 'random',
      turnDeadlineHours: body.turnDeadlineHours ?? 72,
      responseWindowMinutes: body.responseWindowMinutes ?? 720,
      onDeadline: body.onDeadline ?? 'bot',
    };
    const input: CreateInput = {
      matchId,
      config,
      hostHash: await hashToken(hostToken),
      inviteHash: inviteToken ? await hashToken(inviteToken) : null,
      seats,
      ...(body.testStack ? { stack: body.testStack } : {}),
    };
    const r = await stub(c, matchId).create(input);
    if (r.status !== 201) return send(c, r);
    const matchUrl = `${origin}/m/${matchId}`;
    const created: Created = {
      matchId,
      matchUrl,
      hostUrl: `${matchUrl}#host=${hostToken}`,
      inviteUrl: inviteToken ? `${matchUrl}#invite=${inviteToken}` : null,
      seats: seats.map((s) => ({
        seat: s.seat,
        name: s.name,
        kind: s.kind,
        url: seatTokens[s.seat] ? `${matchUrl}#seat=${seatTokens[s.seat]}` : null,
      })),
    };
    return c.json(created, 201);
  },
);

matches.get('/:id', valid('param', IdParam), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).info(await callerHash(c), c.req.header('If-None-Match') ?? null));
});

matches.post('/:id/moves', moveLimit, valid('param', IdParam), validJson(MoveRequestSchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).move(await callerHash(c), c.req.valid('json')));
});

matches.post('/:id/claim', moveLimit, valid('param', IdParam), validJson(ClaimSchema), async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const token = newToken();
  const r = await stub(c, id).claim(
    await hashToken(body.invite),
    await hashToken(token),
    {
      name: body.name,
      ...(body.email ? { email: body.email } : {}),
      ...(body.language ? { language: body.language } : {}),
    },
    payerOf(c.env, clientKey(c)),
  );
  if (r.status !== 200) return send(c, r);
  const seat = (r.body as { seat: number }).seat;
  return c.json({ seat, token, seatUrl: `${originOf(c)}/m/${id}#seat=${token}` }, 200);
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

matches.post('/:id/rematch', moveLimit, valid('param', IdParam), validJson(EmptySchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).rematch(await callerHash(c), originOf(c)));
});

matches.delete('/:id', moveLimit, valid('param', IdParam), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).remove(await callerHash(c)));
});

matches.get('/:id/log', valid('param', IdParam), valid('query', LogQuerySchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await stub(c, id).log(c.req.valid('query').after ?? 0));
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
