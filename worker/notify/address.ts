/**
 * E-mail addresses: validation (strict enough that an address can go into a header as is),
 * normalisation, and the key of the per-address Durable Object. The key is an HMAC of the address
 * under the server secret MAIL_KEY, so the key that appears in mute and "my matches" links (and in
 * logs and List-Unsubscribe headers) cannot be matched against a guessed address.
 */
import * as v from 'valibot';

/** Longest accepted address (RFC 5321 path limit). */
export const MAX_ADDRESS_LENGTH = 254;

// RFC 5321 Dot-string of RFC 5322 atext (letters, digits and !#$%&'*+/=?^_`{|}~-), at most 64
// characters; no quoted local parts (they could carry spaces, commas and brackets into a header).
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// A DNS host name of at least two labels (letters, digits, inner hyphens; 1–63 each); the top-level
// label is letters, or punycode (`xn--…`). Internationalised domains are accepted in punycode.
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** True for `local@domain` as described above, at most 254 characters in all. */
function isAddress(s: string): boolean {
  if (s.length > MAX_ADDRESS_LENGTH) return false;
  const at = s.lastIndexOf('@');
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (at < 1 || local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  return (
    domain.length <= 253 &&
    labels.length >= 2 &&
    labels.every((l) => LABEL.test(l)) &&
    TOP_LABEL.test(labels[labels.length - 1])
  );
}

/**
 * valibot schema of an acceptable address: trimmed, then an RFC 5321-style `local@domain` (see
 * `isAddress`): apostrophes and plus tags are fine; spaces, quotes, brackets, commas, semicolons and
 * control characters (anything that could start or split a header) are not.
 */
export const AddressSchema = v.pipe(v.string(), v.trim(), v.check(isAddress, 'not an e-mail address'));

/** The trimmed address, or null when it is not acceptable. */
export function parseAddress(input: unknown): string | null {
  const r = v.safeParse(AddressSchema, input);
  return r.success ? r.output : null;
}

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
