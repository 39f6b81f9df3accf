/**
 * Rebuilding a match state from its log: after a wake-up (the stored state is a snapshot, the rows
 * after it are replayed) and from scratch (the stored setup, then every logged move and setting),
 * which a test compares with the stored state.
 */
import { applyMove, createMatch, type MatchState, setResponseMode } from '../engine/index';
import { testSeamsEnabled } from '../env';
import type { MatchContext } from './context';
import { NOT_FOUND, type Reply } from './replies';
import type { LogRow, LogStep } from './storage';

/**
 * Applies logged changes to a state: every move step through the engine, every response-mode
 * change through `setResponseMode`. Stops at the first refused move (a bug: logged moves were
 * accepted) and reports its row.
 */
export function applyRows(
  state: MatchState,
  rows: readonly LogRow[],
): { ok: true; state: MatchState } | { ok: false; state: MatchState; seq: number } {
  for (const row of rows) {
    if (row.kind === 'responseMode') {
      state = setResponseMode(state, row.seat, (row.payload as { mode: 'auto' | 'ask' }).mode);
      continue;
    }
    for (const step of row.payload as LogStep[]) {
      const r = applyMove(state, step.seat, step.move);
      if (!r.ok) return { ok: false, state, seq: row.seq };
      state = r.state;
    }
  }
  return { ok: true, state };
}

/**
 * After a wake-up: the stored state and move ids are a snapshot; replays the log rows written after
 * it, adds their move ids and takes the turn deadline of the last one.
 */
export function catchUp(m: MatchContext): void {
  const meta = m.meta;
  m.seq = meta ? m.store.lastSeq() : 0;
  m.persistedDeadline = meta?.turnDeadline ?? null;
  m.moveIds = meta ? m.store.snapshotMoveIds() : new Map();
  if (!meta?.state || m.seq <= meta.stateSeq) return;
  const tail = m.store.logAfter(meta.stateSeq, 1_000_000);
  for (const row of tail) if (row.moveId !== null && row.kind === 'move') m.moveIds.set(row.moveId, row.seq);
  const r = applyRows(meta.state, tail);
  if (!r.ok) console.error(`match ${meta.matchId}: log row ${r.seq} does not replay; state kept before it`);
  meta.state = r.state;
  meta.turnDeadline = tail.at(-1)?.turnDeadline ?? meta.turnDeadline;
  m.persistedDeadline = meta.turnDeadline;
}

/**
 * Replays the move log from the stored setup (seed or stacked deal): createMatch, then every
 * logged move and setting in order. Equals the stored state (a test checks it); null without a setup.
 */
export function replay(m: MatchContext): MatchState | null {
  const setup = m.meta?.setup;
  if (!setup) return null;
  const created = createMatch(setup.setup);
  if (!created.ok) return null;
  const r = applyRows(created.state, m.store.logAfter(0, 1_000_000));
  return r.ok ? r.state : null;
}

/** Test seams only: the replayed and the stored state, side by side. */
export function replayCheck(m: MatchContext): Reply {
  if (!testSeamsEnabled(m.env)) return NOT_FOUND;
  if (!m.meta?.setup || !m.meta.state) return NOT_FOUND;
  return { status: 200, body: { replayed: replay(m), stored: m.meta.state } };
}
