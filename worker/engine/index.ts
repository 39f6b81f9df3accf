/**
 * The engine's public API. Pure TypeScript: no platform imports; state is plain JSON and is never
 * mutated. Everything a server, client, bot or test needs is exported from here.
 */

export { teamOf } from '../shared/teams';
export { applyMove, autoResponse, setResponseMode } from './apply';
export * from './cards';
export { cloneState, copyTableau } from './draft';
export { describeError } from './errors';
export { type ForfeitResult, forfeit } from './forfeit';
export {
  buildHandReplay,
  finishedHands,
  type HandReplay,
  type HandReplayError,
  type HandReplayResult,
  type ReplayArea,
  type ReplayEntry,
  type ReplayStep,
  type ReplayTable,
  type ReplayWindow,
} from './hand-replay';
export { handRng, isSeedScheme, NEW_MATCH_SEED_SCHEME, SEED_SCHEMES, type SeedScheme } from './hand-seed';
export { canDraw, legalMoves, MAX_RESHUFFLES, moveError, sameMove } from './legal';
export { type ParsedMove, parseMove } from './move-shape';
export { type MoveChooser, type PlayoutStop, playOut } from './playout';
export * from './rules';
export { coupsFourresPerTeam, scoreHand } from './scoring';
export { createMatch, HAND_SIZE, type MatchSetup, type Position, type PositionTableau } from './setup';
export {
  actingSeat,
  forcedDraw,
  othersActed,
  TURN_KINDS,
  type TurnKind,
  type WhoActs,
  whoActs,
} from './turn';
export * from './types';
export { isLimited, isRolling, viewFor } from './view';
export {
  CARD_REASON_CODES,
  type CardReason,
  type NotRollingParams,
  type TargetParams,
  whyNot,
} from './why-not';
