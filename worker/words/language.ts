/**
 * The five languages of the words (page, mail, stored default names) and the one reading of a
 * BCP 47 tag: its primary subtag ("fr-CA" → fr), Norwegian "no" and "nn" as Bokmål ("nb").
 */

/** The languages every catalog has. */
export const WORD_LANGUAGES = ['en', 'fr', 'de', 'sv', 'nb'] as const;
export type WordLanguage = (typeof WORD_LANGUAGES)[number];

/** The language a tag names when we have it ("de-AT" → de, "nn" → nb), else null ("xx", "", null). */
export function supportedLanguage(tag: string | null | undefined): WordLanguage | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  const code = primary === 'no' || primary === 'nn' ? 'nb' : primary;
  return (WORD_LANGUAGES as readonly string[]).includes(code) ? (code as WordLanguage) : null;
}

/** The language of a tag, English when we do not have it (see `supportedLanguage`). */
export function languageOf(tag: string | null | undefined): WordLanguage {
  return supportedLanguage(tag) ?? 'en';
}
