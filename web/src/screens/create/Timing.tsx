/**
 * The create form's timing: the turn deadline (hours), the response window for a coup fourré
 * (minutes) and what happens when a turn deadline passes (a bot plays the turn, or it is skipped).
 */
import type { JSX } from 'preact';
import { t } from '../../i18n';
import type { CreateFormState } from './form-state';

/** Turn deadlines offered, in hours (0: none). */
const DEADLINES = [0, 24, 48, 72, 168] as const;
/** Response windows offered, in minutes. */
const WINDOWS = [60, 720, 1440] as const;

/** The deadlines fieldset. */
export function Timing({ form }: { form: CreateFormState }): JSX.Element {
  return (
    <fieldset>
      <legend>{t('home.deadline')}</legend>
      <label>
        {t('home.deadline')}
        <select
          value={String(form.deadline.value)}
          onChange={(e) => (form.deadline.value = Number(e.currentTarget.value))}
        >
          {DEADLINES.map((h) => (
            <option key={h} value={h}>
              {t(`home.deadline.${h}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('home.window')}
        <select
          value={String(form.windowMin.value)}
          onChange={(e) => (form.windowMin.value = Number(e.currentTarget.value))}
        >
          {WINDOWS.map((m) => (
            <option key={m} value={m}>
              {t(`home.window.${m}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('home.onDeadline')}
        <select
          value={form.onDeadline.value}
          onChange={(e) => (form.onDeadline.value = e.currentTarget.value as 'bot' | 'skip')}
        >
          <option value="bot">{t('home.onDeadline.bot')}</option>
          <option value="skip">{t('home.onDeadline.skip')}</option>
        </select>
      </label>
    </fieldset>
  );
}
