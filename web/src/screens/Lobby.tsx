/**
 * The lobby: share the invitation (copy, the system share sheet where there is one, a QR code),
 * the seats filling in live, the host's start button (open seats become bots) and, for a visitor
 * with an invitation link, the form to take a seat (the share box is for the host and the players
 * who have a seat, not for a guest still joining). A guest invited by mail opens their seat's link
 * and confirms (or types) their name here; the host sees each guest's seat link (kept on the device
 * that created the match) and whether the invitation was mailed.
 */

import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { NAME_MAX_CHARS } from '../../../worker/shared/limits';
import { lazyComponent } from '../components/Lazy';
import { RulesSummary } from '../components/RulesSummary';
import { ShareLink } from '../components/ShareLink';
import { lang, t } from '../i18n';
import { api } from '../lib/api';
import type { MatchSession } from '../lib/session';
import { findMatch } from '../lib/storage';
import { deadlineText } from '../lib/time';
import type { MatchInfo } from '../lib/types';
import { errorText, seatName } from '../lib/words';

const QrCode = lazyComponent(() => import('../components/Qr').then((m) => m.QrCode));

/** The share box for an invitation link: the link with Copy and Share, and its QR code. */
export function ShareBox({ url }: { url: string }): JSX.Element {
  return (
    <ShareLink url={url} label={t('lobby.share')} shareText={t('lobby.shareText')}>
      <QrCode text={url} label={t('lobby.qr')} />
    </ShareLink>
  );
}

/** A failed call as the form's error: the server's refusal (its code), or the page's own failure. */
function failureOf(x: unknown): { code: string; message: string } {
  return x instanceof Error && 'code' in x
    ? (x as unknown as { code: string; message: string })
    : { code: 'crash', message: String(x) };
}

/** The form a visitor with an invitation fills in to take an open seat. */
function ClaimForm(props: {
  info: MatchInfo;
  invite: string;
  onClaimed: (seat: number, token: string) => void;
  onBadInvite?: (invite: string) => void;
  /** The match started (or filled up) meanwhile: the page reads it again and shows why. */
  onTooLate?: () => void;
}) {
  const name = useSignal('');
  const email = useSignal('');
  const busy = useSignal(false);
  const err = useSignal<{ code: string; message: string } | null>(null);
  const open = props.info.seats.some((s) => s.kind === 'open');
  if (!open) return <p>{t('lobby.full')}</p>;
  return (
    <form
      class="card-box"
      onSubmit={async (e) => {
        e.preventDefault();
        busy.value = true;
        err.value = null;
        try {
          const res = await api.claim(props.info.matchId, {
            invite: props.invite,
            name: name.value.trim(),
            email: email.value.trim() || undefined,
            language: lang.value,
          });
          props.onClaimed(res.seat, res.token);
        } catch (x) {
          err.value = failureOf(x);
          if (err.value.code === 'auth.bad_invite') props.onBadInvite?.(props.invite);
          if (err.value.code === 'match.started') props.onTooLate?.();
        } finally {
          busy.value = false;
        }
      }}
    >
      <h2>{t('lobby.join')}</h2>
      <label>
        {t('lobby.joinName')}
        <input
          required
          maxLength={NAME_MAX_CHARS}
          value={name.value}
          onInput={(e) => (name.value = e.currentTarget.value)}
          autoComplete="nickname"
        />
      </label>
      <label>
        {t('lobby.joinEmail')}
        <input
          type="email"
          value={email.value}
          onInput={(e) => (email.value = e.currentTarget.value)}
          autoComplete="email"
        />
      </label>
      <button type="submit" class="primary" disabled={busy.value || !name.value.trim()}>
        {t('lobby.joinButton')}
      </button>
      {err.value && (
        <p class="error" role="alert">
          {errorText(err.value)}
        </p>
      )}
    </form>
  );
}

/** The form of a guest invited by mail: the name the host typed (if any) to confirm, or their own. */
function ConfirmForm(props: { session: MatchSession; info: MatchInfo; seat: number }): JSX.Element {
  const { session, info, seat } = props;
  const given = info.seats[seat].invited === 'named' ? info.seats[seat].name : '';
  const name = useSignal(given);
  const busy = useSignal(false);
  const err = useSignal<{ code: string; message: string } | null>(null);
  return (
    <form
      class="card-box"
      onSubmit={async (e) => {
        e.preventDefault();
        busy.value = true;
        err.value = null;
        try {
          session.accept(
            await api.confirm(info.matchId, session.token!, {
              name: name.value.trim(),
              language: lang.value,
            }),
          );
        } catch (x) {
          err.value = failureOf(x);
          // Confirmed already, or the host started meanwhile: the page reads the match again.
          if (err.value.code === 'seat.confirmed' || err.value.code === 'match.started')
            void session.refresh();
        } finally {
          busy.value = false;
        }
      }}
    >
      <h2>{t('lobby.confirm')}</h2>
      <label>
        {t('lobby.confirmName')}
        <input
          required
          maxLength={NAME_MAX_CHARS}
          value={name.value}
          onInput={(e) => (name.value = e.currentTarget.value)}
          autoComplete="nickname"
        />
      </label>
      <button type="submit" class="primary" disabled={busy.value || !name.value.trim()}>
        {t('lobby.confirmButton')}
      </button>
      {err.value && (
        <p class="error" role="alert">
          {errorText(err.value)}
        </p>
      )}
    </form>
  );
}

/**
 * For a guest holding an invitation (`invited`) but no seat, once the match is past the lobby (the
 * host pressed "Start now" first): the match started without them and they can watch. Else nothing.
 */
export function LateGuest(props: { info: MatchInfo; invited: boolean }): JSX.Element | null {
  const { info, invited } = props;
  if (!invited || info.status === 'lobby' || info.you.seat !== null) return null;
  return (
    <div class="notice" role="status">
      <p>{t('lobby.lateGuest')}</p>
    </div>
  );
}

/** The lobby screen. `inviteUrl` is known to the host (saved at creation) or from the server. */
export function Lobby(props: {
  session: MatchSession;
  inviteUrl: string | null;
  inviteToken: string | null;
  hostToken: string | null;
  onClaimed: (seat: number, token: string) => void;
  /** The server refused the invitation token (403 `auth.bad_invite`). */
  onBadInvite?: (invite: string) => void;
}): JSX.Element | null {
  const { session } = props;
  const info = session.info.value;
  const busy = useSignal(false);
  if (!info) return null;
  const me = info.you.seat;
  const hostToken = props.hostToken ?? (info.you.host ? session.token : null);
  const shareUrl = props.inviteUrl;
  // Kept on the device that created the match: the seat links and which invitations went out by mail.
  const saved = hostToken ? findMatch(info.matchId) : undefined;
  const guestUrls = saved?.guestUrls ?? {};
  const mailed = (seat: number) => saved?.mailedSeats?.includes(seat) === true;
  return (
    <div class="lobby">
      <h2>{t('lobby.title')}</h2>
      {info.config.open && (
        <p class="notice">
          {t('lobby.openListed', {
            when: deadlineText(Date.parse(info.config.open.fillsAt), Date.now(), lang.value),
          })}
        </p>
      )}
      {me !== null && info.seats[me]?.invited && <ConfirmForm session={session} info={info} seat={me} />}
      {me === null && props.inviteToken && (
        <ClaimForm
          info={info}
          invite={props.inviteToken}
          onClaimed={props.onClaimed}
          onBadInvite={props.onBadInvite}
          onTooLate={() => void session.refresh()}
        />
      )}
      {/* The invitation is passed on by the host and the players: a guest still joining only takes a seat. */}
      {shareUrl && (hostToken || me !== null) && <ShareBox url={shareUrl} />}
      <ol class="seats" aria-live="polite">
        {info.seats.map((s) => (
          <li key={s.seat} class={`seat k-${s.kind}${s.invited ? ' invited' : ''}`}>
            <span class="seat-name">
              {s.kind === 'open' || s.invited === 'unnamed'
                ? t('home.seat', { n: s.seat + 1 })
                : seatName(info, s.seat)}{' '}
              {s.seat === me && t('lobby.you')}
            </span>
            <span class="chip">
              {s.kind === 'open'
                ? t('lobby.seatOpen')
                : s.kind === 'bot'
                  ? t('lobby.seatBot')
                  : s.invited
                    ? t('lobby.seatInvited')
                    : t('lobby.seatHuman')}
            </span>
            {s.connected && s.kind === 'human' && <span class="chip ok">{t('lobby.connected')}</span>}
            {mailed(s.seat) && <span class="chip">{t('lobby.mailed')}</span>}
            {guestUrls[s.seat] && s.kind === 'human' && (
              <ShareLink
                class="guest-link"
                url={guestUrls[s.seat]}
                label={t('lobby.seatLink', {
                  name: s.invited === 'unnamed' ? t('home.seat', { n: s.seat + 1 }) : seatName(info, s.seat),
                })}
                shareText={t('lobby.shareText')}
              />
            )}
          </li>
        ))}
      </ol>
      {info.config.rules && <RulesSummary rules={info.config.rules} />}
      {hostToken ? (
        <button
          type="button"
          class="primary big"
          disabled={busy.value}
          onClick={async () => {
            busy.value = true;
            try {
              // The answer is the host token's view; the seat's own view follows by socket or by this refresh.
              session.accept(await api.start(info.matchId, hostToken));
              void session.refresh();
            } catch (e) {
              session.fail(e);
            } finally {
              busy.value = false;
            }
          }}
        >
          {t('lobby.start')}
        </button>
      ) : (
        <p class="muted">{t('lobby.waitHost')}</p>
      )}
      {session.error.value && (
        <p class="error" role="alert">
          {errorText(session.error.value, { retrying: true })}
        </p>
      )}
    </div>
  );
}
