/**
 * The response window mail's hint fits the reader's coup-fourré choice: a seat that
 * chose "ask me" is never told that "your automatic choice applies"; it reads what happens at the
 * deadline (the safety against this hazard played as a coup fourré if held, with the quick remedy
 * the remedy too, otherwise play goes on), in every language, without saying what it holds.
 */
import { describe, expect, it } from 'vitest';
import { composeMail, type MailContent } from '../../worker/notify/compose';
import { cardText } from '../../worker/notify/events';
import { catalogFor, fill } from '../../worker/notify/i18n';
import { MAIL_LANGUAGES } from '../../worker/notify/types';
import { ALL_CONTENTS, ctx } from './fixtures';

const window = ALL_CONTENTS.responseWindow as Extract<MailContent, { kind: 'responseWindow' }>;

/** The hint's sentence before its time, e.g. "If you do not answer by ". */
const leadOf = (words: string) => words.slice(0, words.indexOf('{'));

describe('the window mail hint', () => {
  for (const lang of MAIL_LANGUAGES) {
    it(`in ${lang}: "ask me" reads what happens at the deadline, "automatic" its choice`, () => {
      const c = catalogFor(lang);
      const ask = composeMail(ctx(lang), { ...window, mode: 'ask' }).text;
      expect(ask).not.toContain(leadOf(c.bodies.responseWindowHint));
      expect(ask).toContain(cardText('right_of_way', c));
      expect(ask).not.toContain(cardText('roll', c));
      expect(ask).toContain(leadOf(c.windowMail.askHint));
      const quick = composeMail(ctx(lang), { ...window, mode: 'ask', quickRemedy: true }).text;
      expect(quick).toContain(cardText('roll', c));
      expect(quick).toContain(leadOf(c.windowMail.askHintQuick));
      const auto = composeMail(ctx(lang), { ...window, mode: 'auto' }).text;
      expect(auto).toContain(leadOf(c.bodies.responseWindowHint));
      expect(fill(c.windowMail.askHint, { time: 'T', safety: 'S' }, c.locale)).not.toMatch(/\{\w+\}/);
    });
  }
});
