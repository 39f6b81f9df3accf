/**
 * The `expert` bot's own heuristic (its default move and its playout policy): one look over the
 * seat's legal moves like `basic`, with card counting and with weights fitted offline by Monte Carlo
 * play against `basic` (`npm run tune`, scripts/tune-policy.ts) and by an oracle that judged single
 * decisions with hundreds of playouts each. What they taught:
 * - battle hazards are the most valuable cards to keep after safeties (each one costs an opponent a
 *   remedy and a Roll); `basic` throws them away before remedies and distance;
 * - distance cards are the cheapest to throw away (46 in the deck), 200s a little less;
 * - attack a rolling opponent before fixing one's own hazard (the opening may close);
 * - a remedy whose hazards are all in sight (played, or discarded for good) is dead: throw it first;
 * - near an exact finish (RULES.md §4), plan the last cards instead of playing the biggest one;
 * - a safety that gets the seat going is played before anything else: its extra turn (RULES.md §6)
 *   leaves time for the attack.
 * Tuned again against the frozen expert-v1's policy (issue 35, `npm run tune -- --against v1`), the
 * weights sit at a flat optimum: every weight x0.6 / x1.5 and 40 random joint changes of up to a third
 * moved the win rate by about a point at most; keeping more distance (keepPerKm 1) cost 6 points, and
 * holding hazards back while the victim is far from the goal cost 1.6 to 4.4 (attack early).
 * It reads only a `Situation` (the seat's view) and the discard pile, which is public (every discard
 * is shown face up); in a playout both come from the sampled state.
 */
import {
  CARD_COUNTS,
  CARD_IDS,
  type CardId,
  cardIndex,
  cardKind,
  DISTANCE_CARDS as DISTANCE_IDS,
  type DistanceCard,
  HAZARD_FOR_REMEDY,
  type HazardCard,
  KM,
  MAX_RESHUFFLES,
  type Move,
  SAFETY_FOR,
  type SafetyCard,
  teamOf,
} from '../engine/index';
import {
  basicContext,
  bestScored,
  type Context,
  completesTrip,
  copiesInHand,
  FINISH,
  immediatelyUseful,
  isLate,
  type Situation,
  spareTwoHundred,
  uselessCard,
} from './basic';
import type { Rand } from './rng';

/**
 * The policy's weights (move scores, higher is better; `keep*` is how much the seat wants to keep a
 * card, the discard of the card with the lowest keep wins). Plain numbers so the tuner can vary them.
 */
export const POLICY_WEIGHTS = {
  /** Play a remedy for the hazard on the battle pile. */
  remedy: 500,
  /** Play Roll. */
  roll: 450,
  /** Play End of Limit with a distance card over 50 in hand / without one. */
  endOfLimit: 260,
  endOfLimitIdle: 110,
  /** Play a battle hazard: base, extra for hazards other than Stop, per km of the victim, near the goal. */
  hazard: 520,
  hazardStrong: 40,
  threatPerKm: 0.2,
  threatNear: 100,
  /** Play Speed Limit: base (+ half the threat). */
  speedLimit: 200,
  /** Play distance: base + km. */
  distance: 90,
  /**
   * Play a safety: fixes the battle pile / Right of Way while stopped without Roll / lifts a limit
   * (above every move but a finish: the extra turn, RULES.md §6, comes first) / else (kept).
   */
  safetyFix: 5000,
  safetyStart: 5000,
  safetyLimit: 5000,
  safetyHold: 60,
  /** The hand is late when at most this many cards per seat (+2) are left, or a team is this close. */
  lateCards: 2,
  lateKm: 150,
  /** Keep values: Roll (first copy, further copies), remedies, End of Limit. */
  keepRoll: 70,
  keepRollExtra: 20,
  keepRemedy: 60,
  keepRemedyExtra: 15,
  keepEndOfLimit: 50,
  keepEndOfLimitExtra: 10,
  /** Keep values of hazards some opponent is not protected from. */
  keepHazard: 120,
  keepStop: 60,
  keepSpeedLimit: 40,
  /** Share of a hazard's keep value that a further copy keeps. */
  keepHazardShare: 0.8,

  /** Keep value of distance: per km; a card that finishes exactly; small cards near the goal. */
  keepPerKm: 0.5,
  keepFinisher: 150,
  keepSmallNearGoal: 25,
  /** Exact-finish endgame (km left at most `endgameKm`): worth of one turn saved on the way to the goal. */
  endgameKm: 150,
  finishTurn: 30,

  /*
   * The run to the goal (issue 35's hypothesis): near the goal the seat would need distance cards that
   * fit more than a second remedy or a hazard, and driving more than attacking a team behind it.
   * `runPhase` grows from 0 (at `runKm` km left and more) to 1 (at `runKm - RUN_RAMP_KM` and less).
   * Every default is off, so `expert-v1` keeps its moves, and none is on in `EXPERT` either: measured
   * by policy against v1's policy without search (`npm run tune -- --against v1`, 6,000 hands, v1
   * against itself 49.6% by points), from 600 km left: keepDistanceRun 50 / 100 49.2% / 48.8%; with
   * runRemedyShare 0.5 49.0%; runRemedyShare and runHazardShare 0.5 49.4%; runOverAttack 300 49.3%;
   * runProgress 60 49.5% (trips alike); in the arena with search, 1,000 hands, keepDistanceRun 60:
   * 49.1% by points, 49.9% by trips. They stay as dimensions for the tuner.
   */
  /** Km left where the run begins (0: never). */
  runKm: 0,
  /** Keep value added, at full run, to a distance card that fits the km left. */
  keepDistanceRun: 0,
  /** Share of a remedy's / a hazard's keep value left at full run (1: unchanged). */
  runRemedyShare: 1,
  runHazardShare: 1,
  /** Score taken, at full run, from a hazard on an opponent farther from the goal than the seat. */
  runOverAttack: 0,
  /** Score added, at full run, to a distance play in the exact-finish endgame (progress over a discard). */
  runProgress: 0,
} as const;

/** A set of policy weights (the defaults are `POLICY_WEIGHTS`). */
export type PolicyWeights = { -readonly [K in keyof typeof POLICY_WEIGHTS]: number };

/** Copies of each card the seat has not seen: the deck minus its hand, every tableau and the discard pile. */
export type Unseen = Record<CardId, number>;

/**
 * The same counts as `Unseen`, indexed by the engine's `cardIndex` (the order of CARD_IDS): the
 * policy's own form, filled into one reused array instead of a new record per scored position.
 */
type UnseenByIndex = Int16Array;

/** The deck's copies of each card, by `cardIndex`. */
const DECK_BY_INDEX: Readonly<Int16Array> = Int16Array.from(CARD_IDS, (id) => CARD_COUNTS[id]);

/** Subtracts one copy of each card of `pile` from `counts` (by `cardIndex`). */
function takeAway(counts: UnseenByIndex, pile: readonly CardId[]): void {
  for (let i = 0; i < pile.length; i++) counts[cardIndex(pile[i])]--;
}

/**
 * `unseenCounts` into `out` (by `cardIndex`, overwritten) and returns it: no allocation, for the
 * policy's playouts.
 */
function countUnseen(sit: Situation, discard: readonly CardId[] | null, out: UnseenByIndex): UnseenByIndex {
  out.set(DECK_BY_INDEX);
  takeAway(out, sit.hand);
  for (const t of sit.tableaux) {
    takeAway(out, t.battle);
    takeAway(out, t.speed);
    takeAway(out, t.distance);
    takeAway(out, t.safeties);
  }
  const o = sit.rules.options;
  const comesBack = o.drawFromDiscard || (o.emptyDeck === 'reshuffle' && sit.reshuffles < MAX_RESHUFFLES);
  if (!comesBack && discard) takeAway(out, discard);
  else if (!comesBack && sit.discardTop) out[cardIndex(sit.discardTop)]--;
  for (let i = 0; i < out.length; i++) if (out[i] < 0) out[i] = 0;
  return out;
}

/**
 * Counts the cards still to come that `sit.seat` has not seen: the deck minus its hand and every
 * tableau, and minus the discard pile when that can no longer come back (no drawing from it, no
 * reshuffle left, RULES.md §3, §8). `discard` is the whole pile when known (from the public log or a
 * sampled state); with null only its top card counts as seen.
 */
export function unseenCounts(sit: Situation, discard: readonly CardId[] | null): Unseen {
  const counts = countUnseen(sit, discard, new Int16Array(CARD_IDS.length));
  const unseen = {} as Unseen;
  CARD_IDS.forEach((id, i) => {
    unseen[id] = counts[i];
  });
  return unseen;
}

/** Distance cards in km, smallest unit 25 km. */
const UNIT = 25;
const MAX_TURNS = 40;

/** `fewestCards`'s table, reused (grown when a longer endgame asks for more). */
let FEWEST_SCRATCH = new Float64Array(16);

/**
 * The fewest of `cards` (km values) that add up to exactly `km`, or Infinity. Subset sum over 25-km
 * units (the trip's last `endgameKm` km), each card used once.
 */
function fewestCards(cards: readonly number[], km: number): number {
  const n = km / UNIT;
  if (FEWEST_SCRATCH.length < n + 1) FEWEST_SCRATCH = new Float64Array(n + 1);
  const best = FEWEST_SCRATCH;
  best.fill(Number.POSITIVE_INFINITY, 0, n + 1);
  best[0] = 0;
  for (const c of cards) {
    const u = c / UNIT;
    for (let i = n; i >= u; i--) if (best[i - u] + 1 < best[i]) best[i] = best[i - u] + 1;
  }
  return best[n];
}

/**
 * Expected turns to reach the goal exactly from `km` left with the distance cards `cards` in hand
 * (RULES.md §4 exact finish): the fewest hand cards that add up to it, else the wait for a drawn card
 * that makes such a set (drawn with the odds of the unseen cards) plus the cards to play then.
 * Hazards on the way are not counted; a rough guide for the endgame, capped at `MAX_TURNS`.
 */
function turnsToFinish(
  km: number,
  cards: number[],
  unseen: UnseenByIndex,
  unseenTotal: number,
  bigOk: boolean,
): number {
  if (km === 0) return 0;
  const k = fewestCards(cards, km);
  if (k < MAX_TURNS) return k;
  // No card left to draw (unseenTotal 0): only the hand can finish.
  if (unseenTotal === 0) return MAX_TURNS;
  let p = 0;
  let then = 0;
  for (const d of DISTANCE_IDS) {
    const dk = KM[d];
    const left = unseen[cardIndex(d)];
    if (left === 0 || dk > km || (d === 'd200' && !bigOk)) continue;
    cards.push(dk);
    const kd = fewestCards(cards, km);
    cards.pop();
    if (kd >= MAX_TURNS) continue;
    const q = left / unseenTotal;
    p += q;
    then += q * kd;
  }
  if (p === 0) return MAX_TURNS;
  return Math.min(MAX_TURNS, 1 / p - 1 + then / p);
}

/** Facts of the exact-finish endgame the policy's move scores use (null outside it). */
interface Endgame {
  /** Usable distance cards in hand, in km (200s only up to the two-200 limit). */
  cards: number[];
  unseenTotal: number;
  /** Expected turns to finish if this turn plays no distance card. */
  hold: number;
}

function endgameOf(ctx: Context, seen: Seen, w: PolicyWeights): Endgame | null {
  const { sit, me, remaining } = ctx;
  if (!sit.rules.options.exactFinish || remaining > w.endgameKm || remaining <= 0) return null;
  const unseen = seen.counts();
  let unseenTotal = 0;
  const o = sit.rules.options;
  // Cards still to be drawn: the deck, or a discard pile to be reshuffled.
  const draws =
    sit.deckSize > 0 ||
    (o.emptyDeck === 'reshuffle' && sit.reshuffles < MAX_RESHUFFLES && sit.discardSize > 0);
  if (draws) for (let i = 0; i < unseen.length; i++) unseenTotal += unseen[i];
  if (draws && unseenTotal === 0) unseenTotal = 1;
  const cards: number[] = [];
  let big = 2 - me.twoHundreds;
  for (const c of sit.hand) {
    if (cardKind(c) !== 'distance') continue;
    const km = KM[c as DistanceCard];
    if (km > remaining) continue;
    if (c === 'd200' && big-- <= 0) continue;
    cards.push(km);
  }
  const bigOk = me.twoHundreds + twoHundredsIn(cards) < 2;
  return { cards, unseenTotal, hold: turnsToFinish(remaining, cards, unseen, unseenTotal, bigOk) };
}

/** How many of `cards` (km values) are 200s. */
function twoHundredsIn(cards: readonly number[]): number {
  let n = 0;
  for (const k of cards) if (k === 200) n++;
  return n;
}

/** True when the exact finish is no further off after throwing back `cards` (a mulligan) together. */
function mulliganKeepsFinish(
  ctx: Context,
  end: Endgame,
  unseen: UnseenByIndex,
  cards: readonly CardId[],
): boolean {
  const left = [...end.cards];
  for (const c of cards) {
    if (cardKind(c) !== 'distance') continue;
    const i = left.indexOf(KM[c as DistanceCard]);
    if (i >= 0) left.splice(i, 1);
  }
  if (left.length === end.cards.length) return true;
  const bigOk = ctx.me.twoHundreds + twoHundredsIn(left) < 2;
  return turnsToFinish(ctx.remaining, left, unseen, end.unseenTotal, bigOk) <= end.hold;
}

/** Expected turns to finish after the hand loses one distance card of `km` (played: `played` km closer). */
function turnsWithout(
  ctx: Context,
  end: Endgame,
  unseen: UnseenByIndex,
  km: number,
  played: boolean,
): number {
  const cards = [...end.cards];
  const i = cards.indexOf(km);
  if (i >= 0) cards.splice(i, 1);
  const left = played ? ctx.remaining - km : ctx.remaining;
  const bigOk = ctx.me.twoHundreds + (played && km === 200 ? 1 : 0) + twoHundredsIn(cards) < 2;
  return turnsToFinish(left, cards, unseen, end.unseenTotal, bigOk);
}

/** Km over which the run to the goal (`runKm`) ramps up from nothing to full. */
const RUN_RAMP_KM = 200;

/**
 * How far the seat's team is into its run to the goal, 0 to 1: 0 with at least `w.runKm` km left (or
 * `runKm` 0), 1 with `RUN_RAMP_KM` km fewer, linear between.
 */
function runPhase(ctx: Context, w: PolicyWeights): number {
  if (w.runKm <= 0) return 0;
  return Math.min(1, Math.max(0, (w.runKm - ctx.remaining) / RUN_RAMP_KM));
}

/**
 * One array for the unseen counts of the position being scored: the policy scores one position at a
 * time (policyScores and policyMove run to the end without yielding), so each call refills it.
 */
const UNSEEN_SCRATCH: UnseenByIndex = new Int16Array(CARD_IDS.length);

/**
 * The unseen counts (`unseenCounts`) of one scored position, counted on first use only (most moves
 * are scored without them) into `UNSEEN_SCRATCH`: valid until the next policy call.
 */
class Seen {
  private ready = false;
  constructor(
    private readonly sit: Situation,
    private readonly discard: readonly CardId[] | null,
  ) {}

  /** Copies of each card not seen, by `cardIndex`. */
  counts(): UnseenByIndex {
    if (!this.ready) {
      countUnseen(this.sit, this.discard, UNSEEN_SCRATCH);
      this.ready = true;
    }
    return UNSEEN_SCRATCH;
  }
}

/**
 * How much the seat wants to keep `card` (0 = useless). Useless cards (`uselessCard`) and remedies
 * whose hazards are all in sight score 0; in the exact-finish endgame a distance card is worth the
 * turns its loss would add.
 */
function keepValue(ctx: Context, seen: Seen, end: Endgame | null, card: CardId, w: PolicyWeights): number {
  if (uselessCard(ctx, card)) return 0;
  const { remaining } = ctx;
  const o = ctx.sit.rules.options;
  const extra = copiesInHand(ctx, card) > 1;
  const run = runPhase(ctx, w);
  switch (cardKind(card)) {
    case 'safety':
      return 1000;
    case 'remedy': {
      return remedyKeep(ctx, seen, card, extra, w) * (1 - run * (1 - w.runRemedyShare));
    }
    case 'distance': {
      const km = KM[card as DistanceCard];
      if (card === 'd200' && spareTwoHundred(ctx)) return 3;
      if (o.exactFinish && km === remaining) return w.keepFinisher;
      // In the run, a card that fits the km left is worth more (at most `runKm` km left: it always helps).
      const fits = km <= remaining ? run * w.keepDistanceRun : 0;
      if (end) {
        const without = turnsWithout(ctx, end, seen.counts(), km, false);
        // Below a safety's 1000: nothing is kept over a safety.
        if (without < MAX_TURNS || end.hold < MAX_TURNS)
          return Math.min(900, 5 + w.finishTurn * (without - end.hold) + fits);
      }
      const small = o.exactFinish && remaining <= 200 && km <= 50 ? w.keepSmallNearGoal : 0;
      return w.keepPerKm * km + small - (extra ? 5 : 0) + fits;
    }
    case 'hazard': {
      const base = card === 'stop' ? w.keepStop : card === 'speed_limit' ? w.keepSpeedLimit : w.keepHazard;
      return (extra ? base * w.keepHazardShare : base) * (1 - run * (1 - w.runHazardShare));
    }
  }
  return 0;
}

/** A remedy's keep value before the run: 0 when every hazard it cures is in sight and none is pending. */
function remedyKeep(ctx: Context, seen: Seen, card: CardId, extra: boolean, w: PolicyWeights): number {
  const { me, remaining } = ctx;
  if (card === 'roll') return extra ? w.keepRollExtra : w.keepRoll;
  const hazard = HAZARD_FOR_REMEDY[card as keyof typeof HAZARD_FOR_REMEDY];
  const pending = me.battleTop === hazard || me.speedTop === hazard;
  if (!pending && seen.counts()[cardIndex(hazard)] === 0) return 0;
  if (card === 'end_of_limit') return remaining <= 50 ? 2 : extra ? w.keepEndOfLimitExtra : w.keepEndOfLimit;
  return extra ? w.keepRemedyExtra : w.keepRemedy;
}

function scorePlay(
  ctx: Context,
  late: boolean,
  seen: Seen,
  end: Endgame | null,
  card: CardId,
  target: number | undefined,
  w: PolicyWeights,
): number {
  const { sit, me, remaining } = ctx;
  switch (cardKind(card)) {
    case 'distance': {
      const km = KM[card as DistanceCard];
      if (completesTrip(ctx, km)) return FINISH;
      // Endgame: a play that does not bring the exact finish a turn closer loses to a discard.
      if (end) {
        const after = turnsWithout(ctx, end, seen.counts(), km, true);
        // No exact finish either way: every km counts (RULES.md §9 distance).
        if (after >= MAX_TURNS && end.hold >= MAX_TURNS) return w.distance + km;
        return w.distance + km + w.finishTurn * (end.hold - after - 1) + runPhase(ctx, w) * w.runProgress;
      }
      return w.distance + km;
    }
    case 'hazard': {
      const victim = sit.tableaux[teamOf(sit, target!)];
      const left = sit.goal - victim.km;
      const threat = victim.km * w.threatPerKm + (left <= 200 ? w.threatNear : 0);
      // In the run, attacking a team behind the seat is worth less than driving on.
      const run = left > remaining ? runPhase(ctx, w) * w.runOverAttack : 0;
      if (card === 'speed_limit') return left <= 50 ? 40 : w.speedLimit + threat / 2 - run;
      return w.hazard + (card === 'stop' ? 0 : w.hazardStrong) + threat - run;
    }
    case 'remedy': {
      if (card === 'roll') return w.roll;
      if (card === 'end_of_limit') {
        const hasBig = sit.hand.some((c) => cardKind(c) === 'distance' && KM[c as DistanceCard] > 50);
        return hasBig && remaining > 50 ? w.endOfLimit : w.endOfLimitIdle;
      }
      return w.remedy;
    }
    case 'safety': {
      const s = card as SafetyCard;
      const battle = me.battleTop;
      if (battle !== null && cardKind(battle) === 'hazard' && SAFETY_FOR[battle as HazardCard] === s)
        return w.safetyFix;
      // Near the end a held safety may score nothing: play it first (its extra turn costs no tempo).
      if (late) return 2 * FINISH;
      if (s === 'right_of_way' && !me.rolling && !sit.hand.includes('roll')) return w.safetyStart;
      if (s === 'right_of_way' && me.limited) return w.safetyLimit;
      // Kept for a coup fourré; played only when every other move would throw a useful card away.
      return w.safetyHold;
    }
  }
  return 0;
}

/** The policy's score of one legal move (higher is better). */
function scoreMove(
  ctx: Context,
  late: boolean,
  seen: Seen,
  end: Endgame | null,
  move: Move,
  w: PolicyWeights,
): number {
  switch (move.type) {
    case 'coupFourre':
      return 1000;
    case 'quickRemedy':
      return 500;
    case 'pass':
    case 'nextHand':
      return 0;
    case 'draw': {
      if (move.from !== 'discard') return 0;
      const top = ctx.sit.discardTop;
      // Take the discard only when it can be played at once and matters.
      return top !== null && immediatelyUseful(ctx, top) ? 1 : -1;
    }
    case 'extension': {
      const lead = Math.min(...ctx.others.map((t) => ctx.me.km - t.km));
      const want = lead >= 200 && ctx.sit.deckSize >= 20 && ctx.me.rolling;
      return move.accept === want ? 1 : 0;
    }
    case 'play':
      return scorePlay(ctx, late, seen, end, move.card, move.target, w);
    case 'discard':
      return 90 - keepValue(ctx, seen, end, move.card, w);
    case 'mulligan': {
      // Distance cards that finish the trip together must not go back together.
      if (end && !mulliganKeepsFinish(ctx, end, seen.counts(), move.cards)) return -100;
      const useless = move.cards.every((c) => keepValue(ctx, seen, end, c, w) <= 5);
      return useless && move.cards.length >= 2 ? 85 + move.cards.length : -100;
    }
  }
}

/**
 * The policy's score of every move of `sit.legalMoves`, in list order (higher is better; 1000 and more
 * for a move it is sure of: a coup fourré, the exact finish, a safety at the end of the hand).
 */
export function policyScores(
  sit: Situation,
  discard: readonly CardId[] | null,
  w: PolicyWeights = POLICY_WEIGHTS,
): number[] {
  const ctx = basicContext(sit);
  const late = isLate(ctx.sit, ctx.cardsLeft, ctx.closest, w.lateCards, w.lateKm);
  const seen = new Seen(sit, discard);
  const end = endgameOf(ctx, seen, w);
  return sit.legalMoves.map((m) => scoreMove(ctx, late, seen, end, m, w));
}

/**
 * The policy's move: the best-scored of `sit.legalMoves` (ties broken by `rand`, or list order without
 * one). `discard` is the whole discard pile when known, else null. Expects at least one legal move
 * (callers check first).
 */
export function policyMove(
  sit: Situation,
  discard: readonly CardId[] | null,
  rand?: Rand,
  w: PolicyWeights = POLICY_WEIGHTS,
): Move {
  const moves = sit.legalMoves;
  if (moves.length === 1) return moves[0];
  const ctx = basicContext(sit);
  const late = isLate(ctx.sit, ctx.cardsLeft, ctx.closest, w.lateCards, w.lateKm);
  const seen = new Seen(sit, discard);
  const end = endgameOf(ctx, seen, w);
  return bestScored(moves, (m) => scoreMove(ctx, late, seen, end, m, w), rand);
}
