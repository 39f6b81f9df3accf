/**
 * Match ids and secret tokens: 128 bits (ids) and 256 bits (tokens) from the platform CSPRNG, in
 * base64url. Tokens are stored only as SHA-256 hashes (hex); a raw token never reaches storage.
 */

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new match id: 128 random bits as 22 base64url characters. */
export function newMatchId(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

/** A new secret token (seat, host or invite): 256 random bits as 43 base64url characters. */
export function newToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** A new hidden seed for a match's deal (never sent to any client). */
export function newSeed(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

/** SHA-256 of a token, as 64 hex characters: what storage keeps and compares. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A uniformly random integer in [0, n) from the CSPRNG. */
export function randomInt(n: number): number {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  do crypto.getRandomValues(buf);
  while (buf[0] >= limit);
  return buf[0] % n;
}
