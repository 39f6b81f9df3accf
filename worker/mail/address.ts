/**
 * E-mail addresses: validation (strict enough that an address can go into a header as is),
 * normalisation, and the key of the per-address Durable Object (a SHA-256 hash, so the address
 * itself never appears in a Durable Object name or URL).
 */
import * as v from 'valibot';

/** Longest accepted address (RFC 5321 path limit). */
export const MAX_ADDRESS_LENGTH = 254;

/** valibot schema of an acceptable address: trimmed, ≤ 254 chars, one @, no spaces, quotes, brackets or controls. */
export const AddressSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(MAX_ADDRESS_LENGTH),
  v.email(),
  // v.email() already refuses most of these; the explicit check keeps header safety independent of it.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  v.check((s) => !/[\u0000-\u0020\u007f<>()[\]\\,;:"']/.test(s.replace(/@/, '')), 'unsafe character'),
);

/** The trimmed address, or null when it is not acceptable. */
export function parseAddress(input: unknown): string | null {
  const r = v.safeParse(AddressSchema, input);
  return r.success ? r.output : null;
}

/** The form used for identity: trimmed and lower-cased (mail providers treat addresses case-insensitively in practice). */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** Hex SHA-256 of `mb-mail:` + the normalised address: the name of that address's Durable Object. */
export async function addressKey(address: string): Promise<string> {
  const data = new TextEncoder().encode(`mb-mail:${normalizeAddress(address)}`);
  const digest = await crypto.subtle.digest('SHA-256', data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** True for a 64-character lower-case hex string (an address key as made by `addressKey`). */
export function isAddressKey(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}
