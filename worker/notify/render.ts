/**
 * The layout of every mail: blocks (paragraphs, lists, a button, a score table) and a footer
 * rendered as plain text and as inline-styled HTML. The words come from compose.ts; everything
 * here that came from a user is escaped with `escapeHtml`. No images, so no tracking pixels.
 */
import type { Catalog } from './i18n';
import { escapeHtml } from './sanitize';

/**
 * A block of the body: a paragraph, a list of lines, a button, a list of smaller buttons (the
 * suggested moves of a turn's mail), or a small table of scores.
 */
export type Block =
  | { p: string }
  | { list: string[] }
  | { button: string; href: string }
  | { links: Array<{ label: string; href: string }> }
  | { scores: Array<[string, number, boolean]>; heading: string };

/** A labelled link in the footer (mute, stop all mail). */
export interface FooterLink {
  label: string;
  href: string;
}

/** The footer: why the reader gets the mail, the "do not forward" line, and its links. */
export interface Footer {
  why: string | null;
  /** The "do not forward" line: the link is a seat, or the list of the address's matches. */
  private: 'seat' | 'list' | null;
  links: FooterLink[];
}

const STYLE = {
  body: 'margin:0;padding:24px 12px;background:#f4f1e8;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;line-height:1.5;',
  move: 'display:inline-block;border:1px solid #b3261e;color:#b3261e;padding:8px 14px;border-radius:6px;text-decoration:none;',
  button:
    'display:inline-block;background:#b3261e;color:#ffffff;padding:12px 22px;border-radius:6px;text-decoration:none;font-weight:bold;',
  small: 'font-size:13px;color:#555555;',
  foot: 'font-size:12px;color:#6b6b6b;border-top:1px solid #e3e0d6;margin-top:24px;padding-top:12px;',
};

function blockText(b: Block): string {
  if ('p' in b) return b.p;
  if ('list' in b) return b.list.map((l) => `- ${l}`).join('\n');
  if ('button' in b) return `${b.button}: ${b.href}`;
  if ('links' in b) return b.links.map((l) => `${l.label}:\n${l.href}`).join('\n\n');
  // Aligned columns: a star marks the winners, names padded to the longest.
  const width = Math.max(...b.scores.map(([n]) => n.length));
  return [
    b.heading,
    ...b.scores.map(([n, s, w]) => `${w ? '* ' : '  '}${`${n}:`.padEnd(width + 2)}${s}`),
  ].join('\n');
}

function blockHtml(b: Block): string {
  if ('p' in b) return `<p>${escapeHtml(b.p)}</p>`;
  if ('list' in b) return `<ul>${b.list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;
  if ('links' in b)
    return b.links
      .map(
        (l) =>
          `<p style="margin:8px 0;"><a href="${escapeHtml(l.href)}" style="${STYLE.move}">${escapeHtml(l.label)}</a></p>`,
      )
      .join('');
  if ('button' in b) {
    return `<p style="margin:24px 0;"><a href="${escapeHtml(b.href)}" style="${STYLE.button}">${escapeHtml(b.button)}</a></p>`;
  }
  const rows = b.scores
    .map(
      ([n, s, w]) =>
        `<tr><td style="padding:4px 16px 4px 0;${w ? 'font-weight:bold;' : ''}">${escapeHtml(n)}</td><td style="padding:4px 0;text-align:right;${w ? 'font-weight:bold;' : ''}">${s}</td></tr>`,
    )
    .join('');
  return `<p style="margin-bottom:4px;"><strong>${escapeHtml(b.heading)}</strong></p><table role="presentation" style="border-collapse:collapse;">${rows}</table>`;
}

function privateLine(c: Catalog, foot: Footer): string | null {
  if (foot.private === null) return null;
  return foot.private === 'seat' ? c.footer.private : c.footer.privateList;
}

/**
 * Both bodies of a mail: `blocks`, then a copy of the `primary` link (for clients without
 * buttons), then the footer. `subject` becomes the HTML title.
 */
export function render(
  c: Catalog,
  subject: string,
  blocks: Block[],
  primary: string,
  foot: Footer,
): { text: string; html: string } {
  const lines = [foot.why, privateLine(c, foot)].filter((x): x is string => x !== null);
  const textFoot = [...lines, ...foot.links.map((l) => `${l.label}: ${l.href}`)];
  const text = `${blocks.map(blockText).join('\n\n')}\n\n-- \n${textFoot.join('\n')}\n`;
  const htmlFoot = [
    ...lines.map(escapeHtml),
    ...foot.links.map(
      (l) => `<a href="${escapeHtml(l.href)}" style="color:#6b6b6b;">${escapeHtml(l.label)}</a>`,
    ),
  ];
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(c.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="${STYLE.body}"><div style="${STYLE.card}">`,
    ...blocks.map(blockHtml),
    `<p style="${STYLE.small}">${escapeHtml(c.footer.copyLink)}<br><a href="${escapeHtml(primary)}" style="color:#555555;word-break:break-all;">${escapeHtml(primary)}</a></p>`,
    `<p style="${STYLE.foot}">${htmlFoot.join('<br>')}</p>`,
    '</div></body></html>',
  ].join('\n');
  return { text, html };
}
