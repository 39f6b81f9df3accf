/** The top card of a pile, or an empty slot when the pile is empty (battle, speed and discard piles). */
import type { JSX } from 'preact';
import { CardFace, EmptySlot } from '../../components/Card';
import { t } from '../../i18n';
import type { CardId } from '../../lib/types';

/** `card` face up, or the empty slot labelled "none". */
export function TopCard({ card }: { card: CardId | null }): JSX.Element {
  return card ? <CardFace card={card} /> : <EmptySlot label={t('card.none')} />;
}
