/**
 * A player's move (the `move` RPC): checks the seat, the match status, the rules version and the
 * state version (a retried move id returns its first outcome), applies it through the engine, and
 * lets the server's automatic moves follow. Statuses: docs/API.md.
 */
import { applyMove, type Move, RULES_VERSION } from '../engine/index';
import type { MoveRequest } from '../protocol';
import { settle } from './autoplay';
import { afterChange } from './change';
import type { MatchContext } from './context';
import { record } from './log';
import { error, NOT_FOUND, type Reply } from './replies';
import { infoFor } from './views';

/** Rules versions this deployment can continue (see README "Engine upgrades"). */
export const SUPPORTED_RULES_VERSIONS: readonly string[] = [RULES_VERSION];

/**
 * Plays `req.move` for the seat of `who` (a token hash). 200 `{ info, events }` (plus `replayed`
 * for a retry), 403 `auth.not_a_seat`, 409 `match.not_started` / `match.rules_version` /
 * `version.stale` (with the current info), 422 with the engine's error.
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
  if (req.version !== state.version) {
    // A retry of an accepted move carries the version it was made at, which is stale now: the
    // same move id from the same seat returns the first outcome and changes nothing.
    const done = m.store.findMove(seat, req.moveId);
    if (done) return { status: 200, body: { info: infoFor(m, caller), events: done.events, replayed: true } };
    return error(409, 'version.stale', `The match is at version ${state.version}, not ${req.version}.`, {
      info: infoFor(m, caller),
    });
  }
  const now = m.now();
  const result = applyMove(state, seat, req.move);
  if (!result.ok) return { status: 422, body: { error: result.error } };
  if (m.seats[seat].standIn) {
    // The player's own move takes the seat back from the bot.
    m.seats[seat] = { ...m.seats[seat], standIn: false };
    m.store.saveSeat(m.seats[seat]);
  }
  const events = record(m, seat, 'player', req.moveId, req.move as Move, result.state, result.events);
  events.push(...settle(m));
  afterChange(m, state, events, { reason: 'move', seat }, now);
  return { status: 200, body: { info: infoFor(m, caller), events } };
}
