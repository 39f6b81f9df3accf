/**
 * "Bob is away until Monday": a player's announced absence (issue 14, vacation days) in words for
 * the table and "my matches". Kept tiny: the table loads it on first paint.
 */
import { t } from '../i18n';

/** Six days, ms: a closer return is named by its weekday, a later one by its date. */
const WEEK_MS = 6 * 86_400_000;

/** The day a player is back (`atMs`, ms since the epoch) in `language`: "Monday", or "4 May" from six days on. */
export function awayDay(atMs: number, nowMs: number, language: string): string {
  const near = atMs - nowMs < WEEK_MS;
  const options: Intl.DateTimeFormatOptions = near ? { weekday: 'long' } : { day: 'numeric', month: 'long' };
  return new Intl.DateTimeFormat(language, options).format(atMs);
}

/**
 * "{name} is away until {day}" for an ISO `until` ("You are away until {day}." when `own`: the
 * reader's own seat), or null when there is none.
 */
export function awayLine(
  name: string,
  until: string | null | undefined,
  nowMs: number,
  language: string,
  own = false,
): string | null {
  if (!until) return null;
  const when = awayDay(Date.parse(until), nowMs, language);
  return own ? t('away.youUntil', { when }) : t('away.until', { name, when });
}
