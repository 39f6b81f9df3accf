/**
 * Turn flow: drawing (with reshuffles), passing the turn, skipping empty hands, cancelling hazards with
 * a safety, ending a hand and the match. Each function works on a Draft. RULES.md §3, §6, §8.
 */

import { teamOf } from '../shared/teams';
import {
  type CardId,
  type HazardCard,
  isBattleHazard,
  isHazard,
  isRemedy,
  SAFETY_FOR,
  type SafetyCard,
} from './cards';
import type { Draft } from './draft';
import { canDraw, canReshuffle } from './legal';
import { shuffleInPlace } from './rng';
import { handWinners, scoreHand } from './scoring';
import { isRolling, top } from './tableau';
import type { HandResult } from './types';

/** The seat to the left (play is clockwise). RULES.md §2. */
export function nextSeat(seats: number, seat: number): number {
  return (seat + 1) % seats;
}

/**
 * Draws one card for `seat` from the draw pile, first reshuffling the discard pile into a new draw
 * pile when the pile is empty and `emptyDeck = reshuffle` allows (at most twice per hand). RULES.md §3,
 * §8. Returns the card, or null when nothing can be drawn.
 */
export function drawCard(d: Draft, seat: number): CardId | null {
  if (d.s.deck.length === 0) {
    if (!canReshuffle(d.s)) return null;
    const cards = d.discard().splice(0);
    shuffleInPlace(cards, d.rng());
    d.setDeck(cards);
    d.s.reshuffles += 1;
    if (d.recording) d.emit({ type: 'reshuffled', cards: cards.length, count: d.s.reshuffles });
  }
  const card = d.deck().pop()!;
  d.hand(seat).push(card);
  if (d.recording) d.emit({ type: 'drew', seat, from: 'pile' });
  if (d.recording && !canDraw(d.s)) d.emit({ type: 'drawPileExhausted' });
  return card;
}

/** True when the hand is played out: nothing to draw and every hand empty. RULES.md §3, §8 [NO, OLD, FR]. */
export function isPlayedOut(d: Draft): boolean {
  return !canDraw(d.s) && d.s.hands.every((h) => h.length === 0);
}

/**
 * Starts `seat`'s turn: phase `draw` while a card can be drawn, else `play` (play-out); a seat with
 * no cards and nothing to draw is skipped. RULES.md §3 [NO, OLD, FR]. Ends the hand when played out.
 */
export function startTurn(d: Draft, seat: number): void {
  if (isPlayedOut(d)) {
    endHand(d, null);
    return;
  }
  const drawing = canDraw(d.s);
  while (!drawing && d.s.hands[seat].length === 0) {
    if (d.recording) d.emit({ type: 'skipped', seat, reason: 'emptyHand' });
    seat = nextSeat(d.s.seats, seat);
  }
  d.s.turn = seat;
  d.s.phase = drawing ? 'draw' : 'play';
}

/** Ends `seat`'s turn: play passes left. RULES.md §3. */
export function endTurn(d: Draft, seat: number): void {
  startTurn(d, nextSeat(d.s.seats, seat));
}

/** Marks a team as started once it is rolling (for `attackerMustHaveStarted`, RULES.md §5). */
export function markStarted(d: Draft, team: number): void {
  const t = d.s.tableaux[team];
  if (!t.started && isRolling(t, d.s.rules.options)) d.tableau(team).started = true;
}

/**
 * Lays a safety on the team's tableau and cancels every hazard it protects from that is still on the
 * team — the one on top, and with `hazardStacking` [OLD] one buried under another unanswered hazard:
 * they go to the discard pile (RULES.md §6 [H16, NO, FR]: "if its hazard is currently on you, that hazard is cancelled").
 * When the battle pile then shows no hazard the team is rolling at once (`cleared`). Right of Way
 * cancels both a Stop and a Speed Limit.
 */
export function laySafety(d: Draft, team: number, card: SafetyCard, asCoupFourre: boolean): void {
  const t = d.tableau(team);
  t.safeties.push(card);
  if (asCoupFourre) t.coupFourre.push(card);
  const covers = (c: CardId): c is HazardCard => isHazard(c) && SAFETY_FOR[c] === card;
  if (cancelCovered(d, team, t.battle, covers, card)) t.cleared = !isHazard(top(t.battle) ?? 'roll');
  cancelCovered(d, team, t.speed, covers, card);
  markStarted(d, team);
}

/**
 * Removes the hazards `covers` picks among those still on the team — the run of hazards on top of
 * `pile` (more than one only with `hazardStacking`); a hazard under a remedy was answered already and
 * stays — to the discard pile, top first. True if any.
 */
function cancelCovered(
  d: Draft,
  team: number,
  pile: CardId[],
  covers: (c: CardId) => c is HazardCard,
  by: SafetyCard,
): boolean {
  let any = false;
  for (let i = pile.length - 1; i >= 0 && isHazard(pile[i]); i--) {
    const c = pile[i];
    if (!covers(c)) continue;
    pile.splice(i, 1);
    d.discard().push(c);
    if (d.recording) d.emit({ type: 'hazardCancelled', team, hazard: c, by });
    any = true;
  }
  return any;
}

/** Puts a card on a team's battle or speed pile; anything new on the battle pile ends `cleared`. */
export function putOnPile(d: Draft, team: number, card: CardId): void {
  const t = d.tableau(team);
  if (card === 'speed_limit' || card === 'end_of_limit') {
    t.speed.push(card);
  } else {
    t.battle.push(card);
    t.cleared = false;
    if (isRemedy(card)) settleStackedHazard(d, team);
  }
  if (!isBattleHazard(card)) markStarted(d, team);
}

/**
 * `hazardStacking` [OLD], RULES.md §5: a remedy answers only the hazard it covers. When another hazard
 * lies beneath, the remedy and the hazard it answered go to the discard pile, so the pile shows the
 * hazard still to be answered (a Stop under an Accident still needs its Roll).
 */
function settleStackedHazard(d: Draft, team: number): void {
  const battle = d.tableau(team).battle;
  const n = battle.length;
  if (n >= 3 && isHazard(battle[n - 2]) && isHazard(battle[n - 3])) {
    const remedy = battle.pop()!;
    const answered = battle.pop()!;
    d.discard().push(answered, remedy);
  }
}

/**
 * Ends the hand: scores it (RULES.md §9), adds the totals, and decides whether the match is over
 * (RULES.md §9 "match": one hand when `matchTarget` is 0; else the first to reach the target, the
 * highest total when several reach it, another hand on an exact tie for the highest).
 */
export function endHand(d: Draft, tripBy: number | null): void {
  const s = d.s;
  const winners = handWinners(s, tripBy);
  const scores = scoreHand(s, tripBy, winners);
  const result: HandResult = { hand: s.handNumber, scores, winners, tripBy, goal: s.goal };
  s.results = [...s.results, result];
  s.scores = s.scores.map((v, team) => v + scores[team].total);
  s.window = null;
  if (d.recording)
    d.emit({ type: 'handOver', hand: s.handNumber, winners, scores: scores.map((x) => x.total) });
  const target = s.rules.options.matchTarget;
  const best = Math.max(...s.scores);
  const leaders = s.scores.flatMap((v, team) => (v === best ? [team] : []));
  const over = target === 0 || (best >= target && leaders.length === 1);
  if (over) {
    s.phase = 'matchOver';
    s.matchWinners = leaders;
    if (d.recording) d.emit({ type: 'matchOver', winners: leaders, scores: s.scores.slice() });
  } else {
    s.phase = 'handOver';
  }
}

/** The team of a seat, for flow code. */
export function teamOfSeat(d: Draft, seat: number): number {
  return teamOf(d.s, seat);
}
