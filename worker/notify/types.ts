/**
 * Shapes shared by the mail and push code: the configuration read from the Worker's env, an
 * outgoing message as every sender takes it, and the result a sender returns. A sender never
 * throws for a provider failure: it returns `{ ok: false, code, retryable }`.
 */

/** Languages with a message catalog (worker/notify/i18n). The first is the fallback. */
export const MAIL_LANGUAGES = ['en', 'fr', 'de', 'sv', 'nb'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** The three senders. `outbox` stores messages for the local /dev/mail page and is refused in production. */
export const SENDER_NAMES = ['resend', 'cloudflare', 'outbox'] as const;
export type SenderName = (typeof SENDER_NAMES)[number];

/**
 * The env entries the mail code reads. All optional: with none of them set, mail is off
 * (`createSender` answers `mail.not_configured`). Secrets: MAIL_KEY, RESEND_API_KEY, VAPID_PRIVATE_KEY.
 */
export interface MailEnv {
  /** `resend`, `cloudflare` or `outbox`. Unset: `outbox` when DEV_OUTBOX is "1", else mail is off. */
  MAIL_SENDER?: string;
  /** The From header, e.g. `Mille Bornes <turns@example.org>`; its domain must be verified with the provider. */
  MAIL_FROM?: string;
  /**
   * Secret: the HMAC key of the per-address keys in mute and "my matches" links (at least 32
   * characters). Required by the `resend` and `cloudflare` senders; local development and tests use
   * a fixed development key (worker/notify/address.ts `mailKey`).
   */
  MAIL_KEY?: string;
  /** Secret: a Resend API key (`re_...`). */
  RESEND_API_KEY?: string;
  /** The `send_email` binding (sender `cloudflare`). */
  SEND_EMAIL?: SendEmail;
  /** "1" enables the dev outbox; it is still refused unless the public origin is localhost. */
  DEV_OUTBOX?: string;
  /** Seconds a turn mail waits before it is sent (default 120); dropped if the player acts or connects. */
  MAIL_GRACE_SECONDS?: string;
  /** Mails per address per hour across all matches (default 10). */
  MAIL_HOURLY_LIMIT?: string;
  /** Web Push: the VAPID public key (base64url, uncompressed P-256 point), given to clients. */
  VAPID_PUBLIC_KEY?: string;
  /** Secret: the VAPID private key as a JWK JSON string (`npx @pushforge/builder vapid`). */
  VAPID_PRIVATE_KEY?: string;
  /** Contact sent to push services: `mailto:you@example.org` or an https URL. */
  VAPID_SUBJECT?: string;
  /** Durable Object namespace of the per-address mail state (worker/notify/address-do.ts). */
  MAIL_ADDRESS?: DurableObjectNamespace;
  /** Durable Object namespace of the dev outbox (worker/notify/dev-outbox.ts). */
  DEV_MAIL?: DurableObjectNamespace;
  /** Durable Object namespace of the daily e-mail-address budget (worker/notify/budget-do.ts). */
  MAIL_BUDGET?: DurableObjectNamespace;
  /** E-mail addresses one client (IP) may give when creating matches, per UTC day (default 10). */
  MAIL_ADDRESSES_PER_CLIENT_DAY?: string;
  /** E-mail addresses the whole deployment accepts at match creation, per UTC day (default 50). */
  MAIL_ADDRESSES_PER_DAY?: string;
}

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
  'mail.provider_error',
  'mail.network',
] as const;
export type SendErrorCode = (typeof SEND_ERROR_CODES)[number];

/** A send's outcome. `retryable`: the same message may succeed later (provider 429/5xx, network). */
export type SendResult =
  | { ok: true; providerId: string | null }
  | { ok: false; code: SendErrorCode; retryable: boolean; message: string };

/** One sender: resend, cloudflare or outbox. */
export interface MailSender {
  readonly name: SenderName;
  send(mail: OutgoingMail): Promise<SendResult>;
}
