/**
 * The engine's public API. Pure TypeScript: no platform imports; state is plain JSON and is never
 * mutated. Everything a server, client, bot or test needs is exported from here.
 */
export * from './cards';
export * from './rules';
export * from './types';
export { createMatch, type MatchSetup } from './setup';
export { legalMoves, moveError, sameMove } from './legal';
export { applyMove, setResponseMode, autoResponse } from './apply';
export { viewFor, isRolling, isLimited } from './view';
export { scoreHand } from './scoring';
export { describeError } from './errors';
