/**
 * Error codes of refused moves, each explained once. A refused move is a result value
 * `{ ok: false, error: { code, message } }`, never an exception, and leaves the state unchanged.
 */
import type { EngineError, ErrorCode } from './types';

/** The default message of every error code. */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  'move.malformed': 'That is not a move.',
  'seat.invalid': 'There is no such seat in this match.',
  'turn.not_yours': 'It is not your turn.',
  'phase.wrong': 'That move is not possible at this point of the turn.',
  'card.not_in_hand': 'You do not hold that card.',
  'draw.discard_not_allowed': 'These rules do not let you draw from the discard pile.',
  'draw.discard_empty': 'The discard pile is empty.',
  'draw.pile_empty': 'The draw pile is empty.',
  'distance.not_rolling': 'You need a Roll (or Right of Way) before playing distance.',
  'distance.speed_limit': 'Under a Speed Limit only 25 and 50 km may be played.',
  'distance.too_many_200': 'At most two 200 km cards may be played in a hand.',
  'distance.past_goal': 'That card would take you past the goal; the trip must end exactly.',
  'hazard.no_target': 'A hazard needs a target player or team.',
  'hazard.target_self': 'You cannot play a hazard on yourself or your partner.',
  'hazard.target_protected': 'That player is protected by the matching safety.',
  'hazard.target_not_rolling': 'A hazard may only be played on a player who is rolling.',
  'hazard.target_hazarded': 'That player is already under a hazard.',
  'hazard.target_limited': 'That player is already under a Speed Limit.',
  'hazard.attacker_not_started': 'You may not attack before you have been rolling this hand.',
  'remedy.not_needed': 'That remedy does not answer what is on your pile.',
  'safety.already_played': 'That safety is already on your table.',
  'target.not_allowed': 'Only hazards take a target.',
  'window.not_open': 'No response window is open.',
  'window.not_your_answer': 'The response window is not waiting for you.',
  'coupFourre.wrong_safety': 'That safety does not answer this hazard.',
  'quickRemedy.not_allowed': 'These rules do not allow a quick remedy.',
  'quickRemedy.wrong_remedy': 'That remedy does not answer this hazard.',
  'mulligan.not_allowed': 'A mulligan is not possible now under these rules.',
  'mulligan.bad_cards': 'A mulligan discards one to seven cards that you hold.',
  'extension.not_offered': 'No extension is on offer.',
  'hand.not_over': 'The hand is not over yet.',
};

/** Builds the error value for a code, with its default message unless one is given. */
export function describeError(code: ErrorCode, message?: string): EngineError {
  return { code, message: message ?? ERROR_MESSAGES[code] };
}
