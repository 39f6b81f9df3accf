/**
 * Rebuilding a match state from its log: after a wake-up (the stored state is a snapshot, the rows
 * after it are replayed) and from scratch (the stored setup, then every logged move and setting),
 * which a test compares with the stored state. Outside the commit path on purpose: a replay never
 * writes a row, schedules a timer or sends a mail.
 */
import { applyMove, createMatch, forfeit, type MatchState, setResponseMode } from '../engine/index';
import { NOT_FOUND, type Reply } from '../reply';
import type { MatchContext } from './context';
import type { LeavePayload, LogRow, LogStep } from './rows';

/**
 * Applies logged changes to a state: every move step through the engine, every response-mode
 * change through `setResponseMode`, a leave that ended the match through the engine's `forfeit`
 * and then its steps. Stops at the first refused move (a bug: logged moves were
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
    let steps = row.payload as LogStep[];
    if (row.kind === 'leave') {
      const p = row.payload as LeavePayload;
      if (p.left.outcome === 'end') {
        const r = forfeit(state, p.left.seat);
        if (!r.ok) return { ok: false, state, seq: row.seq };
        state = r.state;
      }
      steps = p.steps;
    }
    for (const step of steps) {
      const r = applyMove(state, step.seat, step.move);
      if (!r.ok) return { ok: false, state, seq: row.seq };
      state = r.state;
    }
  }
  return { ok: true, state };
}

/**
 * After a wake-up: the stored state, move ids and hand index are a snapshot; replays the log rows
 * written after it, adds their move ids and hand starts and takes the turn deadline of the last one.
 */
export function catchUp(m: MatchContext): void {
  const meta = m.meta;
  if (!meta) return;
  m.log.load(m.store.snapshotIndexes(), meta.turnDeadline);
  if (!meta.state || m.log.seq <= meta.stateSeq) return;
  const tail = m.log.rowsAfter(meta.stateSeq, 1_000_000);
  m.log.learnRows(tail);
  const r = applyRows(meta.state, tail);
  if (!r.ok) console.error(`match ${meta.matchId}: log row ${r.seq} does not replay; state kept before it`);
  // The last row's deadline is the current one, null included (no deadline runs while a window is
  // open or a bot is to move): the snapshot's may be older.
  const deadline = tail.length > 0 ? tail[tail.length - 1].turnDeadline : meta.turnDeadline;
  m.restore(r.state, deadline);
  m.log.persistedDeadline = deadline;
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
  const r = applyRows(created.state, m.log.rowsAfter(0, 1_000_000));
  return r.ok ? r.state : null;
}

/**
 * Test seams only: the replayed and the stored state side by side, every move id in the log (in
 * order), and when each row a timeout made was stored.
 */
export function replayCheck(m: MatchContext): Reply {
  if (!m.seams.enabled) return NOT_FOUND;
  if (!m.meta?.setup || !m.meta.state) return NOT_FOUND;
  return {
    status: 200,
    body: {
      replayed: replay(m),
      stored: m.meta.state,
      moveIds: m.log.loggedMoveIds(),
      timeouts: m.log.timeoutTimes(),
    },
  };
}
