/**
 * Legality. `moveError` applies the rules of RULES.md §3–§8 to one move and names the first rule it
 * breaks; `legalMoves` enumerates every candidate move and keeps those `moveError` accepts. The two
 * share one set of rule functions, so a move is accepted exactly when it is in `legalMoves`.
 */

import { teamOf } from '../shared/teams';
import {
  type CardId,
  cardIndex,
  type DistanceCard,
  HAZARD_FOR_REMEDY,
  type HazardCard,
  kindOf,
  kmOf,
  REMEDY_FOR,
  type RemedyCard,
  SAFETY_FOR,
  type SafetyCard,
} from './cards';
import { describeError } from './errors';
import {
  answerMove,
  cardMovesAt,
  DECLINE_EXTENSION,
  DRAW_DISCARD,
  DRAW_PILE,
  EXTEND,
  NEXT_HAND,
  PASS,
} from './moves';
import type { RuleOptions } from './rules';
import { isHazarded, isLimited, isRolling, top, topIs, twoHundreds } from './tableau';
import type { EngineError, ErrorCode, MatchState, Move, Tableau } from './types';

/** True while a card can still be drawn: the pile has cards, or a reshuffle is left. RULES.md §3, §8. */
export function canDraw(state: MatchState): boolean {
  return state.deck.length > 0 || canReshuffle(state);
}

/** Reshuffles of the discard pile allowed per hand under `emptyDeck = reshuffle`. RULES.md §8. */
export const MAX_RESHUFFLES = 2;

/** `emptyDeck = reshuffle` allows at most two reshuffles per hand, of a non-empty discard pile. RULES.md §3, §8. */
export function canReshuffle(state: MatchState): boolean {
  return (
    state.rules.options.emptyDeck === 'reshuffle' &&
    state.reshuffles < MAX_RESHUFFLES &&
    state.discard.length > 0
  );
}

function holds(hand: readonly CardId[], card: CardId): boolean {
  return hand.includes(card);
}

/** What the distance rules need to know about the mover's own tableau. */
export interface DriveFacts {
  rolling: boolean;
  limited: boolean;
  /** The tableau's distance pile: its 200s are counted only for a 200 (`distanceRule`). */
  distance: readonly CardId[];
  km: number;
  goal: number;
  exactFinish: boolean;
}

/** The DriveFacts of a tableau now, written into `f` (a new object by default). */
export function driveFacts(state: MatchState, t: Tableau, f: DriveFacts = { ...NO_DRIVE }): DriveFacts {
  f.rolling = isRolling(t, state.rules.options);
  f.limited = isLimited(t);
  f.distance = t.distance;
  f.km = t.km;
  f.goal = state.goal;
  f.exactFinish = state.rules.options.exactFinish;
  return f;
}

const NO_DRIVE: DriveFacts = {
  rolling: false,
  limited: false,
  distance: [],
  km: 0,
  goal: 0,
  exactFinish: false,
};

/** Under a Speed Limit, the largest distance card allowed, km. RULES.md §4 [all]. */
export const SPEED_LIMIT_KM = 50;
/** At most this many 200 km cards per player/team per hand. RULES.md §4 [all]. */
export const MAX_200S = 2;

/**
 * Distance rules, RULES.md §4: only while rolling; under a Speed Limit only 25 and 50 [all]; at most
 * two 200s per player/team [all]; with `exactFinish` never past the goal [NO, FR, OLD].
 */
export function distanceRule(f: DriveFacts, card: DistanceCard): ErrorCode | null {
  if (!f.rolling) return 'distance.not_rolling';
  const km = kmOf(card);
  if (f.limited && km > SPEED_LIMIT_KM) return 'distance.speed_limit';
  if (card === 'd200' && twoHundreds(f) >= MAX_200S) return 'distance.too_many_200';
  if (f.exactFinish && f.km + km > f.goal) return 'distance.past_goal';
  return null;
}

/** Distance rules for a card on tableau `t` (see `distanceRule`). */
export function distanceError(state: MatchState, t: Tableau, card: DistanceCard): ErrorCode | null {
  return distanceRule(driveFacts(state, t), card);
}

/** What the hazard rules need to know about a target team (and whether the attacker has started). */
export interface TargetFacts {
  rolling: boolean;
  hazarded: boolean;
  speedLimited: boolean;
  safeties: readonly CardId[];
  attackerStarted: boolean;
}

/** The TargetFacts of target tableau `t` for an attacker whose tableau is `own`, written into `f`. */
export function targetFacts(
  state: MatchState,
  own: Tableau,
  t: Tableau,
  f: TargetFacts = { ...NO_TARGET },
): TargetFacts {
  f.rolling = isRolling(t, state.rules.options);
  f.hazarded = isHazarded(t);
  f.speedLimited = topIs(t.speed, 'speed_limit');
  f.safeties = t.safeties;
  f.attackerStarted = own.started;
  return f;
}

const NO_TARGET: TargetFacts = {
  rolling: false,
  hazarded: false,
  speedLimited: false,
  safeties: [],
  attackerStarted: false,
};

// Scratch facts for collectLegalMoves: it runs to completion without calling out, so one set suffices.
const scratchDrive: DriveFacts = { ...NO_DRIVE };
const scratchTargets: TargetFacts[] = Array.from({ length: 8 }, () => ({ ...NO_TARGET }));

/**
 * Hazard rules against another team, RULES.md §5: not on a team protected by the matching safety
 * [all]; Speed Limit never on a Speed Limit; battle hazards only on a rolling target (`hazardTarget =
 * rolling` [NO, FR]) or on a target not under a battle hazard (`notHazarded` [H16]); with
 * `hazardStacking` [OLD] also on a target already under a battle hazard, whichever `hazardTarget`; with `attackerMustHaveStarted` [H16 FAQ] not before the attacker has been
 * rolling.
 */
export function hazardRule(o: RuleOptions, f: TargetFacts, card: HazardCard): ErrorCode | null {
  if (f.safeties.includes(SAFETY_FOR[card])) return 'hazard.target_protected';
  if (card === 'speed_limit') return f.speedLimited ? 'hazard.target_limited' : null;
  if (o.attackerMustHaveStarted && !f.attackerStarted) return 'hazard.attacker_not_started';
  // `hazardStacking` lets a battle hazard go on another hazard, whatever `hazardTarget` says.
  if (o.hazardStacking && f.hazarded) return null;
  if (o.hazardTarget === 'rolling') {
    if (!f.rolling) return f.hazarded ? 'hazard.target_hazarded' : 'hazard.target_not_rolling';
  } else if (f.hazarded) {
    return 'hazard.target_hazarded';
  }
  return null;
}

/**
 * Hazard rules for `seat` playing `card` on the team of seat `target`: a target is needed, it must be
 * a seat of this match, never yourself or your partner (RULES.md §5), then `hazardRule`.
 */
export function hazardError(
  state: MatchState,
  seat: number,
  card: HazardCard,
  target: number | undefined,
): ErrorCode | null {
  if (target === undefined) return 'hazard.no_target';
  if (!Number.isInteger(target) || target < 0 || target >= state.seats) return 'seat.invalid';
  const own = teamOf(state, seat);
  const team = teamOf(state, target);
  if (team === own) return 'hazard.target_self';
  return hazardRule(state.rules.options, targetFacts(state, state.tableaux[own], state.tableaux[team]), card);
}

/**
 * Remedy rules, RULES.md §5: a remedy only on its own hazard on top of your pile; End of Limit on a
 * Speed Limit; Roll on an empty battle pile, a Stop, or — with `rollAfterRemedy` — a remedy, and never
 * while already rolling (Right of Way, or a safety that cleared the pile).
 */
export function remedyError(state: MatchState, t: Tableau, card: RemedyCard): ErrorCode | null {
  if (card === 'end_of_limit') return topIs(t.speed, 'speed_limit') ? null : 'remedy.not_needed';
  const below = top(t.battle);
  if (card === 'roll') {
    if (isRolling(t, state.rules.options)) return 'remedy.not_needed';
    if (below === null || below === 'stop') return null;
    if (state.rules.options.rollAfterRemedy && kindOf(below) === 'remedy' && below !== 'roll') return null;
    return 'remedy.not_needed';
  }
  return topIs(t.battle, HAZARD_FOR_REMEDY[card]) ? null : 'remedy.not_needed';
}

/** Safety rules, RULES.md §6: playable on your own turn at any time (after the draw); one of each exists. */
export function safetyError(t: Tableau, card: SafetyCard): ErrorCode | null {
  return t.safeties.includes(card) ? 'safety.already_played' : null;
}

/** The rule a card breaks when `seat` plays it (on `target` for a hazard), not counting the hand. RULES.md §4–§6. */
function cardRuleError(
  state: MatchState,
  seat: number,
  card: CardId,
  target: number | undefined,
): ErrorCode | null {
  const kind = kindOf(card);
  if (kind === 'hazard') return hazardError(state, seat, card as HazardCard, target);
  const t = state.tableaux[teamOf(state, seat)];
  if (kind === 'distance') return distanceError(state, t, card as DistanceCard);
  if (kind === 'remedy') return remedyError(state, t, card as RemedyCard);
  return safetyError(t, card as SafetyCard);
}

/** Checks a `play` move in phase `play` for the seat to move. */
function playError(
  state: MatchState,
  seat: number,
  card: CardId,
  target: number | undefined,
): ErrorCode | null {
  if (!holds(state.hands[seat], card)) return 'card.not_in_hand';
  if (target !== undefined && kindOf(card) !== 'hazard') return 'target.not_allowed';
  return cardRuleError(state, seat, card, target);
}

/**
 * Draw rules, RULES.md §3: from the draw pile while a card can be drawn (reshuffles included), or —
 * with `drawFromDiscard` [H16] — the top of a non-empty discard pile.
 */
export function drawError(state: MatchState, fromDiscard: boolean): ErrorCode | null {
  if (fromDiscard) {
    if (!state.rules.options.drawFromDiscard) return 'draw.discard_not_allowed';
    return state.discard.length ? null : 'draw.discard_empty';
  }
  return canDraw(state) ? null : 'draw.pile_empty';
}

/** True when `cards` is a sub-multiset of `hand`. */
function isSubMultiset(cards: readonly CardId[], hand: readonly CardId[]): boolean {
  const left = hand.slice();
  for (const c of cards) {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/** Response-window answers, RULES.md §7: only the seat the window is asking, with the matching card. */
function windowError(state: MatchState, seat: number, move: Move): ErrorCode | null {
  const w = state.window;
  if (state.phase !== 'respond' || w === null) return 'window.not_open';
  if (w.pending[0] !== seat) return 'window.not_your_answer';
  if (move.type === 'coupFourre') {
    if (move.card !== SAFETY_FOR[w.hazard]) return 'coupFourre.wrong_safety';
    return holds(state.hands[seat], move.card) ? null : 'card.not_in_hand';
  }
  if (move.type === 'quickRemedy') {
    if (!state.rules.options.quickRemedy) return 'quickRemedy.not_allowed';
    if (move.card !== REMEDY_FOR[w.hazard]) return 'quickRemedy.wrong_remedy';
    return holds(state.hands[seat], move.card) ? null : 'card.not_in_hand';
  }
  return null;
}

/**
 * Why `move` by `seat` is refused in `state`, or null when it is legal. The move must already have
 * a valid shape (see `parseMove` in move-shape.ts). Never throws for a well-shaped move.
 */
export function moveError(state: MatchState, seat: number, move: Move): EngineError | null {
  const code = moveErrorCode(state, seat, move);
  return code === null ? null : describeError(code);
}

/** The error code of `moveError`, without building the error value. */
export function moveErrorCode(state: MatchState, seat: number, move: Move): ErrorCode | null {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return 'seat.invalid';
  if (move.type === 'nextHand') return state.phase === 'handOver' ? null : 'hand.not_over';
  if (move.type === 'coupFourre' || move.type === 'pass' || move.type === 'quickRemedy') {
    return windowError(state, seat, move);
  }
  if (state.phase === 'handOver' || state.phase === 'matchOver') return 'phase.wrong';
  if (state.turn !== seat || state.phase === 'respond') return 'turn.not_yours';
  const o = state.rules.options;
  switch (move.type) {
    case 'extension':
      return state.phase === 'extension' ? null : 'extension.not_offered';
    case 'draw':
      if (state.phase !== 'draw') return 'phase.wrong';
      return drawError(state, move.from === 'discard');
    case 'play':
      if (state.phase !== 'play') return 'phase.wrong';
      return playError(state, seat, move.card, move.target);
    case 'discard':
      if (state.phase !== 'play') return 'phase.wrong';
      return holds(state.hands[seat], move.card) ? null : 'card.not_in_hand';
    case 'mulligan':
      if (!o.mulligan || state.phase !== 'play' || !canDraw(state)) return 'mulligan.not_allowed';
      if (move.cards.length < 1 || move.cards.length > 7 || !isSubMultiset(move.cards, state.hands[seat])) {
        return 'mulligan.bad_cards';
      }
      return null;
  }
}

/** Every distinct sub-multiset (size ≥ 1) of a hand, for mulligan moves. */
function subMultisets(hand: readonly CardId[]): CardId[][] {
  const counts = new Map<CardId, number>();
  for (const c of hand) counts.set(c, (counts.get(c) ?? 0) + 1);
  let out: CardId[][] = [[]];
  for (const [card, n] of counts) {
    const next: CardId[][] = [];
    for (const base of out)
      for (let k = 0; k <= n; k++) next.push(k ? base.concat(Array(k).fill(card)) : base);
    out = next;
  }
  return out.filter((s) => s.length > 0);
}

/**
 * The legal moves of `seat` now: the single source of truth for validation, UI hints and bots. Each
 * candidate is kept only if the same rule functions `moveError` uses accept it. Hazard targets are
 * named by the lowest seat of the target team. Empty when the seat has no move.
 */
export function legalMoves(state: MatchState, seat: number): Move[] {
  return collectLegalMoves(state, seat, []);
}

function keep(state: MatchState, seat: number, out: Move[], move: Move): void {
  if (moveErrorCode(state, seat, move) === null) out.push(move);
}

/**
 * `legalMoves` into a caller-owned array (emptied first), so that simulations can reuse one buffer.
 * Returns `out`.
 */
export function collectLegalMoves(state: MatchState, seat: number, out: Move[]): Move[] {
  while (out.length > 0) out.pop();
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats) return out;
  switch (state.phase) {
    case 'handOver':
      out.push(NEXT_HAND);
      return out;
    case 'matchOver':
      return out;
    case 'respond': {
      const w = state.window;
      if (!w || w.pending[0] !== seat) return out;
      keep(state, seat, out, answerMove(SAFETY_FOR[w.hazard]));
      keep(state, seat, out, answerMove(REMEDY_FOR[w.hazard]));
      out.push(PASS);
      return out;
    }
    case 'extension':
      if (state.turn === seat) out.push(EXTEND, DECLINE_EXTENSION);
      return out;
    case 'draw':
      if (state.turn !== seat) return out;
      if (drawError(state, false) === null) out.push(DRAW_PILE);
      if (drawError(state, true) === null) out.push(DRAW_DISCARD);
      return out;
  }
  if (state.turn !== seat) return out;
  const hand = state.hands[seat];
  const own = teamOf(state, seat);
  const ownTableau = state.tableaux[own];
  const o = state.rules.options;
  // Facts are worked out once per call, and only when a card of that kind is in hand.
  let drive: DriveFacts | null = null;
  let targetsReady = false;
  let seen = 0;
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i];
    const index = cardIndex(card);
    const bit = 1 << index;
    if ((seen & bit) !== 0) continue;
    seen |= bit;
    const moves = cardMovesAt(index);
    switch (moves.kind) {
      case 'distance':
        drive ??= driveFacts(state, ownTableau, scratchDrive);
        if (distanceRule(drive, card as DistanceCard) === null) out.push(moves.play!);
        break;
      case 'hazard':
        if (!targetsReady) {
          for (let team = 0; team < state.tableaux.length; team++) {
            if (team !== own) targetFacts(state, ownTableau, state.tableaux[team], scratchTargets[team]);
          }
          targetsReady = true;
        }
        for (let team = 0; team < state.tableaux.length; team++) {
          if (team !== own && hazardRule(o, scratchTargets[team], card as HazardCard) === null) {
            out.push(moves.playOn![state.teams[team][0]]);
          }
        }
        break;
      case 'remedy':
        if (remedyError(state, ownTableau, card as RemedyCard) === null) out.push(moves.play!);
        break;
      default:
        if (safetyError(ownTableau, card as SafetyCard) === null) out.push(moves.play!);
    }
    out.push(moves.discard);
  }
  if (state.rules.options.mulligan && canDraw(state)) {
    for (const cards of subMultisets(hand)) out.push({ type: 'mulligan', cards });
  }
  return out;
}

function sameCards(a: readonly CardId[], b: readonly CardId[]): boolean {
  return a.length === b.length && isSubMultiset(a, b);
}

/**
 * True when two moves are the same move in `state`: hazard targets compare by team, draw sources
 * default to the pile, mulligan cards compare as multisets.
 */
export function sameMove(state: MatchState, a: Move, b: Move): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case 'draw':
      return (a.from ?? 'pile') === ((b as typeof a).from ?? 'pile');
    case 'play': {
      const other = b as typeof a;
      if (a.card !== other.card) return false;
      if (a.target === undefined || other.target === undefined) return a.target === other.target;
      return teamOf(state, a.target) === teamOf(state, other.target);
    }
    case 'discard':
    case 'coupFourre':
    case 'quickRemedy':
      return a.card === (b as typeof a).card;
    case 'mulligan':
      return sameCards(a.cards, (b as typeof a).cards);
    case 'extension':
      return a.accept === (b as typeof a).accept;
    default:
      return true;
  }
}
