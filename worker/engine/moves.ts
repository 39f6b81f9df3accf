/**
 * Canonical move objects. Moves are readonly values, so `legalMoves` hands out these shared, frozen
 * objects instead of allocating new ones for every position.
 */
import { CARD_IDS, type CardId, cardKind } from './cards';
import type { Move } from './types';

/** Largest seat count (RULES.md §10: up to 8 seats). */
export const MAX_SEATS = 8;

const freeze = <T extends Move>(m: T): T => Object.freeze(m);

export const DRAW_PILE = freeze({ type: 'draw' } as const);
export const DRAW_DISCARD = freeze({ type: 'draw', from: 'discard' } as const);
export const PASS = freeze({ type: 'pass' } as const);
export const NEXT_HAND = freeze({ type: 'nextHand' } as const);
export const EXTEND = freeze({ type: 'extension', accept: true } as const);
export const DECLINE_EXTENSION = freeze({ type: 'extension', accept: false } as const);

const PLAY = new Map<CardId, Move>();
const DISCARD = new Map<CardId, Move>();
const PLAY_ON = new Map<CardId, Move[]>();
const ANSWER = new Map<CardId, Move>();
for (const card of CARD_IDS) {
  DISCARD.set(card, freeze({ type: 'discard', card }));
  const kind = cardKind(card);
  if (kind === 'hazard') {
    PLAY_ON.set(
      card,
      Array.from({ length: MAX_SEATS }, (_, target) => freeze({ type: 'play', card, target })),
    );
  } else {
    PLAY.set(card, freeze({ type: 'play', card }));
  }
  if (kind === 'safety') ANSWER.set(card, freeze({ type: 'coupFourre', card } as Move));
  if (kind === 'remedy') ANSWER.set(card, freeze({ type: 'quickRemedy', card }));
}

/** `{ type: 'play', card }` for a distance, remedy or safety; with `target` for a hazard. */
export function playMove(card: CardId, target?: number): Move {
  return target === undefined ? PLAY.get(card)! : PLAY_ON.get(card)![target];
}

/** `{ type: 'discard', card }`. */
export function discardMove(card: CardId): Move {
  return DISCARD.get(card)!;
}

/** `{ type: 'coupFourre', card }` for a safety, `{ type: 'quickRemedy', card }` for a remedy. */
export function answerMove(card: CardId): Move {
  return ANSWER.get(card)!;
}
