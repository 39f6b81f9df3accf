/**
 * Message composition: every kind of mail of issue 4 as a subject, a plain-text body and an HTML
 * body, in the reader's language, with the seat's deep link, a mute link and the
 * List-Unsubscribe headers. No images, so no tracking pixels. Every piece of user text (names,
 * the match title) passes through `headerText` (subject, text) or `escapeHtml` (HTML).
 */
import type { HazardCard } from '../engine/cards';
import type { GameEvent } from '../engine/types';
import { cardText, describeEvents, joinNames, type TableNames, targetText, teamName } from './events';
import { type Catalog, catalogFor, fill } from './i18n';
import { escapeHtml, headerText, safeUrl } from './sanitize';
import type { ListHeaders } from './types';

/** The kinds of match mail. */
export const MAIL_KINDS = [
  'invitation',
  'yourTurn',
  'responseWindow',
  'reminder',
  'botTookOver',
  'finished',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * What every match mail needs. `links.seat` is the seat's deep link (token in the fragment);
 * `links.mute` the one-click mute URL (also used for List-Unsubscribe). Both absolute http(s).
 */
export interface MailContext {
  language: string | null | undefined;
  matchTitle: string;
  recipientName: string;
  links: { seat: string; mute: string };
}

/** The kind-specific part of a match mail. Times are absolute; `now` gives the "time left". */
export type MailContent =
  | { kind: 'invitation'; host: string }
  | {
      kind: 'yourTurn';
      table: TableNames;
      events: readonly GameEvent[];
      deadline: Date | null;
      now: Date;
      /** Set between hands: this hand is over and any seat may start the next one. */
      handOver?: number;
    }
  | {
      kind: 'responseWindow';
      table: TableNames;
      attacker: number;
      hazard: HazardCard;
      /** Team index (or any seat of the team) of the hazard's target. */
      target: number;
      deadline: Date | null;
    }
  | { kind: 'reminder'; deadline: Date; now: Date }
  | { kind: 'botTookOver'; scope: 'turn' | 'seat' }
  | {
      kind: 'finished';
      table: TableNames;
      /** Final totals per team. */
      scores: readonly number[];
      /** Winning teams; empty or several for a tie. */
      winners: readonly number[];
      /** Where a rematch starts (defaults to the seat link, whose page offers it). */
      rematch?: string | null;
    };

/** A composed message: header-safe subject, both bodies, and the list headers. */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  headers: Partial<ListHeaders>;
}

/** Thrown (a programming error, not user input) when a link given to the composer is not absolute http(s). */
export class BadLinkError extends Error {}

function link(url: string): string {
  const ok = safeUrl(url);
  if (ok === null) throw new BadLinkError(`not an absolute http(s) URL: ${url.slice(0, 80)}`);
  return ok;
}

/** "14 Dec 2026, 18:30 UTC" in the catalog's locale. Mails have no time zone of the reader, so UTC is named. */
export function formatTime(d: Date, c: Catalog): string {
  const s = new Intl.DateTimeFormat(c.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(d);
  return `${s} UTC`;
}

/** Time left as "5 h" (rounded down) or, under an hour, "40 min" (at least 1). */
export function formatLeft(deadline: Date, now: Date, c: Catalog): string {
  const ms = Math.max(0, deadline.getTime() - now.getTime());
  const hours = Math.floor(ms / 3_600_000);
  if (hours >= 1) return fill(c.hours, { hours });
  return fill(c.minutes, { minutes: Math.max(1, Math.floor(ms / 60_000)) });
}

/** Names in user text: one header-safe line of at most 40 characters. */
function nameText(name: string): string {
  return headerText(name, 40) || '?';
}

function safeTable(t: TableNames): TableNames {
  return { ...t, names: t.names.map(nameText) };
}

/** A block of the body: a paragraph, a list of lines, a button, or a small table of scores. */
type Block =
  | { p: string }
  | { list: string[] }
  | { button: string; href: string }
  | { scores: Array<[string, number, boolean]>; heading: string };

interface Draft {
  subject: string;
  blocks: Block[];
  /** The main link (the button's). */
  primary: string;
}

function draftFor(ctx: MailContext, content: MailContent, c: Catalog, title: string): Draft {
  const seat = link(ctx.links.seat);
  const greet: Block = { p: fill(c.greeting, { name: nameText(ctx.recipientName) }) };
  switch (content.kind) {
    case 'invitation': {
      const host = nameText(content.host);
      return {
        subject: fill(c.subjects.invitation, { title, host }),
        blocks: [
          greet,
          { p: fill(c.bodies.invitation, { host, title }) },
          { button: c.buttons.join, href: seat },
        ],
        primary: seat,
      };
    }
    case 'yourTurn': {
      const table = safeTable(content.table);
      const lines = describeEvents(content.events, table, c);
      const between = content.handOver !== undefined;
      const blocks: Block[] = [greet];
      // With news: the lead-in and the list; without (the first turn): just whose turn it is.
      if (lines.length) {
        blocks.push(
          { p: between ? fill(c.bodies.handOverIntro, { hand: content.handOver! }) : c.bodies.yourTurnIntro },
          { list: lines },
        );
      } else {
        // Between hands the shared event line says it, in the same words as the page's log.
        blocks.push({
          p: between ? fill(c.events.handOver, { hand: content.handOver! }) : c.bodies.yourTurnOnly,
        });
      }
      if (content.deadline) {
        blocks.push({
          p: fill(c.bodies.deadline, {
            time: formatTime(content.deadline, c),
            left: formatLeft(content.deadline, content.now, c),
          }),
        });
      }
      blocks.push({ button: c.buttons.play, href: seat });
      const subject = between
        ? fill(c.subjects.handOver, { title, hand: content.handOver! })
        : fill(c.subjects.yourTurn, { title });
      return { subject, blocks, primary: seat };
    }
    case 'responseWindow': {
      const table = safeTable(content.table);
      const attacker = table.names[content.attacker] ?? '?';
      const hazard = cardText(content.hazard, c);
      const target = targetText(table, content.target, c);
      const blocks: Block[] = [greet, { p: fill(c.bodies.responseWindow, { attacker, hazard, target }) }];
      if (content.deadline)
        blocks.push({ p: fill(c.bodies.responseWindowHint, { time: formatTime(content.deadline, c) }) });
      blocks.push({ button: c.buttons.answer, href: seat });
      return { subject: fill(c.subjects.responseWindow, { title, attacker, hazard }), blocks, primary: seat };
    }
    case 'reminder': {
      const left = formatLeft(content.deadline, content.now, c);
      return {
        subject: fill(c.subjects.reminder, { title, left }),
        blocks: [
          greet,
          { p: fill(c.bodies.reminder, { time: formatTime(content.deadline, c), left }) },
          { button: c.buttons.play, href: seat },
        ],
        primary: seat,
      };
    }
    case 'botTookOver': {
      const turn = content.scope === 'turn';
      return {
        subject: fill(turn ? c.subjects.botTurn : c.subjects.botSeat, { title }),
        blocks: [
          greet,
          { p: turn ? c.bodies.botTurn : c.bodies.botSeat },
          { p: c.bodies.takeBack },
          { button: c.buttons.takeBack, href: seat },
        ],
        primary: seat,
      };
    }
    case 'finished': {
      const table = safeTable(content.table);
      const rematch = content.rematch ? link(content.rematch) : seat;
      const winners = joinNames(
        content.winners.map((t) => teamName(table, t, c)),
        c,
      );
      const won = content.winners.length === 1;
      const scores: Array<[string, number, boolean]> = content.scores.map((s, t) => [
        teamName(table, t, c),
        s,
        content.winners.includes(t),
      ]);
      return {
        subject: won
          ? fill(c.subjects.finishedWon, { title, winners })
          : fill(c.subjects.finishedDraw, { title }),
        blocks: [
          greet,
          { p: won ? fill(c.bodies.finished, { winners }) : c.bodies.finishedDraw },
          { scores, heading: c.bodies.scoresHeading },
          { p: c.bodies.rematch },
          { button: c.buttons.rematch, href: rematch },
        ],
        primary: rematch,
      };
    }
  }
}

const STYLE = {
  body: 'margin:0;padding:24px 12px;background:#f4f1e8;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;',
  card: 'max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;line-height:1.5;',
  button:
    'display:inline-block;background:#b3261e;color:#ffffff;padding:12px 22px;border-radius:6px;text-decoration:none;font-weight:bold;',
  small: 'font-size:13px;color:#555555;',
  foot: 'font-size:12px;color:#6b6b6b;border-top:1px solid #e3e0d6;margin-top:24px;padding-top:12px;',
};

function blockText(b: Block): string {
  if ('p' in b) return b.p;
  if ('list' in b) return b.list.map((l) => `- ${l}`).join('\n');
  if ('button' in b) return `${b.button}: ${b.href}`;
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

interface Footer {
  why: string | null;
  /** The "do not forward" line: the link is a seat, or the list of the address's matches. */
  private: 'seat' | 'list' | null;
  mute: string | null;
}

function privateLine(c: Catalog, foot: Footer): string | null {
  if (foot.private === null) return null;
  return foot.private === 'seat' ? c.footer.private : c.footer.privateList;
}

function render(
  c: Catalog,
  subject: string,
  blocks: Block[],
  primary: string,
  foot: Footer,
): { text: string; html: string } {
  const textFoot = [
    foot.why,
    privateLine(c, foot),
    foot.mute ? `${c.footer.mute}: ${foot.mute}` : null,
  ].filter((x): x is string => x !== null);
  const text = `${blocks.map(blockText).join('\n\n')}\n\n-- \n${textFoot.join('\n')}\n`;
  const htmlFoot = [
    foot.why ? escapeHtml(foot.why) : null,
    foot.private ? escapeHtml(privateLine(c, foot)!) : null,
    foot.mute
      ? `<a href="${escapeHtml(foot.mute)}" style="color:#6b6b6b;">${escapeHtml(c.footer.mute)}</a>`
      : null,
  ].filter((x): x is string => x !== null);
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

/**
 * Composes one match mail. Throws `BadLinkError` only when a link given by the server is not an
 * absolute http(s) URL (a bug, not user input).
 */
export function composeMail(ctx: MailContext, content: MailContent): ComposedMail {
  const c = catalogFor(ctx.language);
  const title = headerText(ctx.matchTitle, 60) || c.defaultTitle;
  const mute = link(ctx.links.mute);
  const draft = draftFor(ctx, content, c, title);
  const subject = headerText(draft.subject, 200);
  const { text, html } = render(c, subject, draft.blocks, draft.primary, {
    why: fill(c.footer.why, { title }),
    private: 'seat',
    mute,
  });
  return {
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${mute}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * The "my matches" mail: one magic link (to the page listing the address's open matches),
 * valid `hours` hours. It concerns no single match, so it has no mute link or list headers.
 */
export function composeMyMatchesMail(opts: {
  language: string | null | undefined;
  link: string;
  hours: number;
}): ComposedMail {
  const c = catalogFor(opts.language);
  const href = link(opts.link);
  const subject = headerText(c.subjects.myMatches, 200);
  const blocks: Block[] = [
    { p: c.bodies.myMatchesIntro },
    { button: c.buttons.myMatches, href },
    { p: fill(c.bodies.myMatchesExpiry, { hours: opts.hours }) },
    { p: c.bodies.myMatchesNotYou },
  ];
  const { text, html } = render(c, subject, blocks, href, { why: null, private: 'list', mute: null });
  return { subject, text, html, headers: {} };
}
