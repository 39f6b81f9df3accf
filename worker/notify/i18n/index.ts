/** The five mail catalogs and the lookup by language tag (falls back to English). */
import { languageOf } from '../../words/language';
import type { MailLanguage } from '../types';
import type { Catalog } from './catalog';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';
import { nb } from './nb';
import { sv } from './sv';

export { type Catalog, fill } from './catalog';

const CATALOGS: Record<MailLanguage, Catalog> = { en, fr, de, sv, nb };

/**
 * The language to use for a seat's language tag: its primary subtag if we have it ("fr-CA" → fr;
 * "no" and "nn" → nb), else English.
 */
export function mailLanguage(tag: string | null | undefined): MailLanguage {
  return languageOf(tag);
}

/** The catalog for a language tag (see `mailLanguage`). */
export function catalogFor(tag: string | null | undefined): Catalog {
  return CATALOGS[mailLanguage(tag)];
}
