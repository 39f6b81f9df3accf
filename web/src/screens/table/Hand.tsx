/**
 * My hand: the cards with the legal ones marked (tap a card, then its target), the hint, the
 * selected card's actions (play on an area, answer a hazard, discard) and the mulligan; a tapped card
 * that cannot be played shows why on itself; a card just drawn flashes. On a phone it is docked at the
 * bottom of the screen (styles.css), low enough that the piles (shown above the areas there) stay in
 * sight while the player draws. A spectator sees a line instead. Every action offered is one of
 * `view.legalMoves`.
 */

import type { JSX, RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { teamOf } from '../../../../worker/shared/teams';
import { CardBody, cardLabel, cardName } from '../../components/Card';
import { lazyComponent } from '../../components/Lazy';
import { t } from '../../i18n';
import { canPlay, findMulligan, optionsForCard } from '../../lib/moves';
import type { CardId } from '../../lib/types';
import { loadReasonWords, teamName } from '../../lib/words';
import { answerLabel, handHint, handIsOver, reasonLine } from './Status';
import type { TableState } from './state';

/** One card of the hand as a button: selects it, or picks it for a mulligan. */
function HandCard(props: {
  state: TableState;
  card: CardId;
  index: number;
  /** Set when the card was chosen from the keyboard: the focus moves to its first action. */
  focusActions: RefObject<boolean>;
}): JSX.Element {
  const { state, card, index: i, focusActions } = props;
  const { view, pending, busy, selection } = state;
  const { selected, picking } = selection;
  const playable = canPlay(optionsForCard(view.legalMoves, card));
  const isSel = selected.value === i;
  const isPicked = picking.value?.includes(i) ?? false;
  const isPending =
    pending !== null && 'card' in pending && pending.card === card && (selected.value === null || isSel);
  const fresh = state.changes?.hand.has(i) ? ' fresh' : '';
  // A tapped card that cannot be played says why on the card itself (the server's reasons).
  const why = isSel && !playable && !picking.value ? reasonLine(state, card) : null;
  const whyId = `why-${i}`;
  return (
    <li>
      <button
        type="button"
        class={`card size-hand${playable ? ' legal' : ''}${isSel || isPicked ? ' selected' : ''}${isPending ? ' pending' : ''}${fresh}`}
        aria-pressed={picking.value ? isPicked : isSel}
        aria-describedby={why ? whyId : undefined}
        disabled={busy}
        onClick={(e) => {
          if (picking.value) {
            picking.value = isPicked ? picking.value.filter((x) => x !== i) : [...picking.value, i];
            return;
          }
          // detail 0: activated with Enter or Space rather than a pointer.
          focusActions.current = !isSel && e.detail === 0;
          selected.value = isSel ? null : i;
        }}
      >
        <CardBody card={card} />
        <span class="sr-only">
          {cardLabel(card)}
          {playable ? `, ${t('table.playable')}` : ''}
        </span>
        {playable && (
          <span class="legal-mark" aria-hidden="true">
            ●
          </span>
        )}
      </button>
      {why && <CardWhy id={whyId} text={why} />}
    </li>
  );
}

/** The reason on a tapped card: loaded after the first paint. */
const CardWhy = lazyComponent(() => import('./DockParts').then((m) => m.CardWhy), { quiet: true });

/** Keeps `--dock-h` on the page (px) equal to the docked hand's height, so nothing hides behind it. */
function useDockHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // The observer tells the first size too, after the first layout and before that frame's paint:
    // the height is read from its entry, never by a forced layout (offsetHeight) in the render's task.
    const obs = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.borderBoxSize?.[0];
      const h = box ? Math.round(box.blockSize) : el.offsetHeight;
      root.style.setProperty('--dock-h', `${h}px`);
    });
    obs.observe(el);
    return () => {
      obs.disconnect();
      root.style.removeProperty('--dock-h');
    };
  }, []);
}

/** The selected card's actions: play it on each legal target, answer with it, discard it, cancel. */
function CardActions(props: {
  state: TableState;
  card: CardId;
  actionsRef: RefObject<HTMLDivElement | null>;
}): JSX.Element | null {
  const { state, card, actionsRef } = props;
  const { info, view, options: opts, busy, send, selection } = state;
  if (!opts) return null;
  return (
    <div class="actions" ref={actionsRef}>
      {opts.plays.map((p) => (
        <button
          key={String(p.target)}
          type="button"
          class="primary"
          disabled={busy}
          onClick={() => send(p.move)}
        >
          {p.target === null
            ? t('table.playSelf')
            : t('table.playOn', { name: teamName(info, view, teamOf(view, p.target)) })}
        </button>
      ))}
      {opts.answer && (
        <button type="button" class="primary" disabled={busy} onClick={() => send(opts.answer!)}>
          {answerLabel(opts.answer)}
        </button>
      )}
      {opts.discard && (
        <button type="button" class="secondary" disabled={busy} onClick={() => send(opts.discard!)}>
          {t('table.discard', { card: cardName(card) })}
        </button>
      )}
      <button type="button" class="ghost" onClick={() => (selection.selected.value = null)}>
        {t('common.cancel')}
      </button>
    </div>
  );
}

/** The mulligan: start picking cards, then confirm the picked ones (when that is a legal mulligan) or cancel. */
function MulliganActions({ state }: { state: TableState }): JSX.Element {
  const { view, busy, send, selection } = state;
  const { selected, picking } = selection;
  if (!picking.value) {
    return (
      <div class="actions">
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() => {
            selected.value = null;
            picking.value = [];
          }}
        >
          {t('table.mulligan')}
        </button>
      </div>
    );
  }
  const picked = picking.value.map((i) => view.hand[i]);
  const move = findMulligan(view.legalMoves, picked);
  return (
    <div class="actions">
      <button type="button" class="primary" disabled={!move || busy} onClick={() => move && send(move)}>
        {t('table.mulliganConfirm', { n: picked.length })}
      </button>
      <button type="button" class="ghost" onClick={() => (picking.value = null)}>
        {t('common.cancel')}
      </button>
    </div>
  );
}

/** My hand with its actions, or the spectator's line. */
export function Hand({ state }: { state: TableState }): JSX.Element {
  const { view, me, card, selection } = state;
  const actionsRef = useRef<HTMLDivElement>(null);
  const dockRef = useRef<HTMLElement>(null);
  useDockHeight(dockRef);
  // A card chosen from the keyboard moves the focus to its first option (no tabbing through the hand).
  const focusActions = useRef(false);
  // The words for why a card cannot be played load after the first paint, before any tap.
  useEffect(() => void loadReasonWords(), []);
  useEffect(() => {
    if (!focusActions.current) return;
    focusActions.current = false;
    actionsRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  });
  if (me === null) return <p class="muted">{t('table.spectator')}</p>;
  const canMulligan = view.legalMoves.some((m) => m.type === 'mulligan');
  // While a tapped card shows its reason in a bubble, the hint line (which says the same, for screen
  // readers) is not drawn: the bubble stands over it.
  const hint = handHint(state);
  const behindWhy =
    card !== undefined && state.options !== null && !canPlay(state.options) && !selection.picking.value;
  return (
    // Docked at the bottom of a phone's screen while the hand is played; once it is over the end of
    // hand's buttons need the room, and the cards left stay in the page.
    <section
      class={handIsOver(view) ? 'hand-area' : 'hand-area dock'}
      aria-label={t('table.hand')}
      ref={dockRef}
    >
      <h2 class="sr-only">{t('table.hand')}</h2>
      <p class={behindWhy ? 'hint behind-why' : 'hint'}>{hint}</p>
      {/* Only the answer to the player's own tap is announced: "sending" and "your turn" are the
          status bar's (Status.tsx), other players' moves the journal's. */}
      <p class="sr-only" aria-live="polite">
        {!state.busy && (card !== undefined || selection.picking.value) ? hint : ''}
      </p>
      <ul class="hand">
        {view.hand.map((c, i) => (
          <HandCard key={`${c}-${i}`} state={state} card={c} index={i} focusActions={focusActions} />
        ))}
      </ul>
      {card && !selection.picking.value && <CardActions state={state} card={card} actionsRef={actionsRef} />}
      {canMulligan && <MulliganActions state={state} />}
    </section>
  );
}
