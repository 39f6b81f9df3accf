/**
 * Match ids and secret tokens: 128 bits (ids) and 256 bits (tokens) from the platform CSPRNG, in
 * base64url. Tokens are stored only as SHA-256 hashes (hex); a raw token never reaches storage.
 * The one home of the Worker's random tokens, base64url and hex encodings and hashes.
 * Guessable values (an e-mail address, a client's IP) are stored only as keyed hashes: HMAC-SHA-256
 * under the deployment's secret `MAIL_KEY` (`keyedHash`), since a plain hash of an IPv4 address or a
 * known address is reversed by trying them all.
 */

/** `bytes` in base64url without padding (RFC 4648 §5): 43 characters for 32 bytes, 22 for 16. */
export function base64url(bytes: ArrayBuffer | Uint8Array): string {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url `text` (as `base64url` writes it, unpadded); throws on characters outside the alphabet. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
}

/** A new match id: 128 random bits as 22 base64url characters. */
export function newMatchId(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * A match id derived from `secret` (which must hold 128 secret bits or more): the first 128 bits of
 * its SHA-256 as 22 base64url characters, as unguessable as `newMatchId` and the same each time.
 */
export async function derivedMatchId(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return base64url(new Uint8Array(digest).slice(0, 16));
}

/**
 * A new secret token (seat, host or invite link; mailed magic, unblock and confirmation links; an
 * address's mute-link key): 256 random bits as 43 base64url characters.
 */
export function newToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** A new hidden seed for a match's deal (never sent to any client). */
export function newSeed(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * SHA-256 of a token, as 64 hex characters: what storage keeps and compares. Only for random
 * secrets (tokens, device keys): anything guessable goes through `keyedHash`.
 */
export async function hashToken(token: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
}

/** Shortest accepted MAIL_KEY, in characters. */
export const MIN_MAIL_KEY_LENGTH = 32;
/** The key used where MAIL_KEY is unset in local development (DEV_OUTBOX) and tests (TEST_SEAMS). */
const DEV_MAIL_KEY = 'mille-bornes-local-development-mail-key';

/** The env entries the deployment's secret is read from. */
export interface MailKeyEnv {
  /** Secret: the HMAC key of address keys and client hashes (at least MIN_MAIL_KEY_LENGTH characters). */
  MAIL_KEY?: string;
  DEV_OUTBOX?: string;
  TEST_SEAMS?: string;
}

/**
 * The deployment's secret: MAIL_KEY when it is long enough; a fixed development key when
 * DEV_OUTBOX or TEST_SEAMS is "1"; otherwise null (a real sender then refuses to send: see
 * notify/config.ts `chooseSender`).
 */
export function mailKey(env: MailKeyEnv): string | null {
  if (env.MAIL_KEY && env.MAIL_KEY.length >= MIN_MAIL_KEY_LENGTH) return env.MAIL_KEY;
  return env.DEV_OUTBOX === '1' || env.TEST_SEAMS === '1' ? DEV_MAIL_KEY : null;
}

/** Imported HMAC keys by secret (importing one costs more than the HMAC itself). */
const hmacKeys = new Map<string, CryptoKey>();

/**
 * HMAC-SHA-256 of `message` under `mailKey(env)`, as 64 hex characters: the one hash of anything
 * guessable (address keys, client hashes). Callers prefix `message` with what it is
 * (`mb-mail:`, `mail-budget:`, `open-ip:`) so that no two uses share a hash. Without any key
 * (production with no MAIL_KEY, where no mail can be sent) the development key stands in: the
 * hashes still tell clients apart but no longer hide them, so a deployment sets MAIL_KEY (README).
 */
export async function keyedHash(env: MailKeyEnv, message: string): Promise<string> {
  return hex(await hmac(mailKey(env) ?? DEV_MAIL_KEY, message));
}

/**
 * A secret token derived from `message`: HMAC-SHA-256 under `mailKey(env)` as 43 base64url
 * characters (the form of `newToken`), the same for the same message, so it need not be stored to
 * be given again. Null without a deployment secret (no MAIL_KEY, neither DEV_OUTBOX nor
 * TEST_SEAMS): the development key is public, and a token derived under it could be made by anyone.
 */
export async function keyedToken(env: MailKeyEnv, message: string): Promise<string | null> {
  const secret = mailKey(env);
  return secret === null ? null : base64url(await hmac(secret, message));
}

async function hmac(secret: string, message: string): Promise<ArrayBuffer> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    hmacKeys.set(secret, key);
  }
  return crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
}

/** A uniformly random integer in [0, n) from the CSPRNG. */
export function randomInt(n: number): number {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  do crypto.getRandomValues(buf);
  while (buf[0] >= limit);
  return buf[0] % n;
}
