/**
 * Header injection attempts: names and match titles with CR/LF, fake headers, HTML and bidi
 * tricks. Nothing a player types may start a header line, add a recipient, or become markup.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../worker/address';
import { composeMail } from '../../worker/notify/compose';
import { escapeHtml, headerText } from '../../worker/notify/sanitize';
import { buildMime } from '../../worker/notify/senders/mime';
import { ALL_CONTENTS, ctx, duo, teams } from './fixtures';

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
