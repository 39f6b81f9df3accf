/**
 * The create form's seats: how many players (the counts the preset plays), teams when the preset
 * plays partnerships, and for every seat after the host's: open (invited by link) or a bot of a
 * level, with an optional name.
 */
import type { JSX } from 'preact';
import { t } from '../../i18n';
import type { CreateFormState, FormChoice, SeatChoice, SeatKind } from './form-state';

/** One seat after the host's (`index` 0 is seat 2): who sits there and their name. */
function SeatRow(props: { form: CreateFormState; index: number; seat: SeatChoice }): JSX.Element {
  const { form, index: i, seat: s } = props;
  const seatLabel = t('home.seat', { n: i + 2 });
  const setSeat = (patch: Partial<SeatChoice>) => {
    form.seats.value = form.seats.value.map((x, j) => (j === i ? { ...x, ...patch } : x));
  };
  return (
    <li>
      <span>{seatLabel}</span>
      <select
        aria-label={`${seatLabel}: ${t('home.seatKind')}`}
        value={s.kind}
        onChange={(e) => setSeat({ kind: e.currentTarget.value as SeatKind })}
      >
        <option value="open">{t('home.kind.open')}</option>
        <option value="bot">{t('home.kind.bot')}</option>
      </select>
      {s.kind === 'bot' && (
        <select
          aria-label={`${seatLabel}: ${t('home.botLevel')}`}
          value={s.botLevel}
          onChange={(e) => setSeat({ botLevel: e.currentTarget.value as SeatChoice['botLevel'] })}
        >
          <option value="random">{t('home.bot.random')}</option>
          <option value="basic">{t('home.bot.basic')}</option>
          <option value="expert">{t('home.bot.expert')}</option>
        </select>
      )}
      <input
        aria-label={`${seatLabel}: ${t('home.name')}`}
        placeholder={t('home.name')}
        maxLength={40}
        value={s.name}
        onInput={(e) => setSeat({ name: e.currentTarget.value })}
      />
    </li>
  );
}

/** The seats fieldset. */
export function Seats({ form, choice }: { form: CreateFormState; choice: FormChoice }): JSX.Element {
  const { counts, canTeams, seats: n } = choice;
  return (
    <fieldset>
      <legend>{t('home.seats')}</legend>
      <label>
        {t('home.players')}
        <select
          aria-label={t('home.players')}
          value={String(n)}
          onChange={(e) => (form.count.value = Number(e.currentTarget.value))}
        >
          {counts.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {canTeams && (
        <label class="radio">
          <input
            type="checkbox"
            checked={form.teams.value}
            onChange={(e) => (form.teams.value = e.currentTarget.checked)}
          />
          {t('home.teams')}
        </label>
      )}
      <ol class="seat-list">
        <li>
          {t('home.seat', { n: 1 })}: <strong>{t('home.kind.me')}</strong>
        </li>
        {form.seats.value.slice(0, n - 1).map((s, i) => (
          <SeatRow key={i} form={form} index={i} seat={s} />
        ))}
      </ol>
    </fieldset>
  );
}
