/**
 * The error words of every language, in one chunk loaded after the first paint (`loadErrorWords`
 * in words.ts): an error is rare, so none of these words weigh on the initial script. Until the chunk
 * is here, or when it could not load, the page says the main catalog's short `error.generic`.
 */
import { de } from './de';
import { en } from './en';
import { fr } from './fr';
import { nb } from './nb';
import { sv } from './sv';

/** Each language's error words, by the page's language code. */
export const ERROR_WORDS = { en, fr, de, sv, nb } as const;
