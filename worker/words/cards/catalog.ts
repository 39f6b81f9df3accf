/**
 * The shape of one language's card names, shared by the page (card faces, labels, the log) and
 * the mail, so that a card has one name per language wherever a player reads it. Every language
 * file (en, fr, de, sv, nb) names every card id of RULES.md §1, so the type checker catches a
 * missing name. Long compound names carry soft hyphens (U+00AD) where they may wrap on a card
 * face; running text takes the name through `cardName`, which drops them.
 */
import type { CardId } from '../../shared/rules-data';

/** One language's names: one for every card id (distance cards, hazards, remedies, safeties). RULES.md §1. */
export type CardNames = { readonly [K in CardId]: string };

const SOFT_HYPHEN = /\u00AD/g;

/**
 * A card's name for running text (a sentence, a label, a mail): the catalog's name without its
 * soft hyphens, e.g. `"Reifen\u00ADpanne"` → `"Reifenpanne"`.
 */
export function cardName(names: CardNames, card: CardId): string {
  return names[card].replace(SOFT_HYPHEN, '');
}
