/**
 * End of a hand: the itemized score table of RULES.md §9 from `view.results` for every player or
 * team, the match totals, the next hand (when it is a legal move) and, at the end of the match,
 * the winner and a rematch offer's answer above the scores, the whole score sheet
 * (screens/table/ScoreSheet, loaded then) and "play again".
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { describePlayedOut } from '../../../worker/words/events/history';
import { lazyComponent } from '../components/Lazy';
import { eventWords, t } from '../i18n';
import { goRematch, sendRematch } from '../lib/rematch';
import type { MatchSession } from '../lib/session';
import type { MatchInfo, MatchView } from '../lib/types';
import { errorText, eventTable, handGoal, listTeams, teamName } from '../lib/words';
import { RematchOffer } from './RematchOffer';
import { HandScores } from './table/HandScores';

/** The ways into the replay of finished hands, loaded when a hand's replay is open. */
const ReplayLinks = lazyComponent(() => import('./replay/ReplayLinks').then((m) => m.ReplayLinks), {
  quiet: true,
});

/** The whole score sheet, shown with the result at the end of a match of several hands. */
const ScoreSheet = lazyComponent(() => import('./table/panels').then((m) => m.ScoreSheet));

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

  // "Play again" makes the offer (or accepts it); the others answer it (RematchOffer).
  // A practice match starts its next one on this device.
  const rematch = () =>
    session.local
      ? session.local.again()
      : info.rematchId
        ? goRematch(info, view.seat, info.rematchId)
        : sendRematch(session, info, view.seat, busy);

  return (
    <section class="end" aria-labelledby="end-title">
      <h2 id="end-title">{t('end.title', { n: result.hand })}</h2>
      <p>
        {describePlayedOut(result, handGoal(result, view), eventTable(info, view), eventWords.value) ??
          (result.winners.length
            ? t('end.handWinner', { names: listTeams(info, view, result.winners) })
            : t('end.noWinner'))}
      </p>
      {over && (
        <p class="winner" role="status">
          {t('end.matchWinner', { names: listTeams(info, view, view.matchWinners) })}
        </p>
      )}
      {/* The answer to a rematch comes first, above the scores: on a phone the table below is long.
          Part of this screen's script (not loaded apart), so it never pushes the scores down later. */}
      {over && info.rematch && <RematchOffer session={session} info={info} view={view} />}
      <HandScores
        result={result}
        names={names}
        caption={t('end.title', { n: result.hand })}
        captionClass="sr-only"
        totals={[{ label: t('end.matchTotal'), values: view.scores }]}
      />
      {view.rules.options.matchTarget > 0 && !over && (
        <p class="muted">{t('end.target', { n: view.rules.options.matchTarget })}</p>
      )}
      {(info.you.replayHands ?? 0) >= result.hand && (
        <ReplayLinks info={info} hand={result.hand} review={over} />
      )}
      {over && view.results.length > 1 && (
        <section class="end-sheet" aria-labelledby="end-sheet-title">
          <h3 id="end-sheet-title">{t('sheet.title')}</h3>
          <ScoreSheet info={info} view={view} />
        </section>
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
        {over && (view.seat !== null || info.you.host) && info.rematch?.state !== 'open' && (
          <button type="button" class="primary" disabled={busy.value} onClick={() => void rematch()}>
            {t('end.rematch')}
          </button>
        )}
      </div>
      {session.error.value && <p class="error">{errorText(session.error.value, { retrying: true })}</p>}
    </section>
  );
}
