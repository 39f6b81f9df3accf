/**
 * The default name of a seat nobody named, in the creator's language ("Joueur 2", "Ordinateur 3"):
 * a name is stored once and read by everyone, so it is written in the language of the person who
 * made the match, not in English for all. Seats count from 1 here, as every page shows them.
 */
import { fill } from './events/fill';
import { languageOf, type WordLanguage } from './language';

/** The default names in five languages; `{n}` is the seat number counted from 1. */
export const SEAT_NAME_WORDS: Record<WordLanguage, { human: string; bot: string }> = {
  en: { human: 'Player {n}', bot: 'Bot {n}' },
  fr: { human: 'Joueur {n}', bot: 'Ordinateur {n}' },
  de: { human: 'Spieler {n}', bot: 'Computer {n}' },
  sv: { human: 'Spelare {n}', bot: 'Dator {n}' },
  nb: { human: 'Spiller {n}', bot: 'Datamaskin {n}' },
};

/**
 * The default name of seat `seat` (counted from 0) of `kind` in `language` (a BCP 47 tag such as
 * "fr-FR" or "nb"; Norwegian "no"/"nn" read as "nb"; any other language reads English).
 */
export function defaultSeatName(kind: 'human' | 'bot', seat: number, language: string): string {
  const code = languageOf(language);
  return fill(SEAT_NAME_WORDS[code][kind], { n: seat + 1 }, code);
}
