/**
 * The chat's read marks written by the panel, loaded with it: what it showed counts as
 * read, and the seat's mute choice is noted for the home list. The marks and their one versioned
 * localStorage key are lib/chat-unread.ts's (read on the first paint); here only the writing.
 */
import { CHAT_KEY, type ChatMark, chatMarks, readChatMarks } from '../../lib/chat-unread';

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
