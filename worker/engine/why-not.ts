/**
 * Why a card in a seat's hand cannot be played now, with the facts a sentence needs: the reasons a
 * client shows on the card itself. Built on `moveErrorCode` (legal.ts), the function `legalMoves`
 * keeps its moves by, so no rule is written twice: a card has no reason exactly when it has a legal
 * move other than a discard.
 */

import { teamOf } from '../shared/teams';
import type { CardId } from './cards';
import { moveErrorCode } from './legal';
import { cardMoves, discardMove, playMove } from './moves';
import { actingSeat } from './turn';
import type { MatchState } from './types';
import { type CardReason, reasonFor } from './why-not-reasons';

export {
  CARD_REASON_CODES,
  type CardReason,
  type NotRollingParams,
  type TargetParams,
} from './why-not-reasons';

/**
 * The reasons `seat` cannot play `card` now; [] exactly when the card has a legal move other than a
 * discard or mulligan: a play (on some target, for a hazard), or an answer in a response window (coup
 * fourré or quick remedy, RULES.md §7).
 *
 * - In the seat's own play phase: one reason per possible target, i.e. for a hazard one per opponent
 *   team (team order; RULES.md §5), for any other card one (RULES.md §4–§6).
 * - Otherwise a single reason, the one a discard of the card gets (so the order of checks is
 *   `moveErrorCode`'s): `seat.invalid`, `phase.wrong` (the hand or match is over, or the seat must
 *   draw or decide an extension first), `turn.not_yours` (another seat acts; `acting` names it),
 *   `card.not_in_hand`. A seat asked by a response window, for a card that does not answer it, gets
 *   `phase.wrong` with phase `respond` (it is asked, so "not your turn" would be wrong).
 *
 * Pure; never throws for a seat number and a card id.
 */
export function whyNot(state: MatchState, seat: number, card: CardId): CardReason[] {
  const answer = cardMoves(card).answer;
  if (answer !== null && moveErrorCode(state, seat, answer) === null) return [];
  const gate = moveErrorCode(state, seat, discardMove(card));
  if (gate === 'turn.not_yours' && state.phase === 'respond' && actingSeat(state) === seat) {
    return [reasonFor(state, seat, card, 'phase.wrong', null)];
  }
  if (gate !== null) return [reasonFor(state, seat, card, gate, null)];
  if (cardMoves(card).kind !== 'hazard') {
    const code = moveErrorCode(state, seat, playMove(card));
    return code === null ? [] : [reasonFor(state, seat, card, code, null)];
  }
  const reasons: CardReason[] = [];
  const own = teamOf(state, seat);
  for (let team = 0; team < state.teams.length; team++) {
    if (team === own) continue;
    const code = moveErrorCode(state, seat, playMove(card, state.teams[team][0]));
    if (code === null) return [];
    reasons.push(reasonFor(state, seat, card, code, team));
  }
  return reasons;
}
