/**
 * Chat lines in mails: the new lines of a match's chat since the reader's own last move,
 * as the match hands them over (`NotifierContext.chatSinceLastTurn`, the digest's entry), and their
 * words in the reader's language: "Bob wrote: “…”", a quick phrase from the shared catalog. A
 * mail carries at most `MAIL_CHAT_LINES` lines of at most `MAIL_CHAT_CHARS` characters each, and
 * says how many earlier ones it left out. User text is defused like names and titles: one line,
 * control characters gone, nothing a mail client turns into a link (`defuseLinks`); the HTML part
 * escapes it (render.ts).
 */
import type { ChatMessage, QuickPhrase } from '../protocol/chat';
import { quickPhraseText } from '../words/chat-phrases';
import { calendarDayText } from '../words/when';
import type { Catalog } from './i18n';
import { fill } from './i18n';
import type { Block } from './render';
import { defuseLinks, headerText } from './sanitize';

/** The most chat lines one mail (or one match of a digest) carries: the newest ones. */
export const MAIL_CHAT_LINES = 5;
/** The most characters of one chat line's text in a mail (longer text is cut with "…"). */
export const MAIL_CHAT_CHARS = 200;

/** What a shown message says: plain text or a quick phrase's code (the wire's `ChatMessage.body`). */
export type ChatBody = NonNullable<ChatMessage['body']>;

/** One chat line for a mail: the writer's seat name and what they wrote. */
export interface MailChatLine {
  name: string;
  body: ChatBody;
}

/**
 * The chat lines a mail carries: the newest `MAIL_CHAT_LINES` shown lines of the other seats since
 * the reader's last move, oldest first, and how many earlier ones are left out (`more`).
 */
export interface NewChat {
  lines: MailChatLine[];
  more: number;
}

/** No chat lines (a muted chat, or nothing new). */
export const NO_CHAT: NewChat = { lines: [], more: 0 };

/** User text in a mail: one header-safe line of at most `max` characters with no link in it. */
function inert(value: string, max: number): string {
  return defuseLinks(headerText(value, max));
}

/** An "away until" day (YYYY-MM-DD) in the reader's words: "Monday 7 December" (a calendar day, so UTC). */
function dayWords(day: string, c: Catalog): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(at)) return inert(day, 10);
  return calendarDayText(at, c.locale);
}

/** A quick phrase in the reader's language ("Bonne partie"; worker/words/chat-phrases.ts, shared with the page). */
export function phraseText(phrase: QuickPhrase, params: { until: string } | undefined, c: Catalog): string {
  const day = phrase === 'awayUntil' ? dayWords(params?.until ?? '', c) : '';
  return quickPhraseText(phrase, c.locale, day);
}

/** One line: "Bob wrote: “…”" with the writer's name and text defused. */
export function chatLineText(line: MailChatLine, c: Catalog): string {
  const text =
    'text' in line.body
      ? inert(line.body.text, MAIL_CHAT_CHARS)
      : phraseText(line.body.phrase, line.body.params, c);
  return fill(c.chatMail.line, { name: inert(line.name, 40) || '?', text }, c.locale);
}

/** The mail's blocks for `chat`: a lead-in, the lines, and how many earlier ones are left out; none without lines. */
export function chatBlocks(chat: NewChat | undefined, c: Catalog): Block[] {
  if (!chat || chat.lines.length === 0) return [];
  const blocks: Block[] = [{ p: c.chatMail.intro }, { list: chat.lines.map((l) => chatLineText(l, c)) }];
  if (chat.more > 0) blocks.push({ p: fill(c.chatMail.more, { count: chat.more }, c.locale) });
  return blocks;
}
