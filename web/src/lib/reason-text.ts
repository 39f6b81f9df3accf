/**
 * The reason words of every language with the function that fills them (worker/words/reasons), in
 * one chunk loaded after the first paint (`loadReasonWords` in words.ts): a reason is read only after
 * a tap on a card that cannot be played, so none of it weighs on the initial script.
 */
import { de } from '../../../worker/words/reasons/de';
import { en } from '../../../worker/words/reasons/en';
import { fr } from '../../../worker/words/reasons/fr';
import { nb } from '../../../worker/words/reasons/nb';
import { sv } from '../../../worker/words/reasons/sv';

export { reasonsText } from '../../../worker/words/reasons/describe';

/** Each language's reason words, by the page's language code. */
export const REASON_WORDS = { en, fr, de, sv, nb } as const;
