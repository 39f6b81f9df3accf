/**
 * The seat's "show my hand and suggested moves in the mail" choice (issue 34): on by default; off,
 * turn mails leave out the hand, the position and the move links (for a mailbox others read too).
 * Shown with the e-mail settings; only meaningful with an address.
 */
import type { JSX } from 'preact';
import { t } from '../../i18n';
import type { api } from '../../lib/api';
import type { MatchInfo } from '../../lib/types';

type SettingsBody = Parameters<typeof api.settings>[2];

/** The checkbox; `pending` is what the player just chose (shown until the server answers), `save` sends a change. */
export function MailHand({
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
          checked={pending.mailHand ?? s?.mailHand ?? true}
          onChange={(e) => save({ mailHand: e.currentTarget.checked })}
        />
        {t('settings.mailHand')}
      </label>
      <p class="muted">{t('settings.mailHandHint')}</p>
    </fieldset>
  );
}
