/**
 * A player's move (the `move` RPC): checks the seat, the match status, the rules version and the
 * state version, then commits it (commit.ts), with the automatic moves that follow. A move id names
 * one move for the whole match: a retry (same id, seat and move) returns its first outcome and
 * changes nothing; the same id with another move or seat is refused. Statuses: docs/API.md.
 */
import { isDeepStrictEqual } from 'node:util';
import { dailyLimitReply, isDailyLimit } from '../daily-limit';
import { RULES_VERSION } from '../engine/index';
import type { MoveRequest } from '../protocol/moves';
import { error, NOT_FOUND, type Reply } from '../reply';
import { commit } from './commit';
import type { MatchContext } from './context';
import type { LogStep } from './rows';
import { infoFor } from './views';

/** Rules versions this deployment can continue (see README "Engine upgrades"). */
export const SUPPORTED_RULES_VERSIONS: readonly string[] = [RULES_VERSION];

/**
 * Plays `req.move` for the seat of `who` (a token hash). 200 `{ info, events }` (plus `replayed`
 * for a retry: same move id, seat and move, at any version), 403 `auth.not_a_seat`, 409
 * `match.not_started` / `match.rules_version` / `move.id_reused` (the id was accepted for another
 * move or seat) / `match.finished` (with the current info; a retry of an accepted move still gets
 * its outcome) / `version.stale` (with the current info), 422 with the engine's error, 503
 * `server.daily_limit` with `Retry-After` when the platform refused its writes (nothing of it was
 * stored: the same move id may be sent again after the reset).
 */
export function playMove(m: MatchContext, who: string | null, req: MoveRequest): Reply {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (caller.seat === null) return error(403, 'auth.not_a_seat', 'Only a player with a seat link can move.');
  const seat = caller.seat;
  const state = meta.state;
  if (meta.status === 'lobby' || !state)
    return error(409, 'match.not_started', 'The match has not started yet.');
  if (!SUPPORTED_RULES_VERSIONS.includes(state.rulesVersion)) {
    return error(
      409,
      'match.rules_version',
      `This match uses rules ${state.rulesVersion}, which this server cannot play.`,
    );
  }
  // A move id names one move: it is looked up among the whole match's ids before the version check,
  // since a retry may carry any version (usually the one it was first made at, stale by now). Only
  // a known id costs a query (its one log row).
  const done = m.log.rowOfMoveId(req.moveId);
  if (done) {
    // The row's player step is the move the id was accepted for (the others are the server's).
    const mine = (done.payload as LogStep[]).find((step) => step.actor === 'player');
    if (!mine || mine.seat !== seat || !isDeepStrictEqual(mine.move, req.move)) {
      return error(409, 'move.id_reused', 'This move id was already used for another move.');
    }
    return { status: 200, body: { info: infoFor(m, caller), events: done.events, replayed: true } };
  }
  if (meta.status === 'finished' || state.phase === 'matchOver') {
    // The engine would answer `hand.not_over` or `phase.wrong`: the match's status says more.
    return error(409, 'match.finished', 'The match is over: no more moves.', { info: infoFor(m, caller) });
  }
  if (req.version !== state.version) {
    return error(409, 'version.stale', `The match is at version ${state.version}, not ${req.version}.`, {
      info: infoFor(m, caller),
    });
  }
  const opening = { kind: 'move', seat, move: req.move, moveId: req.moveId } as const;
  let committed: ReturnType<typeof commit>;
  try {
    committed = commit(m, { reason: 'move', seat, opening }, caller);
  } catch (e) {
    if (isDailyLimit(e)) return dailyLimitReply(m.now());
    throw e;
  }
  if (!committed.ok) return { status: 422, body: { error: committed.error } };
  return { status: 200, body: { info: committed.info, events: committed.events } };
}
