/**
 * Settings of my seat: language (this device and my e-mails), the coup-fourré choice
 * (RULES.md §7: automatic or ask), e-mail notifications, push notifications and the your-turn sound
 * on this device. On the match page they open in a dialog (`SettingsDialog`): a sheet over the table
 * with a Close button, Escape closing it and the focus back on the button that opened it.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Dialog } from '../components/Dialog';
import { LanguagePicker } from '../components/LanguagePicker';
import { t } from '../i18n';
import { ApiError, api } from '../lib/api';
import { checkPush, pushState, subscribePush, unsubscribePush } from '../lib/push';
import type { MatchSession } from '../lib/session';
import { setTurnSound, turnSound } from '../lib/turn-sound';
import type { MatchInfo } from '../lib/types';
import { errorText, loadErrorWords, seatName } from '../lib/words';
import { Away } from './settings/Away';
import { LeaveMatch } from './settings/Leave';
import { AlwaysEmail, MailHand } from './settings/MailChoice';
import { MailPrefs } from './settings/MailPrefs';

/**
 * The settings of the page's seat in a modal dialog titled with the seat's name ("Settings for Bob");
 * `onClose` removes it (components/Dialog).
 */
export function SettingsDialog(props: { session: MatchSession; onClose: () => void }): JSX.Element {
  const info = props.session.info.value;
  const me = info?.you.seat ?? null;
  const title = info && me !== null ? t('settings.title', { name: seatName(info, me) }) : t('nav.settings');
  return (
    <Dialog title={title} onClose={props.onClose} kind="settings">
      <Settings session={props.session} titled={false} />
    </Dialog>
  );
}

/** The settings panel of one seat; `titled` (default true) gives it its own heading, as outside a dialog. */
export function Settings({
  session,
  titled = true,
}: {
  session: MatchSession;
  titled?: boolean;
}): JSX.Element {
  const info = session.info.value;
  const status = useSignal<string>('');
  const err = useSignal<{ code: string; message: string } | null>(null);
  // The address typed here; null until the player types, so the field shows the seat's own address.
  const email = useSignal<string | null>(null);
  // What the player just chose, shown until the server answers: a redraw meanwhile (another
  // answer arriving) must not flip a radio or a box back.
  const pending = useSignal<Parameters<typeof api.settings>[2]>({});
  // Saves go one after another, so the server applies them in the order they were made.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const saves = useRef(0);
  const me = info?.you.seat ?? null;
  useEffect(() => {
    void checkPush();
    // Refusals are worded from the error words: fetched while the player looks at the settings.
    void loadErrorWords();
  }, []);
  const token = session.token;
  if (!info || me === null || !token) return <p class="muted">{t('settings.noSeat')}</p>;
  const seat = info.seats.find((s) => s.seat === me);
  // Resolves with the server's answer, or null when it refused (the error is shown here).
  const save = (body: Parameters<typeof api.settings>[2]): Promise<MatchInfo | null> => {
    status.value = '';
    err.value = null;
    pending.value = { ...pending.value, ...body };
    const n = ++saves.current;
    const run = async (): Promise<MatchInfo | null> => {
      const last = () => n === saves.current;
      try {
        const next = await api.settings(info.matchId, token, body);
        // Only the last save's answer is the server's latest word (the view's version stays the same).
        if (last()) session.accept(next);
        if (body.email !== undefined) email.value = null;
        // The mail timing says its own outcome next to it (MailPrefs.tsx).
        if (body.mailPrefs === undefined) status.value = t('common.saved');
        return next;
      } catch (e) {
        err.value = e as { code: string; message: string };
        if (last()) void session.refresh();
        return null;
      } finally {
        if (last()) pending.value = {};
      }
    };
    const done = queue.current.then(run);
    queue.current = done.then(() => undefined);
    return done;
  };
  const mode = pending.value.responseMode ?? seat?.responseMode;
  const mailOn =
    pending.value.emailNotifications ?? (info.settings?.hasEmail && info.settings?.emailNotifications);
  const push = pushState.value;
  const address = info.settings?.email ?? '';
  return (
    <section
      class={titled ? 'settings card-box' : 'settings'}
      aria-labelledby={titled ? 'settings-title' : undefined}
    >
      {titled && <h2 id="settings-title">{t('settings.title', { name: seatName(info, me) })}</h2>}
      <LanguagePicker onChange={(l) => void save({ language: l })} />
      {/* -- away, vacation, play for me -- */}
      <Away info={info} pending={pending.value} save={(b) => save(b).then(() => undefined)} />
      <fieldset>
        <legend>{t('settings.coupFourre')}</legend>
        {(['auto', 'ask'] as const).map((m) => (
          <label key={m} class="radio">
            <input
              type="radio"
              name="responseMode"
              value={m}
              checked={mode === m}
              onChange={() => void save({ responseMode: m })}
            />
            {t(`cf.${m}`)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('settings.email')}</legend>
        <label class="radio">
          <input
            type="checkbox"
            name="emailNotifications"
            disabled={!info.settings?.hasEmail}
            checked={mailOn ?? false}
            onChange={(e) => void save({ emailNotifications: e.currentTarget.checked })}
          />
          {t('settings.email')}
        </label>
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            const typed = (email.value ?? address).trim();
            if (typed) void save({ email: typed, emailNotifications: true });
          }}
        >
          <label>
            {t('settings.emailAddress')}
            <input
              type="email"
              name="email"
              value={email.value ?? address}
              onInput={(e) => (email.value = e.currentTarget.value)}
              autoComplete="email"
            />
          </label>
          <button type="submit" class="secondary">
            {t('common.save')}
          </button>
          {info.settings?.hasEmail && (
            <button type="button" class="ghost" onClick={() => void save({ email: null })}>
              {t('settings.emailRemove')}
            </button>
          )}
        </form>
      </fieldset>
      {/* -- presence: always e-mail me -- */}
      <AlwaysEmail info={info} pending={pending.value} save={(b) => void save(b)} />
      <MailHand info={info} pending={pending.value} save={(b) => void save(b)} />
      {/* A server without push (its key route says so) is not offered at all. */}
      {push !== 'unavailable' && push !== 'unknown' && (
        <fieldset>
          <legend>{t('settings.push')}</legend>
          {push === 'unsupported' && <p class="muted">{t('settings.pushUnsupported')}</p>}
          {push === 'denied' && <p class="muted">{t('settings.pushDenied')}</p>}
          {push === 'on' && <p>{t('settings.pushActive')}</p>}
          {(push === 'off' || push === 'on') && (
            <button
              type="button"
              class="secondary"
              onClick={async () => {
                try {
                  if (push === 'on') await unsubscribePush(info.matchId, token);
                  else await subscribePush(info.matchId, token);
                } catch (e) {
                  // The server's refusal in words (ApiError); a failure of the browser's push is the page's own.
                  err.value =
                    e instanceof ApiError
                      ? e
                      : { code: 'crash', message: e instanceof Error ? e.message : String(e) };
                }
              }}
            >
              {push === 'on' ? t('settings.pushOff') : t('settings.pushOn')}
            </button>
          )}
        </fieldset>
      )}
      {/* -- digest, quiet hours -- */}
      <MailPrefs info={info} pending={pending.value} save={save} />
      <fieldset>
        <legend>{t('sound.legend')}</legend>
        <label class="radio">
          <input
            type="checkbox"
            checked={turnSound.value}
            onChange={(e) => setTurnSound(e.currentTarget.checked)}
          />
          {t('sound.turn')}
        </label>
      </fieldset>
      <p role="status">{status.value}</p>
      {err.value && (
        <p class="error" role="alert">
          {errorText(err.value)}
        </p>
      )}
      {/* -- leaving a match -- */}
      <LeaveMatch session={session} />
    </section>
  );
}
