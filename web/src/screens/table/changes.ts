/**
 * What the last update changed on the table, so that the screen can show it where it happened for a
 * moment (a short highlight on an area, the discard pile, a new hand card). Read from two views of
 * the server, the one shown before and the new one; nothing here knows a rule.
 */
import { useRef } from 'preact/hooks';
import type { MatchView } from '../../lib/types';

type TableauView = MatchView['tableaux'][number];

/** The changes of one update: the teams whose area changed, the discard pile, the new hand cards. */
export interface TableChanges {
  /** The view version that brought these changes (a key that restarts the highlight). */
  version: number;
  /** Teams whose area (piles, distance, safeties) changed. */
  areas: ReadonlySet<number>;
  /** True when the discard pile changed (its top card or its size). */
  discard: boolean;
  /** Indexes in the new hand of cards that were not in the previous hand. */
  hand: ReadonlySet<number>;
}

/** What of an area a player sees change: its piles' tops, distance, safeties, limit. */
function areaKey(tb: TableauView): string {
  return [tb.battleTop, tb.speedTop, tb.km, tb.safeties.join(), tb.coupFourre.join(), tb.rolling].join('|');
}

/** The hand indexes of `next` not matched by a card of `prev` (as a multiset). */
function newCards(prev: readonly string[], next: readonly string[]): Set<number> {
  const left = [...prev];
  const out = new Set<number>();
  next.forEach((c, i) => {
    const at = left.indexOf(c);
    if (at === -1) out.add(i);
    else left.splice(at, 1);
  });
  return out;
}

/**
 * The changes from `prev` to `next`; nothing for the first view, a new hand (another hand number) or
 * another seat's view (a seat switch), where everything is new and nothing "happened".
 */
export function diffViews(prev: MatchView | null, next: MatchView): TableChanges {
  const none: TableChanges = { version: next.version, areas: new Set(), discard: false, hand: new Set() };
  if (!prev || prev.handNumber !== next.handNumber || prev.seat !== next.seat) return none;
  const before = new Map(prev.tableaux.map((tb) => [tb.team, areaKey(tb)]));
  return {
    version: next.version,
    areas: new Set(next.tableaux.filter((tb) => before.get(tb.team) !== areaKey(tb)).map((tb) => tb.team)),
    discard: prev.discardTop !== next.discardTop || prev.discardSize !== next.discardSize,
    hand: newCards(prev.hand, next.hand),
  };
}

/** The changes the current view brought, kept for that version (re-renders do not reset them). */
export function useChanges(view: MatchView | null | undefined): TableChanges | null {
  const shown = useRef<MatchView | null>(null);
  const changes = useRef<TableChanges | null>(null);
  if (!view) return null;
  if (!changes.current || changes.current.version !== view.version) {
    changes.current = diffViews(shown.current, view);
    shown.current = view;
  }
  return changes.current;
}
