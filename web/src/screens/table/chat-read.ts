/**
 * The chat's read marks written by the panel, loaded with it: what it showed counts as
 * read, and the seat's mute choice is noted for the home list. The marks and their one versioned
 * localStorage key are lib/chat-unread.ts's (read on the first paint); here only the writing. The
 * seat's mark on the server (`POST …/chat/read`) keeps what the panel showed out of its mails.
 */
import type { ChatTally } from '../../../../worker/protocol/chat';
import { CHAT_KEY, type ChatMark, chatMarks, readChatMarks } from '../../lib/chat-unread';
import { chatApi } from './chat-model';

/** The most matches kept (the oldest marks go first). */
const MAX_MATCHES = 200;

/** Writes `mark` for `matchId` into the stored marks as they are now (another tab's writes kept). */
function save(matchId: string, mark: ChatMark): void {
  const all = readChatMarks();
  delete all[matchId];
  all[matchId] = mark;
  // Insertion order is recency: the oldest entries go first.
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_MATCHES))) delete all[k];
  chatMarks.value = all;
  try {
    localStorage.setItem(CHAT_KEY, JSON.stringify(all));
  } catch {
    // Storage full or disabled: the marks last for this page only.
  }
}

/** Records that the chat of `matchId` was shown with `others` messages of others (never goes back). */
export function markChatRead(matchId: string, others: number): void {
  const mark = readChatMarks()[matchId];
  if (mark && Number(mark.r) >= others) return;
  save(matchId, { ...mark, r: others });
}

/** Records whether the seat muted the chat of `matchId` (the home list reads it; no change: no write). */
export function noteChatMuted(matchId: string, muted: boolean): void {
  const mark = readChatMarks()[matchId];
  if ((mark?.m === 1) === muted) return;
  save(matchId, muted ? { r: mark?.r ?? 0, m: 1 } : { r: mark?.r ?? 0 });
}

/** Per match: how many messages of others the server was last told this page showed. */
const told = new Map<string, number>();
/** How long the panel waits before telling the server (a burst of messages is one request). */
const TELL_AFTER_MS = 1500;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Tells the server, after a short wait, that the panel of `matchId` (the chat at `path`) showed the
 * messages up to `tally.lastId`, when others wrote since it was last told: the your-turn mail then
 * does not repeat lines read here. The player's own messages alone tell nothing (no row written for
 * them). A failure is let go: the mail then carries the lines, as before.
 */
export function tellChatRead(matchId: string, path: string, token: string, tally: ChatTally): void {
  if (tally.lastId < 1 || tally.others <= (told.get(matchId) ?? 0)) return;
  clearTimeout(timers.get(matchId));
  timers.set(
    matchId,
    setTimeout(() => {
      timers.delete(matchId);
      told.set(matchId, tally.others);
      chatApi.read(path, token, tally.lastId).catch(() => told.delete(matchId));
    }, TELL_AFTER_MS),
  );
}
