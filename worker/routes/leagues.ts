/**
 * The league API under /api/leagues (docs/API.md "Leagues"). Thin: validate at the
 * edge (valibot), hash the bearer token, call the league's Durable Object (worker/league/durable.ts),
 * turn its reply into a response. New tokens are made by the league (worker/league/actions.ts) and
 * go back once, inside URL fragments.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { type LeagueStub, leagueStub } from '../league/stub';
import {
  CreateLeagueSchema,
  LeagueMatchSchema,
  MemberParamSchema,
  RenameLeagueSchema,
} from '../league-protocol';
import { ChatQuerySchema, ChatSendSchema } from '../protocol/chat';
import { MatchIdSchema } from '../protocol/fields';
import { EmptySchema } from '../protocol/requests';
import type { Reply } from '../reply';
import { newMatchId } from '../tokens';
import { validJson } from './body';
import { type AppContext, type AppEnv, callerHash, fail, originOf, send, valid } from './http';
import { rateLimit } from './limits';

const IdParam = v.object({ id: MatchIdSchema });
const MemberParam = v.object({ id: MatchIdSchema, member: MemberParamSchema });
const MessageParam = v.object({
  id: MatchIdSchema,
  msg: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.transform(Number)),
});

const writeLimit = rateLimit((env) => env.MOVE_LIMITER, 'move');

/**
 * Calls the league `id`'s Durable Object with the caller's token hash and sends its reply; 404
 * `league.not_found` when this deployment has no leagues (no LEAGUE binding).
 */
async function toLeague(
  c: AppContext,
  id: string,
  call: (stub: LeagueStub, who: string | null) => Promise<Reply>,
) {
  const stub = leagueStub(c.env, id);
  if (!stub) return fail(c, 404, 'league.not_found', 'No league with this id.');
  return send(c, await call(stub, await callerHash(c)));
}

/** The /api/leagues route group. */
export const leagues = new Hono<AppEnv>();

leagues.post(
  '/',
  rateLimit((env) => env.CREATE_LIMITER, 'create'),
  validJson(CreateLeagueSchema),
  async (c) => {
    const id = newMatchId();
    return toLeague(c, id, (s) => s.create(id, c.req.valid('json'), originOf(c)));
  },
);

leagues.get('/:id', valid('param', IdParam), (c) =>
  toLeague(c, c.req.valid('param').id, (s, who) => s.info(who)),
);

leagues.post('/:id/matches', writeLimit, valid('param', IdParam), validJson(LeagueMatchSchema), (c) =>
  toLeague(c, c.req.valid('param').id, (s, who) => s.createMatch(who, c.req.valid('json'), originOf(c))),
);

leagues.post('/:id/leave', writeLimit, valid('param', IdParam), validJson(EmptySchema), (c) =>
  toLeague(c, c.req.valid('param').id, (s, who) => s.leave(who)),
);

leagues.post('/:id/rename', writeLimit, valid('param', IdParam), validJson(RenameLeagueSchema), (c) =>
  toLeague(c, c.req.valid('param').id, (s, who) => s.rename(who, c.req.valid('json').name)),
);

leagues.post('/:id/archive', writeLimit, valid('param', IdParam), validJson(EmptySchema), (c) =>
  toLeague(c, c.req.valid('param').id, (s, who) => s.archive(who)),
);

leagues.post(
  '/:id/members/:member/remove',
  writeLimit,
  valid('param', MemberParam),
  validJson(EmptySchema),
  (c) => toLeague(c, c.req.valid('param').id, (s, who) => s.removeMember(who, c.req.valid('param').member)),
);

leagues.post(
  '/:id/members/:member/link',
  writeLimit,
  valid('param', MemberParam),
  validJson(EmptySchema),
  (c) =>
    toLeague(c, c.req.valid('param').id, (s, who) =>
      s.newMemberLink(who, c.req.valid('param').member, originOf(c)),
    ),
);

leagues.post('/:id/chat', writeLimit, valid('param', IdParam), validJson(ChatSendSchema), (c) =>
  toLeague(c, c.req.valid('param').id, (s, who) => s.chatSend(who, c.req.valid('json'))),
);

leagues.get('/:id/chat', valid('param', IdParam), valid('query', ChatQuerySchema), (c) =>
  toLeague(c, c.req.valid('param').id, (s, who) => s.chatList(who, c.req.valid('query').after ?? 0)),
);

leagues.delete('/:id/chat/:msg', writeLimit, valid('param', MessageParam), (c) =>
  toLeague(c, c.req.valid('param').id, (s, who) => s.chatRemove(who, c.req.valid('param').msg, 'deleted')),
);

leagues.post('/:id/chat/:msg/hide', writeLimit, valid('param', MessageParam), validJson(EmptySchema), (c) =>
  toLeague(c, c.req.valid('param').id, (s, who) => s.chatRemove(who, c.req.valid('param').msg, 'hidden')),
);
