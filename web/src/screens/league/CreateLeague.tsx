/**
 * Making a league: its name, its members' names (2 to 8; the server checks them
 * with the seat-name rules) and the preset of every match (starting where the create form starts:
 * lib/create-memory.ts `startPreset`); then the owner's link and one link per
 * member, each with Copy and Share, all kept on this device (lib/leagues.ts; the creator plays as
 * member 1), and the way in, which takes the creation form's place in the history.
 */

import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import type { LeagueCreated } from '../../../../worker/league-protocol';
import { LEAGUE_MAX_MEMBERS, LEAGUE_NAME_MAX_CHARS, NAME_MAX_CHARS } from '../../../../worker/shared/limits';
import { PRESET_NAMES, type PresetName } from '../../../../worker/shared/rules-data/presets';
import { ShareLink } from '../../components/ShareLink';
import { lang, t } from '../../i18n';
import { ApiError } from '../../lib/api';
import { startPreset } from '../../lib/create-memory';
import { saveCreatedLeague } from '../../lib/leagues';
import { navigate } from '../../lib/router';
import { errorWords } from '../../lib/words';
import { leagueApi } from './league-api';

/** The token in a league link's fragment. */
const tokenOf = (url: string) => new URL(url).hash.replace(/^#(owner|member)=/, '');

/** The links of the new league, each with Copy and Share (all of them kept on this device already). */
function Created({ created, name }: { created: LeagueCreated; name: string }): JSX.Element {
  return (
    <section class="card-box" aria-labelledby="league-done">
      <h1 id="league-done">{t('league.new.title')}</h1>
      <p role="status">{t('league.new.done')}</p>
      <ShareLink
        url={created.ownerUrl}
        label={t('league.new.ownerLink')}
        shareText={t('league.shareOwner', { league: name })}
      />
      {created.members.map((m) => (
        <ShareLink
          key={m.member}
          url={m.url}
          label={t('league.new.memberLink', { name: m.name })}
          shareText={t('league.shareMember', { league: name, name: m.name })}
        />
      ))}
      <button
        type="button"
        class="primary big"
        onClick={() => navigate(`/l/${encodeURIComponent(created.leagueId)}`, { replace: true })}
      >
        {t('league.new.open')}
      </button>
    </section>
  );
}

/** The creation form. */
export function CreateLeague(): JSX.Element {
  const name = useSignal('');
  const members = useSignal<string[]>(['', '', '']);
  const preset = useSignal<PresetName>(startPreset());
  const busy = useSignal(false);
  const err = useSignal<string | null>(null);
  const created = useSignal<LeagueCreated | null>(null);
  if (created.value) return <Created created={created.value} name={name.value} />;
  const setMember = (i: number, v: string) => {
    members.value = members.value.map((m, j) => (j === i ? v : m));
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    busy.value = true;
    err.value = null;
    try {
      const made = await leagueApi.createLeague({
        name: name.value,
        members: members.value,
        rules: preset.value,
        language: lang.value,
      });
      // Every link stays on this device: the owner's, and each member's to send on (member 1 plays here).
      saveCreatedLeague(
        made.leagueId,
        name.value,
        tokenOf(made.ownerUrl),
        made.members.map((m) => ({ member: m.member, token: tokenOf(m.url) })),
      );
      created.value = made;
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
        <p class="muted">{t('league.new.youFirst')}</p>
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
