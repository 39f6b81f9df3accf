/**
 * The `resend` sender: Resend's HTTP API (POST https://api.resend.com/emails) over fetch. The API
 * key is a secret (RESEND_API_KEY). The message's idempotency key goes in Resend's
 * `Idempotency-Key` header, so a retry after a lost response never delivers twice.
 * https://resend.com/docs/api-reference/emails/send-email
 *
 * Resend's limits (https://resend.com/docs/api-reference/errors, …/rate-limit): every refusal is a
 * JSON body `{ statusCode, name, message }`; a 429 named `daily_quota_exceeded` or
 * `monthly_quota_exceeded` means the account's e-mail quota is used up (the free plan: 100 a day,
 * 3,000 a month) and waiting seconds will not help, while `rate_limit_exceeded` (too many requests a
 * second) passes within seconds.
 */
import { nextResetMs } from '../../shared/limits';
import type { MailSender, OutgoingMail, SendResult } from '../types';

/** Options of `createResendSender`. `fetch` and `endpoint` exist for tests (a fake endpoint). */
export interface ResendOptions {
  apiKey: string;
  /** From header, e.g. `Mille Bornes <turns@example.org>`. */
  from: string;
  fetch?: typeof fetch;
  endpoint?: string;
  /** The clock of a quota refusal's `retryAtMs` (ms since the epoch; default `Date.now`). */
  now?: () => number;
}

/** The default API endpoint. */
export const RESEND_ENDPOINT = 'https://api.resend.com/emails';

/** Resend's names of a 429 that is a used-up quota rather than a passing rate limit. */
export const RESEND_QUOTA_NAMES = ['daily_quota_exceeded', 'monthly_quota_exceeded'] as const;

/** The `name` of a Resend error body, or null when the body is not Resend's JSON error. */
export function resendErrorName(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { name?: unknown };
    return typeof parsed?.name === 'string' ? parsed.name : null;
  } catch {
    return null;
  }
}

/**
 * The outcome of Resend's answer `res` (already read into `body`) at `nowMs`. Exported so that the
 * test seams' mail fault (worker/faults.ts) feeds its fake quota refusal through the same parsing.
 */
export function resendOutcome(res: { ok: boolean; status: number }, body: string, nowMs: number): SendResult {
  if (res.ok) {
    let id: string | null = null;
    try {
      const parsed = JSON.parse(body) as { id?: unknown };
      if (typeof parsed.id === 'string') id = parsed.id;
    } catch {
      // A 2xx without a JSON id still means accepted.
    }
    return { ok: true, providerId: id };
  }
  const message = `resend ${res.status}: ${body.slice(0, 200)}`;
  if (res.status === 429) {
    const name = resendErrorName(body);
    if ((RESEND_QUOTA_NAMES as readonly (string | null)[]).includes(name))
      return { ok: false, code: 'mail.quota', retryable: true, message, retryAtMs: nextResetMs(nowMs) };
    return { ok: false, code: 'mail.rate_limited', retryable: true, message };
  }
  if (res.status === 409 || res.status >= 500) {
    return { ok: false, code: 'mail.provider_error', retryable: true, message };
  }
  return { ok: false, code: 'mail.rejected', retryable: false, message };
}

/**
 * A sender over Resend. Outcomes: 200 → ok with Resend's id; 429 named `daily_quota_exceeded` or
 * `monthly_quota_exceeded` → `mail.quota` (retryable at the next 00:00 UTC, `retryAtMs`; a monthly
 * quota is tried again once a day); any other 429 → `mail.rate_limited` (retryable); 409 (a concurrent request with the same idempotency key) and 5xx →
 * `mail.provider_error` (retryable); other 4xx → `mail.rejected` (not retryable: bad key,
 * unverified domain, invalid address); a network failure → `mail.network` (retryable).
 */
export function createResendSender(opts: ResendOptions): MailSender {
  const doFetch = opts.fetch ?? fetch;
  const endpoint = opts.endpoint ?? RESEND_ENDPOINT;
  return {
    name: 'resend',
    async send(mail: OutgoingMail): Promise<SendResult> {
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${opts.apiKey}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': mail.idempotencyKey.slice(0, 256),
          },
          body: JSON.stringify({
            from: opts.from,
            to: [mail.to],
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            headers: mail.headers,
          }),
        });
      } catch (e) {
        return { ok: false, code: 'mail.network', retryable: true, message: String(e).slice(0, 200) };
      }
      const body = await res.text().catch(() => '');
      return resendOutcome(res, body, (opts.now ?? Date.now)());
    },
  };
}
