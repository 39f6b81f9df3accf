/**
 * Canonical move objects. Moves are readonly values, so `legalMoves` hands out these shared, frozen
 * objects instead of allocating new ones for every position.
 */

import { MAX_SEATS } from '../shared/limits';
import { CARD_IDS, type CardId, type CardKind, cardIndex, kindOf } from './cards';
import type { Move } from './types';

const freeze = <T extends Move>(m: T): T => Object.freeze(m);

export const DRAW_PILE = freeze({ type: 'draw' } as const);
export const DRAW_DISCARD = freeze({ type: 'draw', from: 'discard' } as const);
export const PASS = freeze({ type: 'pass' } as const);
export const NEXT_HAND = freeze({ type: 'nextHand' } as const);
export const EXTEND = freeze({ type: 'extension', accept: true } as const);
export const DECLINE_EXTENSION = freeze({ type: 'extension', accept: false } as const);

/** The canonical moves of one card id. */
export interface CardMoves {
  kind: CardKind;
  /** `{ type: 'play', card }` (not for hazards). */
  play: Move | null;
  /** `{ type: 'play', card, target }` by target seat (hazards only). */
  playOn: Move[] | null;
  discard: Move;
  /** `coupFourre` for a safety, `quickRemedy` for a remedy. */
  answer: Move | null;
}

const CARD_MOVES: CardMoves[] = CARD_IDS.map((card) => {
  const kind = kindOf(card);
  return {
    kind,
    play: kind === 'hazard' ? null : freeze({ type: 'play', card }),
    playOn:
      kind === 'hazard'
        ? Array.from({ length: MAX_SEATS }, (_, target) => freeze({ type: 'play', card, target }))
        : null,
    discard: freeze({ type: 'discard', card }),
    answer:
      kind === 'safety'
        ? freeze({ type: 'coupFourre', card } as Move)
        : kind === 'remedy'
          ? freeze({ type: 'quickRemedy', card })
          : null,
  };
});

/** The canonical moves of a card id. */
export function cardMoves(card: CardId): CardMoves {
  return CARD_MOVES[cardIndex(card)];
}

/** The canonical moves of the card id at `index` in CARD_IDS (see `cardIndex`). */
export function cardMovesAt(index: number): CardMoves {
  return CARD_MOVES[index];
}

/** `{ type: 'play', card }` for a distance, remedy or safety; with `target` for a hazard. */
export function playMove(card: CardId, target?: number): Move {
  const m = cardMoves(card);
  return target === undefined ? m.play! : m.playOn![target];
}

/** `{ type: 'discard', card }`. */
export function discardMove(card: CardId): Move {
  return cardMoves(card).discard;
}

/** `{ type: 'coupFourre', card }` for a safety, `{ type: 'quickRemedy', card }` for a remedy. */
export function answerMove(card: CardId): Move {
  return cardMoves(card).answer!;
}
