/**
 * What the last update changed on the table, so that the screen can show it where it happened for a
 * moment (a short highlight on an area, the discard pile, a new hand card). Read from two views of
 * the server, the one shown before and the new one; nothing here knows a rule.
 */
import { useRef } from 'preact/hooks';
import type { MatchView } from '../../lib/types';

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

/** The diff, loaded after the first paint (the first view has nothing to compare with anyway). */
let differ: ((prev: MatchView | null, next: MatchView) => TableChanges) | null = null;
/** Loads the diff (table/diff-views.ts); resolves once `useChanges` can compare views. */
export const loadDiffer = (): Promise<void> =>
  import('./diff-views').then((m) => {
    differ = m.diffViews;
  });

/** The changes the current view brought, kept for that version (re-renders do not reset them). */
export function useChanges(view: MatchView | null | undefined): TableChanges | null {
  const shown = useRef<MatchView | null>(null);
  const changes = useRef<TableChanges | null>(null);
  if (!view) return null;
  if (!changes.current || changes.current.version !== view.version) {
    if (!differ) void loadDiffer();
    changes.current = differ
      ? differ(shown.current, view)
      : { version: view.version, areas: new Set(), discard: false, hand: new Set() };
    shown.current = view;
  }
  return changes.current;
}
