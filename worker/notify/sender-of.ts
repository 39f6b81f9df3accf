/**
 * The configured mail sender for code running in a Durable Object (a match's outbox, an address's
 * digest, a confirmation mail): `chooseSender` (config.ts) with the platform pieces, the
 * `EmailMessage` class and the dev outbox's Durable Object, filled in.
 */
import { EmailMessage } from 'cloudflare:email';
import { chooseSender } from './config';
import { DEV_OUTBOX_NAME, type DevOutboxDurableObject } from './dev-outbox';
import type { MailEnv, MailSender } from './types';

/** The sender the env configures for links under `origin`, or the error code of why there is none. */
export function senderOf(env: MailEnv, origin: string): MailSender | { error: string } {
  const choice = chooseSender(env, {
    origin,
    makeEmailMessage: (from, to, raw) => new EmailMessage(from, to, raw),
    outbox: env.DEV_MAIL
      ? (env.DEV_MAIL.get(
          env.DEV_MAIL.idFromName(DEV_OUTBOX_NAME),
        ) as unknown as DurableObjectStub<DevOutboxDurableObject>)
      : undefined,
  });
  return choice.ok ? choice.sender : { error: choice.code };
}
