/**
 * Where the keyboard focus goes after the player's own move, when the button that had it is gone (the
 * card's actions close): the next useful control instead of the page body — an answer to a hazard, a
 * draw, a card that can be played, else (not the player's turn) the status line. Other players'
 * moves never move the focus; the journal's live region announces them.
 */
import type { MatchSession } from '../../lib/session';

/** The controls tried in order when the player has a move; the first one shown gets the focus. */
const NEXT_CONTROLS = [
  '.prompt.urgent button:not([disabled])',
  '.piles button.legal:not([disabled])',
  'ul.hand button.legal:not([disabled])',
  'ul.hand button.card:not([disabled])',
] as const;

/** True when nothing useful holds the focus (the page body, or an element that left the page). */
function focusLost(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected;
}

/** False for an element hidden by the layout (e.g. a compact area line on a wide screen). */
function shown(el: HTMLElement): boolean {
  return typeof el.checkVisibility !== 'function' || el.checkVisibility();
}

/**
 * Moves the lost focus inside `root` to the next useful control when `hasMove` (the view offers the
 * player a move), else to the status line (`.statusbar`, focusable by script). Returns the element
 * focused, or null when the focus was not lost.
 */
export function focusNext(root: HTMLElement, hasMove: boolean): HTMLElement | null {
  if (!focusLost()) return null;
  for (const sel of hasMove ? NEXT_CONTROLS : []) {
    const el = [...root.querySelectorAll<HTMLElement>(sel)].find(shown);
    if (el) {
      el.focus();
      return el;
    }
  }
  const status = root.querySelector<HTMLElement>('.statusbar');
  status?.focus({ preventScroll: true });
  return status;
}

/**
 * After the player's move was answered: once the page shows the answer, puts the lost focus on the
 * next useful control of the table (loaded after the first move: not part of the initial script).
 */
export async function focusAfterMove(session: MatchSession): Promise<void> {
  await new Promise((r) => setTimeout(r, 0)); // the re-render of the answer comes first
  const root = document.querySelector<HTMLElement>('.table-screen');
  if (root) focusNext(root, (session.info.value?.view?.legalMoves.length ?? 0) > 0);
}
