/**
 * The seat's mail timing: the daily digest (one mail a day at an hour) and the
 * quiet hours (mails and notifications wait), in the browser's time zone, which is sent with
 * every save. They need an e-mail address on the seat; other matches of the address follow once
 * the player uses the confirmation link mailed to it (the server decides; this only asks). Each
 * change says what became of it in a status line under the fields (a polite live region): saved,
 * a link sent to the seat's address for exactly this change, or saved for this match only.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useRef } from 'preact/hooks';
import type { MatchInfo } from '../../../../worker/protocol/views';
import type { MailPrefs as Prefs } from '../../../../worker/protocol/zones';
import { t } from '../../i18n';
import { browserTimeZone } from '../../lib/time-zone';

/** What the settings panel's `save` takes (a subset); it resolves with the answer, null when refused. */
type Save = (body: { mailPrefs: Prefs; timeZone?: string }) => Promise<MatchInfo | null>;

/** What became of a saved change, in words: the answer's `settings.prefsLink` (server word). */
export function savedText(answer: MatchInfo): string {
  const s = answer.settings;
  if (s?.prefsLink === 'sent') return t('mailPrefs.sent', { email: s.email ?? '' });
  if (s?.prefsLink === 'seat') return t('mailPrefs.seatOnly');
  return t('common.saved');
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const DEFAULT_QUIET = { from: 22, to: 7 };

function HourSelect(props: { value: number; label: string; disabled: boolean; onChange(h: number): void }) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onChange(Number(e.currentTarget.value))}
    >
      {HOURS.map((h) => (
        <option key={h} value={h}>{`${String(h).padStart(2, '0')}:00`}</option>
      ))}
    </select>
  );
}

/**
 * The digest and quiet-hours fieldset of the seat's settings; `pending` is what the player just chose,
 * `save` sends a settings change (Settings.tsx).
 */
export function MailPrefs({
  info,
  pending,
  save,
}: {
  info: MatchInfo;
  pending: { mailPrefs?: Prefs };
  save: Save;
}): JSX.Element {
  const hasEmail = info.settings?.hasEmail ?? false;
  // What the player just chose is shown until the server answers (a redraw must not flip a box back).
  const prefs: Prefs = pending.mailPrefs ??
    info.settings?.mailPrefs ?? { digestHour: null, quiet: DEFAULT_QUIET };
  const zone = browserTimeZone();
  // The outcome of the latest change (a refusal is said by the settings panel's alert).
  const note = useSignal('');
  // Only the latest change's answer is said (saves answer in order).
  const asked = useRef(0);
  const put = (next: Partial<Prefs>) => {
    note.value = '';
    const n = ++asked.current;
    void save({ mailPrefs: { ...prefs, ...next }, timeZone: zone }).then((answer) => {
      if (answer && n === asked.current) note.value = savedText(answer);
    });
  };
  const quiet = prefs.quiet ?? DEFAULT_QUIET;
  return (
    <fieldset>
      <legend>{t('mailPrefs.legend')}</legend>
      {!hasEmail && <p class="muted">{t('mailPrefs.needsEmail')}</p>}
      <div class="pref">
        <label class="radio">
          <input
            type="checkbox"
            disabled={!hasEmail}
            checked={prefs.digestHour !== null}
            onChange={(e) => put({ digestHour: e.currentTarget.checked ? 8 : null })}
          />
          {t('mailPrefs.digest')}
        </label>
        <div class="pref-hours">
          <HourSelect
            value={prefs.digestHour ?? 8}
            label={t('mailPrefs.digest')}
            disabled={!hasEmail || prefs.digestHour === null}
            onChange={(h) => put({ digestHour: h })}
          />
        </div>
      </div>
      <div class="pref">
        <label class="radio">
          <input
            type="checkbox"
            disabled={!hasEmail}
            checked={prefs.quiet !== null}
            onChange={(e) => put({ quiet: e.currentTarget.checked ? quiet : null })}
          />
          {t('mailPrefs.quiet')}
        </label>
        <div class="pref-hours">
          <HourSelect
            value={quiet.from}
            label={t('mailPrefs.quiet')}
            disabled={!hasEmail || prefs.quiet === null}
            onChange={(h) => put({ quiet: { ...quiet, from: h } })}
          />
          <span aria-hidden="true">{t('mailPrefs.to')}</span>
          <HourSelect
            value={quiet.to}
            label={t('mailPrefs.to')}
            disabled={!hasEmail || prefs.quiet === null}
            onChange={(h) => put({ quiet: { ...quiet, to: h } })}
          />
        </div>
      </div>
      {zone && <p class="muted">{t('mailPrefs.zone', { zone })}</p>}
      <p class="muted">{t('mailPrefs.note')}</p>
      <p class="pref-status" role="status">
        {note.value}
      </p>
    </fieldset>
  );
}
