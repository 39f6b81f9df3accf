/**
 * My absence in a match (vacation days): "I'm away until <date>" (the clock of my turns
 * stops meanwhile and uses up my vacation days), "I'm back", the days left, and "let the computer
 * play for me until I come back". Part of the lazily loaded settings panel.
 */

import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { AWAY_MAX_DAYS } from '../../../../worker/shared/limits';
import { lang, t } from '../../i18n';
import { isLastSeatInPerson } from '../../lib/seats';
import { deadlineText } from '../../lib/time';
import type { MatchInfo } from '../../lib/types';

const DAY_MS = 86_400_000;

/** A local date as the date input's "YYYY-MM-DD". */
function dayValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The start of a "YYYY-MM-DD" day in this browser's time zone, as an ISO time. */
function dayStart(value: string): string {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

/**
 * The away fieldset; `pending` is what the player just chose (shown until the server answers, so a
 * redraw meanwhile does not flip the box back), `save` sends a settings change (Settings.tsx).
 */
export function Away(props: {
  info: MatchInfo;
  pending: { playForMe?: boolean };
  save: (body: { awayUntil?: string | null; playForMe?: boolean }) => Promise<void>;
}): JSX.Element | null {
  const { info, pending, save } = props;
  const s = info.settings;
  const day = useSignal('');
  // After the end there is nothing to be away from (the server refuses it: 409 match.finished).
  if (!s || info.status === 'finished') return null;
  const now = Date.now();
  const away = s.awayUntil ?? null;
  const days = ((s.vacationLeftMs ?? 0) / DAY_MS).toLocaleString(lang.value, { maximumFractionDigits: 1 });
  const tomorrow = new Date(now + DAY_MS);
  return (
    <fieldset class="away">
      <legend>{t('away.legend')}</legend>
      {away && <p>{t('away.youUntil', { when: deadlineText(Date.parse(away), now, lang.value) })}</p>}
      <p class="muted">{t('away.left', { days })}</p>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          if (day.value) void save({ awayUntil: dayStart(day.value) });
        }}
      >
        <label>
          {t('away.date')}
          <input
            type="date"
            name="awayUntil"
            min={dayValue(tomorrow)}
            max={dayValue(new Date(now + AWAY_MAX_DAYS * DAY_MS))}
            value={day.value}
            onInput={(e) => (day.value = e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="secondary">
          {t('common.save')}
        </button>
      </form>
      {away && (
        <button
          type="button"
          class="secondary"
          onClick={() => {
            // Back: the date field no longer holds the absence that just ended.
            day.value = '';
            void save({ awayUntil: null });
          }}
        >
          {t('away.back')}
        </button>
      )}
      {/* The computer plays a seat only while the match is played (409 `match.not_playing`), and never
          the last one a person plays (409 `seat.last_human`). */}
      {((info.status === 'playing' && !isLastSeatInPerson(info, info.you.seat ?? 0)) || s.playForMe) && (
        <label class="radio">
          <input
            type="checkbox"
            name="playForMe"
            checked={pending.playForMe ?? s.playForMe ?? false}
            onChange={(e) => void save({ playForMe: e.currentTarget.checked })}
          />
          {t('away.playForMe')}
        </label>
      )}
    </fieldset>
  );
}
