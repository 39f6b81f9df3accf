/**
 * Chat lines in mails, composed without a match: in every language a line reads
 * "<name> wrote: …" with every placeholder filled and every quick phrase in the reader's words; the
 * text is one line of at most 200 characters, with no control character, no markup in the HTML part
 * and nothing a mail client could turn into a link (the rule of names and titles), in the
 * your-turn mail and in the digest; at most the lines given, and how many earlier ones are left out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chatBlocks, MAIL_CHAT_CHARS, type MailChatLine, type NewChat } from '../../worker/notify/chat-lines';
import { composeMail, type MailContent } from '../../worker/notify/compose';
import { composeDigest } from '../../worker/notify/digest';
import { catalogFor } from '../../worker/notify/i18n';
import { MAIL_LANGUAGES } from '../../worker/notify/types';
import { QUICK_PHRASES } from '../../worker/protocol/chat';
import { CHAT_PHRASE_WORDS } from '../../worker/words/chat-phrases';
import { ALL_CONTENTS, ctx, NOW } from './fixtures';
import { htmlText, linkLike } from './link-like';

const ORIGIN = 'https://mb.example.org';
// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/;

const LINKY = [
  '<b>x</b> visit evil.example http://evil.example',
  'see www.evil.example tonight',
  'mail help@evil.example or call 192.168.0.1',
  'HTTPS://EVIL.EXAMPLE/login?next=1',
  'evil\u3002example, evil\uff0eexample',
  'ht\u200btps://x.example',
  'line one\r\nBcc: victim@example.org\u2028<script>alert(1)</script>',
  '\u202eevil.example\u202c',
];

const lines = (texts: readonly string[], name = 'Bob'): MailChatLine[] =>
  texts.map((text) => ({ name, body: { text } }));

function yourTurn(lang: string, chat: NewChat) {
  return composeMail(ctx(lang), { ...ALL_CONTENTS.yourTurn, chat } as MailContent);
}

function digest(lang: string, chat: NewChat) {
  return composeDigest(
    [
      {
        matchId: 'm1',
        chainId: 'm1',
        title: 'Alpha',
        waiting: 'turn',
        deadlineMs: null,
        link: `${ORIGIN}/m/m1#seat=x`,
        language: lang,
        email: 'ann@example.org',
        origin: ORIGIN,
        chat: chat.lines,
        chatMore: chat.more,
        timeZone: 'UTC',
      },
    ],
    { to: 'ann@example.org', block: `${ORIGIN}/api/mail/block/k/t`, nowMs: NOW.getTime(), key: 'k' },
  );
}

describe('chat lines in mails', () => {
  it('say who wrote what, quick phrases in the reader’s words, in every language', () => {
    for (const lang of MAIL_LANGUAGES) {
      const c = catalogFor(lang);
      const phrases = CHAT_PHRASE_WORDS[lang];
      const chat: NewChat = {
        lines: QUICK_PHRASES.map((phrase) => ({
          name: 'Bob',
          body: phrase === 'awayUntil' ? { phrase, params: { until: '2026-12-21' } } : { phrase },
        })),
        more: 3,
      };
      for (const m of [yourTurn(lang, chat), digest(lang, chat)]) {
        expect(m.text, lang).toContain(c.chatMail.intro);
        for (const phrase of QUICK_PHRASES.filter((p) => p !== 'awayUntil'))
          expect(m.text, `${lang} ${phrase}`).toContain(phrases[phrase]);
        expect(m.text, lang).toContain(phrases.awayUntil.replace(' {day}', ' '));
        expect(m.text, lang).toMatch(/21/);
        expect(m.text, lang).toContain(c.chatMail.more.replace('{count}', '3'));
        expect(m.text, lang).not.toMatch(/\{\w+\}/);
      }
    }
    // Every language has its own words for every phrase.
    expect(new Set(MAIL_LANGUAGES.map((l) => CHAT_PHRASE_WORDS[l].goodGame)).size).toBe(5);
    expect(
      yourTurn('fr', {
        lines: [{ name: 'Bob', body: { phrase: 'awayUntil', params: { until: '2026-12-21' } } }],
        more: 0,
      }).text,
    ).toContain('- Bob a écrit : « Pas là jusqu’au lundi 21 décembre »');
  });

  it('shows no link-like text, markup or control character in either part, nor in a writer’s name', () => {
    for (const lang of MAIL_LANGUAGES) {
      const chat: NewChat = { lines: [...lines(LINKY), ...lines(['hi'], 'www.evil.example')], more: 0 };
      for (const m of [yourTurn(lang, chat), digest(lang, chat)]) {
        for (const part of [m.text, htmlText(m.html)]) expect(linkLike(part, ORIGIN), lang).toEqual([]);
        expect(m.html).not.toMatch(/<b>|<script/i);
        expect(m.html).toContain('&lt;b&gt;x&lt;/b&gt;');
        expect(m.text.replace(/\n/g, '')).not.toMatch(CONTROL);
        expect(m.text).not.toContain('Bcc: victim@example.org\n');
      }
    }
  });

  it('cuts a long line to 200 characters and leaves the blocks out without lines', () => {
    const c = catalogFor('en');
    const long = `${'a'.repeat(150)} ${'b'.repeat(400)}`;
    const [, list] = chatBlocks({ lines: lines([long]), more: 0 }, c);
    const text = /“(.*)”/u.exec((list as { list: string[] }).list[0])![1];
    expect(Array.from(text)).toHaveLength(MAIL_CHAT_CHARS);
    expect(text.endsWith('…')).toBe(true);
    expect(chatBlocks({ lines: [], more: 4 }, c)).toEqual([]);
    expect(chatBlocks(undefined, c)).toEqual([]);
    expect(yourTurn('en', { lines: [], more: 0 }).text).not.toContain(c.chatMail.intro);
  });

  it('never lets any text look like a link (property)', () => {
    const alphabet = fc.constantFrom(...'aw.:/@1 hHtTpPsS-_x\u3002\uff0e\u200b\u00a0<>&'.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (chars) => {
        const m = yourTurn('en', { lines: lines([chars.join('')]), more: 0 });
        expect(linkLike(m.text, ORIGIN)).toEqual([]);
        expect(linkLike(htmlText(m.html), ORIGIN)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
