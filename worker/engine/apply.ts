/**
 * Applying moves: `applyMove` validates through `moveError` (the same rules `legalMoves` uses), then
 * builds the next state on a copy-on-write Draft. The state passed in is never changed.
 */

import { teamOf } from '../shared/teams';
import {
  type CardId,
  type DistanceCard,
  type HazardCard,
  kindOf,
  kmOf,
  REMEDY_FOR,
  SAFETY_FOR,
  type SafetyCard,
} from './cards';
import { Draft } from './draft';
import { drawCard, endHand, endTurn, laySafety, nextSeat, putOnPile, startTurn } from './flow';
import { canDraw, moveError } from './legal';
import { parseMove } from './move-shape';
import { dealHand } from './setup';
import type { MatchState, Move, MoveResult, ResponseMode, ResponseWindow } from './types';

/**
 * Applies `move` (untrusted JSON is fine) by `seat`. Returns `{ ok: true, state, events }` with the
 * next state (version + 1) and the public events, or `{ ok: false, error }` with a stable code from
 * `ERROR_CODES`; `state` itself is never changed.
 */
export function applyMove(state: MatchState, seat: number, input: unknown): MoveResult {
  const parsed = parseMove(input);
  if (!parsed.ok) return parsed;
  const move = parsed.move;
  const error = moveError(state, seat, move);
  if (error) return { ok: false, error };
  const d = new Draft(state);
  applyLegalMove(d, seat, move);
  return { ok: true, state: d.s, events: d.events };
}

/** Carries out a move already known to be legal on a Draft. Shared by `applyMove` and `playOut`. */
export function applyLegalMove(d: Draft, seat: number, move: Move): void {
  switch (move.type) {
    case 'draw':
      draw(d, seat, move.from === 'discard');
      break;
    case 'play':
      play(d, seat, move.card, move.target);
      break;
    case 'discard':
      d.takeFromHand(seat, move.card);
      d.discard().push(move.card);
      if (d.recording) d.emit({ type: 'discarded', seat, card: move.card });
      endTurn(d, seat);
      break;
    case 'coupFourre':
      coupFourre(d, seat, move.card);
      break;
    case 'quickRemedy':
      quickRemedy(d, seat, move.card);
      break;
    case 'pass':
      if (d.recording) d.emit({ type: 'passed', seat });
      runWindow(d, d.s.window!, 1);
      break;
    case 'mulligan':
      mulligan(d, seat, move.cards);
      break;
    case 'extension':
      extension(d, seat, move.accept);
      break;
    case 'nextHand':
      dealHand(d, d.s.handNumber + 1, nextSeat(d.s.seats, d.s.firstSeat));
      break;
  }
}

/** Draw step, RULES.md §3: from the draw pile, or the top discard with `drawFromDiscard` [H16]. */
function draw(d: Draft, seat: number, fromDiscard: boolean): void {
  if (fromDiscard) {
    const card = d.discard().pop()!;
    d.hand(seat).push(card);
    if (d.recording) d.emit({ type: 'drew', seat, from: 'discard', card });
  } else {
    drawCard(d, seat);
  }
  d.s.phase = 'play';
}

/** Plays a card from hand on a tableau (own, or the target's for a hazard). RULES.md §4–§6. */
function play(d: Draft, seat: number, card: CardId, target: number | undefined): void {
  const team = teamOf(d.s, seat);
  d.takeFromHand(seat, card);
  switch (kindOf(card)) {
    case 'distance':
      if (d.recording) d.emit({ type: 'played', seat, card });
      playDistance(d, seat, team, card as DistanceCard);
      return;
    case 'hazard': {
      const victim = teamOf(d.s, target!);
      const targetSeat = d.s.teams[victim][0];
      putOnPile(d, victim, card);
      if (d.recording) d.emit({ type: 'played', seat, card, target: targetSeat });
      openWindow(d, seat, victim, card as HazardCard);
      return;
    }
    case 'remedy':
      putOnPile(d, team, card);
      if (d.recording) d.emit({ type: 'played', seat, card });
      endTurn(d, seat);
      return;
    case 'safety':
      if (d.recording) d.emit({ type: 'played', seat, card });
      laySafety(d, team, card as SafetyCard, false);
      if (d.recording) d.emit({ type: 'extraTurn', seat });
      startTurn(d, seat);
      return;
  }
}

/**
 * Distance, RULES.md §4, §8: adds the km; reaching the goal (exactly with `exactFinish`, or more
 * without) ends the hand — unless the trip may be extended from 700 to 1000 (`extension`).
 */
function playDistance(d: Draft, seat: number, team: number, card: DistanceCard): void {
  const t = d.tableau(team);
  t.distance.push(card);
  t.km += kmOf(card);
  const o = d.s.rules.options;
  const reached = o.exactFinish ? t.km === d.s.goal : t.km >= d.s.goal;
  if (!reached) {
    endTurn(d, seat);
    return;
  }
  if (o.extension && d.s.extendedBy === null && d.s.goal === 700 && t.km === 700) {
    d.s.phase = 'extension';
    d.s.turn = seat;
    if (d.recording) d.emit({ type: 'extensionOffered', seat });
    return;
  }
  endHand(d, team);
}

/** The extension decision at exactly 700 km, RULES.md §8: extend to 1000 and play on, or end the hand. */
function extension(d: Draft, seat: number, accept: boolean): void {
  const team = teamOf(d.s, seat);
  if (d.recording) d.emit({ type: 'extended', seat, accept });
  if (!accept) {
    endHand(d, team);
    return;
  }
  d.s.goal = 1000;
  d.s.extendedBy = team;
  endTurn(d, seat);
}

/**
 * Opens the response window for a hazard just played, RULES.md §7: every seat of the target team
 * answers in turn order after the attacker.
 */
function openWindow(d: Draft, attacker: number, target: number, hazard: HazardCard): void {
  const pending: number[] = [];
  for (let i = 1; i < d.s.seats; i++) {
    const seat = (attacker + i) % d.s.seats;
    if (teamOf(d.s, seat) === target) pending.push(seat);
  }
  runWindow(d, { attacker, hazard, target, pending, remedyBy: null }, 0);
}

/**
 * Moves a response window on, RULES.md §7 and SCENARIOS.md: an `ask` seat is asked (whether or not it
 * holds anything, so the window reveals nothing); an `auto` seat plays a held safety as coup fourré,
 * else (fast game) a held remedy, else is passed over. A team's coup fourré goes before its quick
 * remedy: an `auto` seat with the remedy waits until every later teammate has answered. When nobody is
 * left, play passes left of the attacker. The seats of `w.pending` before index `from` have answered.
 */
function runWindow(d: Draft, w: ResponseWindow, from: number): void {
  let remedyBy = w.remedyBy;
  const remedy = REMEDY_FOR[w.hazard];
  for (let i = from; i < w.pending.length; i++) {
    const seat = w.pending[i];
    if (d.s.responses[seat] === 'ask') {
      d.s.window = windowAt(w, i, remedyBy);
      d.s.phase = 'respond';
      d.s.turn = seat;
      if (d.recording) d.emit({ type: 'windowOpened', seat, attacker: w.attacker, hazard: w.hazard });
      return;
    }
    const hand = d.s.hands[seat];
    const safety = SAFETY_FOR[w.hazard];
    if (hand.includes(safety)) {
      d.s.window = windowAt(w, i, remedyBy);
      coupFourre(d, seat, safety);
      return;
    }
    if (remedyBy === null && d.s.rules.options.quickRemedy && hand.includes(remedy)) remedyBy = seat;
  }
  if (remedyBy !== null) {
    d.s.window = { ...w, pending: [remedyBy], remedyBy };
    quickRemedy(d, remedyBy, remedy);
    return;
  }
  d.s.window = null;
  endTurn(d, w.attacker);
}

/** Window `w` as it stands when its seat `pending[i]` is to answer (built only to be kept in the state). */
function windowAt(w: ResponseWindow, i: number, remedyBy: number | null): ResponseWindow {
  return { ...w, pending: w.pending.slice(i), remedyBy };
}

/**
 * Coup fourré, RULES.md §7 [H16, NO, FR]: the hazard is cancelled, the safety is laid sideways, the seat
 * draws a replacement, then takes its turn; the seats between the attacker and it lose their turn.
 */
function coupFourre(d: Draft, seat: number, card: SafetyCard): void {
  const w = d.s.window!;
  d.takeFromHand(seat, card);
  if (d.recording) d.emit({ type: 'coupFourre', seat, card, hazard: w.hazard, attacker: w.attacker });
  laySafety(d, w.target, card, true);
  d.s.window = null;
  if (canDraw(d.s)) drawCard(d, seat);
  if (d.recording) {
    const lost: number[] = [];
    for (let s = nextSeat(d.s.seats, w.attacker); s !== seat; s = nextSeat(d.s.seats, s)) lost.push(s);
    if (lost.length) d.emit({ type: 'turnsLost', seats: lost });
  }
  startTurn(d, seat);
}

/**
 * Quick remedy (fast game), RULES.md §7 [H16 variant]: the remedy goes on the hazard at once, the seat
 * draws a replacement, and play continues left of the attacker. Not a coup fourré.
 */
function quickRemedy(d: Draft, seat: number, card: CardId): void {
  const w = d.s.window!;
  d.takeFromHand(seat, card);
  putOnPile(d, w.target, card);
  if (d.recording) d.emit({ type: 'quickRemedy', seat, card, hazard: w.hazard });
  d.s.window = null;
  if (canDraw(d.s)) drawCard(d, seat);
  endTurn(d, w.attacker);
}

/** Mulligan (fast game), RULES.md §7 [H16 variant]: discard the cards face up, draw back to six, turn ends. */
function mulligan(d: Draft, seat: number, cards: readonly CardId[]): void {
  for (const card of cards) {
    d.takeFromHand(seat, card);
    d.discard().push(card);
  }
  if (d.recording) d.emit({ type: 'mulligan', seat, cards: cards.slice() });
  while (d.s.hands[seat].length < 6 && drawCard(d, seat) !== null) {
    // drawCard reshuffles when it may and stops when nothing can be drawn
  }
  endTurn(d, seat);
}

/**
 * Changes a seat's coup-fourré choice (RULES.md §7): `auto` or `ask`. A setting, not a move: the
 * version stays the same (so another seat's move in flight is not made stale) and whose turn it is does
 * not change; a window already open keeps asking. Returns `state` itself when nothing changes. Throws a
 * RangeError for a seat that does not exist or an unknown mode (a caller's bug: the server validates
 * input first).
 */
export function setResponseMode(state: MatchState, seat: number, mode: ResponseMode): MatchState {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seats)
    throw new RangeError(`no seat ${seat} in this match`);
  if (mode !== 'auto' && mode !== 'ask')
    throw new RangeError(`response mode must be auto or ask, not ${String(mode)}`);
  if (state.responses[seat] === mode) return state;
  const responses = state.responses.slice();
  responses[seat] = mode;
  return { ...state, responses };
}

/**
 * The answer the asked seat's automatic choice gives when its window times out (RULES.md §7: "at the
 * deadline the seat's automatic choice applies"): coup fourré with the held safety, else (fast game) the
 * held remedy, else pass. As for an `auto` seat (`runWindow`), a team's coup fourré goes before its quick
 * remedy: the seat passes instead of playing its remedy when a later `auto` teammate in the window holds
 * the safety (that teammate then plays the coup fourré). A later `ask` teammate is not waited for: the
 * remedy is played. Null when no window is open.
 */
export function autoResponse(state: MatchState): Move | null {
  const w = state.window;
  if (state.phase !== 'respond' || !w) return null;
  const seat = w.pending[0];
  const hand = state.hands[seat];
  const safety = SAFETY_FOR[w.hazard];
  if (hand.includes(safety)) return { type: 'coupFourre', card: safety };
  const remedy = REMEDY_FOR[w.hazard];
  if (state.rules.options.quickRemedy && hand.includes(remedy)) {
    const teammateCoupFourre = w.pending
      .slice(1)
      .some((s) => state.responses[s] === 'auto' && state.hands[s].includes(safety));
    return teammateCoupFourre ? { type: 'pass' } : { type: 'quickRemedy', card: remedy };
  }
  return { type: 'pass' };
}
