/**
 * The `cloudflare` sender: Email Routing's `send_email` binding. The binding takes an
 * `EmailMessage` (from `cloudflare:email`) holding the raw MIME; the constructor is passed in so
 * this module also runs in Node tests (worker/notify/senders/index.ts passes the real one). On the
 * free plan it only reaches verified destination addresses.
 */
import type { MailSender, OutgoingMail, SendResult } from '../types';
import { buildMime, parseFrom } from './mime';

/** Makes the binding's message object: `new EmailMessage(from, to, raw)` in production. */
export type EmailMessageFactory = (from: string, to: string, raw: string) => EmailMessage;

/** Options of `createCloudflareSender`. */
export interface CloudflareOptions {
  binding: SendEmail;
  /** From header, e.g. `Mille Bornes <turns@example.org>`; its domain must be on Email Routing. */
  from: string;
  makeMessage: EmailMessageFactory;
}

/**
 * A sender over the `send_email` binding. The binding throws on failure; a message mentioning an
 * unverified or invalid destination is `mail.rejected` (not retryable), anything else
 * `mail.provider_error` (retryable). A From that cannot be parsed is `mail.not_configured`.
 */
export function createCloudflareSender(opts: CloudflareOptions): MailSender {
  return {
    name: 'cloudflare',
    async send(mail: OutgoingMail): Promise<SendResult> {
      const from = parseFrom(opts.from);
      if (!from)
        return {
          ok: false,
          code: 'mail.not_configured',
          retryable: false,
          message: 'MAIL_FROM is not an address',
        };
      const raw = buildMime(mail, from);
      try {
        await opts.binding.send(opts.makeMessage(from.addr, mail.to, raw));
        return { ok: true, providerId: null };
      } catch (e) {
        const message = String(e instanceof Error ? e.message : e).slice(0, 200);
        const permanent = /not verified|unverified|invalid|not allowed|destination/i.test(message);
        return {
          ok: false,
          code: permanent ? 'mail.rejected' : 'mail.provider_error',
          retryable: !permanent,
          message,
        };
      }
    },
  };
}
