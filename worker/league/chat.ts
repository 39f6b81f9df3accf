/**
 * A league's chat: the same table and rules as a match's chat (match/chat-store.ts,
 * match/chat.ts `writeChat`, `chatPage`, `markChat`), with members in place of seats: a member writes
 * and deletes their own messages, the owner hides any, members and the owner read. Read by polling
 * (no socket); an archived league's chat is read-only.
 */

import { type ChatStore, chatMessage } from '../chat/store';
import { chatPage, markChat, writeChat } from '../chat/write';
import type { ChatSend } from '../protocol/chat';
import { error, type Reply } from '../reply';
import { ARCHIVED, type LeagueCaller, NOT_OWNER, readRefusal } from './actions';
import type { LeagueStore } from './store';

/** A writer's refusal: 404 no league, 403 `league.left` / `league.not_member`, 409 `league.archived`. */
function writeRefusal(store: LeagueStore, c: LeagueCaller): Reply | null {
  return readRefusal(store, c) ?? (store.meta!.status === 'archived' ? ARCHIVED : null);
}

/** A member sends a message: 201 `{ message }` (one row); see `writeRefusal`, 403 `auth.not_a_seat` for the owner's own link. */
export function sendLeagueChat(
  store: LeagueStore,
  chat: ChatStore,
  c: LeagueCaller,
  body: ChatSend,
  now: number,
): Reply {
  const refused = writeRefusal(store, c);
  if (refused) return refused;
  if (c.member === null) return error(403, 'auth.not_a_seat', 'Write with your member link.');
  const row = writeChat(chat, c.member, body, now);
  if ('status' in row) return row;
  return { status: 201, body: { message: chatMessage(row) } };
}

/** The messages after id `after` for a member or the owner: 200 `{ messages, more }`. */
export function listLeagueChat(store: LeagueStore, chat: ChatStore, c: LeagueCaller, after: number): Reply {
  return readRefusal(store, c) ?? chatPage(chat, after);
}

/** A member deletes their own message (`deleted`), the owner hides any (`hidden`): 200 `{ message }`. */
export function removeLeagueChat(
  store: LeagueStore,
  chat: ChatStore,
  c: LeagueCaller,
  id: number,
  how: 'deleted' | 'hidden',
): Reply {
  const refused = writeRefusal(store, c);
  if (refused) return refused;
  if (how === 'hidden' && !c.owner) return NOT_OWNER;
  const marked = markChat(chat, id, how, how === 'deleted' ? c.member : null);
  if ('status' in marked) return marked;
  return { status: 200, body: { message: chatMessage(marked.row) } };
}
