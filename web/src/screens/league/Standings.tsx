/**
 * A league's standings table and its members' form: matches and hands won, total
 * points, points per hand, coups fourrés and the longest winning run, best first; a member who
 * left is marked so. Read from `LeagueInfo.standings` (computed by the server).
 */
import type { JSX } from 'preact';
import type { Standing } from '../../../../worker/league-protocol';
import { lang, t } from '../../i18n';
import { FormChart } from './FormChart';

const COLUMNS = [
  ['league.col.matches', (s: Standing) => s.matches],
  ['league.col.won', (s: Standing) => s.matchesWon],
  ['league.col.hands', (s: Standing) => s.handsWon],
  ['league.col.points', (s: Standing) => s.points],
  ['league.col.perHand', (s: Standing) => s.perHand],
  ['league.col.coups', (s: Standing) => s.coupsFourres],
  ['league.col.run', (s: Standing) => s.longestRun],
] as const;

/** A member's name as the standings show it. */
export function memberName(s: { name: string; left: boolean }): string {
  return s.left ? t('league.gone', { name: s.name }) : s.name;
}

/** The standings table (scrolls sideways on a phone) and the form charts. */
export function Standings({ standings }: { standings: readonly Standing[] }): JSX.Element {
  return (
    <>
      <section class="card-box" aria-labelledby="league-standings">
        <h2 id="league-standings">{t('league.standings')}</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard */}
        <section class="league-table" tabIndex={0} aria-labelledby="league-standings">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('league.col.member')}</th>
                {COLUMNS.map(([key]) => (
                  <th key={key} scope="col">
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {standings.map((s) => (
                <tr key={s.member} class={s.left ? 'gone' : undefined}>
                  <th scope="row">{memberName(s)}</th>
                  {COLUMNS.map(([key, value]) => (
                    <td key={key}>{value(s).toLocaleString(lang.value)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </section>
      <section class="card-box" aria-labelledby="league-form">
        <h2 id="league-form">{t('league.form')}</h2>
        <ul class="form-list">
          {standings.map((s) => (
            <FormChart key={s.member} standing={s} />
          ))}
        </ul>
      </section>
    </>
  );
}
