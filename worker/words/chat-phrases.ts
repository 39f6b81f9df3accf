/**
 * The chat's quick phrases in five languages: one catalog for the page (the chat panel)
 * and the mail (the chat lines of a your-turn mail or digest), so friends reading different
 * languages each read the same phrase in their own. A message stores the phrase's code
 * (`QUICK_PHRASES` in worker/protocol/chat.ts), never these words.
 */
import type { QuickPhrase } from '../protocol/chat';
import { fill } from './events/fill';
import { languageOf, type WordLanguage } from './language';

/** One language's quick phrases; `{day}` in `awayUntil` is the day in the reader's words. */
export type ChatPhraseWords = Readonly<Record<QuickPhrase, string>>;

/** Each language's quick phrases. */
export const CHAT_PHRASE_WORDS: Readonly<Record<WordLanguage, ChatPhraseWords>> = {
  en: {
    goodGame: 'Good game',
    wellPlayed: 'Well played',
    awayUntil: 'Away until {day}',
    backTomorrow: 'Back tomorrow',
    yourTurn: 'Your turn!',
  },
  fr: {
    goodGame: 'Bonne partie',
    wellPlayed: 'Bien joué',
    awayUntil: 'Pas là jusqu’au {day}',
    backTomorrow: 'De retour demain',
    yourTurn: 'À vous de jouer !',
  },
  de: {
    goodGame: 'Gutes Spiel',
    wellPlayed: 'Gut gespielt',
    awayUntil: 'Nicht da bis {day}',
    backTomorrow: 'Morgen wieder da',
    yourTurn: 'Du bist dran!',
  },
  sv: {
    goodGame: 'Bra parti',
    wellPlayed: 'Snyggt spelat',
    awayUntil: 'Borta till {day}',
    backTomorrow: 'Tillbaka i morgon',
    yourTurn: 'Din tur!',
  },
  nb: {
    goodGame: 'Godt spill',
    wellPlayed: 'Godt spilt',
    awayUntil: 'Borte til {day}',
    backTomorrow: 'Tilbake i morgen',
    yourTurn: 'Din tur!',
  },
};

/**
 * A quick phrase in the reader's language (a BCP 47 tag, English when we lack it): "Bonne partie",
 * "Pas là jusqu’au samedi" with `day` already in the reader's words ("" for the other phrases).
 */
export function quickPhraseText(phrase: QuickPhrase, language: string, day = ''): string {
  const code = languageOf(language);
  return fill(CHAT_PHRASE_WORDS[code][phrase], { day }, code);
}
