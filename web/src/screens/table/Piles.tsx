/**
 * The draw and discard piles: the draw pile with its size (a button when drawing is legal), and the
 * discard pile with its top card (a button to take it, or to discard the selected card on it).
 */
import type { JSX } from 'preact';
import { cardName } from '../../components/Card';
import { t } from '../../i18n';
import { drawMoves } from '../../lib/moves';
import type { Move } from '../../lib/types';
import { Flash } from './Areas';
import type { TableState } from './state';
import { TopCard } from './TopCard';

/** The draw pile; `draw` is its legal draw move, if any. */
function DrawPile({ state, draw }: { state: TableState; draw: Move | null }): JSX.Element {
  const { view, pending, busy, send } = state;
  const sending = pending?.type === 'draw' && pending.from !== 'discard';
  return (
    <button
      type="button"
      class={`deck${draw ? ' legal' : ''}${sending ? ' pending' : ''}`}
      disabled={!draw || busy}
      onClick={() => draw && send(draw)}
    >
      <span class="deck-back" aria-hidden="true">
        <span>{view.deckSize}</span>
      </span>
      <span class="pile-caption">{draw ? t('table.draw') : t('table.drawPile', { n: view.deckSize })}</span>
      {draw && <span class="sr-only"> — {t('table.drawPile', { n: view.deckSize })}</span>}
    </button>
  );
}

/** What the discard pile's caption says: discard the selected card, take the top card, or the pile. */
function discardCaption(state: TableState, discard: Move | null, take: Move | null): string {
  const { view, card } = state;
  if (discard && card) return t('table.discard', { card: cardName(card) });
  if (take && view.discardTop) return t('table.drawDiscard', { card: cardName(view.discardTop) });
  return view.discardTop
    ? t('table.discardPile', { n: view.discardSize, card: cardName(view.discardTop) })
    : t('table.discardEmpty');
}

/** The discard pile; `take` is the legal draw from it, if any. */
function DiscardPile({ state, take }: { state: TableState; take: Move | null }): JSX.Element {
  const { view, options, busy, send, changes } = state;
  const discard = options?.discard ?? null;
  const flashAt = changes?.discard ? changes.version : null;
  const action = discard ?? take;
  return (
    <button
      type="button"
      class={`discard${action ? ' legal' : ''}`}
      disabled={!action || busy}
      onClick={() => action && send(action)}
    >
      <span aria-hidden="true">
        <TopCard card={view.discardTop} />
      </span>
      <span class="pile-caption">{discardCaption(state, discard, take)}</span>
      <Flash key={`f${flashAt}`} at={flashAt} />
    </button>
  );
}

/** Both piles. */
export function Piles({ state }: { state: TableState }): JSX.Element {
  const draws = drawMoves(state.view.legalMoves);
  return (
    <div class="piles">
      <DrawPile state={state} draw={draws.pile} />
      <DiscardPile state={state} take={draws.discard} />
    </div>
  );
}
