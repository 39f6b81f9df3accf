/**
 * Making a league: its name, its members' names (2 to 8; the server checks them
 * with the seat-name rules) and the preset of every match; then the owner's link and one link per
 * member, to copy and send, and a way in as the owner.
 */

import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import type { LeagueCreated } from '../../../../worker/league-protocol';
import { LEAGUE_MAX_MEMBERS, LEAGUE_NAME_MAX_CHARS, NAME_MAX_CHARS } from '../../../../worker/shared/limits';
import { PRESET_NAMES, type PresetName } from '../../../../worker/shared/rules-data/presets';
import { lang, t } from '../../i18n';
import { ApiError } from '../../lib/api';
import { navigate } from '../../lib/router';
import { errorWords } from '../../lib/words';
import { leagueApi } from './league-api';

/** A link to copy, with its label. */
function LinkField({ label, url }: { label: string; url: string }): JSX.Element {
  return (
    <label>
      {label}
      <input type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
    </label>
  );
}

/** The links of the new league. */
function Created({ created }: { created: LeagueCreated }): JSX.Element {
  const owner = new URL(created.ownerUrl);
  return (
    <section class="card-box" aria-labelledby="league-done">
      <h1 id="league-done">{t('league.new.title')}</h1>
      <p role="status">{t('league.new.done')}</p>
      <LinkField label={t('league.new.ownerLink')} url={created.ownerUrl} />
      {created.members.map((m) => (
        <LinkField key={m.member} label={t('league.new.memberLink', { name: m.name })} url={m.url} />
      ))}
      <button type="button" class="primary big" onClick={() => navigate(`${owner.pathname}${owner.hash}`)}>
        {t('league.new.open')}
      </button>
    </section>
  );
}

/** The creation form. */
export function CreateLeague(): JSX.Element {
  const name = useSignal('');
  const members = useSignal<string[]>(['', '', '']);
  const preset = useSignal<PresetName>('classic');
  const busy = useSignal(false);
  const err = useSignal<string | null>(null);
  const created = useSignal<LeagueCreated | null>(null);
  if (created.value) return <Created created={created.value} />;
  const setMember = (i: number, v: string) => {
    members.value = members.value.map((m, j) => (j === i ? v : m));
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    busy.value = true;
    err.value = null;
    try {
      created.value = await leagueApi.createLeague({
        name: name.value,
        members: members.value,
        rules: preset.value,
        language: lang.value,
      });
    } catch (x) {
      err.value = x instanceof ApiError ? await errorWords(x) : String(x);
    } finally {
      busy.value = false;
    }
  };
  return (
    <form class="card-box league-new" onSubmit={submit} aria-labelledby="league-new-title">
      <h1 id="league-new-title">{t('league.new.title')}</h1>
      <p>{t('league.new.intro')}</p>
      <label>
        {t('league.new.name')}
        <input
          type="text"
          required
          maxLength={LEAGUE_NAME_MAX_CHARS}
          value={name.value}
          onInput={(e) => (name.value = e.currentTarget.value)}
        />
      </label>
      <fieldset>
        <legend>{t('league.new.members')}</legend>
        <ol class="league-members">
          {members.value.map((m, i) => (
            <li key={i}>
              <label>
                {t('league.new.member', { n: i + 1 })}
                <input
                  type="text"
                  required
                  maxLength={NAME_MAX_CHARS}
                  value={m}
                  onInput={(e) => setMember(i, e.currentTarget.value)}
                />
              </label>
              {members.value.length > 2 && (
                <button
                  type="button"
                  class="ghost small league-drop"
                  aria-label={t('league.new.removeMember', { n: i + 1 })}
                  onClick={() => (members.value = members.value.filter((_, j) => j !== i))}
                >
                  ✕
                </button>
              )}
            </li>
          ))}
        </ol>
        {members.value.length < LEAGUE_MAX_MEMBERS && (
          <button type="button" class="secondary" onClick={() => (members.value = [...members.value, ''])}>
            {t('league.new.addMember')}
          </button>
        )}
      </fieldset>
      <label>
        {t('league.new.rules')}
        <select value={preset.value} onChange={(e) => (preset.value = e.currentTarget.value as PresetName)}>
          {PRESET_NAMES.map((p) => (
            <option key={p} value={p}>
              {t(`preset.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" class="primary big" disabled={busy.value}>
        {t('league.new.create')}
      </button>
      {err.value && (
        <p class="error" role="alert">
          {err.value}
        </p>
      )}
    </form>
  );
}
