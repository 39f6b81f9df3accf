/**
 * What the parts of the table share: the player's choice (the selected hand card, the cards picked
 * for a mulligan), kept across updates by `useSelection`, and per render the `TableState` every
 * part reads (the match, my seat and team, the selected card's legal options, how to send a move).
 */

import { type Signal, useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { teamOf } from '../../../../worker/shared/teams';
import { type CardOptions, canPlay, optionsForCard } from '../../lib/moves';
import type { MatchSession } from '../../lib/session';
import type { CardId, MatchInfo, MatchView, Move } from '../../lib/types';
import type { TableChanges } from './changes';

/** The player's choice on the table, as signals that outlive one render. */
export interface Selection {
  /** Index in the hand of the selected card, or null. */
  selected: Signal<number | null>;
  /** Hand indexes picked for a mulligan, or null when not picking. */
  picking: Signal<number[] | null>;
}

/**
 * The selection hook. A new view version means a new situation: it forgets a selection that may no
 * longer apply — but keeps a selected card that is still in the same place with moves to offer (an
 * update that arrives while the player is choosing, e.g. the automatic draw or a bot's move, must not
 * undo the choice), unless the card could be played before and now can only be discarded. A mulligan
 * pick is always dropped.
 */
export function useSelection(view: MatchView | null | undefined): Selection {
  const selected = useSignal<number | null>(null);
  const picking = useSignal<number[] | null>(null);
  const version = view?.version;
  const selectedCard = selected.value === null ? undefined : view?.hand[selected.value];
  const selectedRef = useRef<CardId | undefined>(undefined);
  // Whether the selected card could be played (not only discarded) in the view the player last saw.
  const playableRef = useRef(false);
  useEffect(() => {
    const sel = selected.value;
    const card = sel === null ? undefined : view?.hand[sel];
    const options = card === undefined ? null : optionsForCard(view?.legalMoves ?? [], card as CardId);
    const stillThere =
      options !== null &&
      card === selectedRef.current &&
      (options.plays.length > 0 || options.discard !== null || options.answer !== null);
    // A card chosen to be played that the update leaves only a discard is let go: the button under
    // the player's finger must not turn from "Play" into "Discard" (another tab played meanwhile).
    const lostItsPlays = options !== null && playableRef.current && !canPlay(options);
    if (!stillThere || lostItsPlays) selected.value = null;
    picking.value = null;
  }, [version]);
  useEffect(() => {
    const card = selectedRef.current;
    playableRef.current = card !== undefined && canPlay(optionsForCard(view?.legalMoves ?? [], card));
  });
  selectedRef.current = selectedCard as CardId | undefined;
  return { selected, picking };
}

/**
 * Sends the player's `move`; once answered, the focus goes to the next useful control (table/focus.ts,
 * loaded on the first move). Resolves like `MatchSession.sendMove` (true when accepted).
 */
export async function sendAndFocus(session: MatchSession, move: Move): Promise<boolean> {
  const ok = await session.sendMove(move);
  await import('./focus').then((f) => f.focusAfterMove(session));
  return ok;
}

/** What every part of the table reads in one render. */
export interface TableState {
  session: MatchSession;
  info: MatchInfo;
  view: MatchView;
  /** My seat, or null for a spectator. */
  me: number | null;
  /** My team, or null for a spectator. */
  myTeam: number | null;
  /** The move being sent, if any. */
  pending: Move | null;
  /** True while a move is being sent: every move button is disabled. */
  busy: boolean;
  selection: Selection;
  /** The selected hand card, if any. */
  card: CardId | undefined;
  /** The selected card's legal options (`view.legalMoves` looked up), or null. */
  options: CardOptions | null;
  /** What the last update changed (shown briefly where it happened), or null. */
  changes: TableChanges | null;
  /** Sends a move and clears the selection; the focus then goes to the next useful control. */
  send: (move: Move) => void;
}

/** The table state of one render. */
export function tableState(
  session: MatchSession,
  info: MatchInfo,
  view: MatchView,
  selection: Selection,
  changes: TableChanges | null = null,
): TableState {
  const me = view.seat;
  const pending = session.pending.value;
  const sel = selection.selected.value;
  const card = sel !== null ? (view.hand[sel] as CardId | undefined) : undefined;
  return {
    session,
    info,
    view,
    me,
    myTeam: me === null ? null : teamOf(view, me),
    pending,
    busy: pending !== null,
    selection,
    card,
    options: card ? optionsForCard(view.legalMoves, card) : null,
    changes,
    send: (m: Move) => {
      selection.selected.value = null;
      selection.picking.value = null;
      void sendAndFocus(session, m);
    },
  };
}
