/**
 * Escaping for everything a user can type (names, match titles) before it goes into a mail:
 * HTML escaping for bodies, header-safe text for subjects and display names, so that no CR/LF
 * or other control character can start a new header line, and link-like text made inert
 * (`defuseLinks`), so that a stranger's mail shows no link the match creator chose.
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

// Invisible format characters (zero-width space, joiners, word joiner, soft hyphen, …) next to
// ASCII or a dot (after folding, see `fold`): a client that drops them would see a plain link.
// Elsewhere (an emoji's joiner, a Persian non-joiner) they stay.
const INVISIBLE_RUN = /\p{Cf}+/gu;
const NEAR_LINK = /^[\x21-\x7e\u3002]/;
// The patterns below run on the folded text (NFKC one character at a time), where fullwidth,
// mathematical and small forms are ASCII and the leader and small full stops are ".", as a client
// that normalises would see them.
// A domain's dot: after a letter, digit, `_` or `-`, before a letter. The ideographic full stop
// (IDNA maps it to ".") only next to ASCII, so Chinese and Japanese sentences keep theirs.
const DOMAIN_DOT =
  /(?<=[\p{L}\p{N}_-])\.(?=\p{L})|(?<=[A-Za-z0-9_-])\u3002(?=\p{L})|(?<=[\p{L}\p{N}_-])\u3002(?=[A-Za-z])/gu;
// An IPv4 address: four numbers joined by dots.
const IPV4 = /\d+(?:[.\u3002]\d+){3}/g;
const ANY_DOT = /[.\u3002]/g;
// A URL scheme: any `scheme:` before a slash or backslash (wherever it starts: "_https://" too),
// and the schemes clients open without one, unless a letter comes before ("Motel:" is no `tel:`).
const SCHEME =
  /([A-Za-z][A-Za-z0-9+.-]*):(?=[/\\])|(?<![A-Za-z])(mailto|tel|sms|smsto|mms|callto|facetime|facetime-audio|skype|sips?|xmpp|javascript|vbscript|data|file|ftp|geo|maps|market|intent|magnet|bitcoin|news|nntp|ircs?|webcal|whatsapp|tg|viber|zoommtg|msteams):/gi;

/** One code point's compatibility form (NFKC): "ｅ" → "e", "．" → ".", "⒈" → "1.", "：" → ":". */
function folded(ch: string | undefined): string {
  return ch === undefined ? '' : ch.normalize('NFKC');
}

/** Whether the code point just before `at` or just after `end` (UTF-16 offsets of `all`) folds to link-like text. */
function nearLink(all: string, at: number, end: number): boolean {
  const before = Array.from(all.slice(Math.max(0, at - 2), at)).pop();
  const after = Array.from(all.slice(end, end + 2))[0];
  return NEAR_LINK.test(folded(before)) || NEAR_LINK.test(folded(after));
}

/**
 * User text (a name, a match title) that no mail client turns into a link: each dot of a domain
 * name or IP address becomes "[.]" ("example[.]com", "www[.]x[.]org", "a@b[.]org"), the colon of a
 * URL scheme "[:]" ("https[:]//…", "mailto[:]…"), and invisible characters that could hide either
 * are dropped. Lookalikes count as what they fold to (fullwidth "ｅｘ．ｃｏｍ", "https：//",
 * "１２７．０．０．１"); a character so defused is shown folded ("⒈" → "1[.]"). Other text is
 * unchanged ("J.R. Smith" → "J[.]R. Smith" is the price of safety).
 */
export function defuseLinks(value: string): string {
  const visible = value.replace(INVISIBLE_RUN, (run, at: number, all: string) =>
    nearLink(all, at, at + run.length) ? '' : run,
  );
  const chars = Array.from(visible);
  const text = chars.map(folded).join('');
  // Folded positions (UTF-16 units of `text`) → what replaces the character there.
  const marks = new Map<number, string>();
  for (const ip of text.matchAll(IPV4))
    for (const dot of ip[0].matchAll(ANY_DOT)) marks.set(ip.index + dot.index, '[.]');
  for (const dot of text.matchAll(DOMAIN_DOT)) marks.set(dot.index, '[.]');
  for (const scheme of text.matchAll(SCHEME)) marks.set(scheme.index + scheme[0].length - 1, '[:]');
  if (marks.size === 0) return visible;
  let out = '';
  let pos = 0;
  for (const ch of chars) {
    const f = folded(ch);
    let piece = '';
    let hit = false;
    for (let k = 0; k < f.length; k++) {
      const mark = marks.get(pos + k);
      if (mark) hit = true;
      piece += mark ?? f[k];
    }
    out += hit ? piece : ch;
    pos += f.length;
  }
  return out;
}

/**
 * A person's name in a mail's body: one header-safe line of at most 40 characters with no link in it
 * (`defuseLinks`), or "?" when nothing is left. Give it the raw name: applied twice, a long name may
 * be cut shorter.
 */
export function mailName(name: string): string {
  return defuseLinks(headerText(name, 40)) || '?';
}
