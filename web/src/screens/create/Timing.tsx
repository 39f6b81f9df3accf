/**
 * The create form's timing: the turn deadline (hours), the response window for a coup fourré
 * (minutes), what happens when a turn deadline passes (a bot plays the turn, or it is skipped), the
 * vacation days per player and after how many timeouts in a row the computer keeps a seat.
 */
import type { Signal } from '@preact/signals';
import type { JSX } from 'preact';
import { t } from '../../i18n';
import type { CreateFormState } from './form-state';

/** Turn deadlines offered, in hours (0: none). */
const DEADLINES = [0, 24, 48, 72, 168] as const;
/** Response windows offered, in minutes. */
const WINDOWS = [60, 720, 1440] as const;
/** Vacation days per player offered. */
const VACATION_DAYS = [0, 3, 7, 14, 30] as const;
/** Timeouts in a row before the computer keeps the seat (0: never). */
const TIMEOUTS_TO_BOT = [0, 1, 2, 3, 5] as const;

/** A labelled select of numbers, each option in the words `word` gives it. */
export function NumberSelect<N extends number>(props: {
  label: string;
  value: Signal<number>;
  choices: readonly N[];
  word: (n: N) => string;
}): JSX.Element {
  const { label, value, choices, word } = props;
  return (
    <label>
      {label}
      <select value={String(value.value)} onChange={(e) => (value.value = Number(e.currentTarget.value))}>
        {choices.map((n) => (
          <option key={n} value={n}>
            {word(n)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The deadlines fieldset. */
export function Timing({ form }: { form: CreateFormState }): JSX.Element {
  return (
    <fieldset>
      <legend>{t('home.deadline')}</legend>
      <NumberSelect
        label={t('home.deadline')}
        value={form.deadline}
        choices={DEADLINES}
        word={(h) => t(`home.deadline.${h}`)}
      />
      <NumberSelect
        label={t('home.window')}
        value={form.windowMin}
        choices={WINDOWS}
        word={(m) => t(`home.window.${m}`)}
      />
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
      <NumberSelect
        label={t('home.vacationDays')}
        value={form.vacationDays}
        choices={VACATION_DAYS}
        word={(d) => String(d)}
      />
      <NumberSelect
        label={t('home.timeoutsToBot')}
        value={form.timeoutsToBot}
        choices={TIMEOUTS_TO_BOT}
        word={(n) => (n === 0 ? t('home.timeoutsToBot.0') : t('home.timeoutsToBot.n', { n }))}
      />
    </fieldset>
  );
}
