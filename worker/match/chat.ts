/**
 * The chat of a match: seated players write, the seats and the host read (spectators
 * too when the match's `spectatorsReadChat` allows), a writer deletes their own message, the host
 * hides any. Each message is one row of the chat table (chat-store.ts) and goes live, as a `chat`
 * frame, only to the sockets allowed to read it. Not part of the move path: a message changes no
 * state, no log row, no timer and no mail.
 */

import { FINISHED_TTL_MS } from '../decider/timers';
import type { ChatSend } from '../protocol/chat';
import { error, NOT_FOUND, type Reply } from '../reply';
import { CHAT_AWAY_MAX_DAYS } from '../shared/limits';
import { type ChatContent, type ChatRow, type ChatStore, chatMessage, mayReadChat } from './chat-store';
import type { MatchContext } from './context';
import { socketAttachment, socketCaller } from './sockets';

/** Messages one seat may send per minute. */
export const CHAT_PER_MINUTE = 10;
/** Messages one seat may send per day (24 hours). */
export const CHAT_PER_DAY = 200;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * True when an "away until" day (YYYY-MM-DD) is one a reader can take as still to come at `nowMs`:
 * from yesterday (UTC: today somewhere on Earth) to `CHAT_AWAY_MAX_DAYS` days ahead. A day further
 * off would be read without its year ("until 1 January").
 */
function awayDayInRange(day: string, nowMs: number): boolean {
  const at = Date.parse(`${day}T00:00:00Z`);
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return at >= today - DAY_MS && at <= today + CHAT_AWAY_MAX_DAYS * DAY_MS;
}

/**
 * 409 `chat.closed` when the match finished `FINISHED_TTL_MS` ago or more (its expiry is due; once
 * it ran, the match is gone: 404), else null.
 */
function closed(m: MatchContext): Reply | null {
  const meta = m.meta!;
  if (meta.status !== 'finished' || meta.finishedAt === null) return null;
  if (m.now() < meta.finishedAt + FINISHED_TTL_MS) return null;
  return error(409, 'chat.closed', 'This match has expired: its chat is closed.');
}

/**
 * The per-seat rate limit, counted from the seat's own rows (no counter row): 429
 * `chat.rate_limited` with Retry-After (seconds) past `CHAT_PER_MINUTE` a minute or `CHAT_PER_DAY`
 * a day, else null.
 */
function rateLimited(chat: ChatStore, seat: number, now: number): Reply | null {
  const times = chat.recentTimes(seat, now - DAY_MS, CHAT_PER_DAY);
  let retryAt: number | null = null;
  if (times.length >= CHAT_PER_DAY) retryAt = times[CHAT_PER_DAY - 1] + DAY_MS;
  else if (times.length >= CHAT_PER_MINUTE && times[CHAT_PER_MINUTE - 1] > now - MINUTE_MS)
    retryAt = times[CHAT_PER_MINUTE - 1] + MINUTE_MS;
  if (retryAt === null) return null;
  const reply = error(
    429,
    'chat.rate_limited',
    `At most ${CHAT_PER_MINUTE} messages a minute and ${CHAT_PER_DAY} a day: wait a little.`,
  );
  return { ...reply, headers: { 'Retry-After': String(Math.max(1, Math.ceil((retryAt - now) / 1000))) } };
}

/** The caller's seat for a chat write, or the refusal (404 no match, 403 `auth.not_a_seat`, 409 `chat.closed`). */
function writer(m: MatchContext, who: string | null): { seat: number } | Reply {
  if (!m.meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (caller.seat === null)
    return error(403, 'auth.not_a_seat', 'Only players with a seat write in the chat.');
  return closed(m) ?? { seat: caller.seat };
}

/**
 * A seated player sends a message: 201 `{ message }` (one row written; a `chat` frame to every
 * socket allowed to read). Refusals: see `writer`, 400 `chat.away_range` for an "away until" day in the
 * past or more than `CHAT_AWAY_MAX_DAYS` ahead, and 429 `chat.rate_limited`.
 */
export function sendChat(m: MatchContext, who: string | null, body: ChatSend): Reply {
  const w = writer(m, who);
  if ('status' in w) return w;
  const written = writeChat(m.chat, w.seat, body, m.now());
  if ('status' in written) return written;
  broadcast(m, written);
  return { status: 201, body: { message: chatMessage(written) } };
}

/**
 * Stores `body` as `seat`'s message at `now` (ms) in `chat` (one row), or the refusal: 400
 * `chat.away_range`, 429 `chat.rate_limited`. The one write path of a match's and a league's chat.
 */
export function writeChat(chat: ChatStore, seat: number, body: ChatSend, now: number): ChatRow | Reply {
  if ('phrase' in body && body.phrase === 'awayUntil' && !awayDayInRange(body.params.until, now))
    return error(
      400,
      'chat.away_range',
      `"Away until" takes a day from today to ${CHAT_AWAY_MAX_DAYS} days ahead.`,
    );
  const limited = rateLimited(chat, seat, now);
  if (limited) return limited;
  const content: ChatContent =
    'text' in body
      ? { text: body.text }
      : { phrase: body.phrase, ...(body.phrase === 'awayUntil' ? { params: body.params } : {}) };
  return chat.add(seat, now, content);
}

/**
 * The messages after id `after` (at most `CHAT_PAGE`, oldest first): 200 `{ messages, more }`;
 * 403 `chat.not_allowed` for a spectator when the match does not let spectators read. Writes nothing.
 */
export function listChat(m: MatchContext, who: string | null, after: number): Reply {
  if (!m.meta) return NOT_FOUND;
  if (!mayReadChat(m.meta.config, m.caller(who)))
    return error(403, 'chat.not_allowed', 'Only the players read the chat of this match.');
  return chatPage(m.chat, after);
}

/** 200 `{ messages, more }`: the messages of `chat` after id `after` (a match's or a league's). */
export function chatPage(chat: ChatStore, after: number): Reply {
  const rows = chat.after(after);
  const last = rows.at(-1);
  const more = last !== undefined && chat.after(last.id).length > 0;
  return { status: 200, body: { messages: rows.map(chatMessage), more } };
}

/**
 * The writer deletes their own message (`deleted`), or the host hides any (`hidden`): 200
 * `{ message }` without its content (one row written, none when it already was; a `chat` frame to
 * the readers). 404 `chat.not_found`; 403 `chat.not_yours` (another seat's message),
 * `auth.not_host` (hiding without the host link); see `writer` for deleting.
 */
export function removeChat(
  m: MatchContext,
  who: string | null,
  id: number,
  how: 'deleted' | 'hidden',
): Reply {
  if (!m.meta) return NOT_FOUND;
  if (how === 'hidden' && !m.caller(who).host)
    return error(403, 'auth.not_host', 'Only the host hides messages.');
  const w = how === 'deleted' ? writer(m, who) : (closed(m) ?? { seat: null });
  if ('status' in w) return w;
  const marked = markChat(m.chat, id, how, w.seat);
  if ('status' in marked) return marked;
  if (marked.changed) broadcast(m, marked.row);
  return { status: 200, body: { message: chatMessage(marked.row) } };
}

/**
 * Marks message `id` of `chat` deleted by its writer `seat` or hidden (`seat` null: the host or a
 * league's owner): the row after it and whether it changed (one row written when it did); 404
 * `chat.not_found`, 403 `chat.not_yours`. Shared by a match's and a league's chat.
 */
export function markChat(
  chat: ChatStore,
  id: number,
  how: 'deleted' | 'hidden',
  seat: number | null,
): { row: ChatRow; changed: boolean } | Reply {
  const row = chat.get(id);
  if (!row) return error(404, 'chat.not_found', 'No such message in this chat.');
  if (how === 'deleted' && row.seat !== seat)
    return error(403, 'chat.not_yours', 'Only its writer deletes a message (the host may hide it).');
  if (how === 'deleted' ? row.deleted : row.hidden) return { row, changed: false };
  chat.mark(id, how);
  return { row: { ...row, ...(how === 'deleted' ? { deleted: true } : { hidden: true }) }, changed: true };
}

/**
 * Sends `row` as a `chat` frame to every socket allowed to read the chat now (never to another): each
 * socket's credential is asked again (a player who left, a revoked link read no more).
 */
function broadcast(m: MatchContext, row: ChatRow): void {
  const frame = JSON.stringify({ type: 'chat', message: chatMessage(row) });
  for (const ws of m.ctx.getWebSockets()) {
    const a = socketAttachment(ws);
    if (a.evicted || a.rateLimited || !mayReadChat(m.meta!.config, socketCaller(m, a))) continue;
    try {
      ws.send(frame);
    } catch {
      // a closing socket; its close handler cleans up
    }
  }
}
