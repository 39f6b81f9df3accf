/**
 * The `outbox` sender: stores messages instead of sending them (local development and tests).
 * The store is the DevOutbox Durable Object in `npm start`, or any object with `put` in tests.
 * Whether it may be used at all is decided by `outboxAllowed` (worker/notify/config.ts): never in
 * production.
 */
import type { MailSender, OutgoingMail, SendResult } from '../types';

/** Where the outbox keeps messages. `put` is idempotent by `mail.idempotencyKey`. */
export interface OutboxStore {
  put(mail: OutgoingMail): Promise<unknown>;
}

/** A sender that stores every message in `store`. A store failure is `mail.provider_error` (retryable). */
export function createOutboxSender(store: OutboxStore): MailSender {
  return {
    name: 'outbox',
    async send(mail: OutgoingMail): Promise<SendResult> {
      try {
        await store.put(mail);
        return { ok: true, providerId: `outbox:${mail.idempotencyKey}` };
      } catch (e) {
        return { ok: false, code: 'mail.provider_error', retryable: true, message: String(e).slice(0, 200) };
      }
    },
  };
}
