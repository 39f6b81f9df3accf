/**
 * Header injection attempts: names and match titles with CR/LF, fake headers, HTML and bidi
 * tricks. Nothing a player types may start a header line, add a recipient, or become markup; nor
 * look like a link in any mail, or put more than a short name in a subject.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../worker/address';
import { composeMail, type MailContent } from '../../worker/notify/compose';
import { catalogFor } from '../../worker/notify/i18n';
import { defuseLinks, escapeHtml, headerText } from '../../worker/notify/sanitize';
import { buildMime } from '../../worker/notify/senders/mime';
import { MAIL_LANGUAGES } from '../../worker/notify/types';
import { ALL_CONTENTS, ctx, duo, teams } from './fixtures';
import { htmlText, linkLike } from './link-like';

const EVIL = [
  'Eve\r\nBcc: victim@example.org',
  'Eve\nContent-Type: text/html',
  'Eve\r\n\r\n<script>alert(1)</script>',
  'Eve\u2028Bcc: x@y.z',
  'Eve\u0000\u0007\u001b[31m',
  '"><img src=https://track.example/p.gif>',
  "Eve' onmouseover='alert(1)",
  '=?utf-8?B?QmNjOiB4QHkueg==?=',
  '\u202eevil\u202c',
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

function headerSection(raw: string): string[] {
  return raw.split('\r\n\r\n')[0].split('\r\n');
}

describe('header injection', () => {
  for (const evil of EVIL) {
    it(`keeps ${JSON.stringify(evil)} inside one line and escaped`, () => {
      const table = { ...duo, names: [evil, evil] };
      const contents = [
        { ...ALL_CONTENTS.invitation, host: evil },
        { ...ALL_CONTENTS.yourTurn, table },
        {
          ...ALL_CONTENTS.responseWindow,
          table: { ...teams, names: [evil, evil, evil, evil] },
        },
        { ...ALL_CONTENTS.finished, table },
      ] as const;
      for (const content of contents) {
        const m = composeMail(ctx('en', { matchTitle: evil, recipientName: evil }), content as never);
        expect(m.subject).not.toMatch(CONTROL);
        expect(m.html).not.toMatch(/<script|<img|onmouseover='|\u202e/i);
        expect(m.text).not.toMatch(/\r|\u2028/);
        expect(m.text.replace(/\n/g, '')).not.toMatch(CONTROL);
        const raw = buildMime(
          {
            to: 'anna@example.org',
            subject: m.subject,
            text: m.text,
            html: m.html,
            headers: m.headers,
            idempotencyKey: evil,
          },
          { name: 'Mille Bornes', addr: 'turns@mb.example.org' },
        );
        const names = headerSection(raw).map((l) => l.split(':')[0]);
        expect(names.filter((n) => /^bcc$/i.test(n))).toEqual([]);
        expect(names.filter((n) => /^content-type$/i.test(n))).toHaveLength(1);
        expect(headerSection(raw).find((l) => l.startsWith('Message-ID:'))).toMatch(
          /^Message-ID: <[A-Za-z0-9._-]+@mb\.example\.org>$/,
        );
      }
    });
  }

  it('never lets any string put a control character in a subject or header text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        const h = headerText(s);
        expect(h).not.toMatch(CONTROL);
        const e = escapeHtml(s);
        expect(e).not.toMatch(/[<>"']/);
      }),
    );
  });

  it('refuses addresses that could carry a header', () => {
    expect(parseAddress(' anna@example.org ')).toBe('anna@example.org');
    for (const bad of [
      'anna@example.org\r\nBcc: x@y.z',
      'anna@example.org\nx',
      'Anna <anna@example.org>',
      'anna@example.org, eve@example.org',
      'anna@example.org;eve@example.org',
      '"a b"@example.org',
      'anna',
      `${'a'.repeat(250)}@example.org`,
      42,
    ]) {
      expect(parseAddress(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

/** Names and titles that read like links, in every form a mail client might link. */
const LINKY = [
  'Your account is locked, confirm at https://support.example.com/verify',
  'HTTP://EVIL.EXAMPLE',
  'www.evil.example',
  'Support team evil.example',
  'help@evil.example',
  'mailto:help@evil.example',
  'tel:+15551234567',
  'javascript:alert(1)',
  'call 192.168.0.1',
  'evil\u3002example and evil\uff0eexample',
  'evil\u2024example',
  'evil.\u200bexample',
  'ht\u200btps://localhost:8080/x',
  'пример.рф',
  // A scheme after `_` or a digit, then a host with no dot (a decimal IPv4 address).
  '_https://1572395042/login',
  '1http://2130706433/',
  '_javascript:alert(1)',
  // Lookalikes a client may fold (NFKC) into a scheme, a domain or an IP address.
  'https\uff1a//evil',
  '\uff48\uff54\uff54\uff50\ufe55\uff0f\uff0f\uff11\uff12\uff17',
  'call \uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11',
  'evil\u2488com',
  '\u{1d421}\u{1d42d}\u{1d42d}\u{1d429}://x',
  'ht\u200b\uff54ps://x',
];

describe('link-like names and titles', () => {
  it('defuses every obvious pattern and leaves plain text alone', () => {
    expect(defuseLinks('https://evil.example/x')).toBe('https[:]//evil[.]example/x');
    expect(defuseLinks('www.evil.example')).toBe('www[.]evil[.]example');
    expect(defuseLinks('help@evil.example')).toBe('help@evil[.]example');
    expect(defuseLinks('mailto:x')).toBe('mailto[:]x');
    expect(defuseLinks('192.168.0.1')).toBe('192[.]168[.]0[.]1');
    expect(defuseLinks('evil\u3002example')).toBe('evil[.]example');
    expect(defuseLinks('evil.\u200bexample')).toBe('evil[.]example');
    expect(defuseLinks('_https://1572395042/x')).toBe('_https[:]//1572395042/x');
    expect(defuseLinks('9data:x')).toBe('9data[:]x');
    expect(defuseLinks('evil\u2488com')).toBe('evil1[.]com');
    expect(defuseLinks('\uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11')).toBe(
      '\uff11\uff12\uff17[.]\uff10[.]\uff10[.]\uff11',
    );
    for (const plain of [
      'Anna',
      'Game v2.0',
      'Motel: 5',
      'こんにちは。世界',
      '👨\u200d👩\u200d👧 family',
      'Bob & co.',
    ])
      expect(defuseLinks(plain)).toBe(plain);
    for (const evil of LINKY) expect(linkLike(defuseLinks(evil), 'https://mb.example.org'), evil).toEqual([]);
  });

  it('no mail kind in any language shows a link-like title or name, and subjects carry no title', () => {
    const title = 'Your account is locked, confirm at https://support.example.com/verify';
    for (const evil of LINKY) {
      const names = [evil, evil, evil, evil];
      const contents: MailContent[] = [
        { ...ALL_CONTENTS.invitation, host: evil } as MailContent,
        { ...ALL_CONTENTS.yourTurn, table: { ...duo, names: names.slice(0, 2) } } as MailContent,
        { ...ALL_CONTENTS.responseWindow, table: { ...teams, names } } as MailContent,
        ALL_CONTENTS.reminder,
        ALL_CONTENTS.botTookOver,
        { kind: 'botTookOver', scope: 'seat' },
        { ...ALL_CONTENTS.finished, table: { ...duo, names: names.slice(0, 2) } } as MailContent,
      ];
      for (const lang of MAIL_LANGUAGES) {
        for (const content of contents) {
          const m = composeMail(ctx(lang, { matchTitle: title, recipientName: evil }), content);
          const what = `${lang} ${content.kind} ${JSON.stringify(evil)}`;
          for (const part of [m.subject, m.text, htmlText(m.html)])
            expect(linkLike(part, 'https://mb.example.org'), what).toEqual([]);
          expect(m.subject, what).not.toMatch(/locked|confirm/i);
          // Beyond the catalog's words (and card names), only the name, cut to 20 characters.
          const c = catalogFor(lang);
          const short = defuseLinks(headerText(evil, 20));
          const words = `${Object.values(c.subjects).join(' ')} ${Object.values(c.cards).join(' ')} ${c.hours} ${c.minutes}`;
          const extra = m.subject
            .split(/\s+/)
            .map((w) => w.replace(/[,:;?!()]+$/, ''))
            .filter((w) => !words.includes(w) && !/^\(?\d+$/.test(w));
          for (const w of extra) expect(short, `${what}: ${m.subject}`).toContain(w);
        }
      }
    }
  });
});
