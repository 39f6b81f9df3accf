/**
 * `/m/<matchId>`: reads the link's fragment (`#seat=`, `#host=`, `#invite=`), keeps the tokens on
 * this device, removes them from the address bar, opens the live session and shows the lobby, the
 * table or the end of the match, plus the seat's settings.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect, useMemo } from 'preact/hooks';
import { t } from '../i18n';
import { api, parseFragment } from '../lib/api';
import { MatchSession } from '../lib/session';
import { findMatch, saveMatch } from '../lib/storage';
import { errorText } from '../lib/words';
import { Lobby } from './Lobby';
import { Settings } from './Settings';
import { Table } from './Table';

/** Tokens for a match from the link fragment and this device's storage (the fragment wins). */
export function tokensFor(matchId: string, hash: string) {
  const frag = parseFragment(hash);
  const saved = findMatch(matchId);
  const entry = saveMatch({
    matchId,
    seatToken: frag.seat ?? saved?.seatToken,
    hostToken: frag.host ?? saved?.hostToken,
    inviteToken: frag.invite ?? saved?.inviteToken,
  });
  return entry;
}

const STATUS_KEYS = {
  connecting: 'conn.connecting',
  live: 'conn.live',
  polling: 'conn.polling',
  offline: 'conn.offline',
} as const;

export function MatchPage({ matchId }: { matchId: string }): JSX.Element {
  const entry = useMemo(() => tokensFor(matchId, location.hash), [matchId]);
  const tokens = useSignal(entry);
  const showSettings = useSignal(false);
  const session = useMemo(
    () => new MatchSession(matchId, entry.seatToken ?? entry.hostToken ?? null),
    [matchId, entry],
  );
  useEffect(() => {
    if (location.hash && findMatch(matchId)) history.replaceState(null, '', location.pathname);
    session.start();
    return () => session.stop();
  }, [session]);

  const info = session.info.value;
  // Keep the title of "my matches" up to date.
  useEffect(() => {
    if (info) saveMatch({ matchId, title: info.title, seat: info.you.seat });
  }, [info?.title, info?.you.seat]);

  const err = session.error.value;
  const status = session.status.value;
  const inviteUrl = tokens.value.inviteToken
    ? `${location.origin}/m/${matchId}#invite=${tokens.value.inviteToken}`
    : null;
  const me = info?.you.seat ?? null;
  const standIn = me !== null && info?.seats.find((s) => s.seat === me)?.botStandIn;

  return (
    <div class="match-page">
      <div class="match-head">
        <h1>{info?.title || t('app.title')}</h1>
        <span class={`conn conn-${status}`} role="status" aria-live="polite">
          <span class="dot" aria-hidden="true" />
          {t(STATUS_KEYS[status])}
        </span>
        {me !== null && (
          <button
            type="button"
            class="ghost"
            aria-expanded={showSettings.value}
            onClick={() => (showSettings.value = !showSettings.value)}
          >
            ⚙ {t('nav.settings')}
          </button>
        )}
      </div>
      {showSettings.value && <Settings session={session} />}
      {standIn && session.token && (
        <div class="prompt">
          <p>{t('table.botStandIn')}</p>
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
      {!info && err && (
        <div class="error big" role="alert">
          <p>{errorText(err)}</p>
          <button type="button" class="secondary" onClick={() => void session.refresh()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!info && !err && <p class="muted">{t('common.loading')}</p>}
      {info && info.status === 'lobby' && (
        <Lobby
          session={session}
          inviteUrl={inviteUrl}
          inviteToken={tokens.value.inviteToken ?? null}
          hostToken={tokens.value.hostToken ?? null}
          onClaimed={(seat, token) => {
            tokens.value = saveMatch({ matchId, seat, seatToken: token });
            session.stop();
            session.token = token;
            session.start();
          }}
        />
      )}
      {info && info.status !== 'lobby' && info.view && <Table session={session} />}
    </div>
  );
}
