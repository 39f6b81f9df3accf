/**
 * The replay of a finished hand with every card shown: who may see it, which hands are
 * open, and the engine's `buildHandReplay` fed with the stored setup and log rows. Reads only: no row
 * is written for it (and nothing more is written per move for it), no timer, no mail.
 */
import {
  buildHandReplay,
  finishedHands,
  type HandReplay,
  type MatchState,
  type ReplayEntry,
} from '../engine/index';
import { error, NOT_FOUND, type Reply } from '../reply';
import type { Caller, MatchContext } from './context';
import type { LeavePayload, LogRow, LogStep, MatchConfig } from './rows';

/** The `replay` RPC's body: the hand's replay and how many hands have one (hands 1 to `handsFinished`). */
export interface ReplayPage {
  replay: HandReplay;
  handsFinished: number;
}

/**
 * The log rows as the engine's replay entries, oldest first: each row's moves, a coup-fourré setting,
 * a leave's forfeit (when it ended the match) then its moves. Same order as `rebuild.ts` `applyRows`.
 */
export function entriesOf(rows: readonly LogRow[]): ReplayEntry[] {
  const out: ReplayEntry[] = [];
  for (const row of rows) {
    if (row.kind === 'responseMode') {
      out.push({
        kind: 'responseMode',
        seat: row.seat,
        mode: (row.payload as { mode: 'auto' | 'ask' }).mode,
      });
      continue;
    }
    let steps = row.payload as LogStep[];
    if (row.kind === 'leave') {
      const p = row.payload as LeavePayload;
      if (p.left.outcome === 'end') out.push({ kind: 'forfeit', seat: p.left.seat });
      steps = p.steps;
    }
    for (const s of steps) out.push({ kind: 'move', seat: s.seat, move: s.move });
  }
  return out;
}

/**
 * Whether `caller` may watch replays: every player of the match (a seat's link, also after leaving),
 * the host, and spectators when the host allowed it (`spectatorsReplay`, default off).
 */
export function mayReplay(config: Pick<MatchConfig, 'spectatorsReplay'>, caller: Caller): boolean {
  return caller.seat !== null || caller.left !== undefined || caller.host || config.spectatorsReplay === true;
}

/**
 * Hands of `state` whose replay is open: the finished ones; for a match dealt with the legacy seed
 * scheme (stored before the keyed hand seeds, hand-seed.ts) none until the whole match is over.
 */
export function openHands(state: MatchState): number {
  if (state.seedScheme === undefined && state.phase !== 'matchOver') return 0;
  return finishedHands(state);
}

/**
 * The `replay` RPC: 200 `ReplayPage` for hand `hand` (from 1); 404 `match.not_found`; 403
 * `replay.not_allowed` (a spectator without the host's leave); 404 `replay.no_hand` (never dealt);
 * 409 `replay.hand_not_over` (the hand runs), `replay.match_not_over` (a legacy-seed match not over).
 */
export function replayReply(m: MatchContext, who: string | null, hand: number): Reply {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  if (!mayReplay(meta.config, m.caller(who)))
    return error(403, 'replay.not_allowed', 'Only the players of this match watch its replays.');
  const state = m.state;
  if (!state || !meta.setup || hand > state.handNumber)
    return error(
      404,
      'replay.no_hand',
      `This match has ${state?.handNumber ?? 0} hand(s) so far; there is no hand ${hand}.`,
    );
  const open = openHands(state);
  if (hand > finishedHands(state)) return error(409, 'replay.hand_not_over', `Hand ${hand} is not over yet.`);
  if (hand > open)
    return error(
      409,
      'replay.match_not_over',
      'The hands of this match open for replay once the match is over.',
    );
  // Only the rows up to the next hand's first one: a replay never reads what came after its hand.
  const next = m.log.handStarts()[hand];
  const rows = m.log.rowsBetween(1, next ?? m.log.seq);
  const built = buildHandReplay(meta.setup.setup, entriesOf(rows), hand);
  if (!built.ok) {
    console.error(`match ${meta.matchId}: replay of hand ${hand}: ${built.error.message}`);
    return error(500, 'internal', 'This replay cannot be built.');
  }
  const page: ReplayPage = { replay: built.replay, handsFinished: open };
  return { status: 200, body: page };
}
