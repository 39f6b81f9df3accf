/**
 * The local outbox of a browser test's server (started with `mail: true`): its mails as
 * `GET /dev/mail.json` lists them (newest first), and a wait for the one a test expects.
 */
import type { E2E } from './browser';

/** A mail of the dev outbox, as far as the tests read it. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The newest mail of `h`'s outbox that `wanted` accepts, polled every 300 ms; throws after 30 s,
 * naming `what`.
 */
export async function waitForMail(
  h: Pick<E2E, 'server'>,
  wanted: (m: OutboxMail) => boolean,
  what: string,
): Promise<OutboxMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = (await (await fetch(`${h.server.url}/dev/mail.json`)).json()) as OutboxMail[];
    const found = list.find(wanted);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
