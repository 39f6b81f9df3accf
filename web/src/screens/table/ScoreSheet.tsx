/**
 * The score sheet of a match: a hand-by-hand table of every finished hand's total with the match
 * total, then each finished hand's itemized table (RULES.md §9) with the running total after it. Read
 * from `view.results` and `view.scores` only. Loaded on first use (it is not needed on first paint):
 * the table's "Score sheet" dialog and the end of the match show it.
 */
import { Fragment, type JSX } from 'preact';
import { t } from '../../i18n';
import type { MatchInfo, MatchView } from '../../lib/types';
import { listTeams, teamName } from '../../lib/words';
import { ReplayLinks } from '../replay/ReplayLinks';
import { HandScores, HeadRow, ScoreRow } from './HandScores';

/** Running totals after each hand: element h is the sum of the hand totals of hands 0..h, per team. */
function runningTotals(view: MatchView): number[][] {
  let sum = view.teams.map(() => 0);
  return view.results.map((r) => {
    sum = sum.map((v, i) => v + (r.scores[i]?.total ?? 0));
    return sum;
  });
}

/** The whole sheet: the overview, then every finished hand itemized, oldest first. */
export function ScoreSheet({ info, view }: { info: MatchInfo; view: MatchView }): JSX.Element {
  if (!view.results.length) return <p class="muted">{t('sheet.empty')}</p>;
  const names = view.teams.map((_, i) => teamName(info, view, i));
  const running = runningTotals(view);
  const winners = (w: readonly number[]) =>
    w.length ? t('end.handWinner', { names: listTeams(info, view, w) }) : t('end.noWinner');
  return (
    <div class="score-sheet">
      <div class="scroll-x">
        <table class="scores">
          <caption>{t('sheet.overview')}</caption>
          <HeadRow first={t('sheet.handCol')} names={names} />
          <tbody>
            {view.results.map((r) => (
              <ScoreRow
                key={r.hand}
                label={t('sheet.hand', { n: r.hand })}
                values={r.scores.map((s) => s.total)}
              />
            ))}
            <ScoreRow class="total match" label={t('end.matchTotal')} values={view.scores} />
          </tbody>
        </table>
      </div>
      {view.results.map((r, h) => (
        <Fragment key={r.hand}>
          <HandScores
            result={r}
            names={names}
            caption={`${t('sheet.hand', { n: r.hand })}: ${winners(r.winners)}`}
            totals={[{ label: t('sheet.running'), values: running[h] }]}
          />
          {/* The replay of this hand, when the server opens it to this reader. */}
          <ReplayLinks info={info} hand={r.hand} />
        </Fragment>
      ))}
    </div>
  );
}
