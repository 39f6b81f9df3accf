/**
 * The open table in the create form: the choice to list the match for strangers
 * (they take its open seats by name; when nobody comes within the wait, bots fill them and the match
 * starts), the wait, and the way to the open table's page.
 */
import type { JSX } from 'preact';
import { t } from '../../i18n';
import { onLinkClick } from '../../lib/router';
import type { CreateFormState } from './form-state';
import { NumberSelect } from './Timing';

/** Waits offered before bots fill the open seats, in minutes (5 minutes to 1 day). */
export const OPEN_WAITS = [5, 15, 30, 60, 180, 720, 1440] as const;

/** A wait in words: "5 min", "3 h", "1 day". */
export function waitWords(minutes: number): string {
  if (minutes < 60) return t('open.wait.minutes', { n: minutes });
  if (minutes < 1440) return t('open.wait.hours', { n: minutes / 60 });
  return t('open.wait.day');
}

/** "Open to strangers" and the wait. */
export function OpenOption({ form }: { form: CreateFormState }): JSX.Element {
  return (
    <fieldset>
      <legend>{t('open.legend')}</legend>
      <label class="radio">
        <input
          type="checkbox"
          checked={form.open.value}
          onChange={(e) => (form.open.value = e.currentTarget.checked)}
        />
        {t('open.optIn')}
      </label>
      {form.open.value && (
        <NumberSelect label={t('open.wait')} value={form.openWait} choices={OPEN_WAITS} word={waitWords} />
      )}
      {form.open.value && <p class="muted">{t('open.optInHint')}</p>}
    </fieldset>
  );
}

/** The way from the home page to the open table. */
export function OpenTableLink(): JSX.Element {
  return (
    <p class="open-link">
      <a href="/open" onClick={onLinkClick}>
        {t('open.homeLink')}
      </a>
    </p>
  );
}
