/**
 * Plural forms: the shared helper (worker/words/plural.ts) picks the form by each language's rules,
 * and every catalog keeps the rule that a word following a count carries both its forms,
 * `{n} {n|card|cards}`, in every language: the page's messages, the mail, the event and reason
 * words. A count-bearing template is found in the English catalog (a number placeholder followed
 * by a word that changes with the count); every language must then give forms for that count.
 */
import { describe, expect, it } from 'vitest';
import { de } from '../../web/src/i18n/de';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import { nb } from '../../web/src/i18n/nb';
import { sv } from '../../web/src/i18n/sv';
import { catalogFor } from '../../worker/notify/i18n';
import type { Catalog } from '../../worker/notify/i18n/catalog';
import { de as deEvents } from '../../worker/words/events/de';
import { en as enEvents } from '../../worker/words/events/en';
import { fill } from '../../worker/words/events/fill';
import { fr as frEvents } from '../../worker/words/events/fr';
import { nb as nbEvents } from '../../worker/words/events/nb';
import { sv as svEvents } from '../../worker/words/events/sv';
import { WORD_LANGUAGES, type WordLanguage } from '../../worker/words/language';
import { pluralCategory, pluralForm } from '../../worker/words/plural';
import { de as deReasons } from '../../worker/words/reasons/de';
import { en as enReasons } from '../../worker/words/reasons/en';
import { fr as frReasons } from '../../worker/words/reasons/fr';
import { nb as nbReasons } from '../../worker/words/reasons/nb';
import { sv as svReasons } from '../../worker/words/reasons/sv';

type Templates = Readonly<Record<string, string>>;

/** The mail catalog's words as flat `group.key` templates (card names and event words aside). */
function mailTemplates(c: Catalog): Templates {
  const out: Record<string, string> = {};
  for (const [group, value] of Object.entries(c)) {
    if (group === 'locale' || group === 'cards' || group === 'events') continue;
    if (typeof value === 'string') out[group] = value;
    else for (const [key, text] of Object.entries(value as Templates)) out[`${group}.${key}`] = text;
  }
  return out;
}

/** A catalog's templates without its language code. */
const phrases = ({ lang: _, ...rest }: { lang: string } & Templates): Templates => rest;

/** Every catalog family, one catalog per language. */
const FAMILIES: Record<string, Record<WordLanguage, Templates>> = {
  page: { en, fr, de, sv, nb },
  mail: Object.fromEntries(WORD_LANGUAGES.map((l) => [l, mailTemplates(catalogFor(l))])) as Record<
    WordLanguage,
    Templates
  >,
  events: {
    en: phrases(enEvents),
    fr: phrases(frEvents),
    de: phrases(deEvents),
    sv: phrases(svEvents),
    nb: phrases(nbEvents),
  },
  reasons: {
    en: phrases(enReasons),
    fr: phrases(frReasons),
    de: phrases(deReasons),
    sv: phrases(svReasons),
    nb: phrases(nbReasons),
  },
};

/** The placeholders that hold a number (a count, a number in a name, km), by their names in the catalogs. */
const NUMBERS = new Set([
  'n',
  'm',
  'count',
  'days',
  'hours',
  'minutes',
  'cards',
  'played',
  'max',
  'free',
  'taken',
  'seats',
  'teams',
  'total',
  'goal',
  'km',
  'kmLeft',
  'maxKm',
  's',
  'hand',
  'points',
]);

/**
 * English words that may follow a number and do not change with it: units ("25 km", "5 min"),
 * adjectives English does not inflect ("2 free"), and the words after a number that is a name
 * ("Hand 2 is over", "Place 1 of 4") or has no noun ("3 more").
 */
const SAME_FOR_ANY_COUNT = new Set([
  'km',
  'h',
  'min',
  's',
  'of',
  'more',
  'per',
  'is',
  'started',
  'taken',
  'free',
]);

/**
 * The counts an English template shows with a word that needs plural forms: a number followed by
 * a word (`{n} timeouts`) or by its forms already (`{n} {n|card|cards}`). Forms without the number
 * shown (`{count|has|have}`: a verb agreeing with several names) are not a count shown.
 */
function countedIn(template: string): string[] {
  const counted = new Set<string>();
  for (const [, name, word] of template.matchAll(/\{(\w+)\} (\p{L}+)/gu))
    if (NUMBERS.has(name) && !SAME_FOR_ANY_COUNT.has(word)) counted.add(name);
  for (const [, name] of template.matchAll(/\{(\w+)\} \{\1\|/g)) counted.add(name);
  return [...counted].sort();
}

const hasForms = (template: string, name: string) =>
  new RegExp(`\\{${name}\\|[^|}]*\\|[^|}]*\\}`).test(template);

describe('pluralCategory', () => {
  it('says "one" for 1 only in English, German, Swedish and Norwegian', () => {
    for (const language of ['en', 'de', 'sv', 'nb', 'en-GB', 'nb-NO']) {
      expect(
        [0, 1, 2, 5, 21].map((n) => pluralCategory(language, n)),
        language,
      ).toEqual(['other', 'one', 'other', 'other', 'other']);
    }
  });

  it('says "one" for 0 and 1 in French, and for a fraction under 2', () => {
    expect([0, 1, 1.5, 2, 1_000_000].map((n) => pluralCategory('fr', n))).toEqual([
      'one',
      'one',
      'one',
      'other',
      'other',
    ]);
    expect(pluralCategory('fr-FR', 0)).toBe('one');
  });

  it('reads a malformed tag with the English rules and NaN as "other"', () => {
    expect(pluralCategory('', 1)).toBe('one');
    expect(pluralCategory('en_GB', 0)).toBe('other');
    expect(pluralCategory('en', Number.NaN)).toBe('other');
  });

  it('picks the form that goes with the count', () => {
    const forms = { one: 'partie', other: 'parties' };
    expect([0, 1, 2].map((n) => pluralForm('fr', n, forms))).toEqual(['partie', 'partie', 'parties']);
    expect([0, 1, 2].map((n) => pluralForm('en', n, forms))).toEqual(['parties', 'partie', 'parties']);
  });
});

describe('counted words in the catalogs', () => {
  for (const [family, catalogs] of Object.entries(FAMILIES)) {
    const counted = Object.entries(catalogs.en)
      .map(([key, text]) => [key, countedIn(text)] as const)
      .filter(([, names]) => names.length > 0);

    it(`${family}: the English catalog gives both forms for every count it shows`, () => {
      expect(counted.length, family).toBeGreaterThan(0);
      for (const [key, names] of counted)
        for (const name of names) expect(hasForms(catalogs.en[key], name), `en ${key} {${name}}`).toBe(true);
    });

    it(`${family}: every language gives both forms wherever English counts, and reads 0, 1 and 2`, () => {
      for (const language of WORD_LANGUAGES) {
        const catalog = catalogs[language];
        for (const [key, names] of counted) {
          for (const name of names)
            expect(hasForms(catalog[key], name), `${language} ${key} lacks {${name}|one|other}`).toBe(true);
          for (const n of [0, 1, 2]) {
            const values = Object.fromEntries(names.map((name) => [name, n]));
            expect(fill(catalog[key], values, language), `${language} ${key} ${n}`).not.toMatch(
              new RegExp(`\\{(${names.join('|')})[|}]`),
            );
          }
        }
      }
    });

    it(`${family}: no half-written form (one form, or more than two)`, () => {
      for (const language of WORD_LANGUAGES)
        for (const [key, text] of Object.entries(catalogs[language])) {
          const forms = [...text.matchAll(/\{\w+\|([^}]*)\}/g)].map((m) => m[1].split('|').length);
          expect(
            forms.every((count) => count === 2),
            `${language} ${key}`,
          ).toBe(true);
        }
    });
  }

  it('finds the counts the audit found: the digest subject and the timeouts line', () => {
    expect(countedIn(FAMILIES.mail.en['digest.subject'])).toEqual(['count']);
    expect(countedIn(en['home.timeoutsToBot.n'])).toEqual(['n']);
    // Before the forms were added the rule saw the bare noun too.
    expect(countedIn('Mille Bornes: {count} matches wait for you')).toEqual(['count']);
    expect(countedIn('{n} timeouts in a row')).toEqual(['n']);
    expect(countedIn('Goal {km} km')).toEqual([]);
  });
});
