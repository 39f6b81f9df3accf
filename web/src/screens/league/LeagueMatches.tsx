/**
 * A league's matches, newest first, with whose turn it is: for a member, the same
 * batch read and rows as the home page's "my matches" (home/model.ts `fetchSummaries`, home/MatchRow),
 * asked with the member's own league token, which is their seat token in every league match (the
 * confirmed seats are kept on this device, so the match links open the seat); for the owner's link
 * alone (no seat), the date, the players, and whether it is being played or when it ended and who
 * won (lib/finished-words.ts, as a member's rows say it). A member starts a new match here, at the
 * top of the page.
 */

import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import type { LeagueInfo, LeagueMatchRow } from '../../../../worker/league-protocol';
import { MAX_SEATS } from '../../../../worker/shared/limits';
import { lang, t } from '../../i18n';
import { ApiError } from '../../lib/api';
import { finishedWords } from '../../lib/finished-words';
import { navigate } from '../../lib/router';
import { adoptSeat, type SavedMatch } from '../../lib/storage';
import { dateText } from '../../lib/time';
import { errorWords } from '../../lib/words';
import { MatchRow } from '../home/MatchRow';
import { fetchSummaries, joinAnswers, type Row } from '../home/model';
import { leagueApi } from './league-api';

/** The member's rows through the home page's batch read; the seats it confirms are kept on the device. */
function useMemberRows(info: LeagueInfo, token: string | null): Row[] | null {
  const rows = useSignal<Row[] | null>(null);
  const seated =
    info.you.member === null || token === null
      ? []
      : info.matches.filter((x) => x.seats.includes(info.you.member));
  const key = seated.map((x) => `${x.matchId}:${x.ended}`).join(',');
  useEffect(() => {
    if (token === null) return;
    const saved: SavedMatch[] = seated.map((x) => ({
      matchId: x.matchId,
      title: info.name,
      seat: x.seats.indexOf(info.you.member),
      seatToken: token,
      savedAt: Date.parse(x.createdAt),
    }));
    void fetchSummaries(saved)
      .then((answers) => {
        const joined = joinAnswers(saved, answers).rows;
        for (const r of joined)
          if (r.summary?.seat != null) adoptSeat(r.saved.matchId, r.summary.seat, token);
        rows.value = joined;
      })
      .catch(() => (rows.value = []));
  }, [key, token]);
  return rows.value;
}

/** The new-match form: the number of computer players, then the match opens on the member's seat. */
function NewMatch({ info, token }: { info: LeagueInfo; token: string }): JSX.Element {
  const bots = useSignal(0);
  const busy = useSignal(false);
  const err = useSignal<string | null>(null);
  const present = info.members.filter((m) => !m.left).length;
  const start = async (e: Event) => {
    e.preventDefault();
    busy.value = true;
    err.value = null;
    try {
      const r = await leagueApi.leagueMatch(info.leagueId, token, bots.value);
      navigate(`/m/${r.matchId}#seat=${token}`);
    } catch (x) {
      err.value = x instanceof ApiError ? await errorWords(x) : String(x);
      busy.value = false;
    }
  };
  return (
    <form class="league-play" onSubmit={start}>
      <label>
        {t('league.bots')}
        <input
          type="number"
          min={0}
          max={Math.max(0, MAX_SEATS - present)}
          value={bots.value}
          onInput={(e) => (bots.value = Number(e.currentTarget.value) || 0)}
        />
      </label>
      <button type="submit" class="primary" disabled={busy.value}>
        {t('league.play')}
      </button>
      {err.value && (
        <p class="error" role="alert">
          {err.value}
        </p>
      )}
    </form>
  );
}

/**
 * The owner's list (no seat, so no turn to show): date, players, and whether it is being played or
 * when it ended and who won. `now`: ms since the epoch.
 */
function OwnerList({ info, now }: { info: LeagueInfo; now: number }): JSX.Element {
  const names = new Map(info.members.map((m) => [m.member, m.name]));
  const state = (x: LeagueMatchRow) =>
    x.ended
      ? finishedWords(Date.parse(x.endedAt ?? x.createdAt), now, {
          names: x.winners.map((w) => names.get(w)).join(', '),
          players: x.winners.length,
        })
      : t('league.playing');
  return (
    <ul class="league-list">
      {info.matches.map((x) => (
        <li key={x.matchId}>
          <strong>{t('league.matchOf', { date: dateText(Date.parse(x.createdAt), lang.value) })}</strong>{' '}
          {x.seats.map((s) => (s === null ? '🤖' : names.get(s))).join(', ')}
          {' · '}
          {state(x)}
        </li>
      ))}
    </ul>
  );
}

/** The matches section. */
export function LeagueMatches({ info, token }: { info: LeagueInfo; token: string | null }): JSX.Element {
  const member = info.you.member !== null && token !== null;
  const rows = useMemberRows(info, token);
  const now = Date.now();
  return (
    <section class="card-box" aria-labelledby="league-matches">
      <h2 id="league-matches">{t('league.matches')}</h2>
      {member && info.status === 'active' && <NewMatch info={info} token={token} />}
      {info.matches.length === 0 ? (
        <p class="muted">{t('league.noMatches')}</p>
      ) : member ? (
        rows === null ? (
          <p class="muted">{t('common.loading')}</p>
        ) : (
          <ul class="mine-list">
            {rows.map((r) => (
              <MatchRow key={r.saved.matchId} row={r} now={now} />
            ))}
          </ul>
        )
      ) : (
        <OwnerList info={info} now={now} />
      )}
    </section>
  );
}
