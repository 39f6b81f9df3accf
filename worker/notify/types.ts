/**
 * Shapes shared by the mail and push code: the configuration read from the Worker's env, an
 * outgoing message as every sender takes it, and the result a sender returns. A sender never
 * throws for a provider failure: it returns `{ ok: false, code, retryable }`.
 */
import { WORD_LANGUAGES } from '../words/language';

/** Languages with a message catalog (worker/notify/i18n). The first is the fallback. */
export const MAIL_LANGUAGES = WORD_LANGUAGES;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** The three senders. `outbox` stores messages for the local /dev/mail page and is refused in production. */
export const SENDER_NAMES = ['resend', 'cloudflare', 'outbox'] as const;
export type SenderName = (typeof SENDER_NAMES)[number];

/** The env entries the mail code reads (defined with the Worker's bindings, worker/env.ts). */
export type { MailEnv } from '../env';

/** Extra headers every notification carries (RFC 2369 / RFC 8058 one-click unsubscribe). */
export interface ListHeaders {
  'List-Unsubscribe': string;
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click';
}

/**
 * One message ready to send. `to` is a validated address (see address.ts); `subject` is already
 * header-safe (no control characters); `idempotencyKey` identifies the message across retries,
 * so a provider that supports it never delivers it twice.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Partial<ListHeaders>;
  idempotencyKey: string;
}

/** Stable error codes of a failed send. */
export const SEND_ERROR_CODES = [
  'mail.not_configured',
  'mail.outbox_forbidden',
  'mail.bad_address',
  'mail.rejected',
  'mail.rate_limited',
  'mail.quota',
  'mail.provider_error',
  'mail.network',
] as const;
export type SendErrorCode = (typeof SEND_ERROR_CODES)[number];

/**
 * A send's outcome. `retryable`: the same message may succeed later (provider 429/5xx, network).
 * `mail.quota` (the provider's daily or monthly quota, or this deployment's daily mail cap,
 * worker/notify/mail-quota.ts) also says when to try again: `retryAtMs`, the next 00:00 UTC (ms
 * since the epoch); no mail goes out before then.
 */
export type SendResult =
  | { ok: true; providerId: string | null }
  | { ok: false; code: SendErrorCode; retryable: boolean; message: string; retryAtMs?: number };

/** One sender: resend, cloudflare or outbox. */
export interface MailSender {
  readonly name: SenderName;
  send(mail: OutgoingMail): Promise<SendResult>;
}
