/**
 * A league's standings table and its members' form: matches and hands won, total
 * points, points per hand, coups fourrés and the longest winning run, best first; a member who
 * left is marked so. Read from `LeagueInfo.standings` (computed by the server).
 *
 * On a wide screen one table holds every figure; on a phone (styles.css, under 720 px) the same
 * figures come as two tables that fit 320 px without cutting a word: the main one (matches, won,
 * points, per hand) and "More figures" (hands won, coups fourrés, longest run). Only one of the
 * two layouts is displayed, so a screen reader reads each figure once. Should a table still be
 * wider than the screen (long names, large text), it scrolls sideways in a labelled region that
 * the keyboard reaches, with a shadow at the edge where more is to see.
 */
import type { JSX } from 'preact';
import type { Standing } from '../../../../worker/league-protocol';
import { lang, type MessageKey, t } from '../../i18n';
import { FormChart } from './FormChart';

/** One figure of the standings: its header's words and its value. */
type Column = readonly [MessageKey, (s: Standing) => number];

const MAIN: readonly Column[] = [
  ['league.col.matches', (s) => s.matches],
  ['league.col.won', (s) => s.matchesWon],
  ['league.col.points', (s) => s.points],
  ['league.col.perHand', (s) => s.perHand],
];
const MORE: readonly Column[] = [
  ['league.col.hands', (s) => s.handsWon],
  ['league.col.coups', (s) => s.coupsFourres],
  ['league.col.run', (s) => s.longestRun],
];
/** Every figure in the wide table's order. */
const ALL: readonly Column[] = [MAIN[0], MAIN[1], MORE[0], MAIN[2], MAIN[3], MORE[1], MORE[2]];

/** A member's name as the standings show it. */
export function memberName(s: { name: string; left: boolean }): string {
  return s.left ? t('league.gone', { name: s.name }) : s.name;
}

/** One table of `columns`, in a region labelled by the element `labelledBy`; `layout` is its CSS class. */
function Table(props: {
  standings: readonly Standing[];
  columns: readonly Column[];
  labelledBy: string;
  layout: 'wide' | 'phone';
  caption?: { id: string; text: string };
}): JSX.Element {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that may scroll is reached by keyboard
    <section class={`league-table ${props.layout}`} tabIndex={0} aria-labelledby={props.labelledBy}>
      <table>
        {props.caption && <caption id={props.caption.id}>{props.caption.text}</caption>}
        <thead>
          <tr>
            <th scope="col">{t('league.col.member')}</th>
            {props.columns.map(([key]) => (
              <th key={key} scope="col">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.standings.map((s) => (
            <tr key={s.member} class={s.left ? 'gone' : undefined}>
              <th scope="row">{memberName(s)}</th>
              {props.columns.map(([key, value]) => (
                <td key={key}>{value(s).toLocaleString(lang.value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The standings (one table wide, two on a phone) and the form charts. */
export function Standings({ standings }: { standings: readonly Standing[] }): JSX.Element {
  return (
    <>
      <section class="card-box" aria-labelledby="league-standings">
        <h2 id="league-standings">{t('league.standings')}</h2>
        <Table standings={standings} columns={ALL} labelledBy="league-standings" layout="wide" />
        <Table standings={standings} columns={MAIN} labelledBy="league-standings" layout="phone" />
        <Table
          standings={standings}
          columns={MORE}
          labelledBy="league-more"
          layout="phone"
          caption={{ id: 'league-more', text: t('league.moreFigures') }}
        />
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
