/**
 * Groups the server's legal moves for the screen. Nothing here decides legality: every option
 * offered is one of `view.legalMoves`, looked up, never derived.
 */
import type { CardId, Move } from './types';

/** What a hand card can do now: plays (with the target seat, or null for one's own area), discard, answers. */
export interface CardOptions {
  card: CardId;
  plays: Array<{ move: Move; target: number | null }>;
  discard: Move | null;
  answer: Move | null;
}

/** The options for one card of the hand, read from the legal moves. */
export function optionsForCard(legal: readonly Move[], card: CardId): CardOptions {
  const out: CardOptions = { card, plays: [], discard: null, answer: null };
  for (const move of legal) {
    if (move.type === 'play' && move.card === card) out.plays.push({ move, target: move.target ?? null });
    else if (move.type === 'discard' && move.card === card) out.discard = move;
    else if ((move.type === 'coupFourre' || move.type === 'quickRemedy') && move.card === card)
      out.answer = move;
  }
  return out;
}

/** True when the card can be played or answered with now (a discard alone does not count). */
export function canPlay(o: CardOptions): boolean {
  return o.plays.length > 0 || o.answer !== null;
}

/** True when the card has any legal use now. */
export function isPlayable(o: CardOptions): boolean {
  return o.plays.length > 0 || o.discard !== null || o.answer !== null;
}

/** The draw moves, by source. */
export function drawMoves(legal: readonly Move[]): { pile: Move | null; discard: Move | null } {
  let pile: Move | null = null;
  let discard: Move | null = null;
  for (const m of legal) {
    if (m.type !== 'draw') continue;
    if (m.from === 'discard') discard = m;
    else pile = m;
  }
  return { pile, discard };
}

/** The first legal move of a type, if any. */
export function moveOfType<T extends Move['type']>(
  legal: readonly Move[],
  type: T,
): Extract<Move, { type: T }> | null {
  return (legal.find((m) => m.type === type) as Extract<Move, { type: T }> | undefined) ?? null;
}

/** The legal mulligan move whose cards are exactly `picked` (as a multiset), if any. */
export function findMulligan(legal: readonly Move[], picked: readonly CardId[]): Move | null {
  const key = [...picked].sort().join(',');
  return legal.find((m) => m.type === 'mulligan' && [...m.cards].sort().join(',') === key) ?? null;
}
