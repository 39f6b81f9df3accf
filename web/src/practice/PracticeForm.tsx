/**
 * The practice form: the create form's own rules fieldset (a preset and single options,
 * screens/create/RulesPicker.tsx) and state (form-state.ts), the seatings of 2 to 6 seats, each
 * bot's strength and who starts; "Start" hands the new setup to the page. Nothing is sent anywhere.
 */
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import { lang, t } from '../i18n';
import { BOT_LEVEL_CHOICES, type BotLevel } from '../lib/create-memory';
import { formChoice, useCreateForm } from '../screens/create/form-state';
import { RulesPicker } from '../screens/create/RulesPicker';
import { FirstSeatPicker, mySeatName, SeatingPicker } from '../screens/create/Seats';
import type { PracticeSetup } from './protocol';
import { newPracticeSetup, practiceSeats } from './setup';

/** The form; `onStart` gets the new match's setup. */
export function PracticeForm({ onStart }: { onStart: (setup: PracticeSetup) => void }): JSX.Element {
  const form = useCreateForm();
  const choice = formChoice(form);
  const seatings = choice.seatings.filter((s) => practiceSeats(s.seats));
  // A remembered seating of 7 or 8 seats becomes the first one a practice plays.
  const fits = practiceSeats(choice.seats);
  useEffect(() => {
    if (!fits && seatings[0]) form.seating.value = seatings[0];
  }, [fits]);
  const bots = form.seats.value.slice(0, choice.seats - 1);
  const setLevel = (i: number, botLevel: BotLevel) => {
    form.seats.value = form.seats.value.map((x, j) => (j === i ? { ...x, botLevel } : x));
  };
  const start = (e: Event) => {
    e.preventDefault();
    onStart(
      newPracticeSetup(
        {
          preset: form.preset.value,
          overrides: form.overrides.value,
          choice,
          levels: bots.map((b) => b.botLevel),
          you: form.myName.value,
          language: lang.value,
          responseMode: form.responseMode.value,
        },
        Date.now(),
      ),
    );
  };
  return (
    <form class="practice-form create" onSubmit={start}>
      <RulesPicker form={form} choice={choice} />
      <fieldset>
        <legend>{t('home.seats')}</legend>
        <SeatingPicker form={form} choice={choice} seatings={seatings} />
        <ol class="seat-list">
          <li>
            {t('home.seat', { n: 1 })}: <strong>{mySeatName(form)}</strong>
          </li>
          {bots.map((b, i) => (
            <li key={i}>
              <label>
                {t('home.seat', { n: i + 2 })}: {t('home.botLevel')}{' '}
                <select
                  name="level"
                  value={b.botLevel}
                  onChange={(e) => setLevel(i, e.currentTarget.value as BotLevel)}
                >
                  {BOT_LEVEL_CHOICES.map((level) => (
                    <option key={level} value={level}>
                      {t(`home.bot.${level}`)}
                    </option>
                  ))}
                </select>
              </label>
            </li>
          ))}
        </ol>
        <FirstSeatPicker form={form} choice={choice} />
      </fieldset>
      <button type="submit" class="primary">
        {t('practice.start')}
      </button>
    </form>
  );
}
