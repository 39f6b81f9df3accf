/**
 * The digest's count in words: its subject and lead-in take each language's singular for one
 * waiting match (French for none as well) and the plural otherwise, in the catalog's words and in
 * the mail `composeDigest` builds. Pins the audit's "1 matches wait for you".
 */
import { describe, expect, it } from 'vitest';
import { composeDigest, type DigestEntry } from '../../worker/notify/digest';
import { catalogFor, fill } from '../../worker/notify/i18n';
import { MAIL_LANGUAGES, type MailLanguage } from '../../worker/notify/types';
import { NOW } from './fixtures';

const ORIGIN = 'https://mb.example.org';

/** The subject for 0, 1 and 2 waiting matches. */
const SUBJECTS: Record<MailLanguage, [string, string, string]> = {
  en: [
    'Mille Bornes: 0 matches wait for you',
    'Mille Bornes: 1 match waits for you',
    'Mille Bornes: 2 matches wait for you',
  ],
  fr: [
    'Mille Bornes : 0 partie vous attend',
    'Mille Bornes : 1 partie vous attend',
    'Mille Bornes : 2 parties vous attendent',
  ],
  de: [
    'Mille Bornes: 0 Partien warten auf dich',
    'Mille Bornes: 1 Partie wartet auf dich',
    'Mille Bornes: 2 Partien warten auf dich',
  ],
  sv: [
    'Mille Bornes: 0 matcher väntar på dig',
    'Mille Bornes: 1 match väntar på dig',
    'Mille Bornes: 2 matcher väntar på dig',
  ],
  nb: [
    'Mille Bornes: 0 kamper venter på deg',
    'Mille Bornes: 1 kamp venter på deg',
    'Mille Bornes: 2 kamper venter på deg',
  ],
};

/** The lead-in for one and for two waiting matches. */
const INTROS: Record<MailLanguage, [string, string]> = {
  en: ['Your daily summary: this match waits for you.', 'Your daily summary: these matches wait for you.'],
  fr: [
    'Votre résumé du jour : cette partie vous attend.',
    'Votre résumé du jour : ces parties vous attendent.',
  ],
  de: [
    'Deine tägliche Übersicht: diese Partie wartet auf dich.',
    'Deine tägliche Übersicht: diese Partien warten auf dich.',
  ],
  sv: [
    'Din dagliga sammanfattning: den här matchen väntar på dig.',
    'Din dagliga sammanfattning: de här matcherna väntar på dig.',
  ],
  nb: [
    'Den daglige oppsummeringen din: denne kampen venter på deg.',
    'Den daglige oppsummeringen din: disse kampene venter på deg.',
  ],
};

function entry(language: string, i: number): DigestEntry & { timeZone: string } {
  return {
    matchId: `m${i}`,
    chainId: `m${i}`,
    title: `Match ${i}`,
    waiting: 'turn',
    deadlineMs: null,
    link: `${ORIGIN}/m/m${i}#seat=x`,
    language,
    email: 'ann@example.org',
    origin: ORIGIN,
    chat: [],
    timeZone: 'UTC',
  };
}

function digestOf(language: string, count: number) {
  return composeDigest(
    Array.from({ length: count }, (_, i) => entry(language, i)),
    { to: 'ann@example.org', block: `${ORIGIN}/api/mail/block/k/t`, nowMs: NOW.getTime(), key: 'k' },
  );
}

describe('the digest counts its matches in words', () => {
  for (const lang of MAIL_LANGUAGES) {
    it(`says 0, 1 and 2 matches in ${lang}`, () => {
      const c = catalogFor(lang);
      expect([0, 1, 2].map((count) => fill(c.digest.subject, { count }, c.locale))).toEqual(SUBJECTS[lang]);
    });

    it(`composes the subject and lead-in for one and two matches in ${lang}`, () => {
      for (const [i, count] of [1, 2].entries()) {
        const mail = digestOf(lang, count);
        expect(mail.subject).toBe(SUBJECTS[lang][count]);
        expect(mail.text).toContain(INTROS[lang][i]);
        expect(mail.text).not.toMatch(/\{\w+[|}]/);
      }
    });
  }
});
