/**
 * The compact line of an area on a phone: one line per player or team with the distance, the battle
 * and speed piles' top cards, the safeties (their pictures), "driving"/"stopped" in words and, on a
 * line of its own, who is away until when ("Bob is away until Wednesday"); a tap opens the full area
 * under it (a real button with `aria-expanded`). Wider screens hide the line and show every
 * area in full (styles.css).
 */
import type { JSX } from 'preact';
import { cardName, MiniArt } from '../../components/Card';
import { t } from '../../i18n';
import type { CardId, MatchView } from '../../lib/types';

type TableauView = MatchView['tableaux'][number];

/** A pile's top card as a kind icon and its name ("—" when the pile is empty). */
function TopName({ label, card }: { label: string; card: CardId | null }): JSX.Element {
  return (
    <span class="al-top">
      <span class="sr-only">{label}: </span>
      {card ? cardName(card) : '—'}
    </span>
  );
}

/**
 * The line of `tb` named `name`; `away` holds its players' absences in words (lib/away), `open` says
 * whether its full area shows, `onToggle` flips it.
 */
export function AreaLine(props: {
  name: string;
  tableau: TableauView;
  away: readonly string[];
  open: boolean;
  controls: string;
  target: boolean;
  onToggle: () => void;
}): JSX.Element {
  const { name, tableau: tb, away, open, controls, target, onToggle } = props;
  return (
    <button
      type="button"
      class={`area-line${target ? ' is-target' : ''}`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span class="al-name">{name}</span>
      <span class={`al-state ${tb.rolling ? 'ok' : 'bad'}`}>
        {tb.rolling ? t('table.rolling') : t('table.stopped')}
      </span>
      <span class="al-km">{t('table.km', { km: tb.km })}</span>
      <TopName label={t('table.battle')} card={tb.battleTop} />
      {tb.speedTop && <TopName label={t('table.speed')} card={tb.speedTop} />}
      <span class="al-safeties">
        <span class="sr-only">
          {t('table.safeties')}: {tb.safeties.map(cardName).join(', ') || t('table.noSafeties')}
        </span>
        {tb.safeties.map((s) => (
          <MiniArt key={s} card={s} />
        ))}
      </span>
      <span class="al-open" aria-hidden="true">
        {open ? '▴' : '▾'}
      </span>
      {away.map((line) => (
        <span key={line} class="al-away">
          {line}
        </span>
      ))}
    </button>
  );
}
