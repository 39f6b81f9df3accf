/**
 * The complete English catalog: the reference catalog. Every other language has exactly these keys
 * (checked by the type `Messages` and by test/web/i18n.test.ts). Placeholders are `{name}`; a word
 * that follows a count carries both its forms, `{n} {n|card|cards}`, in every language, even where
 * they are the same (Swedish `{n|kort|kort}`), picked by the language's plural rules
 * (worker/words/plural.ts; checked by test/shared/plural-words.test.ts). At run
 * time the page bundles only the first-paint part (`en-first.ts`) and loads the rest (`en-later.ts`)
 * on demand; this module is for types and tests.
 */
import { enFirst } from './en-first';
import { enLater } from './en-later';

export { cards, events } from './en-first';

/** Every English message. */
export const en = { ...enFirst, ...enLater } as const;

/** A message key. */
export type MessageKey = keyof typeof enFirst | keyof typeof enLater;
/** A complete catalog: one string for every key. */
export type Messages = Record<MessageKey, string>;
