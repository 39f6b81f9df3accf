/**
 * Template filling for every catalog (the page's messages, the mail, the event words): `{name}`
 * placeholders and `{n|one|other}` plurals chosen by the language's plural rules (Intl).
 */

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralOf(lang: string): Intl.PluralRules {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules;
}

/**
 * Fills `{key}` placeholders from `values`; `{n|one|other}` picks the singular or the plural word
 * for the number `values.n` by the plural rules of `lang` (a BCP 47 tag, English by default).
 * Unknown keys stay as they are, so a missing value is visible in tests.
 */
export function fill(template: string, values: Record<string, string | number>, lang = 'en'): string {
  return template
    .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (whole, name: string, one: string, other: string) =>
      name in values ? (pluralOf(lang).select(Number(values[name])) === 'one' ? one : other) : whole,
    )
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
