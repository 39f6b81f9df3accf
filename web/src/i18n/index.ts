/**
 * Message catalogs and the current language. English is bundled; the other catalogs load on
 * demand so that the initial script stays small. `t(key, params)` reads the `messages` signal, so
 * a component that calls it re-renders when the language changes.
 */
import { signal } from '@preact/signals';
import { en, type MessageKey, type Messages } from './en';

export type { MessageKey, Messages };

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

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  fr: () => import('./fr').then((m) => m.fr),
  de: () => import('./de').then((m) => m.de),
  sv: () => import('./sv').then((m) => m.sv),
  nb: () => import('./nb').then((m) => m.nb),
};

const STORAGE_KEY = 'mb.lang';

/** The language in use. */
export const lang = signal<Language>('en');
/** The catalog in use (English until another one has loaded). */
export const messages = signal<Messages>(en);

/**
 * Picks a supported language from a list of BCP 47 tags (the browser's preferences), e.g.
 * `['nb-NO', 'en']` → `'nb'`; Norwegian `no`/`nn` map to `nb`. Falls back to English.
 */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const base = tag.toLowerCase().split('-')[0];
    const mapped = base === 'no' || base === 'nn' ? 'nb' : base;
    if ((LANGUAGES as readonly string[]).includes(mapped)) return mapped as Language;
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
  const catalog = next === 'en' ? en : await loaders[next]();
  messages.value = catalog;
  lang.value = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
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
  const text = messages.value[key] ?? en[key] ?? key;
  if (!params) return text;
  const plural = new Intl.PluralRules(lang.value);
  return text
    .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (whole, name: string, one: string, other: string) =>
      name in params ? (plural.select(Number(params[name])) === 'one' ? one : other) : whole,
    )
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Installs a catalog synchronously (component tests). */
export function useCatalogForTests(code: Language, catalog: Messages): void {
  messages.value = catalog;
  lang.value = code;
}
