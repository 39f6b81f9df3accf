/**
 * Escaping for everything a user can type (names, match titles) before it goes into a mail:
 * HTML escaping for bodies, and header-safe text for subjects and display names, so that no CR/LF
 * or other control character can start a new header line.
 */

// C0 and C1 controls, DEL, and the Unicode line/paragraph separators and bidi overrides that can
// make a name render as something else.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * One line of header-safe text: control characters (CR, LF, TAB, NUL, …) become spaces, runs of
 * whitespace collapse to one, the ends are trimmed and the result is cut to `max` characters
 * (default 120, on a code-point boundary).
 */
export function headerText(value: string, max = 120): string {
  const flat = value.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

/** Text safe inside HTML element content and double-quoted attributes. Control characters are dropped too. */
export function escapeHtml(value: string): string {
  return headerText(value, 10_000)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The URL if it is an absolute http(s) URL, else null. Links in mails are built by the server, but
 * the origin comes from configuration, so it is checked once here rather than trusted.
 */
export function safeUrl(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (/[\s<>"']/.test(value)) return null;
    return url.toString();
  } catch {
    return null;
  }
}
