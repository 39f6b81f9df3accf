/**
 * What a mail client could turn into a link, for the tests of mail to strangers:
 * schemes, www., domain-like and IP-like text, after the normalisation a client might apply (NFKC
 * maps fullwidth and leader dots to ".", invisible characters dropped). The server's own links
 * (under `origin`) are taken out first.
 */

const PATTERNS = [
  /[a-z][a-z0-9+.-]*:[/\\]/gi,
  /\b(?:mailto|tel|sms|callto|javascript|data|file|ftp|skype|sip|xmpp):/gi,
  /\bwww\./gi,
  /[\p{L}\p{N}_-]\.\p{L}{2,}/gu,
  /\d+\.\d+\.\d+\.\d+/g,
];

/** The text of an HTML body as a reader sees it (tags dropped, entities decoded). */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Every piece of `text` a mail client could make a link of, once the links under `origin` are removed. */
export function linkLike(text: string, origin: string): string[] {
  const own = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s"'<>]*`, 'g');
  const seen = text
    .replace(own, ' ')
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '');
  return PATTERNS.flatMap((p) => seen.match(p) ?? []);
}
