/**
 * The mails that carry one link the address asked for on the site, about no single match and with
 * no user text: the "my matches" magic link and the link that turns mail back on for a blocked
 * address. Laid out by render.ts like the match mails.
 */
import { type ComposedMail, link } from './compose';
import { type Catalog, catalogFor, fill } from './i18n';
import { type Block, render } from './render';
import { headerText } from './sanitize';

/** The kinds of mail with one link the address asked for. */
export const LINK_MAIL_KINDS = ['myMatches', 'unblock'] as const;
export type LinkMailKind = (typeof LINK_MAIL_KINDS)[number];

/** What a link mail needs: the reader's language, the link (absolute http(s)) and how long it works. */
export interface LinkMailOptions {
  language: string | null | undefined;
  link: string;
  hours: number;
}

/** The words of each kind; `private`: the "do not forward" line ('list': the link opens the matches). */
function wordsOf(kind: LinkMailKind, c: Catalog) {
  return kind === 'myMatches'
    ? {
        subject: c.subjects.myMatches,
        intro: c.bodies.myMatchesIntro,
        button: c.buttons.myMatches,
        private: 'list' as const,
      }
    : { subject: c.subjects.unblock, intro: c.bodies.unblockIntro, button: c.buttons.unblock, private: null };
}

/**
 * A mail with one link the address asked for: `myMatches` (the page listing the address's open
 * matches) or `unblock` (the page whose button turns mail back on for a blocked address), valid
 * `hours` hours. It concerns no single match, so it has no mute link or list headers. Throws
 * `BadLinkError` for a link that is not absolute http(s) (a server bug).
 */
export function composeLinkMail(kind: LinkMailKind, opts: LinkMailOptions): ComposedMail {
  const c = catalogFor(opts.language);
  const words = wordsOf(kind, c);
  const href = link(opts.link);
  const subject = headerText(words.subject, 200);
  const blocks: Block[] = [
    { p: words.intro },
    { button: words.button, href },
    { p: fill(c.bodies.myMatchesExpiry, { hours: opts.hours }, c.locale) },
    { p: c.bodies.myMatchesNotYou },
  ];
  const { text, html } = render(c, subject, blocks, href, { why: null, private: words.private, links: [] });
  return { subject, text, html, headers: {} };
}

/** The "my matches" mail (see `composeLinkMail`). */
export function composeMyMatchesMail(opts: LinkMailOptions): ComposedMail {
  return composeLinkMail('myMatches', opts);
}

/** The mail that turns mail back on for a blocked address, sent only to it, on request (see `composeLinkMail`). */
export function composeUnblockMail(opts: LinkMailOptions): ComposedMail {
  return composeLinkMail('unblock', opts);
}
