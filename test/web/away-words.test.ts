/** "Bob is away until Friday" (web/src/lib/away.ts): the day in words, and the reader's own seat. */
import { beforeEach, describe, expect, it } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { awayLine } from '../../web/src/lib/away';
import { dayText as awayDay } from '../../worker/words/when';

const NOW = Date.UTC(2026, 11, 1, 12); // Tuesday 1 December 2026

describe('away words', () => {
  beforeEach(() => useCatalogForTests('en', en));

  it('names the weekday within six days, the date from then on', () => {
    expect(awayDay(NOW + 3 * 86_400_000, NOW, 'en')).toBe('Friday');
    expect(awayDay(NOW + 10 * 86_400_000, NOW, 'en')).toBe('December 11');
    expect(awayDay(NOW + 3 * 86_400_000, NOW, 'fr')).toBe('vendredi');
  });

  it('says "you" on the reader’s own seat, the name on the others, nothing without a date', () => {
    const until = new Date(NOW + 3 * 86_400_000).toISOString();
    expect(awayLine('Bob', until, NOW, 'en')).toBe('Bob is away until Friday');
    expect(awayLine('Bob', until, NOW, 'en', true)).toBe('You are away until Friday.');
    expect(awayLine('Bob', null, NOW, 'en')).toBeNull();
    expect(awayLine('Bob', undefined, NOW, 'en', true)).toBeNull();
  });
});
