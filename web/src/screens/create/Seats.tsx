/**
 * The create form's seats: the seating (only those the preset plays, RULES.md §10: Partnership is
 * four players in two teams, or two or three alone to 700 km), who starts (RULES.md §2: the host
 * picks, or it is random), and for every seat after the host's: an invited player (by link, or by
 * mail when an address is given) or a computer of a strength, with an optional name.
 */

import type { JSX } from 'preact';
import { MAX_ADDRESS_LENGTH, NAME_MAX_CHARS } from '../../../../worker/shared/limits';
import { PRESETS, type PresetName, presetOptions } from '../../../../worker/shared/rules-data';
import { t } from '../../i18n';
import { BOT_LEVEL_CHOICES } from '../../lib/create-memory';
import type { CreateFormState, FormChoice, SeatChoice, SeatingChoice, SeatKind } from './form-state';

/** A seating's menu value: "4" alone, "4x2" in teams of two. */
const seatingValue = (s: SeatingChoice) => (s.teamSize === 2 ? `${s.seats}x2` : String(s.seats));

/**
 * A seating of `preset` in words: "3 players", "4 players in 2 teams", with the goal in km when the
 * preset's source sets another one for it (Partnership's 700 km for two or three, RULES.md §8).
 */
function seatingWords(preset: PresetName, s: SeatingChoice): string {
  const words =
    s.teamSize === 2
      ? t('create.seatingTeams', { n: s.seats, teams: s.seats / 2 })
      : t('create.seating', { n: s.seats });
  const goal = presetOptions(preset, s).goal;
  return goal === PRESETS[preset].options.goal ? words : `${words} (${goal} km)`;
}

/**
 * The creator's own seat in words, the same on its line and in "Who starts": "Ann (you)" once a name
 * is typed, else "You". Also the practice form's.
 */
export function mySeatName(form: CreateFormState): string {
  const name = form.myName.value.trim();
  return name ? t('create.youNamed', { name }) : t('create.you');
}

/** One seat after the host's (`index` 0 is seat 2): who sits there, their name and address. */
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
          {BOT_LEVEL_CHOICES.map((level) => (
            <option key={level} value={level}>
              {t(`home.bot.${level}`)}
            </option>
          ))}
        </select>
      )}
      <input
        aria-label={`${seatLabel}: ${t('home.name')}`}
        placeholder={t('home.name')}
        maxLength={NAME_MAX_CHARS}
        value={s.name}
        onInput={(e) => setSeat({ name: e.currentTarget.value })}
      />
      {s.kind === 'open' && (
        <input
          type="email"
          class="invite-email"
          aria-label={`${seatLabel}: ${t('create.inviteEmail')}`}
          placeholder={t('create.inviteEmail')}
          autoComplete="off"
          maxLength={MAX_ADDRESS_LENGTH}
          value={s.email}
          onInput={(e) => setSeat({ email: e.currentTarget.value })}
        />
      )}
    </li>
  );
}

/** Who starts the first hand: random, or a seat by its name (RULES.md §2). Also the practice form's. */
export function FirstSeatPicker({
  form,
  choice,
}: {
  form: CreateFormState;
  choice: FormChoice;
}): JSX.Element {
  const names = [
    mySeatName(form),
    ...form.seats.value
      .slice(0, choice.seats - 1)
      .map((s, i) => s.name.trim() || t('home.seat', { n: i + 2 })),
  ];
  return (
    <label>
      {t('create.first')}
      <select
        name="first"
        value={String(choice.firstSeat)}
        onChange={(e) => {
          const v = e.currentTarget.value;
          form.firstSeat.value = v === 'random' ? 'random' : Number(v);
        }}
      >
        <option value="random">{t('create.first.random')}</option>
        {names.map((name, seat) => (
          <option key={seat} value={seat}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The seating menu: `seatings` (the preset's own, or fewer: the practice form offers up to six seats)
 * in words, the chosen one kept in `form.seating`. Also the practice form's.
 */
export function SeatingPicker(props: {
  form: CreateFormState;
  choice: FormChoice;
  seatings: readonly SeatingChoice[];
}): JSX.Element {
  const { form, choice, seatings } = props;
  return (
    <label>
      {t('home.players')}
      <select
        name="seating"
        aria-label={t('home.players')}
        value={seatingValue(choice)}
        onChange={(e) => {
          const picked = seatings.find((s) => seatingValue(s) === e.currentTarget.value);
          if (picked) form.seating.value = picked;
        }}
      >
        {seatings.map((s) => (
          <option key={seatingValue(s)} value={seatingValue(s)}>
            {seatingWords(form.preset.value, s)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The seats fieldset. */
export function Seats({ form, choice }: { form: CreateFormState; choice: FormChoice }): JSX.Element {
  const { seatings, seats: n } = choice;
  return (
    <fieldset>
      <legend>{t('home.seats')}</legend>
      <SeatingPicker form={form} choice={choice} seatings={seatings} />
      <ol class="seat-list">
        <li>
          {t('home.seat', { n: 1 })}: <strong>{mySeatName(form)}</strong>
        </li>
        {form.seats.value.slice(0, n - 1).map((s, i) => (
          <SeatRow key={i} form={form} index={i} seat={s} />
        ))}
      </ol>
      <FirstSeatPicker form={form} choice={choice} />
    </fieldset>
  );
}
