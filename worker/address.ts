/**
 * An e-mail address as the wire accepts it: strict enough that it can go into a mail header as is.
 * Read by the request schemas (worker/protocol/requests.ts) and by notifications (worker/notify), which add
 * the mailbox and its key (worker/notify/address.ts).
 */
import * as v from 'valibot';
import { MAX_ADDRESS_LENGTH } from './shared/limits';

// RFC 5321 Dot-string of RFC 5322 atext (letters, digits and !#$%&'*+/=?^_`{|}~-), at most 64
// characters; no quoted local parts (they could carry spaces, commas and brackets into a header).
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// A DNS host name of at least two labels (letters, digits, inner hyphens; 1–63 each); the top-level
// label is letters, or punycode (`xn--…`). Internationalised domains are accepted in punycode.
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** True for `local@domain` as described above, at most 254 characters in all. */
export function isAddress(s: string): boolean {
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
