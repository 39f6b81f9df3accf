/**
 * Parts of the docked hand not needed on the first paint (loaded right after it): the reason a tapped
 * card cannot be played, shown on the card as a bubble kept inside the screen, and the draw buttons
 * of the dock on a phone (when the draw is a choice). Every move offered is one of `view.legalMoves`.
 */
import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { cardName } from '../../components/Card';
import { t } from '../../i18n';
import { drawMoves } from '../../lib/moves';
import type { TableState } from './state';

/** The reason on a tapped card, kept inside the screen's width (shifted when it would stick out). */
export function CardWhy({ id, text }: { id: string; text: string }): JSX.Element {
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof el.getBoundingClientRect !== 'function') return;
    el.style.removeProperty('--shift');
    const r = el.getBoundingClientRect();
    const room = document.documentElement.clientWidth - 6;
    const shift = r.left < 6 ? 6 - r.left : r.right > room ? room - r.right : 0;
    if (shift) el.style.setProperty('--shift', `${Math.round(shift)}px`);
  }, [text]);
  return (
    <p id={id} ref={ref} class="card-why">
      {text}
    </p>
  );
}

/** In the dock on a phone, the draw when it is a choice (pile or discard), next to the hand. */
export function DockDraw({ state }: { state: TableState }): JSX.Element | null {
  const { view, busy, send } = state;
  const draws = drawMoves(view.legalMoves);
  if (!draws.pile && !draws.discard) return null;
  return (
    <div class="actions dock-draw">
      {draws.pile && (
        <button type="button" class="primary" disabled={busy} onClick={() => send(draws.pile!)}>
          {t('table.draw')}
        </button>
      )}
      {draws.discard && view.discardTop && (
        <button type="button" class="secondary" disabled={busy} onClick={() => send(draws.discard!)}>
          {t('table.drawDiscard', { card: cardName(view.discardTop) })}
        </button>
      )}
    </div>
  );
}
