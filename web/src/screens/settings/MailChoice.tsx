/**
 * The seat's on/off mail choices, shown with the e-mail settings and only meaningful with an
 * address (disabled without one):
 * - "always e-mail me, even while I am online" (`alwaysEmail`, off by default): without it no turn
 *   mail comes while the player is looking at the match (worker/match/presence.ts);
 * - "show my hand and suggested moves in the mail" (`mailHand`, issue 34, on by default): off, turn
 *   mails leave out the hand, the position and the move links (for a mailbox others read too).
 */
import type { JSX } from 'preact';
import { type MessageKey, t } from '../../i18n';
import type { api } from '../../lib/api';
import type { MatchInfo } from '../../lib/types';

type SettingsBody = Parameters<typeof api.settings>[2];

/** What every choice gets: `pending` is what the player just chose (shown until the server answers), `save` sends a change. */
interface ChoiceProps {
  info: MatchInfo;
  pending: SettingsBody;
  save: (body: SettingsBody) => void;
}

/** One checkbox for the boolean setting `field` (`fallback` when neither chosen nor stored) and its words. */
function MailChoice({
  info,
  pending,
  save,
  field,
  fallback,
  label,
  hint,
}: ChoiceProps & {
  field: 'alwaysEmail' | 'mailHand';
  fallback: boolean;
  label: MessageKey;
  hint: MessageKey;
}): JSX.Element {
  const s = info.settings;
  return (
    <fieldset>
      <label class="radio">
        <input
          type="checkbox"
          disabled={!s?.hasEmail}
          checked={pending[field] ?? s?.[field] ?? fallback}
          onChange={(e) => save({ [field]: e.currentTarget.checked })}
        />
        {t(label)}
      </label>
      <p class="muted">{t(hint)}</p>
    </fieldset>
  );
}

/** "Always e-mail me, even while I am online": off by default. */
export function AlwaysEmail(p: ChoiceProps): JSX.Element {
  return (
    <MailChoice
      {...p}
      field="alwaysEmail"
      fallback={false}
      label="settings.alwaysEmail"
      hint="settings.alwaysEmailHint"
    />
  );
}

/** "Show my hand and suggested moves in the mail": on by default. */
export function MailHand(p: ChoiceProps): JSX.Element {
  return (
    <MailChoice
      {...p}
      field="mailHand"
      fallback={true}
      label="settings.mailHand"
      hint="settings.mailHandHint"
    />
  );
}
