/**
 * A chat message in the reader's words: plain text as written (shown as text, never as
 * markup or a link), a quick phrase in the reader's own language (worker/words/chat-phrases.ts, shared with the mail) (so friends reading different
 * languages each read their own), "Away until" with the day in the reader's language, "Message
 * removed" once deleted or hidden, and the time a message was sent.
 */
import type { ChatMessage } from '../../../../worker/protocol/chat';
import { quickPhraseText } from '../../../../worker/words/chat-phrases';
import { clockText, dayText } from '../../../../worker/words/when';
import { lang, t } from '../../i18n';

/**
 * A day `YYYY-MM-DD` as the reader says it: its weekday within six days of `nowMs`, else its date
 * ("Friday", "11 December"); the calendar day itself, whatever the reader's time zone. "" when unreadable.
 */
export function awayDay(day: string | undefined, nowMs: number, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!m) return '';
  // Noon UTC of that day, read in UTC: the same calendar day in every language.
  return dayText(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12), nowMs, language, 'UTC');
}

/** What a message says, in the reader's words ("Message removed" once deleted or hidden). */
export function chatBodyText(body: ChatMessage['body'], nowMs = Date.now()): string {
  if (!body) return t('chat.removed');
  if ('text' in body) return body.text;
  const until = body.phrase === 'awayUntil' ? awayDay(body.params?.until, nowMs, lang.value) : '';
  return quickPhraseText(body.phrase, lang.value, until);
}

/** When a message was sent: its clock time today ("14:30"), else with its date ("3 May, 14:30"). */
export function chatTime(iso: string, nowMs: number, language: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const today = new Date(at).toDateString() === new Date(nowMs).toDateString();
  return clockText(at, language, { withDay: !today });
}
