/**
 * Template filling for every catalog (the page's messages, the mail, the event words): `{name}`
 * placeholders and `{n|one|other}` plurals, the form chosen by the language's plural rules
 * (words/plural.ts).
 */
import { pluralForm } from '../plural';

/**
 * Fills `{key}` placeholders from `values`; `{n|one|other}` picks the singular or the plural word
 * for the number `values.n` by the plural rules of `language` (a BCP 47 tag: the catalog's own, so
 * that a French "0" reads "0 partie"). Unknown keys stay as they are, so a missing value is visible
 * in tests.
 */
export function fill(template: string, values: Record<string, string | number>, language: string): string {
  return template
    .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (whole, name: string, one: string, other: string) =>
      name in values ? pluralForm(language, Number(values[name]), { one, other }) : whole,
    )
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
