/**
 * A move on the wire: the move itself (read by the engine's own `parseMove`), its client-chosen
 * id, and the body of `POST /moves` that the socket's `move` frame repeats.
 */
import * as v from 'valibot';
import { type Move, parseMove } from '../engine/index';
import { SeatSchema } from './fields';

/** The most cards a mulligan discards: a whole hand with the card just drawn. */
const MULLIGAN_MAX = 7;

/**
 * A move: the engine's own reading of its `Move` union (`parseMove`, worker/engine/move-shape.ts),
 * so its output is a `Move`; the engine judges legality. The wire also bounds what a body may carry:
 * a hazard's target is a seat 0–7 and a mulligan discards 1–7 cards. Anything else is 400
 * `request.invalid` with an issue such as `move: Malformed move: unknown card.`.
 */
export const MoveSchema = v.pipe(
  v.unknown(),
  v.rawTransform<unknown, Move>(({ dataset, addIssue, NEVER }) => {
    const parsed = parseMove(dataset.value);
    if (parsed.ok) return parsed.move;
    addIssue({ message: parsed.error.message });
    return NEVER;
  }),
  v.check(
    (m) => m.type !== 'play' || m.target === undefined || v.is(SeatSchema, m.target),
    'target must be a seat from 0 to 7',
  ),
  v.check(
    (m) => m.type !== 'mulligan' || (m.cards.length >= 1 && m.cards.length <= MULLIGAN_MAX),
    `a mulligan discards 1 to ${MULLIGAN_MAX} cards`,
  ),
);

/** A move id: 1 to 64 characters of `A-Z a-z 0-9 _ . : -`, chosen by the client, naming one move for the whole match. */
export const MoveIdSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(64),
  v.regex(/^[A-Za-z0-9_.:-]+$/),
);

/** The parts of a move request, shared by `POST /moves` and the socket's `move` frame. */
export const moveRequestEntries = {
  version: v.pipe(v.number(), v.integer(), v.minValue(0)),
  moveId: MoveIdSchema,
  move: MoveSchema,
};

/** POST /api/matches/:id/moves body: the version the client saw, its own move id, the move. */
export const MoveRequestSchema = v.strictObject(moveRequestEntries);
export type MoveRequest = v.InferOutput<typeof MoveRequestSchema>;
