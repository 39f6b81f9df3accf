/** Message composition: every kind in every language, rendered snapshots in English and French, links and headers. */
import { describe, expect, it } from 'vitest';
import { composeMail, MAIL_KINDS } from '../../worker/notify/compose';
import { describeEvents } from '../../worker/notify/events';
import { catalogFor, fill, mailLanguage } from '../../worker/notify/i18n';
import { composeMyMatchesMail, composeUnblockMail } from '../../worker/notify/link-mail';
import { MAIL_LANGUAGES } from '../../worker/notify/types';
import { ALL_CONTENTS, ctx, duo, sinceLastTurn, teams } from './fixtures';

describe('composeMail', () => {
  for (const lang of ['en', 'fr'] as const) {
    for (const kind of MAIL_KINDS) {
      it(`renders ${kind} in ${lang} (snapshot)`, () => {
        const m = composeMail(ctx(lang), ALL_CONTENTS[kind]);
        expect(m.subject).toMatchSnapshot('subject');
        expect(m.text).toMatchSnapshot('text');
        expect(m.html).toMatchSnapshot('html');
      });
    }
  }

  it('greets a reader whose seat name is a placeholder by no name, in every language', () => {
    for (const lang of MAIL_LANGUAGES) {
      const m = composeMail(ctx(lang, { recipientName: null }), ALL_CONTENTS.invitation);
      const c = catalogFor(lang);
      expect(m.text.split('\n')).toContain(c.greetingNoName);
      expect(m.text).not.toContain(fill(c.greeting, { name: '' }, c.locale));
      expect(m.html).toContain(c.greetingNoName);
    }
  });

  for (const lang of ['en', 'de'] as const) {
    it(`renders the between-hands mail in ${lang} (snapshot)`, () => {
      const m = composeMail(ctx(lang), {
        kind: 'yourTurn',
        table: duo,
        events: [
          { type: 'played', seat: 1, card: 'd100' },
          { type: 'handOver', hand: 1, winners: [1], scores: [300, 1150] },
        ],
        deadline: null,
        now: new Date(0),
        handOver: 1,
      });
      expect(m.subject).toMatchSnapshot('subject');
      expect(m.text).toMatchSnapshot('text');
      expect(m.text).toContain(
        lang === 'en'
          ? 'Hand 1 is over. Scores: Anna 300, Bob 1150.'
          : 'Runde 1 ist vorbei. Punkte: Anna 300, Bob 1150.',
      );
    });
  }

  it('fills every placeholder and carries the seat, mute and block links in every language and kind', () => {
    for (const lang of MAIL_LANGUAGES) {
      for (const kind of MAIL_KINDS) {
        const m = composeMail(ctx(lang), ALL_CONTENTS[kind]);
        const c = catalogFor(lang);
        for (const part of [m.subject, m.text, m.html])
          expect(part, `${lang} ${kind}`).not.toMatch(/\{\w+\}/);
        expect(m.text).toContain('#seat=s3cr3t');
        expect(m.html).toContain('https://mb.example.org/api/mail/mute/');
        expect(m.text).toContain('https://mb.example.org/api/mail/mute/');
        const blockLabel = kind === 'invitation' ? c.footer.blockInvites : c.footer.blockAll;
        expect(m.text).toContain(`${blockLabel}: https://mb.example.org/api/mail/block/0123/blockTok`);
        expect(m.html).toContain('href="https://mb.example.org/api/mail/block/0123/blockTok"');
        // An invitation was never asked for: a client's one-click unsubscribe stops all mail.
        expect(m.headers['List-Unsubscribe']).toBe(
          kind === 'invitation'
            ? '<https://mb.example.org/api/mail/block/0123/blockTok>'
            : '<https://mb.example.org/api/mail/mute/0123/AAAAAAAAAAAAAAAAAAAAAA/muteTok>',
        );
        expect(m.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
        // Subjects carry no title.
        expect(m.subject).not.toContain('Friday night');
        expect(m.html).toContain(`lang="${catalogFor(lang).locale}"`);
      }
    }
  });

  it('has no images, so no tracking pixel', () => {
    for (const kind of MAIL_KINDS) {
      const { html } = composeMail(ctx('de'), ALL_CONTENTS[kind]);
      expect(html).not.toMatch(/<img|background-image|url\(/i);
    }
  });

  it('says what happened since the last turn in words, from the reader’s side', () => {
    const lines = describeEvents(sinceLastTurn, duo, catalogFor('en'));
    expect(lines).toEqual([
      'Bob drove 100 km.',
      'Bob took Roll from the discard pile.',
      'Bob played Stop on you.',
      'Bob discarded 25 km.',
      'Bob lost their turn.',
    ]);
    expect(
      describeEvents([{ type: 'played', seat: 1, card: 'accident', target: 2 }], teams, catalogFor('fr')),
    ).toEqual(['Bob a joué Accident contre votre équipe.']);
    expect(
      describeEvents([{ type: 'played', seat: 0, card: 'flat_tire', target: 1 }], teams, catalogFor('de')),
    ).toEqual(['Anna hat Reifenpanne gegen Bob und Dag gespielt.']);
  });

  it('a first turn (nothing happened yet) says only whose turn it is, in every language', () => {
    for (const lang of ['en', 'fr', 'de', 'sv', 'nb']) {
      const first = composeMail(ctx(lang), { ...ALL_CONTENTS.yourTurn, events: [] } as never);
      const c = catalogFor(lang);
      expect(first.text).toContain(c.bodies.yourTurnOnly);
      expect(first.text).not.toContain(c.bodies.yourTurnIntro);
      const news = composeMail(ctx(lang), ALL_CONTENTS.yourTurn);
      expect(news.text).toContain(c.bodies.yourTurnIntro);
    }
  });

  it('says hand and match in the words of the shared event lines, in every language', () => {
    for (const lang of MAIL_LANGUAGES) {
      const c = catalogFor(lang);
      const handOver = fill(c.events.handOver, { hand: 1 }, c.locale);
      const matchOver = c.events.matchOver.replace(/\.$/, '');
      expect(fill(c.bodies.handOverIntro, { hand: 1 }, c.locale).startsWith(handOver), lang).toBe(true);
      expect(fill(c.subjects.handOver, { title: 'T', hand: 1 }, c.locale).toLowerCase(), lang).toContain(
        handOver.replace(/\.$/, '').toLowerCase(),
      );
      expect(fill(c.bodies.finished, { winners: 'Anna' }, c.locale), lang).toContain(matchOver);
      expect(c.bodies.finishedDraw, lang).toContain(matchOver);
      const quiet = composeMail(ctx(lang), {
        kind: 'yourTurn',
        table: duo,
        events: [],
        deadline: null,
        now: new Date(0),
        handOver: 1,
      });
      expect(quiet.text, lang).toContain(handOver);
    }
  });

  it('aligns the plain-text scores, a star marking the winner', () => {
    const { text } = composeMail(ctx('en'), ALL_CONTENTS.finished);
    const rows = text.split('\n').filter((l) => /: \d+$/.test(l) || /:\s+\d+$/.test(l));
    expect(rows).toEqual(['* Anna: 5150', '  Bob:  4300']);
  });

  it('tells the reader whether they won, lost or tied (the winner by name only in the body)', () => {
    const won = composeMail(ctx('sv'), ALL_CONTENTS.finished);
    expect(won.subject).toBe('Mille Bornes: matchen är slut, du vann');
    expect(won.text).toContain('Matchen är slut: Anna vann.');
    const tie = composeMail(ctx('nb'), { ...ALL_CONTENTS.finished, kind: 'finished', winners: [] } as never);
    expect(tie.subject).toBe('Mille Bornes: spillet er over, uavgjort');
    const lost = composeMail(ctx('en'), { ...ALL_CONTENTS.finished, winners: [1] } as never);
    expect(lost.subject).toBe('Mille Bornes: match over, see the scores');
    expect(lost.text).toContain('The match is over: Bob won.');
  });

  it('uses the default title when the match has none, and English for unknown languages', () => {
    const m = composeMail(ctx('xx', { matchTitle: '   ' }), ALL_CONTENTS.yourTurn);
    expect(m.subject).toBe('Mille Bornes: it is your turn');
    expect(mailLanguage('fr-CA')).toBe('fr');
    expect(mailLanguage('no')).toBe('nb');
    expect(mailLanguage(null)).toBe('en');
  });

  it('refuses a link that is not absolute http(s) (a server bug, never user input)', () => {
    expect(() =>
      composeMail(
        ctx('en', { links: { seat: 'javascript:alert(1)', mute: 'https://x.y/', block: 'https://x.y/b' } }),
        ALL_CONTENTS.yourTurn,
      ),
    ).toThrow();
  });

  it('composes the my-matches mail with its magic link and no mute header', () => {
    const m = composeMyMatchesMail({
      language: 'de',
      link: 'https://mb.example.org/api/mail/my-matches#k=abc.def',
      hours: 24,
    });
    expect(m.subject).toBe('Deine Mille-Bornes-Partien');
    expect(m.text).toContain('https://mb.example.org/api/mail/my-matches#k=abc.def');
    expect(m.text).toContain('24 Stunden');
    expect(m.headers).toEqual({});
    expect(m.text).toMatchSnapshot();
  });

  it('composes the unblock mail with its one link, in every language, and no list headers', () => {
    for (const lang of MAIL_LANGUAGES) {
      const link = 'https://mb.example.org/api/mail/unblock/0123/tok';
      const m = composeUnblockMail({ language: lang, link, hours: 24 });
      const c = catalogFor(lang);
      expect(m.subject).toBe(c.subjects.unblock);
      expect(m.text).toContain(`${c.buttons.unblock}: ${link}`);
      expect(m.html).toContain(`href="${link}"`);
      expect(m.text).not.toMatch(/\{\w+\}/);
      expect(m.headers).toEqual({});
    }
  });
});
