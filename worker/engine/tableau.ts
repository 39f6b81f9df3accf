/**
 * Facts about one player's/team's tableau: rolling, speed limit, protection, 200s. Each is a small
 * named rule with its RULES.md section.
 */
import { type CardId, type HazardCard, isHazard, isRemedy, SAFETY_FOR } from './cards';
import type { RuleOptions } from './rules';
import type { Tableau } from './types';

/** An empty tableau at the start of a hand. RULES.md §2. */
export function emptyTableau(): Tableau {
  return {
    battle: [],
    speed: [],
    distance: [],
    safeties: [],
    coupFourre: [],
    km: 0,
    cleared: false,
    started: false,
  };
}

/** The top card of a pile (last element), or null. */
export function top(pile: readonly CardId[]): CardId | null {
  return pile.length ? pile[pile.length - 1] : null;
}

/**
 * True when `card` is on top of `pile`. The rules ask this rather than `top(pile) === card`: comparing
 * only card ids (never null with a card id) lets the JIT compare them as interned strings, by reference.
 */
export function topIs(pile: readonly CardId[], card: CardId): boolean {
  return pile.length > 0 && pile[pile.length - 1] === card;
}

/** True when the team has played Right of Way. RULES.md §4, §6 [H16, FR]. */
export function hasRightOfWay(t: Tableau): boolean {
  return t.safeties.includes('right_of_way');
}

/**
 * Rolling: may play distance. RULES.md §4 [H16, NO, FR, OLD]: the battle top is Roll; or
 * `rollAfterRemedy = false` and the top is a remedy; or Right of Way and the top is not a hazard; or
 * (RULES.md §6) a safety cancelled the hazard on the pile and nothing was put on it since.
 */
export function isRolling(t: Tableau, options: RuleOptions): boolean {
  const card = top(t.battle);
  if (card !== null && isHazard(card)) return false;
  if (t.cleared || hasRightOfWay(t)) return true;
  if (card === null) return false;
  return card === 'roll' || (isRemedy(card) && !options.rollAfterRemedy);
}

/** Under a Speed Limit: the speed top is Speed Limit and no Right of Way. RULES.md §4 [all]. */
export function isLimited(t: Tableau): boolean {
  return topIs(t.speed, 'speed_limit') && !hasRightOfWay(t);
}

/** Protected from a hazard by the matching safety. RULES.md §5 [all], §6. */
export function isProtected(t: Tableau, hazard: HazardCard): boolean {
  return t.safeties.includes(SAFETY_FOR[hazard]);
}

/** Under a battle hazard: the battle top is a hazard. RULES.md §5 [H16, NO, FR]. */
export function isHazarded(t: Tableau): boolean {
  const card = top(t.battle);
  return card !== null && isHazard(card);
}

/** How many 200 km cards the team played this hand (at most two, RULES.md §4 [all]). */
export function twoHundreds(t: { readonly distance: readonly CardId[] }): number {
  let n = 0;
  for (const c of t.distance) if (c === 'd200') n++;
  return n;
}
