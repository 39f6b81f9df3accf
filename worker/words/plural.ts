/**
 * Plural forms, shared by the page and the mail: which form a count takes in a language, by the
 * platform's `Intl.PluralRules` (no catalog of rules of our own). A catalog holds the forms inline in
 * its template, `{n} {n|partie|parties}` (filled by events/fill.ts), so every catalog stays a flat
 * record of strings and a translator sees both forms where the sentence is.
 *
 * Our five languages have two forms for whole numbers: "one" and "other". English, German, Swedish
 * and Norwegian say "one" for 1 only; French for 0 and 1 as well ("0 partie", "1 partie",
 * "2 parties", and "1,5 jour"). Any other category the runtime names (French "many" for a million)
 * takes the "other" form.
 */

/** The two forms of a counted word: the singular and the plural ("partie" / "parties"). */
export interface PluralForms {
  readonly one: string;
  readonly other: string;
}

const rules = new Map<string, Intl.PluralRules>();

/** The runtime's plural rules for `language` (a BCP 47 tag), built once per tag. */
function rulesFor(language: string): Intl.PluralRules {
  let r = rules.get(language);
  if (!r) {
    try {
      r = new Intl.PluralRules(language);
    } catch {
      // A malformed tag ("", "en_GB" from an old store): English rules, like the catalogs' fallback.
      r = new Intl.PluralRules('en');
    }
    rules.set(language, r);
  }
  return r;
}

/**
 * The form `n` takes in `language` (a BCP 47 tag: "fr", "fr-FR", "nb"): "one" for the singular,
 * "other" for every other count. A value that is not a number (NaN) takes "other".
 */
export function pluralCategory(language: string, n: number): keyof PluralForms {
  return rulesFor(language).select(n) === 'one' ? 'one' : 'other';
}

/** The form of `forms` that goes with `n` in `language`: `pluralForm('fr', 0, …)` → "partie". */
export function pluralForm(language: string, n: number, forms: PluralForms): string {
  return forms[pluralCategory(language, n)];
}
