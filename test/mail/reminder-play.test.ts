/**
 * A reminder shows the reader's position and suggested moves as the turn mail does (compose.ts):
 * the very same lines and links, in each of the five languages, and the names in them defused like
 * everywhere else in a mail (a name typed by whoever made the match must not become a link). The
 * daily digest (digest.ts `composeDigest`) shows the same section per waiting match, names defused
 * alike: `playBlocks` makes every name safe itself, whoever calls it.
 */
import { describe, expect, it } from 'vitest';
import { suggestMoves } from '../../worker/bots/suggest';
import { viewFor, whoActs } from '../../worker/engine/index';
import { composeMail, type MailContent } from '../../worker/notify/compose';
import { composeDigest } from '../../worker/notify/digest';
import type { TableNames } from '../../worker/notify/events';
import { catalogFor } from '../../worker/notify/i18n';
import { type MailPlay, positionOf } from '../../worker/notify/mail-position';
import { moveCode } from '../../worker/notify/move-links';
import { MAIL_LANGUAGES } from '../../worker/notify/types';
import { moveWordsFor } from '../../worker/words/moves/index';
import { playRandomGame } from '../engine/random-game';
import { ctx, DEADLINE, NOW } from './fixtures';
import { htmlText, linkLike } from './link-like';

/** Names a stranger could give the seats: each looks like a link until defused. */
const NAMES = ['Support team www.evil.example', 'Bob help@evil.example'];

/** A classic two-seat position a few moves in, with the seat to play and its suggested moves as links. */
function position(): { seat: number; play: MailPlay } {
  const state = playRandomGame({
    rules: { preset: 'classic' },
    seating: { seats: 2, teamSize: 1 },
    seed: 'reminder-play',
    choiceSeed: 'reminder-play',
    maxMoves: 6,
  }).final;
  const who = whoActs(state);
  if (who.kind !== 'turn') throw new Error('the position must be a turn');
  const view = viewFor(state, who.seat);
  const moves = suggestMoves(view, { seed: 'mail:test' }).map((move) => ({
    move,
    url: `https://mb.example.org/turn/AAAAAAAAAAAAAAAAAAAAAA/${who.seat}.${view.version}.${moveCode(move)}.${'s'.repeat(43)}`,
  }));
  expect(moves.length).toBeGreaterThan(0);
  return { seat: who.seat, play: { position: positionOf(view), moves } };
}

/**
 * The turn mail's section from the position's heading to its button, in `lang` (its lines and links),
 * checked to hold the first move's link.
 */
function turnSection(lang: string, table: TableNames, play: MailPlay): string {
  const c = catalogFor(lang);
  const turn = composeMail(ctx(lang), {
    kind: 'yourTurn',
    table,
    events: [],
    deadline: DEADLINE,
    now: NOW,
    play,
  } satisfies MailContent);
  const from = turn.text.indexOf(moveWordsFor(c.locale).positionIntro);
  expect(from).toBeGreaterThan(0);
  const section = turn.text.slice(from, turn.text.indexOf(`\n\n${c.buttons.play}: `));
  expect(section).toContain(play.moves[0].url);
  return section;
}

/** No part of `mail` that a mail client could make a link of, but the server's own links. */
function expectNoLinkLike(mail: { subject: string; text: string; html: string }): void {
  for (const part of [mail.subject, mail.text, htmlText(mail.html)])
    expect(linkLike(part, 'https://mb.example.org')).toEqual([]);
}

describe('a reminder’s position and moves', () => {
  const { seat, play } = position();
  const table = { names: NAMES, teams: [[0], [1]], reader: seat };

  for (const lang of MAIL_LANGUAGES) {
    it(`are the turn mail’s, in ${lang}, with every name defused`, () => {
      const reminder = composeMail(ctx(lang), {
        kind: 'reminder',
        deadline: DEADLINE,
        now: NOW,
        table,
        play,
      } satisfies MailContent);
      // From the position's heading to the button: the same lines and links in both mails.
      expect(reminder.text).toContain(turnSection(lang, table, play));
      expectNoLinkLike(reminder);
    });
  }
});

describe('a digest’s position and moves', () => {
  const { seat, play } = position();
  const table = { names: NAMES, teams: [[0], [1]], reader: seat };

  for (const lang of MAIL_LANGUAGES) {
    it(`are the turn mail’s, in ${lang}, with every name defused`, () => {
      const entry = {
        matchId: 'AAAAAAAAAAAAAAAAAAAAAA',
        chainId: 'AAAAAAAAAAAAAAAAAAAAAA',
        title: 'Friday night',
        waiting: 'turn' as const,
        deadlineMs: DEADLINE.getTime(),
        link: 'https://mb.example.org/m/AAAAAAAAAAAAAAAAAAAAAA#seat=x',
        language: lang,
        email: 'ann@example.org',
        origin: 'https://mb.example.org',
        chat: [],
        timeZone: 'UTC',
        // The raw names, as the match gives them: the digest must defuse them itself.
        names: NAMES,
        play,
      };
      const digest = composeDigest(
        [entry, { ...entry, title: 'Saturday', play: undefined, names: undefined }],
        {
          to: 'ann@example.org',
          block: 'https://mb.example.org/api/mail/block/k/t',
          nowMs: NOW.getTime(),
          key: 'k',
        },
      );
      expect(digest.text).toContain(turnSection(lang, table, play));
      // Only the match that gave its play shows one.
      expect(digest.text.split(moveWordsFor(catalogFor(lang).locale).positionIntro)).toHaveLength(2);
      expectNoLinkLike(digest);
    });
  }
});
