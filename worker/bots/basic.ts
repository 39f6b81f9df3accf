/**
 * The `basic` bot: a one-look heuristic over the seat's legal moves. It scores every move in
 * `legalMoves` (the engine's list, never a list of its own) and plays the best: finish the trip
 * exactly, fix hazards, start rolling, attack the leader, drive far, keep safeties for a coup fourré
 * until the hand nears its end, and discard the least useful card. It reads only a `Situation` (the
 * part of a seat's view it needs), which a bot can also build cheaply from a sampled state; the
 * expert's policy (policy.ts) builds on its context and scores.
 */
import {
  type CardId,
  cardKind,
  type DistanceCard,
  HAZARD_FOR_REMEDY,
  type HazardCard,
  KM,
  MAX_RESHUFFLES,
  type MatchView,
  type Move,
  SAFETY_FOR,
  type SafetyCard,
  type TableauView,
  teamOf,
} from '../engine/index';
import type { Rand } from './rng';

/** What the heuristic reads of a seat's view: a `MatchView` is one; the expert builds them from states. */
export type Situation = Pick<
  MatchView,
  | 'seat'
  | 'seats'
  | 'hand'
  | 'teams'
  | 'tableaux'
  | 'goal'
  | 'rules'
  | 'deckSize'
  | 'discardTop'
  | 'discardSize'
  | 'reshuffles'
  | 'phase'
  | 'window'
  | 'legalMoves'
>;

/** Score of a move that completes the trip: nothing beats it. */
export const FINISH = 10_000;

/** Facts about the seat's position that every move's score uses (built by `basicContext`). */
export interface Context {
  sit: Situation;
  team: number;
  me: TableauView;
  /** km left to the goal. */
  remaining: number;
  /** Cards still to draw: the draw pile plus the discard pile once per reshuffle left. */
  cardsLeft: number;
  /** km the team closest to the goal still has to drive. */
  closest: number;
  /** The hand is near its end: draw pile (almost) gone, or someone is close to the goal. */
  late: boolean;
  /** The opponents' tableaux (every team but the seat's). */
  others: TableauView[];
}

function contextOf(sit: Situation): Context {
  const seat = sit.seat ?? 0;
  const team = teamOf(sit, seat);
  const me = sit.tableaux[team];
  const remaining = sit.goal - me.km;
  const o = sit.rules.options;
  const reshufflesLeft =
    o.emptyDeck === 'reshuffle' ? (MAX_RESHUFFLES - sit.reshuffles) * sit.discardSize : 0;
  const cardsLeft = sit.deckSize + reshufflesLeft;
  let closest = Number.POSITIVE_INFINITY;
  for (const t of sit.tableaux) closest = Math.min(closest, sit.goal - t.km);
  const late = isLate(sit, cardsLeft, closest, 2, 150);
  const others = sit.tableaux.filter((t) => t.team !== team);
  return { sit, team, me, remaining, cardsLeft, closest, late, others };
}

/** Copies of `card` in the seat's hand (counted when asked: a hand holds at most 7 cards). */
export function copiesInHand(ctx: Context, card: CardId): number {
  const hand = ctx.sit.hand;
  let n = 0;
  for (let i = 0; i < hand.length; i++) if (hand[i] === card) n++;
  return n;
}

/**
 * True when the hand nears its end: at most `perSeat` cards per seat (+2) left to draw, counting the
 * reshuffles still allowed (RULES.md §8), or a team within `km` of the goal.
 */
export function isLate(
  sit: Situation,
  cardsLeft: number,
  closest: number,
  perSeat: number,
  km: number,
): boolean {
  return cardsLeft <= perSeat * sit.seats + 2 || closest <= km;
}

/** The opponents' tableaux (every team but the seat's). */
function opponents(ctx: Context): TableauView[] {
  return ctx.others;
}

/**
 * True when the seat can never use `card` this hand, a sure discard: Roll under Right of Way, a
 * remedy for a hazard the seat is protected from (RULES.md §6), distance past the goal under exact
 * finish or a 200 beyond the two-200 limit (§4), a hazard every opponent is protected from (§6).
 */
export function uselessCard(ctx: Context, card: CardId): boolean {
  const { me, remaining } = ctx;
  switch (cardKind(card)) {
    case 'remedy':
      if (card === 'roll') return me.safeties.includes('right_of_way');
      return me.safeties.includes(SAFETY_FOR[HAZARD_FOR_REMEDY[card as keyof typeof HAZARD_FOR_REMEDY]]);
    case 'distance':
      return (
        (ctx.sit.rules.options.exactFinish && KM[card as DistanceCard] > remaining) ||
        (card === 'd200' && me.twoHundreds >= 2)
      );
    case 'hazard':
      return ctx.others.every((t) => t.safeties.includes(SAFETY_FOR[card as HazardCard]));
    default:
      return false;
  }
}

/** Copies of a 200 in hand beyond what the two-200 limit still allows (RULES.md §4). */
export function spareTwoHundred(ctx: Context): boolean {
  return copiesInHand(ctx, 'd200') > 2 - ctx.me.twoHundreds;
}

/**
 * How much the seat wants to keep `card` (0 = useless, higher = keep). Used to pick the discard:
 * useless cards first (`uselessCard`), then spare copies, then the least useful kind.
 */
function keepValue(ctx: Context, card: CardId): number {
  if (uselessCard(ctx, card)) return 0;
  const { remaining } = ctx;
  const o = ctx.sit.rules.options;
  const extra = copiesInHand(ctx, card) > 1;
  switch (cardKind(card)) {
    case 'safety':
      return 1000;
    case 'remedy':
      if (card === 'roll') return extra ? 20 : 70;
      if (card === 'end_of_limit') return remaining <= 50 ? 2 : extra ? 8 : 30;
      return extra ? 15 : 60;
    case 'distance': {
      const km = KM[card as DistanceCard];
      if (card === 'd200' && spareTwoHundred(ctx)) return 3;
      if (o.exactFinish && km === remaining) return 150;
      // Small cards matter for the exact finish; large ones for speed.
      const needSmall = o.exactFinish && remaining <= 200 ? 25 : 0;
      return km / 2 + (km <= 50 ? needSmall : 0) - (extra ? 5 : 0);
    }
    case 'hazard': {
      const base = card === 'stop' ? 30 : card === 'speed_limit' ? 20 : 45;
      return extra ? base / 2 : base;
    }
    default:
      return 0;
  }
}

/** The threat an opponent poses: how far it got, more when close to the goal. */
function threat(ctx: Context, t: TableauView): number {
  const left = ctx.sit.goal - t.km;
  return t.km / 5 + (left <= 200 ? 100 : 0);
}

function scorePlay(ctx: Context, card: CardId, target: number | undefined): number {
  const { sit, me, remaining } = ctx;
  switch (cardKind(card)) {
    case 'distance': {
      const km = KM[card as DistanceCard];
      if (completesTrip(ctx, km)) return FINISH;
      // Keep a 200 when the rest of the trip is short and smaller cards would do.
      return 100 + km;
    }
    case 'hazard': {
      const victim = sit.tableaux[teamOf(sit, target!)];
      if (card === 'speed_limit') {
        const left = sit.goal - victim.km;
        if (left <= 50) return 40;
        return 200 + threat(ctx, victim) / 2;
      }
      const strong = card === 'stop' ? 0 : 40;
      return 320 + strong + threat(ctx, victim);
    }
    case 'remedy': {
      if (card === 'roll') return 450;
      if (card === 'end_of_limit') {
        const hasBig = sit.hand.some((c) => cardKind(c) === 'distance' && KM[c as DistanceCard] > 50);
        return hasBig && remaining > 50 ? 260 : 110;
      }
      return 500;
    }
    case 'safety': {
      const s = card as SafetyCard;
      const battle = me.battleTop;
      const fixesBattle =
        battle !== null && cardKind(battle) === 'hazard' && SAFETY_FOR[battle as HazardCard] === s;
      const fixesSpeed = s === 'right_of_way' && me.limited;
      if (fixesBattle) return 600;
      // Near the end a held safety may score nothing: play it first (its extra turn costs no tempo).
      if (ctx.late) return 2 * FINISH;
      if (s === 'right_of_way' && !me.rolling && !sit.hand.includes('roll')) return 480;
      if (fixesSpeed) return 240;
      // Kept for a coup fourré; played only when every other move would throw a useful card away.
      return 60;
    }
    default:
      return 0;
  }
}

function scoreDraw(ctx: Context, fromDiscard: boolean): number {
  if (!fromDiscard) return 0;
  const top = ctx.sit.discardTop;
  if (top === null) return -1;
  // Take the discard only when it can be played at once and matters.
  return immediatelyUseful(ctx, top) ? 1 : -1;
}

/**
 * True when `km` of distance completes the trip: exactly the km left with `exactFinish`, else at least
 * them (RULES.md §4, §8).
 */
export function completesTrip(ctx: Context, km: number): boolean {
  return ctx.sit.rules.options.exactFinish ? km === ctx.remaining : km >= ctx.remaining;
}

/** True when `card` would be a strong play right now (fix, start, finish). */
export function immediatelyUseful(ctx: Context, card: CardId): boolean {
  const { me } = ctx;
  const battle = me.battleTop;
  switch (cardKind(card)) {
    case 'remedy':
      if (card === 'roll') return !me.rolling && (battle === null || battle === 'stop');
      return battle !== null && HAZARD_FOR_REMEDY[card as keyof typeof HAZARD_FOR_REMEDY] === battle;
    case 'safety':
      return !me.safeties.includes(card as SafetyCard);
    case 'distance':
      return me.rolling && completesTrip(ctx, KM[card as DistanceCard]);
    default:
      return false;
  }
}

/** The score `basic` gives a legal move in a situation (higher is better). */
export function scoreMove(ctx: Context, move: Move): number {
  switch (move.type) {
    case 'coupFourre':
      return 1000;
    case 'quickRemedy':
      return 500;
    case 'pass':
      return 0;
    case 'nextHand':
      return 0;
    case 'draw':
      return scoreDraw(ctx, move.from === 'discard');
    case 'extension': {
      const lead = Math.min(...opponents(ctx).map((t) => ctx.me.km - t.km));
      const want = lead >= 200 && ctx.sit.deckSize >= 20 && ctx.me.rolling;
      return move.accept === want ? 1 : 0;
    }
    case 'play':
      return scorePlay(ctx, move.card, move.target);
    case 'discard':
      return 90 - keepValue(ctx, move.card);
    case 'mulligan': {
      // Throw back only cards that are useless now, and only when there are several.
      const useless = move.cards.every((c) => keepValue(ctx, c) <= 5);
      return useless && move.cards.length >= 2 ? 85 + move.cards.length : -100;
    }
  }
}

/** Builds the scoring context of a situation (exported for the expert's move ordering). */
export function basicContext(sit: Situation): Context {
  return contextOf(sit);
}

/**
 * The `basic` bot's move: the best-scored move of `sit.legalMoves`; ties are broken by `rand` (or by
 * list order without one). Expects at least one legal move (callers check first).
 */
export function basicMove(sit: Situation, rand?: Rand): Move {
  const moves = sit.legalMoves;
  if (moves.length === 1) return moves[0];
  const ctx = contextOf(sit);
  return bestScored(moves, (m) => scoreMove(ctx, m), rand);
}

/**
 * The move of `moves` (at least one) with the highest `score`; ties are broken uniformly by `rand`
 * (reservoir sampling), or by list order without one.
 */
export function bestScored(moves: readonly Move[], score: (move: Move) => number, rand?: Rand): Move {
  let best = moves[0];
  let bestScore = Number.NEGATIVE_INFINITY;
  let ties = 0;
  for (const m of moves) {
    const s = score(m);
    if (s > bestScore) {
      best = m;
      bestScore = s;
      ties = 1;
    } else if (s === bestScore && rand) {
      ties++;
      if (rand.int(ties) === 0) best = m;
    }
  }
  return best;
}
