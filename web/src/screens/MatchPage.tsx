/**
 * `/m/<matchId>`: reads the link's fragment (`#seat=`, `#host=`, `#invite=`, also when a link of the
 * same match is pasted into an open tab), removes it from the address bar at once (it stays pending in
 * this tab's sessionStorage until its check has a definite answer, so a reload after a network error
 * checks it again), keeps a token on this device only once the server has confirmed it
 * (lib/access.ts), opens the live session and shows the lobby, the table or the end of the match, the
 * seat's settings (in a dialog) and the host's panel.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { lazyComponent } from '../components/Lazy';
import { t } from '../i18n';
import { type Access, forgetInvite, pendingLink, resolveAccess, settleLink } from '../lib/access';
import { api } from '../lib/api';
import { MatchSession, type UiError } from '../lib/session';
import { adoptSeat, findMatch, saveMatch } from '../lib/storage';
import { errorText } from '../lib/words';
import { SeatSwitcher } from './SeatSwitcher';
import { Table } from './Table';

/** The host's panel (only on a host link), loaded when shown: it keeps the initial script small. */
const HostPanel = lazyComponent(() => import('./HostPanel').then((m) => m.HostPanel), { quiet: true });
// The lobby is the page before the start (its forms, the seat links and the share box): the table's
// first paint does without it.
const Lobby = lazyComponent(() => import('./Lobby').then((m) => m.Lobby));
const LateGuest = lazyComponent(() => import('./Lobby').then((m) => m.LateGuest), { quiet: true });
/** The seat's settings in a dialog, loaded when first opened (out of the initial script). */
const SettingsDialog = lazyComponent(() => import('./Settings').then((m) => m.SettingsDialog));
/** The notice of a player who left the match, loaded only for them. */
const LeftNotice = lazyComponent(() => import('./settings/Leave').then((m) => m.LeftNotice), { quiet: true });

const STATUS_KEYS = {
  connecting: 'conn.connecting',
  live: 'conn.live',
  polling: 'conn.polling',
  offline: 'conn.offline',
} as const;

/** How often a link check that failed for the network is tried again (ms). */
const RETRY_MS = 5_000;

/** The notice for a link token the server refused. */
function refusedText(access: Access): string {
  if (access.refused === 'host') return t('access.badHostLink');
  return access.seatToken ? t('access.badSeatLinkKept') : t('access.badSeatLink');
}

/** Reads the fragment of the address bar and removes it from there (tokens do not stay in sight). */
function takeHash(): string {
  const hash = location.hash;
  if (hash) history.replaceState(history.state, '', location.pathname + location.search);
  return hash;
}

/** Why the computer plays my seat, in words (after timeouts, or as I asked). */
function standInWords(reason: string | null | undefined): string {
  if (reason === 'timeouts') return t('away.standIn.timeouts');
  if (reason === 'self') return t('away.standIn.self');
  return t('table.botStandIn');
}

/** The match page. */
export function MatchPage({ matchId }: { matchId: string }): JSX.Element {
  const access = useSignal<Access | null>(null);
  const failure = useSignal<UiError | null>(null);
  const showSettings = useSignal(false);
  // The fragment being checked: kept until the check got an answer, so "Try again" can repeat it.
  const pendingHash = useRef('');

  const check = () => {
    failure.value = null;
    const hash = pendingHash.current;
    void resolveAccess(matchId, hash).then((r) => {
      if (pendingHash.current !== hash) return; // a newer link was pasted meanwhile
      if (!r.ok) {
        const gone = r.error.status === 404 || r.error.status === 410 || r.error.status === 400;
        failure.value = gone ? { code: 'match.not_found', message: r.error.message } : r.error;
        if (gone) {
          pendingHash.current = '';
          settleLink(matchId);
        }
        return;
      }
      pendingHash.current = '';
      settleLink(matchId);
      access.value = r.access;
    });
  };
  // Offline: a link check the network failed is tried again, when the device is back online or every few seconds.
  const offline = failure.value?.code === 'network';
  useEffect(() => {
    if (!offline) return;
    const timer = setInterval(check, RETRY_MS);
    addEventListener('online', check);
    return () => {
      clearInterval(timer);
      removeEventListener('online', check);
    };
  }, [offline]);
  useEffect(() => {
    pendingHash.current = pendingLink(matchId, takeHash());
    check();
    const onHash = () => {
      if (!location.hash) return;
      pendingHash.current = pendingLink(matchId, takeHash());
      check();
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [matchId]);

  const a = access.value;
  const token = a ? (a.seatToken ?? a.hostToken) : undefined;
  const session = useMemo(
    () => (token === undefined ? null : new MatchSession(matchId, token)),
    [matchId, token],
  );
  useEffect(() => {
    if (!session) return;
    session.start();
    return () => session.stop();
  }, [session]);

  const info = session?.info.value ?? null;
  // Keep the title and seat of "my matches" up to date (a spectator's visit does not clear the seat,
  // and adds nothing: storage keeps only matches this device holds a token for).
  useEffect(() => {
    if (info)
      saveMatch({ matchId, title: info.title, ...(info.you.seat !== null ? { seat: info.you.seat } : {}) });
  }, [info?.title, info?.you.seat]);

  const err = failure.value ?? session?.error.value ?? null;
  const status = session?.status.value ?? (offline ? 'offline' : 'connecting');
  const closed = status === 'closed' || failure.value?.code === 'match.not_found';
  const inviteUrl = a?.inviteToken ? `${location.origin}/m/${matchId}#invite=${a.inviteToken}` : null;
  const me = info?.you.seat ?? null;
  // Once the match is over nobody plays any more: no stand-in notice, nothing to take back.
  const over = info?.status === 'finished' || info?.view?.phase === 'matchOver';
  const standIn = me !== null && !over && info?.seats.find((s) => s.seat === me)?.botStandIn;
  const useToken = (next: Partial<Access>) => {
    if (a) access.value = { ...a, ...next, refused: null };
  };

  return (
    <div class="match-page">
      <div class="match-head">
        <h1>{info?.title || t('app.title')}</h1>
        {/* A box of fixed width at the end of the line (styles.css): a longer state ("Updating every few
            seconds") is cut with an ellipsis on a phone instead of wrapping the header, so no state
            change moves the table; the whole words stay in the text for screen readers. */}
        {!closed && (
          <span class={`conn conn-${status}`} role="status" aria-live="polite">
            <span class="dot" aria-hidden="true" />
            <span class="conn-text">{t(STATUS_KEYS[status as keyof typeof STATUS_KEYS])}</span>
          </span>
        )}
        {info && !closed && (
          <SeatSwitcher
            info={info}
            saved={findMatch(matchId)}
            onSwitch={(seat, seatToken) => {
              saveMatch({ matchId, seat, seatToken });
              useToken({ seatToken });
            }}
          />
        )}
        {me !== null && !closed && (
          <button
            type="button"
            class="ghost"
            aria-haspopup="dialog"
            onClick={() => (showSettings.value = true)}
          >
            ⚙ {t('nav.settings')}
          </button>
        )}
      </div>
      {a?.refused && !closed && (
        <div class="notice" role="alert">
          <p>{refusedText(a)}</p>
          <button type="button" class="ghost small" onClick={() => useToken({})}>
            {t('common.close')}
          </button>
        </div>
      )}
      {closed || (!info && err) ? (
        <div class="error big" role="alert">
          <p>{errorText(err ?? { code: 'match.not_found', message: '' })}</p>
          {!closed && (
            <button
              type="button"
              class="secondary"
              onClick={() => (session ? void session.refresh() : check())}
            >
              {t('common.retry')}
            </button>
          )}
        </div>
      ) : (
        session && (
          <>
            {showSettings.value && me !== null && (
              <SettingsDialog session={session} onClose={() => (showSettings.value = false)} />
            )}
            {info?.you.left !== undefined && <LeftNotice info={info} />}
            {standIn && session.token && (
              <div class="prompt">
                <p>{standInWords(info?.settings?.standInReason)}</p>
                <button
                  type="button"
                  class="primary"
                  onClick={() =>
                    void api
                      .reclaim(matchId, session.token!, me!)
                      .then(() => session.refresh())
                      .catch((e) => session.fail(e))
                  }
                >
                  {t('table.takeBack')}
                </button>
              </div>
            )}
            {!info && <p class="muted">{t('common.loading')}</p>}
            {info && info.status === 'lobby' && (
              <Lobby
                session={session}
                inviteUrl={inviteUrl}
                inviteToken={a?.inviteToken ?? null}
                hostToken={a?.hostToken ?? null}
                onClaimed={(seat, seatToken) => {
                  adoptSeat(matchId, seat, seatToken);
                  useToken({ seatToken });
                }}
                onBadInvite={(invite) => forgetInvite(matchId, invite)}
              />
            )}
            {info && <LateGuest info={info} invited={!!a?.inviteToken && !a.hostToken} />}
            {info && info.status !== 'lobby' && info.view && <Table session={session} />}
            {/* Told when the server refuses this tab a socket, long after the table showed: under the
                table, so that it does not push the table down (the header's state says it too). */}
            {session.limited.value && (
              <div class="notice" role="status">
                <p>{t('conn.tooManyTabs')}</p>
              </div>
            )}
            {info && a?.hostToken && (
              <HostPanel
                session={session}
                hostToken={a.hostToken}
                onDeleted={() => session.close({ code: 'match.deleted', message: '' })}
              />
            )}
          </>
        )
      )}
    </div>
  );
}
