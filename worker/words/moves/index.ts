/** The five move-word catalogs and the lookup by language tag (English when we do not have it). */
import { languageOf, type WordLanguage } from '../language';
import type { MoveWords } from './catalog';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';
import { nb } from './nb';
import { sv } from './sv';

export type { MoveWords } from './catalog';

const CATALOGS: Record<WordLanguage, MoveWords> = { en, fr, de, sv, nb };

/** The move words for a language tag (see words/language.ts `languageOf`). */
export function moveWordsFor(tag: string | null | undefined): MoveWords {
  return CATALOGS[languageOf(tag)];
}
