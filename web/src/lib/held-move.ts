/**
 * The move kept at the server's daily limit (lib/daily-limit.ts; lib/session.ts `held`), kept in this
 * tab's sessionStorage as well, so that after a reload the page still says the move was not played and
 * offers to send it again: the same request, with its move id and version, so it plays at most once.
 * One entry per match and seat; it holds only at the version it was made at (the match moved on: the
 * move means nothing any more) and is dropped once it is sent.
 */
import type { Move } from './types';

/** A move request as the page sends it: the version it was chosen at, its id (idempotent retries), the move. */
export type MoveBody = { version: number; moveId: string; move: Move };

/**
 * A move the server could not take at its daily limit: kept with its request (the same move id and
 * version, so sending it again can never play it twice) until `resumeAt` (ms since the epoch, the
 * page's clock), when the player may send it again.
 */
export interface HeldMove {
  body: MoveBody;
  resumeAt: number;
}

const PREFIX = 'mb.held.';
const keyOf = (matchId: string, seat: number) => `${PREFIX}${matchId}.${seat}`;

/** Keeps `held` for `seat` of `matchId` in this tab (null: forgets it). Storage disabled or full: memory only. */
export function storeHeld(matchId: string, seat: number, held: HeldMove | null): void {
  try {
    if (held) sessionStorage.setItem(keyOf(matchId, seat), JSON.stringify(held));
    else sessionStorage.removeItem(keyOf(matchId, seat));
  } catch {
    // sessionStorage disabled or full: the move is kept for this page only.
  }
}

/**
 * The move this tab kept for `seat` of `matchId`, when the match is still at its version `version`;
 * null otherwise. An entry made at another version, or not of the kept shape, is forgotten.
 */
export function storedHeld(matchId: string, seat: number, version: number): HeldMove | null {
  let held: HeldMove | null = null;
  try {
    const raw = sessionStorage.getItem(keyOf(matchId, seat));
    if (raw === null) return null;
    held = asHeld(JSON.parse(raw));
  } catch {
    // Not JSON, or sessionStorage disabled: nothing kept.
  }
  if (held?.body.version === version) return held;
  storeHeld(matchId, seat, null);
  return null;
}

/** `value` as a kept move when it has the shape `storeHeld` writes, else null. */
function asHeld(value: unknown): HeldMove | null {
  const v = value as Partial<HeldMove> | null;
  const b = v?.body as Partial<MoveBody> | undefined;
  const ok =
    typeof v?.resumeAt === 'number' &&
    typeof b?.version === 'number' &&
    typeof b.moveId === 'string' &&
    typeof b.move === 'object' &&
    b.move !== null &&
    typeof (b.move as { type?: unknown }).type === 'string';
  return ok ? (v as HeldMove) : null;
}
