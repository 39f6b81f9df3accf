/**
 * The Worker's bindings and variables (wrangler.toml). Shared by the Hono app, the match Durable
 * Object and the senders.
 */

/** Bindings and vars of the Worker and of the match Durable Object (mail and push: see MailEnv). */
export interface Env extends MailEnv {
  /** One Durable Object per match, named by the match id (its RPC surface: worker/match/stub.ts). */
  MATCH: DurableObjectNamespace;
  /** Match creation limit per client (IP). */
  CREATE_LIMITER: RateLimit;
  /** Move / settings limit per client (IP). */
  MOVE_LIMITER: RateLimit;
  /** Read limit per client (IP): GET requests under /api and the WebSocket upgrade (routes/limits.ts). */
  READ_LIMITER: RateLimit;
  /**
   * The web client's static files (wrangler.toml [assets]): the Worker fetches the app's page from
   * it for the client's routes (routes/site.ts).
   */
  ASSETS: Fetcher;
  // -- leagues --
  /** One Durable Object per league, named by the league id (worker/league/stub.ts). */
  LEAGUE?: DurableObjectNamespace;
  /** Delay before a bot moves, in ms, as a decimal string; "0" plays bots inside the request. */
  BOT_DELAY_MS?: string;
  /** Public origin for links (e.g. "https://mb.example.org"); default: the request's origin. */
  PUBLIC_URL?: string;
  /**
   * "1" only in the vitest project's miniflare bindings: enables the stacked-deck seam. Never set in
   * wrangler.toml or as a secret; a deployed Worker rejects the seam as an unknown field.
   */
  TEST_SEAMS?: string;
}

/**
 * The public origin links are made under: `PUBLIC_URL` without trailing slashes (a self-hoster may
 * write "https://mb.example.org/"), else `fallback` (the request's origin where there is one; '' in
 * a Durable Object's alarm, where there is none) the same way.
 */
export function publicOrigin(env: Pick<Env, 'PUBLIC_URL'>, fallback = ''): string {
  return (env.PUBLIC_URL ?? fallback).replace(/\/+$/, '');
}

/** True when the test-only seams are enabled (never in a deployed Worker). */
export function testSeamsEnabled(env: Pick<Env, 'TEST_SEAMS'>): boolean {
  return env.TEST_SEAMS === '1';
}

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
   * Secret: the HMAC key of the per-mailbox keys in mute and "my matches" links and of the stored
   * client hashes (at least 32 characters; worker/tokens.ts `keyedHash`). Required by the `resend`
   * and `cloudflare` senders; local development and tests use a fixed development key
   * (worker/tokens.ts `mailKey`).
   */
  MAIL_KEY?: string;
  /** Secret: a Resend API key (`re_...`). */
  RESEND_API_KEY?: string;
  /** The `send_email` binding (sender `cloudflare`). */
  SEND_EMAIL?: SendEmail;
  /** "1" enables the dev outbox; it is still refused unless the public origin is localhost. */
  DEV_OUTBOX?: string;
  /**
   * Seconds a turn mail waits before it is sent (default 120; at most half the time left to the
   * deadline it is about); dropped if the player acts or connects.
   */
  MAIL_GRACE_SECONDS?: string;
  /** Mails per mailbox (worker/notify/address.ts `mailboxOf`) per hour across all matches (default 10). */
  MAIL_HOURLY_LIMIT?: string;
  /**
   * Mails the whole deployment sends per UTC day (worker/notify/mail-quota.ts): `off`, or a whole
   * number; default the sender's free quota (resend 100, cloudflare 100, the dev outbox none).
   */
  MAIL_DAILY_CAP?: string;
  /** Web Push: the VAPID public key (base64url, uncompressed P-256 point), given to clients. */
  VAPID_PUBLIC_KEY?: string;
  /** Secret: the VAPID private key as a JWK JSON string (`npx @pushforge/builder vapid`). */
  VAPID_PRIVATE_KEY?: string;
  /** Contact sent to push services: `mailto:you@example.org` or an https URL. */
  VAPID_SUBJECT?: string;
  /** Durable Object namespace of the per-mailbox mail state (worker/notify/address-do.ts). */
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
