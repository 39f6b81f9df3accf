/**
 * Message composition: every kind of mail as a subject, a plain-text body and an HTML
 * body (laid out by render.ts), in the reader's language, with the seat's deep link, the mute and
 * "stop all mail" links and the List-Unsubscribe headers. A mail reaches whatever address a match
 * creator typed, so user text is kept harmless: names and the match title pass through
 * `headerText` (one line) and `defuseLinks` (nothing a mail client turns into a link), and
 * subjects carry no title and at most one name of at most 20 characters.
 */
import type { HazardCard } from '../engine/cards';
import type { GameEvent, HandResult, ResponseMode } from '../engine/types';
import { REMEDY_FOR, SAFETY_FOR } from '../shared/rules-data/cards';
import { teamOf } from '../shared/teams';
import { dateTimeText, deadlineText } from '../words/when';
import { chatBlocks, type NewChat } from './chat-lines';
import { cardText, describeEvents, joinNames, type TableNames, targetText, teamName } from './events';
import { type Catalog, catalogFor, fill } from './i18n';
import { playBlocks } from './mail-play';
import type { MailPlay } from './mail-position';
import { type Block, type FooterLink, render } from './render';
import { defuseLinks, headerText, mailName, safeUrl } from './sanitize';
import type { ListHeaders } from './types';

/** The kinds of match mail. */
export const MAIL_KINDS = [
  'invitation',
  'yourTurn',
  'responseWindow',
  'reminder',
  'botTookOver',
  'finished',
  'rematchOffer',
  'playerLeft',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * What every match mail needs. `links.seat` is the seat's deep link (token in the fragment);
 * `links.mute` the one-click mute URL of the match and its rematches; `links.block` the one-click
 * "stop all mail to this address" URL. List-Unsubscribe is the block link in an invitation (the
 * reader never asked for it) and the mute link otherwise. All absolute http(s).
 */
export interface MailContext {
  language: string | null | undefined;
  matchTitle: string;
  /** The reader's seat name; null when it is a placeholder nobody chose (the greeting names nobody). */
  recipientName: string | null;
  links: { seat: string; mute: string; block: string };
  /** The reader's IANA time zone, reported by their browser: times are said in it (in UTC, named, without). */
  timeZone?: string;
  /**
   * A catch-up after a daily mail quota's pause (notify/catch-up.ts): the subjects of the mails that
   * waited with this one, oldest first; the mail says so first, then where things stand now.
   */
  paused?: readonly string[];
}

/** The kind-specific part of a match mail. Times are absolute; `now` gives the "time left". */
export type MailContent =
  | { kind: 'invitation'; host: string }
  | {
      kind: 'yourTurn';
      table: TableNames;
      events: readonly GameEvent[];
      /** The match's finished hands (so a played-out hand's end says so); none when absent. */
      results?: readonly HandResult[];
      deadline: Date | null;
      now: Date;
      /** Set between hands: this hand is over and any seat may start the next one. */
      handOver?: number;
      /** What happens at the deadline if nothing is played: see `IdleAction`. */
      idle?: IdleAction;
      /** The chat's new lines since the reader's last move (chat-lines.ts); none when absent. */
      chat?: NewChat;
      /** The reader's position and suggested moves (mail-play.ts); none when absent. */
      play?: MailPlay;
    }
  | {
      kind: 'responseWindow';
      table: TableNames;
      attacker: number;
      hazard: HazardCard;
      /** Team index (or any seat of the team) of the hazard's target. */
      target: number;
      deadline: Date | null;
      /** The mail's time, for "in 40 minutes" (the deadline's own time in words without it). */
      now?: Date;
      /**
       * The reader's coup-fourré choice (RULES.md §7): with `ask` (the seats a window waits for) the
       * hint says what happens at the deadline (a held safety is played as a coup fourré, or with
       * `quickRemedy` a held remedy; else play goes on); absent or `auto`: "your automatic choice".
       */
      mode?: ResponseMode;
      /** The match plays the fast game's quick remedy (RULES.md §7 `quickRemedy`). */
      quickRemedy?: boolean;
      /** The reader's position and their answers as move links (mail-play.ts); none when absent. */
      play?: MailPlay;
    }
  | {
      kind: 'reminder';
      deadline: Date;
      now: Date;
      idle?: IdleAction;
      /** The seats' names, for the position's lines (absent: no position is shown). */
      table?: TableNames;
      /** The reader's position and suggested moves as the turn mail shows them (mail-play.ts). */
      play?: MailPlay;
    }
  /** `why`: 'timeouts' when the seat went to a bot after turns ran out of time (else the host gave it). */
  | { kind: 'botTookOver'; scope: 'turn' | 'seat'; why?: 'timeouts' }
  | {
      kind: 'finished';
      table: TableNames;
      /** Final totals per team. */
      scores: readonly number[];
      /** Winning teams; empty or several for a tie. */
      winners: readonly number[];
      /** Where a rematch starts (defaults to the seat link, whose page offers it). */
      rematch?: string | null;
      /** The seat whose player left and so ended the match, if one did. */
      left?: number;
    }
  /** Another player left the match and it goes on: a bot plays their seat, or their turns are skipped. */
  | { kind: 'playerLeft'; table: TableNames; seat: number; outcome: 'bot' | 'skip' }
  // -- rematch by consent --
  /** `by` (a seat's name; null: the host without a seat) offers a rematch, open until `lapsesAt`. */
  | { kind: 'rematchOffer'; by: string | null; lapsesAt: Date; now: Date };

/**
 * What happens at a turn's deadline if nothing is played (the match's `onDeadline`: a bot plays the
 * turn, or it is skipped), with the reader's IANA time zone for the time in words (UTC without one).
 */
export interface IdleAction {
  action: 'bot' | 'skip';
  timeZone?: string;
}

/**
 * "If you have not played by Friday 14:30, in 2 days, …" (the time in the reader's zone, or in UTC,
 * named, without one), or nothing.
 */
function idleBlocks(idle: IdleAction | undefined, deadline: Date | null, now: Date, c: Catalog): Block[] {
  if (!idle || !deadline) return [];
  const when = readerTime(deadline, now, c, idle.timeZone);
  return [{ p: fill(idle.action === 'bot' ? c.away.idleBot : c.away.idleSkip, { when }, c.locale) }];
}

/**
 * A deadline as the reader wants it: "Friday 14:30, in 2 days" in their IANA `timeZone`
 * (worker/words/when.ts, the page's words), or "14 Dec 2026, 18:30 UTC" when it is not known.
 */
function readerTime(d: Date, now: Date, c: Catalog, timeZone: string | undefined): string {
  return timeZone ? deadlineText(d.getTime(), now.getTime(), c.locale, timeZone) : formatTime(d, c);
}

/** A composed message: header-safe subject, both bodies, and the list headers. */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  headers: Partial<ListHeaders>;
}

/** Thrown (a programming error, not user input) when a link given to the composer is not absolute http(s). */
export class BadLinkError extends Error {}

/** `url` as an absolute http(s) URL; throws `BadLinkError` otherwise (a server bug, not user input). */
export function link(url: string): string {
  const ok = safeUrl(url);
  if (ok === null) throw new BadLinkError(`not an absolute http(s) URL: ${url.slice(0, 80)}`);
  return ok;
}

/** "14 Dec 2026, 18:30 UTC" in the catalog's locale. Mails have no time zone of the reader, so UTC is named. */
export function formatTime(d: Date, c: Catalog): string {
  return `${dateTimeText(d.getTime(), c.locale, 'UTC')} UTC`;
}

/** Time left as "5 h" (rounded down) or, under an hour, "40 min" (at least 1). */
export function formatLeft(deadline: Date, now: Date, c: Catalog): string {
  const ms = Math.max(0, deadline.getTime() - now.getTime());
  const hours = Math.floor(ms / 3_600_000);
  if (hours >= 1) return fill(c.hours, { hours }, c.locale);
  return fill(c.minutes, { minutes: Math.max(1, Math.floor(ms / 60_000)) }, c.locale);
}

/** A name in a subject: the first 20 characters, with no link in it. */
function subjectName(name: string): string {
  return defuseLinks(headerText(name, 20)) || '?';
}

function safeTable(t: TableNames): TableNames {
  return { ...t, names: t.names.map(mailName) };
}

interface Draft {
  subject: string;
  blocks: Block[];
  /** The main link (the button's). */
  primary: string;
}

function draftFor(ctx: MailContext, content: MailContent, c: Catalog, title: string): Draft {
  const seat = link(ctx.links.seat);
  const greet: Block = {
    p:
      ctx.recipientName === null
        ? c.greetingNoName
        : fill(c.greeting, { name: mailName(ctx.recipientName) }, c.locale),
  };
  switch (content.kind) {
    case 'invitation': {
      const host = mailName(content.host);
      return {
        subject: fill(c.subjects.invitation, { host: subjectName(content.host) }, c.locale),
        blocks: [
          greet,
          { p: fill(c.bodies.invitation, { host, title }, c.locale) },
          { button: c.buttons.join, href: seat },
        ],
        primary: seat,
      };
    }
    case 'yourTurn': {
      const table = safeTable(content.table);
      const lines = describeEvents(content.events, table, c, content.results);
      const between = content.handOver !== undefined;
      const blocks: Block[] = [greet];
      // With news: the lead-in and the list; without (the first turn): just whose turn it is.
      if (lines.length) {
        blocks.push(
          {
            p: between
              ? fill(c.bodies.handOverIntro, { hand: content.handOver! }, c.locale)
              : c.bodies.yourTurnIntro,
          },
          { list: lines },
        );
      } else {
        // Between hands the shared event line says it, in the same words as the page's log.
        blocks.push({
          p: between ? fill(c.events.handOver, { hand: content.handOver! }, c.locale) : c.bodies.yourTurnOnly,
        });
      }
      blocks.push(...chatBlocks(content.chat, c));
      // What happens at the deadline names its time; without it, the deadline itself is said.
      const idle = idleBlocks(content.idle, content.deadline, content.now, c);
      if (content.deadline && idle.length === 0) {
        blocks.push({
          p: fill(
            c.bodies.deadline,
            {
              time: readerTime(content.deadline, content.now, c, ctx.timeZone),
              left: formatLeft(content.deadline, content.now, c),
            },
            c.locale,
          ),
        });
      }
      blocks.push(...idle);
      blocks.push(...playBlocks(content.play, content.table.names, c));
      blocks.push({ button: c.buttons.play, href: seat });
      const subject = between
        ? fill(c.subjects.handOver, { hand: content.handOver! }, c.locale)
        : c.subjects.yourTurn;
      return { subject, blocks, primary: seat };
    }
    case 'responseWindow': {
      const table = safeTable(content.table);
      const attacker = table.names[content.attacker] ?? '?';
      const named = subjectName(content.table.names[content.attacker] ?? '?');
      const hazard = cardText(content.hazard, c);
      const target = targetText(table, content.target, c);
      const blocks: Block[] = [
        greet,
        { p: fill(c.bodies.responseWindow, { attacker, hazard, target }, c.locale) },
      ];
      if (content.deadline)
        blocks.push({
          p: windowHint(
            content,
            readerTime(content.deadline, content.now ?? content.deadline, c, ctx.timeZone),
            c,
          ),
        });
      blocks.push(...playBlocks(content.play, content.table.names, c));
      blocks.push({ button: c.buttons.answer, href: seat });
      return {
        subject: fill(c.subjects.responseWindow, { attacker: named, hazard }, c.locale),
        blocks,
        primary: seat,
      };
    }
    case 'reminder': {
      const left = formatLeft(content.deadline, content.now, c);
      return {
        subject: fill(c.subjects.reminder, { left }, c.locale),
        blocks: [
          greet,
          // What happens at the deadline names its time; without it, the reminder names the deadline.
          ...(content.idle
            ? idleBlocks(content.idle, content.deadline, content.now, c)
            : [
                {
                  p: fill(
                    c.bodies.reminder,
                    {
                      time: readerTime(content.deadline, content.now, c, ctx.timeZone),
                      left,
                    },
                    c.locale,
                  ),
                },
              ]),
          // The turn's position and move links again: the reminder can be played from, like the turn
          // mail (`playBlocks` makes the names safe itself, from the raw ones).
          ...(content.table ? playBlocks(content.play, content.table.names, c) : []),
          { button: c.buttons.play, href: seat },
        ],
        primary: seat,
      };
    }
    case 'botTookOver': {
      const turn = content.scope === 'turn';
      return {
        subject: turn ? c.subjects.botTurn : c.subjects.botSeat,
        blocks: [
          greet,
          {
            p: turn
              ? c.bodies.botTurn
              : content.why === 'timeouts'
                ? c.away.botSeatTimeouts
                : c.bodies.botSeat,
          },
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
      const readerTeam = table.reader === null ? null : teamOf(table, table.reader);
      const scores: Array<[string, number, boolean]> = content.scores.map((s, t) => [
        teamName(table, t, c),
        s,
        content.winners.includes(t),
      ]);
      return {
        subject: !won
          ? c.subjects.finishedDraw
          : content.winners[0] === readerTeam
            ? c.subjects.finishedWon
            : c.subjects.finishedLost,
        blocks: [
          greet,
          ...(content.left === undefined
            ? []
            : [{ p: fill(c.events.leftEnd, { player: table.names[content.left] ?? '?' }, c.locale) }]),
          { p: won ? fill(c.bodies.finished, { winners }, c.locale) : c.bodies.finishedDraw },
          { scores, heading: c.bodies.scoresHeading },
          { p: c.bodies.rematch },
          { button: c.buttons.rematch, href: rematch },
        ],
        primary: rematch,
      };
    }
    case 'rematchOffer': {
      const r = c.rematchOffer;
      const by = content.by === null ? null : mailName(content.by);
      return {
        subject:
          content.by === null ? r.subjectHost : fill(r.subject, { name: subjectName(content.by) }, c.locale),
        blocks: [
          greet,
          {
            p:
              by === null
                ? fill(r.bodyHost, { title }, c.locale)
                : fill(r.body, { name: by, title }, c.locale),
          },
          {
            p: fill(r.lapses, { when: readerTime(content.lapsesAt, content.now, c, ctx.timeZone) }, c.locale),
          },
          { button: r.button, href: seat },
        ],
        primary: seat,
      };
    }
    case 'playerLeft': {
      const player = mailName(content.table.names[content.seat] ?? '?');
      return {
        subject: fill(
          c.leave.subject,
          { player: subjectName(content.table.names[content.seat] ?? '?') },
          c.locale,
        ),
        blocks: [
          greet,
          { p: fill(content.outcome === 'bot' ? c.events.leftBot : c.events.leftSkip, { player }, c.locale) },
          { p: c.leave.goesOn },
          { button: c.leave.open, href: seat },
        ],
        primary: seat,
      };
    }
  }
}

/**
 * A catch-up after a quota's pause: "While mail was paused" as the subject, and after the greeting
 * the waiting mails' subjects (as user text: one line each, no links), then the mail itself.
 */
/** The "Mille Bornes:" in front of most subjects, left out in a catch-up's list. */
const PREFIX = /^Mille Bornes\s?:\s*/;

/** A subject as a line of the catch-up's list: one harmless line, its prefix left out, capitalised. */
function listLine(subject: string, c: Catalog): string {
  const line = defuseLinks(headerText(subject, 200)).replace(PREFIX, '');
  return line.charAt(0).toLocaleUpperCase(c.locale) + line.slice(1);
}

function caughtUp(draft: Draft, paused: readonly string[] | undefined, c: Catalog): Draft {
  if (!paused?.length) return draft;
  const [greet, ...rest] = draft.blocks;
  return {
    ...draft,
    subject: c.paused.subject,
    blocks: [
      greet,
      { p: c.paused.intro },
      { list: [...paused, draft.subject].map((s) => listLine(s, c)) },
      { p: c.paused.now },
      ...rest,
    ],
  };
}

/**
 * Composes one match mail. Throws `BadLinkError` only when a link given by the server is not an
 * absolute http(s) URL (a bug, not user input).
 */
export function composeMail(ctx: MailContext, content: MailContent): ComposedMail {
  const c = catalogFor(ctx.language);
  const title = defuseLinks(headerText(ctx.matchTitle, 60)) || c.defaultTitle;
  const mute = link(ctx.links.mute);
  const block = link(ctx.links.block);
  const invitation = content.kind === 'invitation';
  const draft = caughtUp(draftFor(ctx, content, c, title), ctx.paused, c);
  const subject = headerText(draft.subject, 200);
  const links: FooterLink[] = [
    { label: c.footer.mute, href: mute },
    { label: invitation ? c.footer.blockInvites : c.footer.blockAll, href: block },
  ];
  const { text, html } = render(c, subject, draft.blocks, draft.primary, {
    why: fill(c.footer.why, { title }, c.locale),
    private: 'seat',
    links,
  });
  // RFC 8058: a mail client's one-click unsubscribe stops what the reader never asked for.
  const unsubscribe = invitation ? block : mute;
  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * What happens when a response window's deadline passes, in words fitting the reader's choice
 * (RULES.md §7): an `ask` reader is told that the safety against this hazard is played for them as a
 * coup fourré if they hold it (with `quickRemedy`, else the remedy), otherwise play goes on; the
 * words never say whether they hold it. An `auto` reader: "your automatic choice applies".
 */
function windowHint(
  content: Extract<MailContent, { kind: 'responseWindow' }>,
  time: string,
  c: Catalog,
): string {
  if (content.mode !== 'ask') return fill(c.bodies.responseWindowHint, { time }, c.locale);
  const safety = cardText(SAFETY_FOR[content.hazard], c);
  if (!content.quickRemedy) return fill(c.windowMail.askHint, { time, safety }, c.locale);
  return fill(
    c.windowMail.askHintQuick,
    { time, safety, remedy: cardText(REMEDY_FOR[content.hazard], c) },
    c.locale,
  );
}
