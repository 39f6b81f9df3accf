/**
 * The one write path and the pages of a chat, a match's (worker/match/chat.ts) or a league's
 * (worker/league/chat.ts): a message's checks (the "away until" day, the per-seat rate limit, counted
 * from the seat's own rows), its row, deleting and hiding, and the pages read. Each message is one
 * row of its object's `chat` table (store.ts).
 */
import type { ChatSend } from '../protocol/chat';
import { error, type Reply } from '../reply';
import { CHAT_AWAY_MAX_DAYS } from '../shared/limits';
import { type ChatContent, type ChatRow, type ChatStore, chatMessage } from './store';

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

/** 200 `{ messages, more }`: the messages of `chat` after id `after` (a match's or a league's). */
export function chatPage(chat: ChatStore, after: number): Reply {
  const rows = chat.after(after);
  const last = rows.at(-1);
  const more = last !== undefined && chat.after(last.id).length > 0;
  return { status: 200, body: { messages: rows.map(chatMessage), more } };
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
