/**
 * What changed from one view of the server to the next (table/changes.ts shows it where it happened):
 * the areas whose piles, distance or safeties changed, the discard pile, the new hand cards. Nothing
 * here knows a rule.
 */
import type { MatchView } from '../../lib/types';
import type { TableChanges } from './changes';

type TableauView = MatchView['tableaux'][number];

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
