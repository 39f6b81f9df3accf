/**
 * The engine's public API. Pure TypeScript: no platform imports; state is plain JSON and is never
 * mutated. Everything a server, client, bot or test needs is exported from here.
 */

export { applyMove, autoResponse, setResponseMode } from './apply';
export * from './cards';
export { describeError } from './errors';
export { canDraw, legalMoves, moveError, parseMove, sameMove, teamOf } from './legal';
export * from './rules';
export { scoreHand } from './scoring';
export { createMatch, type MatchSetup } from './setup';
export * from './types';
export { isLimited, isRolling, viewFor } from './view';
