/**
 * The mail provider's daily quota and the deployment's daily mail cap (issue #33). A provider refuses
 * past its own quota (Resend free: 100 mails a day, 3,000 a month); the cap `MAIL_DAILY_CAP` keeps
 * the deployment within it before the provider has to say so. Every send of the deployment (a
 * match's outbox, a digest, a confirmation or link mail) goes through `cappedSender`:
 *
 * 1. the cap: one request to the deployment's budget object (budget-do.ts `takeMail`), counting the
 *    mail when admitted; refused past the cap (nothing counted), it answers `mail.quota` until the
 *    next 00:00 UTC. With the cap off, no request at all.
 * 2. the provider (or, with the test seams' `mail` fault on, the provider's own answer past its
 *    quota, fed through the sender's own parsing: worker/faults.ts);
 * 3. a provider's quota refusal (`mail.quota`) closes the cap's day (`mailQuotaReached`), so the other
 *    matches stop offering mail to the provider before the reset.
 *
 * The budget object refused past the platform's own daily limit (daily-limit.ts `isDailyLimit`) is
 * a quota refusal too: without a count the cap cannot be kept, so mail waits for the reset.
 *
 * Cost: one request and one row written per admitted mail. A count kept in memory and written
 * once per K mails (a reservation ahead of the count) would lose up to K − 1 mails of the day at
 * each restart, and the object is evicted after about a minute without requests: mails minutes
 * apart (a mailed match's turns) would each start it afresh and lose a whole reservation, so the cap
 * would run out K times too fast. The rows written are bounded by the cap itself: 100 a day at the
 * default, 0.1 % of the free plan's 100,000.
 */
import { isDailyLimit } from '../daily-limit';
import { type Env, testSeamsEnabled } from '../env';
import { faultOn, PLATFORM_MESSAGES } from '../faults';
import { nextResetMs } from '../shared/limits';
import { MAIL_BUDGET_NAME, type MailBudgetDurableObject } from './budget-do';
import { resendOutcome } from './senders/resend';
import type { MailEnv, MailSender, OutgoingMail, SenderName, SendResult } from './types';

/**
 * The default cap per sender, in mails per UTC day: the provider's free quota. Resend's free plan
 * sends 100 a day; Cloudflare's Email Service includes 3,000 mails a month on Workers Paid (and on
 * the free plan reaches only verified addresses, with a daily limit it sets per account and does
 * not publish), so 100 a day; the dev outbox sends nowhere: no cap.
 */
export const DEFAULT_DAILY_CAP: Readonly<Record<SenderName, number | null>> = {
  resend: 100,
  cloudflare: 100,
  outbox: null,
};

/**
 * The daily mail cap for `sender` (mails per UTC day for the whole deployment; null: none):
 * MAIL_DAILY_CAP `off`, a whole number (0: no mail at all), or unset or malformed: the sender's default.
 */
export function dailyCap(env: Pick<MailEnv, 'MAIL_DAILY_CAP'>, sender: SenderName): number | null {
  const value = env.MAIL_DAILY_CAP?.trim().toLowerCase();
  if (value === 'off') return null;
  if (value !== undefined && /^\d+$/.test(value)) return Number(value);
  return DEFAULT_DAILY_CAP[sender];
}

/** The answer of a mail refused past a daily quota at `nowMs`: `mail.quota`, again at the next 00:00 UTC. */
export function quotaRefusal(nowMs: number, message: string): Extract<SendResult, { ok: false }> {
  return { ok: false, code: 'mail.quota', retryable: true, message, retryAtMs: nextResetMs(nowMs) };
}

/**
 * What provider `name` answers past its daily quota at `nowMs` (the test seams' `mail` fault): for
 * Resend its 429 `daily_quota_exceeded` through the sender's own parsing. Cloudflare's binding
 * documents no quota error and the dev outbox has none: for them the fault answers as the cap does.
 */
export function providerQuotaAnswer(name: SenderName, nowMs: number): SendResult {
  if (name === 'resend') return resendOutcome({ ok: false, status: 429 }, PLATFORM_MESSAGES.mail, nowMs);
  return quotaRefusal(nowMs, `${name}: daily quota (test seam)`);
}

/** What `cappedSender` reads: the env (cap, budget binding, test seams) and the test hooks' cap. */
export interface CapOptions {
  env: Pick<Env, 'MAIL_DAILY_CAP' | 'MAIL_BUDGET' | 'TEST_SEAMS'>;
  /** The sender's clock (ms since the epoch): the day counted and the fault's time. */
  now: () => number;
  /** Test seams only: MAIL_DAILY_CAP as this caller's env would say it. */
  cap?: string;
}

/**
 * `via` behind the daily mail cap and the test seams' `mail` fault (see the file comment). A refusal
 * of either is `{ ok: false, code: 'mail.quota', retryAtMs }` (the next 00:00 UTC by `o.now`).
 */
export function cappedSender(via: MailSender, o: CapOptions): MailSender {
  const seams = testSeamsEnabled(o.env);
  const cap = dailyCap(seams && o.cap !== undefined ? { MAIL_DAILY_CAP: o.cap } : o.env, via.name);
  const ns = o.env.MAIL_BUDGET as DurableObjectNamespace<MailBudgetDurableObject> | undefined;
  const budget = cap !== null && ns ? ns.get(ns.idFromName(MAIL_BUDGET_NAME)) : null;
  return {
    name: via.name,
    async send(mail: OutgoingMail): Promise<SendResult> {
      const nowMs = o.now();
      if (cap !== null && budget) {
        let taken: { ok: boolean };
        try {
          taken = await budget.takeMail(cap, nowMs);
        } catch (e) {
          // The budget object past the platform's own daily limit: no count, so no mail until the reset.
          if (isDailyLimit(e)) return quotaRefusal(nowMs, 'the platform refused the mail count today');
          throw e;
        }
        if (!taken.ok) return quotaRefusal(nowMs, `the daily mail cap (${cap}) is reached`);
      }
      const result =
        seams && faultOn('mail', nowMs) ? providerQuotaAnswer(via.name, nowMs) : await via.send(mail);
      if (!result.ok && result.code === 'mail.quota' && cap !== null && budget)
        await budget.mailQuotaReached(cap, nowMs);
      return result;
    },
  };
}

/** `cappedSender` over a sender choice (`senderOf`'s answer); the reason there is none passes as is. */
export function withCap(via: MailSender | { error: string }, o: CapOptions): MailSender | { error: string } {
  return 'error' in via ? via : cappedSender(via, o);
}
