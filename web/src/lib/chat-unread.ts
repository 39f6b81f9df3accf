/**
 * The chat's unread count per match, kept on this device only: one small versioned
 * localStorage key, no server row per visit. The server's tally (`MatchInfo.chat`, "my matches"
 * `summary.chat`) counts the messages the other seats wrote (`others`); this device remembers the
 * `others` it last showed and whether the seat muted the chat, so the count is exact and never
 * counts the reader's own messages. Small on purpose: the table's chat button and the home list
 * read it on the first paint; the panel, loaded later, writes it (screens/table/chat-read.ts).
 */
import { signal } from '@preact/signals';
import type { ChatMessage, ChatTally } from '../../../worker/protocol/chat';
import type { MatchInfo } from './types';

/** What this device keeps for one match: `r` the `others` count shown last, `m` muted (1) or absent. */
export interface ChatMark {
  r: number;
  m?: 1;
}

/** The key; its `v1` is the shape's version (a new shape takes a new key and the old one is ignored). */
export const CHAT_KEY = 'mb.chat.v1';

/** Every match's mark as stored now (another tab may have written since this page loaded). */
export function readChatMarks(): Record<string, ChatMark> {
  try {
    const value = JSON.parse(localStorage.getItem(CHAT_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, ChatMark>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Every match's mark on this device; components reading it re-render when it changes, also when
 * another tab of this device writes the key (its `storage` event).
 */
export const chatMarks = signal<Record<string, ChatMark>>(readChatMarks());
if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === CHAT_KEY || e.key === null) chatMarks.value = readChatMarks();
  });

/**
 * The messages of others not yet shown on this device for `tally` (0 without a tally, when muted,
 * or when everything was shown). `muted` defaults to what the device last knew of the seat.
 */
export function unreadCount(matchId: string, tally: ChatTally | undefined, muted?: boolean): number {
  const mark = chatMarks.value[matchId];
  if (!tally || (muted ?? mark?.m === 1)) return 0;
  return Math.max(0, (tally.others ?? 0) - (Number(mark?.r) || 0));
}

/**
 * `info` after a live `chat` frame (or the sender's own answer) carrying `message`: the tally moved
 * as the server's would (a new message raises `lastId`, and `others` unless it is the reader's own;
 * a removal raises `removed`). `info` itself when nothing changes (the message was counted already).
 */
export function withChatMessage(info: MatchInfo, message: ChatMessage): MatchInfo {
  const tally = info.chat;
  if (!tally) return info;
  const fresh = message.id > tally.lastId;
  if (!fresh && message.removed === null) return info;
  const own = info.you.seat !== null && message.seat === info.you.seat;
  return {
    ...info,
    chat: {
      lastId: Math.max(tally.lastId, message.id),
      removed: tally.removed + (message.removed === null ? 0 : 1),
      others: tally.others + (fresh && !own ? 1 : 0),
    },
  };
}
