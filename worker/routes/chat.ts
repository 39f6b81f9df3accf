/**
 * The chat of a match under /api/matches/:id/chat (docs/API.md): send, list, delete
 * one's own message, the host hides any, a seat marks what its panel showed as read. Thin: validate at the edge, hash the bearer token, call the
 * match's Durable Object (worker/match/chat.ts decides who may read and write).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { matchStub } from '../match/stub';
import { ChatQuerySchema, ChatReadSchema, ChatSendSchema } from '../protocol/chat';
import { MatchIdSchema } from '../protocol/fields';
import { EmptySchema } from '../protocol/requests';
import { validJson } from './body';
import { type AppEnv, callerHash, send, valid } from './http';
import { rateLimit } from './limits';

const IdParam = v.object({ id: MatchIdSchema });
const MessageParam = v.object({
  id: MatchIdSchema,
  msg: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.transform(Number)),
});

const writeLimit = rateLimit((env) => env.MOVE_LIMITER, 'move');

/** The chat routes, mounted at /api/matches. */
export const chat = new Hono<AppEnv>();

chat.post('/:id/chat', writeLimit, valid('param', IdParam), validJson(ChatSendSchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await matchStub(c.env, id).chatSend(await callerHash(c), c.req.valid('json')));
});

chat.get('/:id/chat', valid('param', IdParam), valid('query', ChatQuerySchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await matchStub(c.env, id).chatList(await callerHash(c), c.req.valid('query').after ?? 0));
});

chat.post('/:id/chat/read', writeLimit, valid('param', IdParam), validJson(ChatReadSchema), async (c) => {
  const { id } = c.req.valid('param');
  return send(c, await matchStub(c.env, id).chatRead(await callerHash(c), c.req.valid('json').upTo));
});

chat.delete('/:id/chat/:msg', writeLimit, valid('param', MessageParam), async (c) => {
  const { id, msg } = c.req.valid('param');
  return send(c, await matchStub(c.env, id).chatRemove(await callerHash(c), msg, 'deleted'));
});

chat.post(
  '/:id/chat/:msg/hide',
  writeLimit,
  valid('param', MessageParam),
  validJson(EmptySchema),
  async (c) => {
    const { id, msg } = c.req.valid('param');
    return send(c, await matchStub(c.env, id).chatRemove(await callerHash(c), msg, 'hidden'));
  },
);
