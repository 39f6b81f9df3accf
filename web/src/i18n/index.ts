/**
 * Message catalogs and the current language. English is bundled; the other catalogs (each with
 * its language's card names and event words) load on demand so that the initial script stays
 * small. `t(key, params)` reads the `messages` signal, card faces read `cardNames` and the log
 * reads `eventWords`, so a component that calls them re-renders when the language changes.
 */
import { batch, signal } from '@preact/signals';
import type { CardNames } from '../../../worker/words/cards/catalog';
import type { EventWords } from '../../../worker/words/events/catalog';
import { fill } from '../../../worker/words/events/fill';
import { supportedLanguage } from '../../../worker/words/language';
import type { MessageKey, Messages } from './en';
import { cards as enCards, events as enEvents, enFirst } from './en-first';

export type { CardNames, EventWords, MessageKey, Messages };

/** The supported languages: those of the rule sources, plus English. */
export const LANGUAGES = ['en', 'fr', 'de', 'sv', 'nb'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name, for the language menu (shown in that language). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  sv: 'Svenska',
  nb: 'Norsk bokmål',
};

/** One language's words: the page's messages, the card names and the event words of the log. */
interface Pack {
  messages: Messages;
  cards: CardNames;
  events: EventWords;
}

/** English: the first-paint words, completed by the later ones once loaded (`loadLaterWords`). */
let englishMessages = enFirst as Partial<Messages> as Messages;

function englishPack(): Pack {
  return { messages: englishMessages, cards: enCards, events: enEvents };
}

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Pack>> = {
  fr: () => import('./fr').then((m) => ({ messages: m.fr, cards: m.cards, events: m.events })),
  de: () => import('./de').then((m) => ({ messages: m.de, cards: m.cards, events: m.events })),
  sv: () => import('./sv').then((m) => ({ messages: m.sv, cards: m.cards, events: m.events })),
  nb: () => import('./nb').then((m) => ({ messages: m.nb, cards: m.cards, events: m.events })),
};

const STORAGE_KEY = 'mb.lang';

/** The language in use. */
export const lang = signal<Language>('en');
/** The catalog in use (English until another one has loaded). */
export const messages = signal<Messages>(englishMessages);
/** The card names in use, shared with the mail (English until another language has loaded). */
export const cardNames = signal<CardNames>(enCards);
/** The event words in use (English until another language has loaded). */
export const eventWords = signal<EventWords>(enEvents);

function install(code: Language, pack: Pack): void {
  batch(() => {
    messages.value = pack.messages;
    cardNames.value = pack.cards;
    eventWords.value = pack.events;
    lang.value = code;
  });
}

/**
 * Picks a supported language from a list of BCP 47 tags (the browser's preferences), e.g.
 * `['nb-NO', 'en']` → `'nb'`; Norwegian `no`/`nn` map to `nb`. Falls back to English.
 */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return 'en';
}

/** Switches the language, loading its catalog; remembers the choice on this device. */
export async function setLanguage(next: Language, remember = true): Promise<void> {
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Storage may be disabled (private mode); the choice then lasts for this page only.
    }
  }
  install(next, next === 'en' ? englishPack() : await loaders[next]());
  if (typeof document !== 'undefined') document.documentElement.lang = next;
}

let laterLoad: Promise<void> | null = null;
/** True once `t` has given a key for want of its words (a later word asked before it was loaded). */
let shownAsKey = false;

/**
 * Loads the English words the first paint does not need (`en-later.ts`, one small chunk) and adds
 * them to the English catalog; the page re-renders if English is in use. Every lazily loaded screen
 * waits for it (components/Lazy.tsx), so no later key is ever shown as a key. Resolves once, for
 * every caller; a failed load can be retried.
 */
export function loadLaterWords(): Promise<void> {
  laterLoad ??= import('./en-later').then(
    (m) => {
      englishMessages = { ...enFirst, ...m.enLater };
      // `t` reads the later words from `englishMessages` from now on. Only a page that showed a key
      // for want of them is rendered again: changing `messages` re-renders every component that has
      // words, the whole table, a long task on a phone.
      if (lang.value === 'en' && shownAsKey) messages.value = englishMessages;
    },
    (e: unknown) => {
      laterLoad = null;
      throw e;
    },
  );
  return laterLoad;
}

/** The saved language, else the browser's language. */
export function initialLanguage(): Language {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    saved = null;
  }
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  return pickLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/**
 * Translates a key and fills `{placeholders}`; an unknown placeholder stays visible. `{n|one|other}`
 * picks the singular or plural word for the number `n` by the language's plural rules (Intl).
 */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text = messages.value[key] ?? englishMessages[key];
  if (text === undefined) {
    shownAsKey = true;
    return key;
  }
  return params ? fill(text, params, lang.value) : text;
}

/**
 * Installs a catalog synchronously (component tests), with that language's event words and card
 * names (the English ones when none are given).
 */
export function useCatalogForTests(
  code: Language,
  catalog: Messages,
  events: EventWords = enEvents,
  cards: CardNames = enCards,
): void {
  install(code, { messages: catalog, cards, events });
}
