/**
 * The reasons `whyNot` gives for a card that cannot be played: one tagged shape per error code, with
 * the facts a sentence needs ("Bob has Driving Ace", "Only 25 km to go"). The codes come from the
 * rule functions of legal.ts; the small helpers here only read the state to add the params, each
 * citing the RULES.md section it explains.
 */

import { teamOf } from '../shared/teams';
import {
  type CardId,
  type DistanceCard,
  type HazardCard,
  isHazard,
  kmOf,
  REMEDY_FOR,
  type RemedyCard,
  SAFETY_FOR,
  type SafetyCard,
} from './cards';
import { MAX_200S, SPEED_LIMIT_KM } from './legal';
import { isRolling, top, twoHundreds } from './tableau';
import { actingSeat } from './turn';
import type { ErrorCode, MatchState, Phase, Tableau } from './types';

/** The target of a hazard reason: the opponent team and the seat that names it in `legalMoves`. */
export interface TargetParams {
  /** The lowest seat of the target team (the `target` of the hazard's move in `legalMoves`). */
  target: number;
  /** The target team's index. */
  team: number;
  /** Every seat of the target team. */
  seats: number[];
}

/** What a seat that is not rolling needs before distance. RULES.md §4, §6. */
export interface NotRollingParams {
  /** The top of the seat's battle pile, or null when it is empty. */
  battleTop: CardId | null;
  /** The remedy to play now: the one for the hazard on top, else `roll`. */
  remedy: RemedyCard;
  /** True when a Roll is still needed after that remedy (`rollAfterRemedy`, RULES.md §4 [OLD, FR]). */
  thenRoll: boolean;
  /**
   * The safety that would also do (RULES.md §6): the one for the hazard on top, else Right of Way;
   * null when the team already has it.
   */
  safety: SafetyCard | null;
}

/** A reason a card in hand cannot be played now: a tagged union keyed by the error code. */
export type CardReason =
  /** The seat is no seat of the match. */
  | { code: 'seat.invalid'; params: { seat: number } }
  /** Another seat acts now (`acting`: that seat, or null between hands and after the match). */
  | { code: 'turn.not_yours'; params: { acting: number | null } }
  /** The seat acts, but not by playing a card: `draw`, `extension`, `respond`, `handOver`, `matchOver`. */
  | { code: 'phase.wrong'; params: { phase: Phase } }
  | { code: 'card.not_in_hand'; params: { card: CardId } }
  | { code: 'distance.not_rolling'; params: NotRollingParams }
  /** `km`: the card's km; `maxKm`: the largest card allowed under a Speed Limit (50). */
  | { code: 'distance.speed_limit'; params: { km: number; maxKm: number } }
  /** `played`: 200 km cards already played this hand; `max`: 2. */
  | { code: 'distance.too_many_200'; params: { played: number; max: number } }
  /** `km`: the card's km; `kmLeft`: km still to go to `goal` (km). */
  | { code: 'distance.past_goal'; params: { km: number; kmLeft: number; goal: number } }
  /** The target team has `safety` on its table. */
  | { code: 'hazard.target_protected'; params: TargetParams & { safety: SafetyCard } }
  /** The target is not rolling; `battleTop` is the top of its battle pile (null: not started). */
  | { code: 'hazard.target_not_rolling'; params: TargetParams & { battleTop: CardId | null } }
  /** The target is already under the battle hazard `hazard`. */
  | { code: 'hazard.target_hazarded'; params: TargetParams & { hazard: HazardCard } }
  | { code: 'hazard.target_limited'; params: TargetParams }
  | { code: 'hazard.attacker_not_started'; params: TargetParams }
  /** `top` of the `pile` the remedy answers; `rolling`: the seat is rolling already. */
  | {
      code: 'remedy.not_needed';
      params: { pile: 'battle' | 'speed'; top: CardId | null; rolling: boolean };
    }
  | { code: 'safety.already_played'; params: { safety: SafetyCard } }
  /** Any other code: never given for a well-formed call, present so that every code has a shape. */
  | { code: OtherCode; params: Record<string, never> };

/**
 * The codes `whyNot` gives for a well-formed call, each with its own params in `CardReason`: the gate
 * of a play (seat, turn, phase, hand) and the card rules of RULES.md §4–§6.
 */
export const CARD_REASON_CODES = [
  'seat.invalid',
  'turn.not_yours',
  'phase.wrong',
  'card.not_in_hand',
  'distance.not_rolling',
  'distance.speed_limit',
  'distance.too_many_200',
  'distance.past_goal',
  'hazard.target_protected',
  'hazard.target_not_rolling',
  'hazard.target_hazarded',
  'hazard.target_limited',
  'hazard.attacker_not_started',
  'remedy.not_needed',
  'safety.already_played',
] as const satisfies readonly ErrorCode[];
type OwnCode = (typeof CARD_REASON_CODES)[number];
type OtherCode = Exclude<ErrorCode, OwnCode>;

/** The own tableau of `seat`. */
function ownTableau(state: MatchState, seat: number): Tableau {
  return state.tableaux[teamOf(state, seat)];
}

/**
 * What a seat needs before it may drive: the remedy for the hazard on its battle pile or a Roll, and
 * the safety that would do instead. RULES.md §4 [H16, NO, FR, OLD], §6 [H16, NO, FR].
 */
export function notRollingParams(state: MatchState, seat: number): NotRollingParams {
  const t = ownTableau(state, seat);
  const battleTop = top(t.battle);
  const hazard = battleTop !== null && isHazard(battleTop) ? battleTop : null;
  const remedy: RemedyCard = hazard === null ? 'roll' : REMEDY_FOR[hazard];
  const safety: SafetyCard = hazard === null ? 'right_of_way' : SAFETY_FOR[hazard];
  return {
    battleTop,
    remedy,
    thenRoll: remedy !== 'roll' && state.rules.options.rollAfterRemedy,
    safety: t.safeties.includes(safety) ? null : safety,
  };
}

/** The km a distance card would leave to the goal. RULES.md §4 `exactFinish` [NO, FR, OLD]. */
export function pastGoalParams(state: MatchState, seat: number, card: DistanceCard) {
  const t = ownTableau(state, seat);
  return { km: kmOf(card), kmLeft: state.goal - t.km, goal: state.goal };
}

/** The pile a remedy answers and its top. RULES.md §5 (remedies), §4 (rolling). */
export function remedyParams(state: MatchState, seat: number, card: RemedyCard) {
  const t = ownTableau(state, seat);
  const pile = card === 'end_of_limit' ? ('speed' as const) : ('battle' as const);
  return { pile, top: top(t[pile]), rolling: isRolling(t, state.rules.options) };
}

/** The target team of a hazard reason. RULES.md §2 (teams), §5 (hazards). */
export function targetParams(state: MatchState, team: number): TargetParams {
  return { target: state.teams[team][0], team, seats: state.teams[team].slice() };
}

/** Builds the reason for `code`, given by the rule functions for `seat` playing `card` (on `team`). */
export function reasonFor(
  state: MatchState,
  seat: number,
  card: CardId,
  code: ErrorCode,
  team: number | null,
): CardReason {
  const own = (): Tableau => ownTableau(state, seat);
  const on = (): TargetParams => targetParams(state, team ?? 0);
  const targetTable = (): Tableau => state.tableaux[team ?? 0];
  switch (code) {
    case 'seat.invalid':
      return { code, params: { seat } };
    case 'turn.not_yours':
      return { code, params: { acting: actingSeat(state) } };
    case 'phase.wrong':
      return { code, params: { phase: state.phase } };
    case 'card.not_in_hand':
      return { code, params: { card } };
    case 'distance.not_rolling':
      return { code, params: notRollingParams(state, seat) };
    case 'distance.speed_limit':
      return { code, params: { km: kmOf(card), maxKm: SPEED_LIMIT_KM } };
    case 'distance.too_many_200':
      return { code, params: { played: twoHundreds(own()), max: MAX_200S } };
    case 'distance.past_goal':
      return { code, params: pastGoalParams(state, seat, card as DistanceCard) };
    case 'hazard.target_protected':
      return { code, params: { ...on(), safety: SAFETY_FOR[card as HazardCard] } };
    case 'hazard.target_not_rolling':
      return { code, params: { ...on(), battleTop: top(targetTable().battle) } };
    case 'hazard.target_hazarded':
      return { code, params: { ...on(), hazard: top(targetTable().battle) as HazardCard } };
    case 'hazard.target_limited':
    case 'hazard.attacker_not_started':
      return { code, params: on() };
    case 'remedy.not_needed':
      return { code, params: remedyParams(state, seat, card as RemedyCard) };
    case 'safety.already_played':
      return { code, params: { safety: card as SafetyCard } };
    default:
      return { code: code as OtherCode, params: {} };
  }
}
