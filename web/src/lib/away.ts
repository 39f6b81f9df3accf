/**
 * "Bob is away until Monday": a player's announced absence (vacation days) in words for
 * the table and "my matches". Kept tiny: the table loads it on first paint.
 */
import { dayText } from '../../../worker/words/when';
import { t } from '../i18n';

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
  const when = dayText(Date.parse(until), nowMs, language);
  return own ? t('away.youUntil', { when }) : t('away.until', { name, when });
}
