/**
 * The chat of a match: seated players write, the seats and the host read (spectators
 * too when the match's `spectatorsReadChat` allows), a writer deletes their own message, the host
 * hides any. Each message is one row of the chat table (worker/chat/store.ts, its checks in
 * worker/chat/write.ts, shared with a league's chat) and goes live, as a `chat` frame, only to the sockets allowed to read it. Not part of the move path: a message changes no
 * state, no log row, no timer and no mail. A seat's read mark (`readChat`) keeps what its panel
 * showed out of its mails.
 */
import { type ChatRow, chatMessage, mayReadChat } from '../chat/store';
import { chatPage, markChat, writeChat } from '../chat/write';
import { FINISHED_TTL_MS } from '../decider/timers';
import type { ChatSend } from '../protocol/chat';
import { error, NOT_FOUND, type Reply } from '../reply';
import { commit } from './commit';
import type { MatchContext } from './context';
import { socketAttachment, socketCaller } from './sockets';

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
 * The messages after id `after` (at most `CHAT_PAGE`, oldest first): 200 `{ messages, more }`;
 * 403 `chat.not_allowed` for a spectator when the match does not let spectators read. Writes nothing.
 */
export function listChat(m: MatchContext, who: string | null, after: number): Reply {
  if (!m.meta) return NOT_FOUND;
  if (!mayReadChat(m.meta.config, m.caller(who)))
    return error(403, 'chat.not_allowed', 'Only the players read the chat of this match.');
  return chatPage(m.chat, after);
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
 * The seat's chat panel showed the messages up to id `upTo` (past the newest: up to the newest):
 * 200 `{ readUpTo }`, the seat's mark after it. The mark only moves forward; one seat row written
 * when it does (an edit: no socket or mail hears of it), none otherwise. The seat's mails then carry
 * only the lines after it (chat-mail.ts). 403 `auth.not_a_seat` without a seat.
 */
export function readChat(m: MatchContext, who: string | null, upTo: number): Reply {
  if (!m.meta) return NOT_FOUND;
  const seat = m.caller(who).seat;
  if (seat === null) return error(403, 'auth.not_a_seat', 'Only a player with a seat marks the chat read.');
  const row = m.seats[seat];
  const mark = Math.min(upTo, m.chat.tally(seat).lastId);
  if (mark <= (row.prefs.chatReadId ?? 0))
    return { status: 200, body: { readUpTo: row.prefs.chatReadId ?? 0 } };
  const seats = [{ ...row, prefs: { ...row.prefs, chatReadId: mark } }];
  commit(m, { reason: 'settings', seat, opening: { kind: 'edit' }, seats });
  return { status: 200, body: { readUpTo: mark } };
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
