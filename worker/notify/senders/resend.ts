/**
 * The `resend` sender: Resend's HTTP API (POST https://api.resend.com/emails) over fetch. The API
 * key is a secret (RESEND_API_KEY). The message's idempotency key goes in Resend's
 * `Idempotency-Key` header, so a retry after a lost response never delivers twice.
 * https://resend.com/docs/api-reference/emails/send-email
 */
import type { MailSender, OutgoingMail, SendResult } from '../types';

/** Options of `createResendSender`. `fetch` and `endpoint` exist for tests (a fake endpoint). */
export interface ResendOptions {
  apiKey: string;
  /** From header, e.g. `Mille Bornes <turns@example.org>`. */
  from: string;
  fetch?: typeof fetch;
  endpoint?: string;
}

/** The default API endpoint. */
export const RESEND_ENDPOINT = 'https://api.resend.com/emails';

/**
 * A sender over Resend. Outcomes: 200 → ok with Resend's id; 429 → `mail.rate_limited`
 * (retryable); 409 (a concurrent request with the same idempotency key) and 5xx →
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
      if (res.status === 429) return { ok: false, code: 'mail.rate_limited', retryable: true, message };
      if (res.status === 409 || res.status >= 500) {
        return { ok: false, code: 'mail.provider_error', retryable: true, message };
      }
      return { ok: false, code: 'mail.rejected', retryable: false, message };
    },
  };
}
