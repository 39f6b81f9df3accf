/**
 * E-mail addresses for notifications: normalisation and the key of the per-address Durable Object
 * (the accepted syntax is worker/address.ts). The key is an HMAC of the address
 * under the server secret MAIL_KEY (tokens.ts `keyedHash`), so the key that appears in mute and "my matches" links (and in
 * logs and List-Unsubscribe headers) cannot be matched against a guessed address.
 */

import { type Env, testSeamsEnabled } from '../env';
import { keyedHash, type MailKeyEnv } from '../tokens';
import type { MailAddressDurableObject } from './address-do';
import { countingStub } from './bench-counters';

/** The form used for identity: trimmed and lower-cased (mail providers treat addresses case-insensitively in practice). */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** The Worker's env from `cloudflare:workers` (imported lazily so that Node can load this module). */
async function workerEnv(): Promise<MailKeyEnv> {
  const mod = (await import('cloudflare:workers')) as { env?: MailKeyEnv };
  return mod.env ?? {};
}

/**
 * Hex HMAC-SHA-256 under the deployment's secret (tokens.ts `keyedHash`) of `mb-mail:` + the
 * normalised address: the name of that address's Durable Object and the key in its links. `env`
 * defaults to the Worker's own env.
 */
export async function addressKey(address: string, env?: MailKeyEnv): Promise<string> {
  return keyedHash(env ?? (await workerEnv()), `mb-mail:${normalizeAddress(address)}`);
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
