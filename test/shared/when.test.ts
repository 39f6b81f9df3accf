/** Deadlines in words (worker/words/when.ts): weekday and clock in the reader's zone, then how far. */
import { describe, expect, it } from 'vitest';
import { deadlineText } from '../../worker/words/when';

const NOW = Date.UTC(2026, 11, 1, 10, 0); // Tuesday 1 December 2026, 10:00 UTC

describe('deadlineText', () => {
  it('names the weekday and the clock time in the reader’s time zone, then how far it is', () => {
    const at = NOW + 2 * 86_400_000 + 4.5 * 3_600_000; // Thursday 14:30 UTC
    expect(deadlineText(at, NOW, 'en', 'Europe/Paris')).toBe('Thursday 15:30, in 2 days');
    expect(deadlineText(at, NOW, 'en', 'UTC')).toBe('Thursday 14:30, in 2 days');
    expect(deadlineText(at, NOW, 'fr', 'Europe/Paris')).toBe('jeudi 15:30, après-demain');
    expect(deadlineText(at, NOW, 'nb', 'Europe/Oslo')).toMatch(/^torsdag (kl\. )?15:30, i overmorgen$/);
  });

  it('counts days by the calendar of the reader’s zone, from a day away on', () => {
    // 30.5 h: Tuesday 21:00 to Thursday 03:30 in Tokyo, but Tuesday 07:00 to Wednesday 13:30 in New York.
    const now = Date.UTC(2026, 11, 1, 12, 0);
    const at = Date.UTC(2026, 11, 2, 18, 30);
    expect(deadlineText(at, now, 'en', 'Asia/Tokyo')).toBe('Thursday 03:30, in 2 days');
    expect(deadlineText(at, now, 'en', 'America/New_York')).toBe('Wednesday 13:30, tomorrow');
    // Under a day away it is hours, whatever the calendar says.
    expect(deadlineText(now + 20 * 3_600_000, now, 'en', 'Asia/Tokyo')).toBe('Wednesday 17:00, in 20 hours');
  });

  it('gives the date instead of the weekday from six days on', () => {
    expect(deadlineText(NOW + 9 * 86_400_000, NOW, 'en', 'UTC')).toBe('December 10 at 10:00, in 9 days');
    expect(deadlineText(NOW + 9 * 86_400_000, NOW, 'en-GB', 'UTC')).toBe('10 December at 10:00, in 9 days');
    expect(deadlineText(NOW + 9 * 86_400_000, NOW, 'de', 'UTC')).toBe('10. Dezember um 10:00, in 9 Tagen');
  });

  it('falls back to the runtime’s zone for an unknown zone name, and never says a past deadline is ago', () => {
    expect(deadlineText(NOW + 3_600_000, NOW, 'sv', 'Not/AZone')).toMatch(/, om 1 timme$/);
    expect(deadlineText(NOW - 5 * 60_000, NOW, 'en', 'UTC')).toBe('Tuesday 09:55, now');
  });
});
