/**
 * Home: create a match (a preset with its one-line summary, single options in plain words with
 * their source tag, seats, deadlines, my coup-fourré choice), "my matches" on this device and the
 * e-mail link form.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import {
  OPTION_NAMES,
  OPTION_VALUES,
  type OptionName,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  presetOptions,
  type RuleOptions,
} from '../../../worker/shared/rules-data';
import { lang, type MessageKey, t } from '../i18n';
import { ApiError, api } from '../lib/api';
import { VALUE_SOURCES } from '../lib/options';
import { navigate, onLinkClick } from '../lib/router';
import { forgetMatch, savedMatches, saveMatch } from '../lib/storage';
import type { CreateMatch, SeatRequest } from '../lib/types';
import { errorText } from '../lib/words';

type SeatKind = 'open' | 'bot';
interface SeatChoice {
  kind: SeatKind;
  name: string;
  botLevel: 'random' | 'basic' | 'expert';
}

const DEADLINES = [0, 24, 48, 72, 168] as const;
const WINDOWS = [60, 720, 1440] as const;

function fragmentToken(url: string | null | undefined, key: string): string | undefined {
  if (!url) return undefined;
  return new URLSearchParams(new URL(url, 'http://x').hash.slice(1)).get(key) ?? undefined;
}

/** One option's control: a checkbox, a menu or a number, with its source tag. */
function OptionControl(props: {
  name: OptionName;
  value: RuleOptions[OptionName];
  isDefault: boolean;
  onChange: (v: RuleOptions[OptionName]) => void;
}): JSX.Element {
  const { name, value, onChange } = props;
  const src = VALUE_SOURCES[name];
  const label = t(`opt.${name}` as MessageKey);
  const values = OPTION_VALUES[name];
  if (typeof value === 'boolean') {
    return (
      <label class="option">
        <input type="checkbox" checked={value} onChange={(e) => onChange(e.currentTarget.checked)} />
        <span>
          {label}{' '}
          <span class="src">
            {t('opt.on')} {src.true} · {t('opt.off')} {src.false}
          </span>
        </span>
      </label>
    );
  }
  if (values) {
    return (
      <label class="option">
        <span>{label}</span>
        <select value={String(value)} onChange={(e) => onChange(e.currentTarget.value as never)}>
          {values.map((v) => (
            <option key={v} value={v}>
              {t(`opt.${name}.${v}` as MessageKey)} {src[v] ?? ''}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <label class="option">
      <span>
        {label}{' '}
        <span class="src">
          {Object.entries(src)
            .sort(([a], [b]) => Number(b) - Number(a))
            .map(([v, tag]) => `${v} ${tag}`)
            .join(' · ')}
        </span>
      </span>
      <input
        type="number"
        min={name === 'goal' ? 100 : 0}
        step={name === 'goal' ? 25 : 500}
        value={Number(value)}
        onChange={(e) => onChange(Number(e.currentTarget.value) as never)}
      />
    </label>
  );
}

/** The create-a-match form. */
function CreateForm(): JSX.Element {
  const preset = useSignal<PresetName>('hasbro-2016');
  const teams = useSignal(false);
  const count = useSignal(2);
  const myName = useSignal('');
  const myEmail = useSignal('');
  const title = useSignal('');
  const seats = useSignal<SeatChoice[]>(
    Array.from({ length: 7 }, () => ({ kind: 'open' as SeatKind, name: '', botLevel: 'basic' as const })),
  );
  const overrides = useSignal<Partial<RuleOptions>>({});
  const deadline = useSignal<number>(72);
  const windowMin = useSignal<number>(720);
  const onDeadline = useSignal<'bot' | 'skip'>('bot');
  const responseMode = useSignal<'auto' | 'ask'>('auto');
  const busy = useSignal(false);
  const err = useSignal<string | null>(null);

  const p = PRESETS[preset.value];
  const teamSize = teams.value ? 2 : 1;
  const counts = p.seatings.filter((s) => s.teamSize === teamSize).map((s) => s.seats);
  const canTeams = p.seatings.some((s) => s.teamSize === 2);
  const n = counts.includes(count.value) ? count.value : (counts[0] ?? 2);
  const defaults = presetOptions(preset.value, { seats: n, teamSize });
  const effective: RuleOptions = { ...defaults, ...overrides.value };

  const submit = async (e: Event) => {
    e.preventDefault();
    busy.value = true;
    err.value = null;
    const seatList: SeatRequest[] = [
      {
        kind: 'human',
        name: myName.value.trim() || undefined,
        email: myEmail.value.trim() || undefined,
        language: lang.value,
        responseMode: responseMode.value,
      },
      ...seats.value
        .slice(0, n - 1)
        .map((s) =>
          s.kind === 'bot'
            ? { kind: 'bot' as const, botLevel: s.botLevel, name: s.name.trim() || undefined }
            : { kind: 'open' as const, name: s.name.trim() || undefined },
        ),
    ];
    const changed = Object.fromEntries(
      Object.entries(overrides.value).filter(([k, v]) => defaults[k as OptionName] !== v),
    );
    const body: CreateMatch = {
      title: title.value.trim() || undefined,
      rules: Object.keys(changed).length ? { preset: preset.value, options: changed } : preset.value,
      teamSize: teamSize as 1 | 2,
      seats: seatList,
      turnDeadlineHours: deadline.value,
      responseWindowMinutes: windowMin.value,
      onDeadline: onDeadline.value,
    };
    try {
      const created = await api.create(body);
      const mySeat = created.seats.find((s) => s.seat === 0);
      const seatToken = fragmentToken(mySeat?.url, 'seat');
      saveMatch({
        matchId: created.matchId,
        title: body.title ?? '',
        seat: 0,
        seatToken,
        hostToken: fragmentToken(created.hostUrl, 'host'),
        inviteToken: fragmentToken(created.inviteUrl, 'invite'),
      });
      navigate(`/m/${created.matchId}`);
    } catch (x) {
      if (x instanceof ApiError) {
        err.value = x.issues.length ? t('home.problems', { list: x.issues.join('; ') }) : errorText(x);
      } else err.value = errorText({ code: 'crash', message: String(x) });
    } finally {
      busy.value = false;
    }
  };

  const setSeat = (i: number, patch: Partial<SeatChoice>) => {
    seats.value = seats.value.map((s, j) => (j === i ? { ...s, ...patch } : s));
  };

  return (
    <form class="create card-box" onSubmit={submit} aria-labelledby="create-title">
      <h2 id="create-title">{t('home.create')}</h2>
      <label>
        {t('home.yourName')}
        <input
          required
          maxLength={40}
          value={myName.value}
          onInput={(e) => (myName.value = e.currentTarget.value)}
          autoComplete="nickname"
        />
      </label>
      <label>
        {t('home.email')}
        <input
          type="email"
          value={myEmail.value}
          onInput={(e) => (myEmail.value = e.currentTarget.value)}
          autoComplete="email"
        />
      </label>
      <label>
        {t('home.matchTitle')}
        <input maxLength={80} value={title.value} onInput={(e) => (title.value = e.currentTarget.value)} />
      </label>

      <fieldset>
        <legend>{t('home.rules')}</legend>
        {PRESET_NAMES.map((name) => (
          <label key={name} class="preset radio">
            <input
              type="radio"
              name="preset"
              value={name}
              checked={preset.value === name}
              onChange={() => {
                preset.value = name;
                overrides.value = {};
                if (!PRESETS[name].seatings.some((s) => s.teamSize === 2)) teams.value = false;
              }}
            />
            <span>
              <strong>{t(`preset.${name}`)}</strong> <span class="src">{PRESETS[name].source}</span>
              <br />
              <span class="muted">{t(`presetSummary.${name}`)}</span>
            </span>
          </label>
        ))}
        <details>
          <summary>{t('home.customize')}</summary>
          <div class="options">
            {OPTION_NAMES.map((name) => (
              <OptionControl
                key={name}
                name={name}
                value={effective[name]}
                isDefault={effective[name] === defaults[name]}
                onChange={(v) => (overrides.value = { ...overrides.value, [name]: v })}
              />
            ))}
          </div>
        </details>
      </fieldset>

      <fieldset>
        <legend>{t('home.seats')}</legend>
        <label>
          {t('home.players')}
          <select
            aria-label={t('home.players')}
            value={String(n)}
            onChange={(e) => (count.value = Number(e.currentTarget.value))}
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
              checked={teams.value}
              onChange={(e) => (teams.value = e.currentTarget.checked)}
            />
            {t('home.teams')}
          </label>
        )}
        <ol class="seat-list">
          <li>
            {t('home.seat', { n: 1 })}: <strong>{t('home.kind.me')}</strong>
          </li>
          {seats.value.slice(0, n - 1).map((s, i) => (
            <li key={i}>
              <span>{t('home.seat', { n: i + 2 })}</span>
              <select
                aria-label={`${t('home.seat', { n: i + 2 })}: ${t('home.seatKind')}`}
                value={s.kind}
                onChange={(e) => setSeat(i, { kind: e.currentTarget.value as SeatKind })}
              >
                <option value="open">{t('home.kind.open')}</option>
                <option value="bot">{t('home.kind.bot')}</option>
              </select>
              {s.kind === 'bot' && (
                <select
                  aria-label={`${t('home.seat', { n: i + 2 })}: ${t('home.botLevel')}`}
                  value={s.botLevel}
                  onChange={(e) => setSeat(i, { botLevel: e.currentTarget.value as SeatChoice['botLevel'] })}
                >
                  <option value="random">{t('home.bot.random')}</option>
                  <option value="basic">{t('home.bot.basic')}</option>
                  <option value="expert">{t('home.bot.expert')}</option>
                </select>
              )}
              <input
                aria-label={`${t('home.seat', { n: i + 2 })}: ${t('home.name')}`}
                placeholder={t('home.name')}
                maxLength={40}
                value={s.name}
                onInput={(e) => setSeat(i, { name: e.currentTarget.value })}
              />
            </li>
          ))}
        </ol>
      </fieldset>

      <fieldset>
        <legend>{t('home.deadline')}</legend>
        <label>
          {t('home.deadline')}
          <select
            value={String(deadline.value)}
            onChange={(e) => (deadline.value = Number(e.currentTarget.value))}
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
            value={String(windowMin.value)}
            onChange={(e) => (windowMin.value = Number(e.currentTarget.value))}
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
            value={onDeadline.value}
            onChange={(e) => (onDeadline.value = e.currentTarget.value as 'bot' | 'skip')}
          >
            <option value="bot">{t('home.onDeadline.bot')}</option>
            <option value="skip">{t('home.onDeadline.skip')}</option>
          </select>
        </label>
      </fieldset>

      <fieldset>
        <legend>{t('home.coupFourre')}</legend>
        {(['auto', 'ask'] as const).map((mode) => (
          <label key={mode} class="radio">
            <input
              type="radio"
              name="cf"
              checked={responseMode.value === mode}
              onChange={() => (responseMode.value = mode)}
            />
            {t(`cf.${mode}`)}
          </label>
        ))}
      </fieldset>

      <button type="submit" class="primary big" disabled={busy.value}>
        {busy.value ? t('home.creating') : t('home.submit')}
      </button>
      {err.value && (
        <p class="error" role="alert">
          {err.value}
        </p>
      )}
    </form>
  );
}

/** "My matches" on this device and the e-mail link form. */
function MyMatches(): JSX.Element {
  const email = useSignal('');
  const sent = useSignal<string | null>(null);
  const list = savedMatches.value;
  return (
    <section class="card-box" aria-labelledby="mine-title">
      <h2 id="mine-title">{t('home.myMatches')}</h2>
      {list.length === 0 ? (
        <p class="muted">{t('home.noMatches')}</p>
      ) : (
        <ul class="my-matches">
          {list.map((m) => (
            <li key={m.matchId}>
              <a href={`/m/${m.matchId}`} onClick={onLinkClick}>
                {m.title || m.matchId}
              </a>{' '}
              <span class="muted">
                {m.seat !== null && m.seat !== undefined ? t('home.seatLabel', { n: m.seat + 1 }) : ''}
                {m.hostToken ? ` · ${t('home.hostLabel')}` : ''}
              </span>{' '}
              <button type="button" class="ghost small" onClick={() => forgetMatch(m.matchId)}>
                {t('home.forget')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        class="inline"
        onSubmit={async (e) => {
          e.preventDefault();
          sent.value = null;
          try {
            await api.magicLink(email.value.trim(), lang.value);
            sent.value = t('home.magicSent');
          } catch (x) {
            sent.value = errorText(x as { code: string; message: string });
          }
        }}
      >
        <h3>{t('home.magicTitle')}</h3>
        <p class="muted">{t('home.magicText')}</p>
        <label>
          {t('home.magicEmail')}
          <input
            type="email"
            required
            value={email.value}
            onInput={(e) => (email.value = e.currentTarget.value)}
            autoComplete="email"
          />
        </label>
        <button type="submit" class="secondary">
          {t('home.magicSend')}
        </button>
        <p role="status">{sent.value}</p>
      </form>
    </section>
  );
}

/** The home screen. */
export function Home(): JSX.Element {
  return (
    <div class="home">
      <p class="tagline">{t('app.tagline')}</p>
      <div class="home-grid">
        <CreateForm />
        <MyMatches />
      </div>
    </div>
  );
}
