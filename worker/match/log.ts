/**
 * The match's move log: the append-only `log` table (one row per accepted change: a player's move
 * plus the moves the server made right after it, or a coup-fourré setting), the move ids known in
 * memory, and what is read back from it: the public event list, the current hand's events (for
 * expert bots) and what a notification needs (events since a seat's last turn, whether it moved).
 * No index on the table, so a row costs one row written; the journal's hand index (the first row of
 * each hand) is kept in memory and in the meta row's snapshot, like the move ids.
 */
import { newTurnStarted } from '../decider/deadline';
import type { GameEvent, ResponseMode } from '../engine/index';
import type { LoggedEvent } from '../protocol/views';
import { type Activity, activityOf, loggedEvents } from './log-public';
import {
  type LeavePayload,
  type LogKind,
  type LogRow,
  type LogStep,
  readTurnDeadline,
  type TurnDeadline,
} from './rows';

type SqlValue = string | number | null;

/** The most rows `turnStart` reads back to find the change that started a turn. */
const TURN_SCAN = 64;

/** The moves of one change, gathered while it is made and written as one row. */
export interface ChangeSteps {
  steps: readonly LogStep[];
  events: readonly GameEvent[];
  moveId: string | null;
}

/** One match's log table and what is kept of it in memory. */
export class MoveLog {
  /** Rows written through this log since it was created (SQLite's own counter per statement). */
  rowsWritten = 0;
  /** The last row's seq (0 when empty). */
  seq = 0;
  /**
   * Every client move id of the match with its row's seq (a move id names one move for the whole
   * match). Kept here rather than in an index, which cost one more row written per move; stored in
   * the meta row's snapshot and completed from the rows after it on wake-up (rebuild.ts).
   */
  moveIds = new Map<string, number>();
  /** The turn deadline a reload would see (the last row's, or the meta row's). */
  persistedDeadline: TurnDeadline | null = null;
  /** The last row's activity once known (set by every append; read lazily by `lastActivity`). */
  private last: Activity | null | undefined = undefined;
  /**
   * The seq of each hand's first row, by hand (index 0: hand 1, whose first row is the log's
   * first), so the journal reads one hand's rows only. Kept like `moveIds` (meta row's snapshot,
   * completed from the rows after it on wake-up); null for a match stored before the index: then
   * `handStarts()` rebuilds it once from the log, when the journal first asks.
   */
  private handIndex: number[] | null = [];
  /** `turnStart` per seat, as of the row `seq` it was read at. */
  private readonly turnStarts = new Map<
    number,
    { seq: number; start: { version: number; atMs: number } | null }
  >();

  constructor(private readonly sql: SqlStorage) {}

  /** Creates the log table if missing (only for a match that exists). */
  createTable(): void {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS log (
      seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER NOT NULL,
      actor TEXT NOT NULL, move_id TEXT, payload TEXT NOT NULL, events TEXT NOT NULL, version INTEGER NOT NULL,
      turn_deadline TEXT)`);
    // Move ids are looked up in memory (`moveIds`): an index on them cost one more row written per
    // move. Objects that created it drop it here.
    this.sql.exec('DROP INDEX IF EXISTS log_move_id');
  }

  private exec<T extends Record<string, SqlValue>>(query: string, ...params: SqlValue[]): T[] {
    const cursor = this.sql.exec<T>(query, ...params);
    const rows = cursor.toArray();
    this.rowsWritten += cursor.rowsWritten;
    return rows;
  }

  /**
   * Appends the change's moves as one row at `atMs` (ms since the epoch) with the state `version`
   * and turn deadline after it. Writes nothing when the change made no move.
   */
  appendMoves(change: ChangeSteps, atMs: number, version: number, deadline: TurnDeadline | null): void {
    const first = change.steps[0];
    if (!first) return;
    this.append({
      at: atMs,
      kind: 'move',
      seat: first.seat,
      actor: first.actor,
      moveId: change.moveId,
      payload: [...change.steps],
      events: [...change.events],
      version,
      turnDeadline: deadline,
    });
  }

  /**
   * Appends `left.seat`'s leave as one row: the engine's forfeit events (when the leave
   * ended the match) and the change's moves after it, like `appendMoves`; always one row, even
   * without a move.
   */
  appendLeave(
    left: LeavePayload['left'],
    change: ChangeSteps,
    atMs: number,
    version: number,
    deadline: TurnDeadline | null,
  ): void {
    this.append({
      at: atMs,
      kind: 'leave',
      seat: left.seat,
      actor: 'player',
      moveId: null,
      payload: { left, steps: [...change.steps] } satisfies LeavePayload,
      events: [...change.events],
      version,
      turnDeadline: deadline,
    });
  }

  /** Appends a coup-fourré setting change of `seat` (a replay needs it). */
  appendResponseMode(
    seat: number,
    mode: ResponseMode,
    atMs: number,
    version: number,
    deadline: TurnDeadline | null,
  ): void {
    this.append({
      at: atMs,
      kind: 'responseMode',
      seat,
      actor: 'player',
      moveId: null,
      payload: { mode },
      events: [],
      version,
      turnDeadline: deadline,
    });
  }

  /** Appends a row; a reload will see its turn deadline, and its move id is known from now on. */
  private append(row: Omit<LogRow, 'seq'>): void {
    this.seq = this.exec<{ seq: number }>(
      'INSERT INTO log (at, kind, seat, actor, move_id, payload, events, version, turn_deadline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq',
      row.at,
      row.kind,
      row.seat,
      row.actor,
      row.moveId,
      JSON.stringify(row.payload),
      JSON.stringify(row.events),
      row.version,
      row.turnDeadline ? JSON.stringify(row.turnDeadline) : null,
    )[0].seq;
    if (row.moveId !== null) this.moveIds.set(row.moveId, this.seq);
    this.noteHandStarts(this.seq, row.events);
    this.persistedDeadline = row.turnDeadline;
    this.last = activityOf(row);
  }

  /**
   * The match's last change (null: no row yet): from memory, or after a wake-up from the last log
   * row (one row read, then kept). Writes nothing.
   */
  lastActivity(): Activity | null {
    if (this.last === undefined) {
      const row = this.exec<Record<string, SqlValue>>('SELECT * FROM log ORDER BY seq DESC LIMIT 1')[0];
      this.last = row ? activityOf(toLogRow(row)) : null;
    }
    return this.last;
  }

  /** Records the hands that start in row `seq` (hand 1 in the log's first row, later hands at their `handStarted`). */
  private noteHandStarts(seq: number, events: readonly GameEvent[]): void {
    const index = this.handIndex;
    if (index === null) return; // unknown until rebuilt from the log, which holds this row too
    if (index.length === 0) index.push(seq);
    for (const e of events) if (e.type === 'handStarted' && e.hand >= 2) index[e.hand - 1] = seq;
  }

  /**
   * The seq of each hand's first row (index 0: hand 1), rebuilt from the log with one query the
   * first time it is asked for in a match stored before the index (a read: no row written).
   */
  handStarts(): readonly number[] {
    if (this.handIndex === null) {
      const index: number[] = [];
      this.handIndex = index;
      const rows = this.exec<{ seq: number; events: string }>(
        `SELECT seq, events FROM log WHERE seq = (SELECT MIN(seq) FROM log) OR instr(events, '"handStarted"') > 0 ORDER BY seq`,
      );
      for (const r of rows) this.noteHandStarts(r.seq, JSON.parse(r.events) as GameEvent[]);
    }
    return this.handIndex;
  }

  /** The hand index as stored in the meta row's snapshot: JSON `[seq, …]`, or null while it is not rebuilt. */
  handStartsJson(): string | null {
    return this.handIndex === null ? null : JSON.stringify(this.handIndex);
  }

  /** Every move id in the log, one per row that has one, in log order (test seams: the load test's audit). */
  loggedMoveIds(): string[] {
    return this.exec<{ move_id: string }>(
      'SELECT move_id FROM log WHERE move_id IS NOT NULL ORDER BY seq',
    ).map((r) => r.move_id);
  }

  /** When the last row was stored (ms since the epoch, the object's clock), or null: no row yet. */
  lastAt(): number | null {
    return this.exec<{ at: number }>('SELECT at FROM log ORDER BY seq DESC LIMIT 1')[0]?.at ?? null;
  }

  /**
   * When each row a timeout made (its first step's actor `timeout`) was stored, in log order (ms
   * since the epoch; test seams: the load test's audit of an outage).
   */
  timeoutTimes(): number[] {
    return this.exec<{ at: number }>("SELECT at FROM log WHERE actor = 'timeout' ORDER BY seq").map(
      (r) => r.at,
    );
  }

  /** The row that accepted move id `moveId`, or null (a primary-key look-up; unknown ids cost nothing). */
  rowOfMoveId(moveId: string): LogRow | null {
    const seq = this.moveIds.get(moveId);
    if (seq === undefined) return null;
    return (
      this.exec<Record<string, SqlValue>>('SELECT * FROM log WHERE seq = ?', seq).map(toLogRow)[0] ?? null
    );
  }

  /**
   * Loads what memory keeps after a wake-up: the last seq, the move ids of the snapshot
   * (`snapshot.moveIds`, JSON `[[id, seq], …]`, or null for a match stored before the snapshot kept
   * them: then every move id in the log, one query) and its hand index (`snapshot.handStarts`, JSON
   * `[seq, …]`, or null: rebuilt when first asked for); `learnRows` adds the rows after it.
   */
  load(snapshot: SnapshotIndexes, deadline: TurnDeadline | null): void {
    const snapshotIds = snapshot.moveIds;
    this.seq = this.exec<{ m: number | null }>('SELECT MAX(seq) AS m FROM log')[0]?.m ?? 0;
    this.persistedDeadline = deadline;
    this.handIndex = snapshot.handStarts ? (JSON.parse(snapshot.handStarts) as number[]) : null;
    this.moveIds = snapshotIds
      ? new Map(JSON.parse(snapshotIds) as Array<[string, number]>)
      : new Map(
          this.exec<{ move_id: string; seq: number }>(
            `SELECT move_id, seq FROM log WHERE move_id IS NOT NULL AND kind = 'move' ORDER BY seq`,
          ).map((r) => [r.move_id, r.seq]),
        );
  }

  /** Learns the move ids and hand starts of rows read after the snapshot (wake-up). */
  learnRows(rows: readonly LogRow[]): void {
    for (const row of rows) {
      if (row.moveId !== null && row.kind === 'move') this.moveIds.set(row.moveId, row.seq);
      this.noteHandStarts(row.seq, row.events);
    }
  }

  /** Forgets everything kept in memory (the match's storage was deleted). */
  forget(): void {
    this.seq = 0;
    this.moveIds = new Map();
    this.persistedDeadline = null;
    this.handIndex = [];
    this.turnStarts.clear();
  }

  /** Rows `from` to `to` (seqs, both included), oldest first. */
  rowsBetween(from: number, to: number): LogRow[] {
    return this.exec<Record<string, SqlValue>>(
      'SELECT * FROM log WHERE seq >= ? AND seq <= ? ORDER BY seq',
      from,
      to,
    ).map(toLogRow);
  }

  /** Rows after `seq`, oldest first, at most `limit`. */
  rowsAfter(seq: number, limit: number): LogRow[] {
    return this.exec<Record<string, SqlValue>>(
      'SELECT * FROM log WHERE seq > ? ORDER BY seq LIMIT ?',
      seq,
      limit,
    ).map(toLogRow);
  }

  /**
   * The stored public events of the current hand's rows, oldest first (the decider keeps those
   * from the hand's last `handStarted` on, with the change's own: decider/automatic.ts `fromHandStart`).
   */
  handEvents(): GameEvent[] {
    // The hand index names the current hand's first row: only the rows since then are read.
    const first = this.handStarts().at(-1);
    const rows = first === undefined ? [] : this.rowsBetween(first, this.seq);
    return rows.flatMap((r) => r.events);
  }

  /** The public events after row `after` (at most 500 rows), each with its row, time, actor and version. */
  publicEvents(after: number): LoggedEvent[] {
    return this.rowsAfter(after, 500).flatMap(loggedEvents);
  }

  /**
   * Public events since `seat`'s own last move (within the last 300 rows): the seat's own leading
   * steps of that row are skipped, so a your-turn mail says what the others did.
   */
  eventsSinceLastTurn(seat: number): GameEvent[] {
    const rows = this.exec<{ seq: number; seat: number; payload: string; events: string }>(
      `SELECT seq, seat, payload, events FROM log WHERE seq >= COALESCE(
         (SELECT MAX(seq) FROM log WHERE seat = ? AND kind = 'move' AND actor != 'server'), 0)
       ORDER BY seq DESC LIMIT 300`,
      seat,
    ).reverse();
    const out: GameEvent[] = [];
    rows.forEach((r, i) => {
      const events = JSON.parse(r.events) as GameEvent[];
      if (i > 0 || r.seat !== seat) {
        out.push(...events);
        return;
      }
      const payload = JSON.parse(r.payload) as unknown;
      if (!Array.isArray(payload)) return; // a setting or leave row: nothing of the others' in it
      let skip = 0;
      for (const step of payload as LogStep[]) {
        if (step.seat !== seat || step.actor === 'server') break;
        skip += step.events;
      }
      out.push(...events.slice(skip));
    });
    return out;
  }

  /**
   * The time (ms since the epoch) of `seat`'s own last move, the row `eventsSinceLastTurn` starts
   * from (a move of the seat not made by the server), or null when it has not moved yet. Reads only.
   */
  lastMoveAt(seat: number): number | null {
    return (
      this.exec<{ at: number | null }>(
        `SELECT MAX(at) AS at FROM log WHERE seat = ? AND kind = 'move' AND actor != 'server'`,
        seat,
      )[0]?.at ?? null
    );
  }

  /**
   * The latest row that started a turn of `seat`: one where another seat acted or a hand started
   * (decider/deadline.ts `newTurnStarted`), as its state version and time (ms); null when none of the
   * last `TURN_SCAN` rows is one. Reads at most that many rows; kept in memory until the next row.
   */
  turnStart(seat: number): { version: number; atMs: number } | null {
    const known = this.turnStarts.get(seat);
    if (known && known.seq === this.seq) return known.start;
    let start: { version: number; atMs: number } | null = null;
    // The change that started the turn is nearly always the last row: read a few first.
    for (const limit of [4, TURN_SCAN]) {
      const rows = this.exec<{ at: number; version: number; events: string }>(
        'SELECT at, version, events FROM log ORDER BY seq DESC LIMIT ?',
        limit,
      );
      const row = rows.find((r) => newTurnStarted(JSON.parse(r.events) as GameEvent[], seat));
      if (row) start = { version: row.version, atMs: row.at };
      if (row || rows.length < limit) break;
    }
    this.turnStarts.set(seat, { seq: this.seq, start });
    return start;
  }

  /** True when `seat`'s player made a move after state version `version`. */
  movedSince(seat: number, version: number): boolean {
    return (
      this.exec<{ n: number }>(
        `SELECT COUNT(*) AS n FROM log WHERE seat = ? AND actor = 'player' AND version > ?`,
        seat,
        version,
      )[0].n > 0
    );
  }
}

/** The meta row's snapshot of the log's indexes (JSON, or null when stored before each existed). */
export interface SnapshotIndexes {
  moveIds: string | null;
  handStarts: string | null;
}

function toLogRow(r: Record<string, SqlValue>): LogRow {
  return {
    seq: r.seq as number,
    at: r.at as number,
    kind: r.kind as LogKind,
    seat: r.seat as number,
    actor: r.actor as LogRow['actor'],
    moveId: (r.move_id as string | null) ?? null,
    payload: JSON.parse(r.payload as string),
    events: JSON.parse(r.events as string),
    version: r.version as number,
    turnDeadline: r.turn_deadline ? readTurnDeadline(JSON.parse(r.turn_deadline as string)) : null,
  };
}
