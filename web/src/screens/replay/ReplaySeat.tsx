/**
 * One seat in the replay: its name, its cards at this step (every hand is shown: the hand
 * is over), and its team's area in a line (km, battle and speed tops, safeties). Reuses the table's
 * card faces.
 */
import type { JSX } from 'preact';
import type { ReplayTable } from '../../../../worker/engine/hand-replay';
import { CardFace } from '../../components/Card';
import { t } from '../../i18n';
import { TopCard } from '../table/TopCard';

/** Seat `seat` of `table`, `acting` when it just moved, `toAct` when it moves next. */
export function ReplaySeat(props: {
  seat: number;
  name: string;
  team: number;
  table: ReplayTable;
  acting: boolean;
  toAct: boolean;
  /** Show the team's area here (the first seat of the team). */
  showArea: boolean;
}): JSX.Element {
  const { seat, name, table } = props;
  const area = table.tableaux[props.team];
  const cards = table.cards[seat] ?? [];
  return (
    <section class={`replay-seat${props.acting ? ' acting' : ''}`} aria-label={name}>
      <h3>
        {name}
        {props.toAct && <span class="replay-to-act"> · {t('replay.toAct')}</span>}
      </h3>
      {props.showArea && area && (
        <div class="replay-area">
          <span class="replay-km">{t('replay.km', { n: area.km })}</span>
          <TopCard card={area.battleTop} />
          {area.speedTop && <TopCard card={area.speedTop} />}
          {area.safeties.map((c) => (
            <CardFace key={c} card={c} sideways={area.coupFourre.includes(c)} />
          ))}
        </div>
      )}
      <ul class="replay-cards" aria-label={t('replay.cards', { name })}>
        {cards.map((c, i) => (
          <li key={`${c}-${i}`} data-card={c}>
            <CardFace card={c} />
          </li>
        ))}
      </ul>
    </section>
  );
}
