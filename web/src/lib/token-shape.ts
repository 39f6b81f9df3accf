/** The shape of a link token, checked before it is sent to the server (access.ts, first-info.ts). */

/**
 * Whether a link token can be a token of this server: 16–128 base64url characters, as the server reads
 * an `Authorization: Bearer` header (its own tokens are 43). Anything else (an emoji, a wrapped line)
 * would also make `fetch` throw on the header value.
 */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,128}$/.test(token);
}
