/**
 * E-mail addresses for notifications: normalisation and the key of the per-address Durable Object
 * (the accepted syntax is worker/address.ts). The key is an HMAC of the address
 * under the server secret MAIL_KEY, so the key that appears in mute and "my matches" links (and in
 * logs and List-Unsubscribe headers) cannot be matched against a guessed address.
 */

import { type Env, testSeamsEnabled } from '../env';
import type { MailAddressDurableObject } from './address-do';
import { countingStub } from './bench-counters';

/** The form used for identity: trimmed and lower-cased (mail providers treat addresses case-insensitively in practice). */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** Shortest accepted MAIL_KEY, in characters. */
export const MIN_MAIL_KEY_LENGTH = 32;
/** The key used where MAIL_KEY is unset in local development (DEV_OUTBOX) and tests (TEST_SEAMS). */
const DEV_MAIL_KEY = 'mille-bornes-local-development-mail-key';

/** The env entries the address key reads. */
export interface MailKeyEnv {
  /** Secret: the HMAC key of address keys (at least MIN_MAIL_KEY_LENGTH characters). */
  MAIL_KEY?: string;
  DEV_OUTBOX?: string;
  TEST_SEAMS?: string;
}

/**
 * The secret that keys address keys: MAIL_KEY when it is long enough; a fixed development key when
 * DEV_OUTBOX or TEST_SEAMS is "1"; otherwise null (a real sender then refuses to send: see
 * `chooseSender`).
 */
export function mailKey(env: MailKeyEnv): string | null {
  if (env.MAIL_KEY && env.MAIL_KEY.length >= MIN_MAIL_KEY_LENGTH) return env.MAIL_KEY;
  return env.DEV_OUTBOX === '1' || env.TEST_SEAMS === '1' ? DEV_MAIL_KEY : null;
}

/** The Worker's env from `cloudflare:workers` (imported lazily so that Node can load this module). */
async function workerEnv(): Promise<MailKeyEnv> {
  const mod = (await import('cloudflare:workers')) as { env?: MailKeyEnv };
  return mod.env ?? {};
}

/**
 * Hex HMAC-SHA-256 under `mailKey(env)` of `mb-mail:` + the normalised address: the name of that
 * address's Durable Object and the key in its links. `env` defaults to the Worker's own env. Without
 * any key (production with no MAIL_KEY, where no mail can be sent) the development key stands in, so
 * the per-address objects still work for everything but links.
 */
export async function addressKey(address: string, env?: MailKeyEnv): Promise<string> {
  const secret = mailKey(env ?? (await workerEnv())) ?? DEV_MAIL_KEY;
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`mb-mail:${normalizeAddress(address)}`),
  );
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** True for a 64-character lower-case hex string (an address key as made by `addressKey`). */
export function isAddressKey(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

/**
 * The Durable Object of the address with key `key` (`addressKey`), or null when the binding is
 * missing. With the test seams on, its method calls are counted for the server benchmark.
 */
export function addressStubIn(
  env: Pick<Env, 'MAIL_ADDRESS' | 'TEST_SEAMS'>,
  key: string,
): DurableObjectStub<MailAddressDurableObject> | null {
  const ns = env.MAIL_ADDRESS;
  if (!ns) return null;
  const stub = ns.get(ns.idFromName(key)) as DurableObjectStub<MailAddressDurableObject>;
  return testSeamsEnabled(env) ? countingStub(stub, key) : stub;
}
