/**
 * End of a hand: the itemized score table of RULES.md §9 from `view.results` for every player or
 * team, the match totals, the next hand (when it is a legal move) and, at the end of the match,
 * the winner and a rematch.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { SCORE_ITEMS } from '../../../worker/shared/rules-data';
import { t } from '../i18n';
import { api } from '../lib/api';
import { navigate } from '../lib/router';
import type { MatchSession } from '../lib/session';
import { findMatch, saveMatch } from '../lib/storage';
import type { MatchInfo, MatchView } from '../lib/types';
import { errorText, listNames, teamName } from '../lib/words';

/** The score table of the last finished hand plus totals and what comes next. */
export function EndOfHand(props: {
  session: MatchSession;
  info: MatchInfo;
  view: MatchView;
}): JSX.Element | null {
  const { session, info, view } = props;
  const busy = useSignal(false);
  const result = view.results[view.results.length - 1];
  if (!result) return null;
  const teams = view.teams.map((_, i) => i);
  const names = teams.map((i) => teamName(info, view, i));
  const next = view.legalMoves.find((m) => m.type === 'nextHand');
  const over = view.phase === 'matchOver';
  const items = SCORE_ITEMS.filter((item) => result.scores.some((s) => s[item] !== 0) || item === 'distance');

  // The rematch keeps the seats: this device's tokens work there too (docs/API.md).
  const goRematch = (matchId: string) => {
    const saved = findMatch(info.matchId);
    saveMatch({
      matchId,
      title: info.title,
      seat: view.seat,
      seatToken: saved?.seatToken,
      seatTokens: saved?.seatTokens,
      hostToken: saved?.hostToken,
    });
    navigate(`/m/${matchId}`);
  };
  const rematch = async () => {
    const token = session.token;
    if (!token) return;
    if (info.rematchId) {
      goRematch(info.rematchId);
      return;
    }
    busy.value = true;
    try {
      const created = await api.rematch(info.matchId, token);
      goRematch(created.matchId);
    } catch (e) {
      session.fail(e);
    } finally {
      busy.value = false;
    }
  };

  return (
    <section class="end" aria-labelledby="end-title">
      <h2 id="end-title">{t('end.title', { n: result.hand })}</h2>
      <p>
        {result.winners.length
          ? t('end.handWinner', { names: listNames(result.winners.map((w) => names[w])) })
          : t('end.noWinner')}
      </p>
      <div class="scroll-x">
        <table class="scores">
          <caption class="sr-only">{t('end.title', { n: result.hand })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('end.item')}</th>
              {names.map((n, i) => (
                <th key={i} scope="col">
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item}>
                <th scope="row">{t(`end.${item}`)}</th>
                {result.scores.map((s, i) => (
                  <td key={i}>{s[item]}</td>
                ))}
              </tr>
            ))}
            <tr class="total">
              <th scope="row">{t('end.total')}</th>
              {result.scores.map((s, i) => (
                <td key={i}>{s.total}</td>
              ))}
            </tr>
            <tr class="total match">
              <th scope="row">{t('end.matchTotal')}</th>
              {view.scores.map((s, i) => (
                <td key={i}>{s}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {view.rules.options.matchTarget > 0 && !over && (
        <p class="muted">{t('end.target', { n: view.rules.options.matchTarget })}</p>
      )}
      {over && (
        <p class="winner" role="status">
          {t('end.matchWinner', { names: listNames(view.matchWinners.map((w) => names[w])) })}
        </p>
      )}
      <div class="actions">
        {next && (
          <button
            type="button"
            class="primary"
            disabled={session.pending.value !== null}
            onClick={() => void session.sendMove(next)}
          >
            {t('end.nextHand')}
          </button>
        )}
        {!next && !over && <p class="muted">{t('end.waitNext')}</p>}
        {over && view.seat !== null && (
          <button type="button" class="primary" disabled={busy.value} onClick={() => void rematch()}>
            {t('end.rematch')}
          </button>
        )}
      </div>
      {session.error.value && <p class="error">{errorText(session.error.value)}</p>}
    </section>
  );
}
