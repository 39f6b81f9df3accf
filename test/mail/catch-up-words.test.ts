/**
 * The catch-up mail after a daily quota's pause (worker/notify/catch-up.ts, compose.ts `paused`):
 * its own subject, the waiting mails' subjects in front of the newest mail's words, in every language;
 * user text in the list stays harmless; an ordinary mail is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { composeMail } from '../../worker/notify/compose';
import { catalogFor } from '../../worker/notify/i18n';
import { MAIL_LANGUAGES } from '../../worker/notify/types';
import { ALL_CONTENTS, ctx } from './fixtures';

describe('the catch-up mail', () => {
  it('says mail was paused, lists what waited and then where things stand, in every language', () => {
    for (const lang of MAIL_LANGUAGES) {
      const c = catalogFor(lang);
      const plain = composeMail(ctx(lang), ALL_CONTENTS.yourTurn);
      const waited = [c.subjects.yourTurn, c.subjects.botTurn];
      const m = composeMail(ctx(lang, { paused: waited }), ALL_CONTENTS.yourTurn);
      expect(m.subject, lang).toBe(c.paused.subject);
      const lines = m.text.split('\n');
      const intro = lines.indexOf(c.paused.intro);
      const now = lines.indexOf(c.paused.now);
      expect(intro, lang).toBeGreaterThan(0);
      expect(now, lang).toBeGreaterThan(intro);
      // The list: the waiting mails' subjects and the newest's, each without the "Mille Bornes:" prefix.
      const list = lines.slice(intro + 1, now).filter((l) => l.startsWith('- '));
      expect(list, lang).toEqual(
        [...waited, plain.subject].map((s) => {
          const bare = s.replace(/^Mille Bornes\s?:\s*/, '');
          return `- ${bare.charAt(0).toLocaleUpperCase(c.locale)}${bare.slice(1)}`;
        }),
      );
      // The newest mail's own words follow, whole (its greeting stays first).
      for (const line of plain.text.split('\n').slice(1, 4)) expect(m.text, lang).toContain(line);
      expect(lines[0], lang).toBe(plain.text.split('\n')[0]);
      expect(m.html, lang).toContain(c.paused.intro.replace(/'/g, '&#39;'));
      for (const words of Object.values(c.paused)) expect(words, lang).not.toMatch(/\{|\}/);
    }
  });

  it('keeps a waiting subject one harmless line', () => {
    const m = composeMail(
      ctx('en', { paused: ['Mille Bornes: evil.example.com\nBcc: x@y.z'] }),
      ALL_CONTENTS.reminder,
    );
    expect(m.text).not.toContain('evil.example.com');
    expect(m.text).not.toContain('\nBcc:');
  });

  it('leaves an ordinary mail as it was', () => {
    const a = composeMail(ctx('fr'), ALL_CONTENTS.finished);
    const b = composeMail(ctx('fr', { paused: [] }), ALL_CONTENTS.finished);
    expect(b).toEqual(a);
  });
});
