/**
 * The confirmation of mail preferences set from a match: a seat may change its
 * own preferences at once, but they become the address's, for all its matches, only through a
 * link mailed to that address, which applies exactly the change it was mailed for (at most one
 * live: a later change replaces it; at most `PREFS_LINKS_A_DAY` a day, within the hourly limit;
 * never to a blocked address). The mail, its summary words (also on the link's page) and its sending.
 */
import { MAGIC_LINK_HOURS, type MailAddressDurableObject } from './address-do';
import type { ZonedPrefs } from './address-prefs';
import { link } from './compose';
import { type Catalog, catalogFor, fill } from './i18n';
import { type Block, render } from './render';
import { headerText } from './sanitize';
import type { MailSender } from './types';

/** The preferences in words: the digest line and the quiet-hours line, with the zone. */
export function prefsSummary(c: Catalog, z: ZonedPrefs): string[] {
  const two = (h: number) => String(h).padStart(2, '0');
  const p = z.prefs;
  return [
    p.digestHour === null
      ? c.digest.eachTurn
      : fill(c.digest.digestAt, { hour: two(p.digestHour) }, c.locale),
    p.quiet === null || p.quiet.from === p.quiet.to
      ? c.digest.noQuiet
      : fill(c.digest.quietFrom, { from: two(p.quiet.from), to: two(p.quiet.to) }, c.locale),
    z.timeZone,
  ];
}

/** The link of a confirmation token for the address with key `key`. */
export function prefsLink(origin: string, key: string, token: string): string {
  return `${origin}/api/mail/prefs/${key}/${token}`;
}

/** What sending a confirmation needs. `nowMs`: ms since the epoch. */
export interface PrefsConfirmation {
  stub: DurableObjectStub<MailAddressDurableObject>;
  sender: MailSender | { error: string };
  key: string;
  email: string;
  language: string;
  origin: string;
  z: ZonedPrefs;
  nowMs: number;
  hourlyLimit: number;
}

/**
 * Mails the confirmation link for `z` to the address (its live link, if any, is replaced), unless it
 * is blocked, the day's links went out or the hourly limit is reached. Returns true when a mail was
 * sent; failures are logged, never thrown (the seat's own change stands either way).
 */
export async function sendPrefsConfirmation(o: PrefsConfirmation): Promise<boolean> {
  const { stub, nowMs } = o;
  if ('error' in o.sender) {
    console.warn(`prefs: no sender (${o.sender.error})`);
    return false;
  }
  if (await stub.isBlocked()) return false;
  const admission = await stub.admit(null, nowMs, o.hourlyLimit);
  if (!admission.ok) return false;
  const token = await stub.newPrefsConfirmation(o.z, nowMs);
  if (token === null) return false;
  const c = catalogFor(o.language);
  const href = link(prefsLink(o.origin, o.key, token));
  const subject = headerText(c.digest.confirmSubject, 200);
  const blocks: Block[] = [
    { p: c.digest.confirmIntro },
    { list: prefsSummary(c, o.z) },
    { button: c.digest.confirmButton, href },
    { p: fill(c.bodies.myMatchesExpiry, { hours: MAGIC_LINK_HOURS }, c.locale) },
    { p: c.bodies.myMatchesNotYou },
  ];
  const { text, html } = render(c, subject, blocks, href, { why: null, private: null, links: [] });
  const result = await o.sender.send({
    to: o.email,
    subject,
    text,
    html,
    headers: {},
    idempotencyKey: `prefs:${o.key}:${nowMs}`,
  });
  if (!result.ok) console.warn(`prefs: send failed (${result.code})`);
  return result.ok;
}
