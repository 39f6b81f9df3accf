/**
 * The chat's quick phrases (worker/words/chat-phrases.ts): one catalog read by the page and the mail,
 * every phrase in every language, "Away until" with its day, and an unknown language read as English.
 */
import { describe, expect, it } from 'vitest';
import { QUICK_PHRASES } from '../../worker/protocol/chat';
import { CHAT_PHRASE_WORDS, quickPhraseText } from '../../worker/words/chat-phrases';
import { WORD_LANGUAGES } from '../../worker/words/language';

describe('chat quick phrase words', () => {
  it('have every phrase in every language, each language its own words', () => {
    for (const language of WORD_LANGUAGES) {
      const words = CHAT_PHRASE_WORDS[language];
      expect(Object.keys(words).sort(), language).toEqual([...QUICK_PHRASES].sort());
      for (const phrase of QUICK_PHRASES)
        expect(words[phrase].trim().length, `${language} ${phrase}`).toBeGreaterThan(1);
      expect(words.awayUntil, language).toContain('{day}');
      for (const phrase of QUICK_PHRASES.filter((p) => p !== 'awayUntil'))
        expect(words[phrase], `${language} ${phrase}`).not.toMatch(/\{/);
    }
    expect(new Set(WORD_LANGUAGES.map((l) => CHAT_PHRASE_WORDS[l].goodGame)).size).toBe(
      WORD_LANGUAGES.length,
    );
  });

  it('fill the day and read a regional or unknown tag', () => {
    expect(quickPhraseText('awayUntil', 'fr-CA', 'samedi')).toBe('Pas là jusqu’au samedi');
    expect(quickPhraseText('yourTurn', 'nn')).toBe(CHAT_PHRASE_WORDS.nb.yourTurn);
    expect(quickPhraseText('goodGame', 'xx')).toBe('Good game');
  });
});
