/**
 * Which sender the configuration selects, and the rule that keeps the dev outbox out of
 * production: the outbox is used only when `DEV_OUTBOX` is "1" AND the public origin's host is
 * localhost (127.0.0.1, ::1, *.localhost). A deployed Worker's origin is its real domain (a
 * request with `Host: localhost` never reaches a deployed Worker: Cloudflare routes by host), so
 * even a stray DEV_OUTBOX=1 in production cannot turn it on. `npm start` passes DEV_OUTBOX=1 with
 * `wrangler dev --var`; wrangler.toml never sets it.
 */
import { MIN_MAIL_KEY_LENGTH } from '../tokens';
import type { EmailMessageFactory } from './senders/cloudflare';
import { createCloudflareSender } from './senders/cloudflare';
import { createOutboxSender, type OutboxStore } from './senders/outbox';
import { createResendSender } from './senders/resend';
import { type MailEnv, type MailSender, SENDER_NAMES, type SendErrorCode, type SenderName } from './types';

/** True for http(s) origins whose host is the local machine. */
export function isLocalOrigin(origin: string): boolean {
  try {
    const host = new URL(origin).hostname.toLowerCase();
    return (
      host === 'localhost' ||
      host === '127.0.0.1' ||
      host === '[::1]' ||
      host === '::1' ||
      host.endsWith('.localhost')
    );
  } catch {
    return false;
  }
}

/** The dev outbox may be used: DEV_OUTBOX is "1" and the origin is local. */
export function outboxAllowed(env: Pick<MailEnv, 'DEV_OUTBOX'>, origin: string): boolean {
  return env.DEV_OUTBOX === '1' && isLocalOrigin(origin);
}

/** The configured sender name (MAIL_SENDER, else `outbox` when DEV_OUTBOX is "1"), or null when mail is off. */
export function configuredSender(env: Pick<MailEnv, 'MAIL_SENDER' | 'DEV_OUTBOX'>): SenderName | null {
  const name = env.MAIL_SENDER?.trim().toLowerCase();
  if (name) return (SENDER_NAMES as readonly string[]).includes(name) ? (name as SenderName) : null;
  return env.DEV_OUTBOX === '1' ? 'outbox' : null;
}

/** What `chooseSender` needs beside the env: the public origin, and the platform pieces. */
export interface SenderDeps {
  origin: string;
  /** `new EmailMessage(from, to, raw)` from `cloudflare:email` (sender `cloudflare`). */
  makeEmailMessage?: EmailMessageFactory;
  /** The outbox store (the DevOutbox Durable Object's stub). */
  outbox?: OutboxStore;
  fetch?: typeof fetch;
}

/** A sender, or why there is none (`mail.not_configured`, `mail.outbox_forbidden`). */
export type SenderChoice =
  | { ok: true; sender: MailSender }
  | { ok: false; code: SendErrorCode; message: string };

/**
 * Builds the configured sender, refusing incomplete settings and the outbox outside local dev. A
 * real sender (`resend`, `cloudflare`) also needs the secret MAIL_KEY (at least 32 characters): it
 * keys the address part of mute links, which would otherwise identify the address.
 */
export function chooseSender(env: MailEnv, deps: SenderDeps): SenderChoice {
  const name = configuredSender(env);
  const off = (message: string): SenderChoice => ({ ok: false, code: 'mail.not_configured', message });
  if ((name === 'resend' || name === 'cloudflare') && (env.MAIL_KEY?.length ?? 0) < MIN_MAIL_KEY_LENGTH) {
    return off(`${name} needs the secret MAIL_KEY (at least ${MIN_MAIL_KEY_LENGTH} characters)`);
  }
  switch (name) {
    case null:
      return off(
        env.MAIL_SENDER ? `unknown MAIL_SENDER ${env.MAIL_SENDER.slice(0, 20)}` : 'MAIL_SENDER is not set',
      );
    case 'resend':
      if (!env.RESEND_API_KEY || !env.MAIL_FROM) return off('resend needs RESEND_API_KEY and MAIL_FROM');
      return {
        ok: true,
        sender: createResendSender({ apiKey: env.RESEND_API_KEY, from: env.MAIL_FROM, fetch: deps.fetch }),
      };
    case 'cloudflare':
      if (!env.SEND_EMAIL || !env.MAIL_FROM || !deps.makeEmailMessage)
        return off('cloudflare needs SEND_EMAIL and MAIL_FROM');
      return {
        ok: true,
        sender: createCloudflareSender({
          binding: env.SEND_EMAIL,
          from: env.MAIL_FROM,
          makeMessage: deps.makeEmailMessage,
        }),
      };
    case 'outbox':
      if (!outboxAllowed(env, deps.origin)) {
        return {
          ok: false,
          code: 'mail.outbox_forbidden',
          message: 'the outbox works only in local development',
        };
      }
      if (!deps.outbox) return off('no outbox store');
      return { ok: true, sender: createOutboxSender(deps.outbox) };
  }
}

/** The hourly per-mailbox limit (MAIL_HOURLY_LIMIT, default 10, at least 1). */
export function hourlyLimit(env: Pick<MailEnv, 'MAIL_HOURLY_LIMIT'>): number {
  const n = Number(env.MAIL_HOURLY_LIMIT ?? '10');
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 10;
}
