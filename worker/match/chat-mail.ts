/**
 * The chat lines a seat's mails carry: the other seats' shown messages since the seat's
 * own last move (the time of its last move row, log.ts `lastMoveAt`) and after the newest one its chat
 * panel showed (`SeatPrefs.chatReadId`: read live, not repeated), the newest `MAIL_CHAT_LINES`,
 * with the writers' names; none when the seat muted the chat of this match (`SeatPrefs.chatMuted`).
 * Read by the notifier (`NotifierContext.chatSinceLastTurn`, the your-turn mail) and the digest's
 * answer (digest-entry.ts). Reads only: no row written.
 */
import { MAIL_CHAT_LINES, type NewChat, NO_CHAT } from '../notify/chat-lines';
import type { MatchContext } from './context';

/** The new chat lines for `seat`'s mails (see the file header). */
export function chatSinceLastTurn(m: MatchContext, seat: number): NewChat {
  const own = m.seats[seat];
  if (!own || own.prefs.chatMuted === true) return NO_CHAT;
  const since = m.log.lastMoveAt(seat) ?? 0;
  // What the seat's chat panel showed was read there (its read mark): the mail does not repeat it.
  const { rows, total } = m.chat.shownSince(seat, since, MAIL_CHAT_LINES, own.prefs.chatReadId ?? 0);
  return {
    lines: rows.map((r) => ({ name: m.seats[r.seat]?.name ?? '?', body: r.content })),
    more: total - rows.length,
  };
}
