/**
 * Changes to a league from its page: a member leaves (after a confirmation); the
 * owner renames it, removes a member or archives it (after a confirmation). Each asks the server and
 * reads the league again; a refusal is shown in the page's words.
 */

import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import type { LeagueInfo } from '../../../../worker/league-protocol';
import { LEAGUE_NAME_MAX_CHARS } from '../../../../worker/shared/limits';
import { t } from '../../i18n';
import { ApiError } from '../../lib/api';
import { errorWords } from '../../lib/words';
import { leagueApi } from './league-api';

interface ToolProps {
  info: LeagueInfo;
  /** The owner's token for the owner's tools, the member's for leaving. */
  token: string;
  onDone: () => Promise<void>;
}

/** Runs one league change, then `onDone`; a refusal goes to `err`. */
function useAct(props: ToolProps) {
  const err = useSignal<string | null>(null);
  const busy = useSignal(false);
  const act = async (path: string, body: object = {}) => {
    busy.value = true;
    err.value = null;
    try {
      await leagueApi.leagueAct(props.info.leagueId, props.token, path, body);
      await props.onDone();
    } catch (x) {
      err.value = x instanceof ApiError ? await errorWords(x) : String(x);
    } finally {
      busy.value = false;
    }
  };
  return { err, busy, act };
}

/** A button that asks once more before it acts. */
export function Confirmed(props: {
  label: string;
  question: string;
  yes: string;
  busy: boolean;
  onYes: () => void;
}) {
  const asking = useSignal(false);
  if (!asking.value)
    return (
      <button type="button" class="danger-outline" onClick={() => (asking.value = true)}>
        {props.label}
      </button>
    );
  return (
    <fieldset class="confirm">
      <legend class="sr-only">{props.label}</legend>
      <p>{props.question}</p>
      <button type="button" class="danger" disabled={props.busy} onClick={props.onYes}>
        {props.yes}
      </button>{' '}
      <button type="button" class="secondary" onClick={() => (asking.value = false)}>
        {t('league.cancel')}
      </button>
    </fieldset>
  );
}

/** A member leaves the league. */
export function LeaveLeague(props: ToolProps): JSX.Element {
  const { err, busy, act } = useAct(props);
  return (
    <section class="card-box">
      <Confirmed
        label={t('league.leave')}
        question={t('league.leaveConfirm')}
        yes={t('league.leaveYes')}
        busy={busy.value}
        onYes={() => void act('leave')}
      />
      {err.value && (
        <p class="error" role="alert">
          {err.value}
        </p>
      )}
    </section>
  );
}

/** The owner's tools: rename, remove a member, archive. */
export function OwnerTools(props: ToolProps): JSX.Element {
  const { err, busy, act } = useAct(props);
  const name = useSignal(props.info.name);
  return (
    <section class="card-box" aria-labelledby="league-owner">
      <h2 id="league-owner">{t('league.owner')}</h2>
      <form
        class="league-rename"
        onSubmit={(e) => {
          e.preventDefault();
          void act('rename', { name: name.value });
        }}
      >
        <label>
          {t('league.newName')}
          <input
            type="text"
            maxLength={LEAGUE_NAME_MAX_CHARS}
            value={name.value}
            onInput={(e) => (name.value = e.currentTarget.value)}
          />
        </label>
        <button type="submit" class="secondary" disabled={busy.value}>
          {t('league.rename')}
        </button>
      </form>
      <ul class="league-remove">
        {props.info.members
          .filter((m) => !m.left)
          .map((m) => (
            <li key={m.member}>
              <button
                type="button"
                class="ghost small"
                disabled={busy.value}
                onClick={() => void act(`members/${m.member}/remove`)}
              >
                {t('league.remove', { name: m.name })}
              </button>
            </li>
          ))}
      </ul>
      <Confirmed
        label={t('league.archive')}
        question={t('league.archiveConfirm')}
        yes={t('league.archiveYes')}
        busy={busy.value}
        onYes={() => void act('archive')}
      />
      {err.value && (
        <p class="error" role="alert">
          {err.value}
        </p>
      )}
    </section>
  );
}
