/**
 * The seat's "always e-mail me, even while I am online" choice: without it no turn mail
 * comes while the player is looking at the match (worker/match/presence.ts). Shown with the e-mail
 * settings; only meaningful with an address.
 */
import type { JSX } from 'preact';
import { t } from '../../i18n';
import type { api } from '../../lib/api';
import type { MatchInfo } from '../../lib/types';

type SettingsBody = Parameters<typeof api.settings>[2];

/** The checkbox; `pending` is what the player just chose (shown until the server answers), `save` sends a change. */
export function AlwaysEmail({
  info,
  pending,
  save,
}: {
  info: MatchInfo;
  pending: SettingsBody;
  save: (body: SettingsBody) => void;
}): JSX.Element {
  const s = info.settings;
  return (
    <fieldset>
      <label class="radio">
        <input
          type="checkbox"
          disabled={!s?.hasEmail}
          checked={pending.alwaysEmail ?? s?.alwaysEmail ?? false}
          onChange={(e) => save({ alwaysEmail: e.currentTarget.checked })}
        />
        {t('settings.alwaysEmail')}
      </label>
      <p class="muted">{t('settings.alwaysEmailHint')}</p>
    </fieldset>
  );
}
