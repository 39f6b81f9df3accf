/**
 * The shape of a move, written once: the fields each move type carries and what a well-formed
 * value of each is. `parseMove` reads untrusted JSON with it, for `applyMove` and for the wire
 * (worker/protocol/moves.ts builds its move schema on `parseMove`). Whether a well-shaped move is legal
 * is `moveError`'s and `legalMoves`' business (legal.ts).
 */
import { cardKind, isCardId } from './cards';
import { describeError } from './errors';
import type { EngineError, Move, MoveType } from './types';

/** The fields of move type `T` besides `type`. */
type MoveField<T extends MoveType> = Exclude<keyof Extract<Move, { type: T }>, 'type'>;

/**
 * The fields each move type may carry besides `type`, in the order a parsed move lists them (the
 * `Move` union in types.ts; the compiler checks every type and field name against it).
 */
const MOVE_FIELDS = {
  draw: ['from'],
  play: ['card', 'target'],
  discard: ['card'],
  coupFourre: ['card'],
  pass: [],
  quickRemedy: ['card'],
  mulligan: ['cards'],
  extension: ['accept'],
  nextHand: [],
} as const satisfies { readonly [T in MoveType]: readonly MoveField<T>[] };

/** The fields of `Move` that `MOVE_FIELDS` leaves out: none, or the line below does not compile. */
type Unlisted = { [T in MoveType]: Exclude<MoveField<T>, (typeof MOVE_FIELDS)[T][number]> }[MoveType];
const _everyFieldListed: [Unlisted] extends [never] ? true : never = true;

/** The result of `parseMove`: the move, or a `move.malformed` error naming the problem. */
export type ParsedMove = { ok: true; move: Move } | { ok: false; error: EngineError };

/**
 * Checks the shape of an untrusted move (from JSON): a known type with well-typed fields and no
 * others (`draw.from` pile or discard, `card` a card id and a safety for a coup fourré, `target` an
 * integer, `cards` a list of card ids, `accept` a boolean). Returns a fresh copy listing `type`, then
 * the fields present in `MOVE_FIELDS` order, or a `move.malformed` error whose message names the
 * problem ("Malformed move: unknown card."). Never throws.
 */
export function parseMove(input: unknown): ParsedMove {
  const bad = (why: string) => ({
    ok: false as const,
    error: describeError('move.malformed', `Malformed move: ${why}.`),
  });
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return bad('not an object');
  const m = input as Record<string, unknown>;
  const type = m.type;
  if (typeof type !== 'string' || !Object.hasOwn(MOVE_FIELDS, type)) return bad('unknown type');
  const fields: readonly string[] = MOVE_FIELDS[type as MoveType];
  for (const key of Object.keys(m)) {
    if (key !== 'type' && !fields.includes(key)) return bad(`unexpected field "${key}"`);
  }
  if (fields.includes('card') && !isCardId(m.card)) return bad('unknown card');
  if (type === 'coupFourre' && cardKind(m.card as string) !== 'safety')
    return bad('a coup fourré plays a safety');
  if (type === 'draw' && m.from !== undefined && m.from !== 'pile' && m.from !== 'discard')
    return bad('from must be pile or discard');
  if (type === 'play' && m.target !== undefined && !Number.isInteger(m.target))
    return bad('target must be a seat number');
  if (type === 'mulligan' && (!Array.isArray(m.cards) || !m.cards.every(isCardId)))
    return bad('cards must be card ids');
  if (type === 'extension' && typeof m.accept !== 'boolean') return bad('accept must be true or false');
  const move: Record<string, unknown> = { type };
  for (const key of fields) {
    const value = m[key];
    if (value !== undefined) move[key] = Array.isArray(value) ? value.slice() : value;
  }
  return { ok: true, move: move as Move };
}
