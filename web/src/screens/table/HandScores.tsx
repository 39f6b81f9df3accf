/**
 * One finished hand's itemized score table (RULES.md §9): a row per score item that scored in this
 * hand (distance always), the hand total, then the extra total rows the caller gives (the match total
 * at the end of a hand, the running total on the score sheet). One column per player or team. Also
 * the header row and the score row every score table is made of (screens/table/ScoreSheet).
 */
import type { ComponentChildren, JSX } from 'preact';
import type { HandResult } from '../../../../worker/engine/types';
import { SCORE_ITEMS } from '../../../../worker/shared/rules-data';
import { t } from '../../i18n';

/** A total row under the hand total: its label and one number per player or team (points). */
export interface TotalRow {
  label: string;
  values: readonly number[];
}

/** The header row: `first` over the row labels, then a column header per player or team name. */
export function HeadRow({ first, names }: { first: string; names: readonly string[] }): JSX.Element {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {names.map((n, i) => (
          <th key={i} scope="col">
            {n}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** One row: its label as the row header, then one number (points) per player or team. */
export function ScoreRow(props: { label: string; values: readonly number[]; class?: string }): JSX.Element {
  return (
    <tr class={props.class}>
      <th scope="row">{props.label}</th>
      {props.values.map((v, i) => (
        <td key={i}>{v}</td>
      ))}
    </tr>
  );
}

/** The table of `result` with a column per name of `names` (team order) and `totals` at the bottom. */
export function HandScores(props: {
  result: HandResult;
  names: readonly string[];
  caption: ComponentChildren;
  captionClass?: string;
  totals: readonly TotalRow[];
}): JSX.Element {
  const { result, names, totals } = props;
  const items = SCORE_ITEMS.filter((item) => result.scores.some((s) => s[item] !== 0) || item === 'distance');
  return (
    <div class="scroll-x">
      <table class="scores">
        <caption class={props.captionClass}>{props.caption}</caption>
        <HeadRow first={t('end.item')} names={names} />
        <tbody>
          {items.map((item) => (
            <ScoreRow key={item} label={t(`end.${item}`)} values={result.scores.map((s) => s[item])} />
          ))}
          <ScoreRow class="total" label={t('end.total')} values={result.scores.map((s) => s.total)} />
          {totals.map((row) => (
            <ScoreRow key={row.label} class="total match" label={row.label} values={row.values} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
