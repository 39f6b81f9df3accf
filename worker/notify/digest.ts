/**
 * The daily digest: at a digest hour, the address's Durable Object asks each of
 * its playing matches what waits for that seat (`DigestSource.digestEntry`, answered by the match)
 * and sends one mail listing every waiting match with its deadline in the reader's words and its
 * link; none when nothing waits. The block, mute (per chain) and the hourly limit apply. The
 * schedule is address-prefs.ts; the words are the catalogs' `digest`.
 */

import { retriesLeft, retryWaitMs } from '../retry';
import { nextResetMs } from '../shared/limits';
import { deadlineText } from '../words/when';
import type { AddressMatch, Admission, MailTarget } from './address-do';
import { type AddressPrefs, slotKey } from './address-prefs';
import { chatBlocks, type MailChatLine } from './chat-lines';
import { link } from './compose';
import { catalogFor, fill } from './i18n';
import { playBlocks } from './mail-play';
import type { MailPlay } from './mail-position';
import { MAIL_RETRY } from './policy';
import { type Block, render } from './render';
import { defuseLinks, headerText } from './sanitize';
import type { MailSender, OutgoingMail } from './types';

/** What waits for a seat: its turn, its answer to a hazard, or the start of the next hand. */
export const WAITING_KINDS = ['turn', 'answer', 'nextHand'] as const;
export type WaitingKind = (typeof WAITING_KINDS)[number];

/** One waiting match of the digest, as the match answers it. `deadlineMs`: ms since the epoch. */
export interface DigestEntry {
  matchId: string;
  chainId: string;
  title: string;
  waiting: WaitingKind;
  deadlineMs: number | null;
  /** A fresh seat link (like a mail's). */
  link: string;
  /** The seat's language and address, and the match's public origin. */
  language: string;
  email: string;
  origin: string;
  /**
   * The chat's new lines since the seat's last move (chat-lines.ts), the newest few,
   * oldest first; empty when the seat muted the chat. `chatMore`: earlier lines left out.
   */
  chat: MailChatLine[];
  chatMore?: number;
  /**
   * The seat's position and suggested moves as its turn mail shows them (mail-position.ts), with the
   * seats' names by seat; absent between hands, with the hand in mails turned off, or with nothing a
   * mail can offer.
   */
  play?: MailPlay;
  names?: string[];
}

/**
 * The match's side (a method of the match Durable Object): what waits for `seat` at `nowMs`, or
 * null when nothing does or the seat's address no longer has the key `addressKey`.
 */
export interface DigestSource {
  digestEntry(seat: number, addressKey: string, nowMs: number): Promise<DigestEntry | null>;
}

/** What the digest run needs of the address's Durable Object. */
export interface DigestHost {
  prefs: AddressPrefs;
  /** The address's own key (the name of its object), once known. */
  selfKey(): string | null;
  matches(): AddressMatch[];
  source(matchId: string): DigestSource | null;
  stopped(about: MailTarget): Promise<'blocked' | 'muted' | null>;
  isBlocked(): boolean;
  admit(target: null, nowMs: number, limit: number): Promise<Admission>;
  blockToken(): Promise<string>;
  hourlyLimit(): number;
  sender(origin: string): MailSender | { error: string };
}

/**
 * Runs the digest due at `nowMs` (the slots whose time has come move on first, so an alarm that
 * runs twice sends one digest). A rate limit waits for the time the limit gives; a passing provider
 * error is tried again as the turn mails are (policy.ts `MAIL_RETRY`: after 1 min, 5 min, …, at most
 * 6 attempts in all). Returns the next alarm time (ms), or null for none.
 */
export async function runDigest(h: DigestHost, nowMs: number): Promise<number | null> {
  const slots = h.prefs.slots();
  const due = new Set(Object.keys(slots).filter((k) => slots[k] <= nowMs));
  const key = h.selfKey();
  if (due.size === 0 || key === null || h.isBlocked()) return h.prefs.reschedule(nowMs, due);
  const next = h.prefs.reschedule(nowMs, due);
  const entries: Array<DigestEntry & { timeZone: string }> = [];
  for (const m of h.matches()) {
    if (m.status !== 'playing') continue;
    const z = h.prefs.effective(m, null);
    if (z.prefs.digestHour === null || !due.has(slotKey(z))) continue;
    const entry = await ask(h, m, key, nowMs);
    if (!entry || (await h.stopped({ matchId: entry.matchId, chainId: entry.chainId }))) continue;
    entries.push({ ...entry, timeZone: z.timeZone });
  }
  if (entries.length === 0) return next;
  const admission = await h.admit(null, nowMs, h.hourlyLimit());
  if (!admission.ok) {
    return admission.reason === 'rate_limited' ? h.prefs.reschedule(nowMs, due, admission.retryAtMs) : next;
  }
  const origin = entries[0].origin;
  const via = h.sender(origin);
  if ('error' in via) {
    console.warn(`digest: no sender (${via.error})`);
    return next;
  }
  const block = `${origin}/api/mail/block/${key}/${await h.blockToken()}`;
  const mail = composeDigest(entries, { to: entries[0].email, block, nowMs, key });
  const result = await via.send(mail);
  if (result.ok) {
    h.prefs.setDigestAttempts(0);
    return next;
  }
  // Past a daily quota (mail-quota.ts) the digest waits for its reset.
  if (result.code === 'mail.quota') return h.prefs.reschedule(nowMs, due, nextResetMs(nowMs));
  // A provider error the provider calls passing is tried again, with the turn mails' backoff.
  const attempts = h.prefs.digestAttempts() + 1;
  console.warn(`digest: send failed (${result.code}), attempt ${attempts}`);
  if (!result.retryable || !retriesLeft(MAIL_RETRY, attempts)) {
    h.prefs.setDigestAttempts(0);
    return next;
  }
  h.prefs.setDigestAttempts(attempts);
  return h.prefs.reschedule(nowMs, due, nowMs + retryWaitMs(MAIL_RETRY, attempts));
}

async function ask(h: DigestHost, m: AddressMatch, key: string, nowMs: number): Promise<DigestEntry | null> {
  try {
    return (await h.source(m.matchId)?.digestEntry(m.seat, key, nowMs)) ?? null;
  } catch (e) {
    console.warn(`digest: match ${m.matchId} did not answer: ${String(e).slice(0, 200)}`);
    return null;
  }
}

/**
 * The digest mail: one paragraph per waiting match (its title, what waits, the deadline in its
 * zone), its new chat lines (chat-lines.ts, defused the same way), the seat's position and move
 * links when the match gave them (mail-play.ts, as in a turn mail) and its button, in the language of
 * the first entry, and the "stop all mail" link (also its List-Unsubscribe). Titles pass through
 * `headerText` and `defuseLinks` like every match mail.
 */
export function composeDigest(
  entries: ReadonlyArray<DigestEntry & { timeZone: string }>,
  o: { to: string; block: string; nowMs: number; key: string },
): OutgoingMail {
  const c = catalogFor(entries[0].language);
  const count = { count: entries.length };
  const subject = headerText(fill(c.digest.subject, count, c.locale), 200);
  const blocks: Block[] = [{ p: fill(c.digest.intro, count, c.locale) }];
  for (const e of entries) {
    const title = defuseLinks(headerText(e.title || c.defaultTitle, 80));
    const lines = [fill(c.digest[e.waiting], { title }, c.locale)];
    if (e.deadlineMs !== null)
      lines.push(
        fill(
          c.digest.deadline,
          { time: deadlineText(e.deadlineMs, o.nowMs, c.locale, e.timeZone) },
          c.locale,
        ),
      );
    blocks.push({ p: lines.join('\n') });
    blocks.push(...chatBlocks({ lines: e.chat ?? [], more: e.chatMore ?? 0 }, c));
    blocks.push(...playBlocks(e.play, e.names ?? [], c));
    blocks.push({ button: c.digest.open, href: link(e.link) });
  }
  const block = link(o.block);
  const { text, html } = render(c, subject, blocks, link(entries[0].link), {
    why: null,
    private: 'list',
    links: [{ label: c.footer.blockAll, href: block }],
  });
  return {
    to: o.to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${block}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    idempotencyKey: `digest:${o.key}:${o.nowMs}`,
  };
}
