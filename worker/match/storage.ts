/**
 * The SQLite tables of one match's Durable Object and their typed rows: `meta` (one row: settings,
 * lifecycle, a snapshot of the state and of the move ids), `seats`, and `log` (append-only, one row
 * per accepted change; no index, so a row costs one row written). The
 * schedule has its own module. SQL uses bound parameters only; every write counts its rows for the
 * benchmark and the free-plan budget (100,000 rows written per day).
 */
import type { GameEvent, MatchSetup, MatchState, Move, ResponseMode, RulesInput } from '../engine/index';
import type { Actor, BotLevel, TestStack } from '../protocol';

/** Match settings chosen at creation. */
export interface MatchConfig {
  title: string;
  rules: RulesInput;
  teamSize: 1 | 2;
  firstSeat: number | 'random';
  /** 0 = no turn deadline. */
  turnDeadlineHours: number;
  responseWindowMinutes: number;
  onDeadline: 'bot' | 'skip';
}

export type MatchStatus = 'lobby' | 'playing' | 'finished';

/** What `createMatch` was called with, plus the test-only stacked deal; enough to replay the log. */
export interface StoredSetup {
  setup: MatchSetup;
  stack?: TestStack;
}

/** The single `meta` row. */
export interface Meta {
  matchId: string;
  createdAt: number;
  config: MatchConfig;
  hostHash: string;
  inviteHash: string | null;
  status: MatchStatus;
  setup: StoredSetup | null;
  state: MatchState | null;
  finishedAt: number | null;
  rematchId: string | null;
  turnDeadline: TurnDeadline | null;
  /**
   * The log row the stored `state` includes: the state is a snapshot, written every few changes and
   * whenever the lifecycle changes; the rows after it are replayed when the object wakes up.
   */
  stateSeq: number;
}

/** One seat. `tokenHash` is the SHA-256 of the seat link's token (null for bots and open seats). */
export interface SeatRow {
  seat: number;
  name: string;
  kind: 'human' | 'bot' | 'open';
  tokenHash: string | null;
  botLevel: BotLevel;
  /** A bot plays this human seat until the player takes it back. */
  standIn: boolean;
  /** The choice made before the match started (afterwards the engine state holds it). */
  responseMode: ResponseMode;
  email: string | null;
  language: string;
  emailNotifications: boolean;
}

/** Kinds of log rows: accepted moves, or a coup-fourré setting change (both are needed to replay). */
export type LogKind = 'move' | 'responseMode';

/**
 * One engine move inside a log row: who made it, as whom, and how many of the row's events it
 * emitted (the row's `events` are the steps' events in order).
 */
export interface LogStep {
  seat: number;
  actor: Actor;
  move: Move;
  events: number;
}

/**
 * One accepted change: a player's (or bot's, or timeout's) move together with the moves the server
 * made right after it (the next player's automatic draw, bots playing inline), or a setting change.
 * `payload` is the list of steps, or `{ mode }` for a response-mode change. `seat`/`actor` are the
 * first step's; `events` are every step's public events in order.
 */
export interface LogRow {
  seq: number;
  at: number;
  kind: LogKind;
  seat: number;
  actor: Actor;
  moveId: string | null;
  payload: LogStep[] | { mode: ResponseMode };
  events: GameEvent[];
  /** State version after the change. */
  version: number;
  /** The turn deadline after the change (the meta row is not written on every change). */
  turnDeadline: TurnDeadline | null;
}

/**
 * The current turn's deadline (kept in the meta row, which every move writes anyway, so a new turn
 * costs no extra row; the schedule only holds a wake-up no later than it). `seat` -1: between hands.
 */
export interface TurnDeadline {
  seat: number;
  hand: number;
  atMs: number;
}

type SqlValue = string | number | null;

/** Typed access to one match's tables. */
export class MatchStore {
  /** Rows written through this store since it was created (SQLite's own counter per statement). */
  rowsWritten = 0;

  constructor(private readonly sql: SqlStorage) {}

  /** True when this object holds the match tables (a match was created here and not deleted). */
  hasTables(): boolean {
    return (
      this.sql
        .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'meta'`)
        .one().n > 0
    );
  }

  /**
   * Creates the match tables if missing. Called only when a match is created here or already lives
   * here, so a request for an unknown match id leaves no storage behind.
   */
  createTables(): void {
    const sql = this.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      match_id TEXT NOT NULL, created_at INTEGER NOT NULL, config TEXT NOT NULL,
      host_hash TEXT NOT NULL, invite_hash TEXT, status TEXT NOT NULL,
      setup TEXT, state TEXT, finished_at INTEGER, rematch_id TEXT, turn_deadline TEXT,
      state_seq INTEGER NOT NULL DEFAULT 0, move_ids TEXT)`);
    // Matches stored before the move ids joined the snapshot: the column is added (null until the
    // next snapshot; `snapshotMoveIds` then rebuilds them from the log).
    if (!sql.exec('SELECT * FROM meta LIMIT 0').columnNames.includes('move_ids'))
      sql.exec('ALTER TABLE meta ADD COLUMN move_ids TEXT');
    sql.exec(`CREATE TABLE IF NOT EXISTS seats (
      seat INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, token_hash TEXT,
      bot_level TEXT NOT NULL, stand_in INTEGER NOT NULL, response_mode TEXT NOT NULL,
      email TEXT, language TEXT NOT NULL, email_notifications INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS log (
      seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER NOT NULL,
      actor TEXT NOT NULL, move_id TEXT, payload TEXT NOT NULL, events TEXT NOT NULL, version INTEGER NOT NULL,
      turn_deadline TEXT)`);
    // Move ids are looked up in memory (MatchContext.moveIds): an index on them cost one more row
    // written per move. Objects that created it drop it here.
    sql.exec('DROP INDEX IF EXISTS log_move_id');
  }

  private exec<T extends Record<string, SqlValue>>(query: string, ...params: SqlValue[]): T[] {
    const cursor = this.sql.exec<T>(query, ...params);
    const rows = cursor.toArray();
    this.rowsWritten += cursor.rowsWritten;
    return rows;
  }

  /** The meta row, or null when no match lives here (never created, expired or deleted). */
  loadMeta(): Meta | null {
    const r = this.exec<Record<string, SqlValue>>('SELECT * FROM meta WHERE id = 1')[0];
    if (!r) return null;
    return {
      matchId: r.match_id as string,
      createdAt: r.created_at as number,
      config: JSON.parse(r.config as string),
      hostHash: r.host_hash as string,
      inviteHash: (r.invite_hash as string | null) ?? null,
      status: r.status as MatchStatus,
      setup: r.setup ? JSON.parse(r.setup as string) : null,
      state: r.state ? JSON.parse(r.state as string) : null,
      finishedAt: (r.finished_at as number | null) ?? null,
      rematchId: (r.rematch_id as string | null) ?? null,
      turnDeadline: r.turn_deadline ? JSON.parse(r.turn_deadline as string) : null,
      stateSeq: (r.state_seq as number | null) ?? 0,
    };
  }

  /** Creates the meta row (no move ids yet). */
  insertMeta(m: Meta): void {
    this.exec(
      `INSERT INTO meta (id, match_id, created_at, config, host_hash, invite_hash, status, setup, state, finished_at, rematch_id, move_ids)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]')`,
      m.matchId,
      m.createdAt,
      JSON.stringify(m.config),
      m.hostHash,
      m.inviteHash,
      m.status,
      m.setup ? JSON.stringify(m.setup) : null,
      m.state ? JSON.stringify(m.state) : null,
      m.finishedAt,
      m.rematchId,
    );
  }

  /**
   * Writes the lifecycle fields, the current state and every move id with its log row (one row;
   * `moveIds` must hold the ids of the log rows up to `m.stateSeq`, as JSON `[[id, seq], …]`).
   */
  saveMeta(m: Meta, moveIds: ReadonlyMap<string, number>): void {
    this.exec(
      'UPDATE meta SET status = ?, setup = ?, state = ?, finished_at = ?, rematch_id = ?, turn_deadline = ?, state_seq = ?, move_ids = ? WHERE id = 1',
      m.status,
      m.setup ? JSON.stringify(m.setup) : null,
      m.state ? JSON.stringify(m.state) : null,
      m.finishedAt,
      m.rematchId,
      m.turnDeadline ? JSON.stringify(m.turnDeadline) : null,
      m.stateSeq,
      JSON.stringify([...moveIds]),
    );
  }

  /**
   * Client move ids, each with its move row's seq: the snapshot's (the rows up to the meta row's
   * `stateSeq`), or, for a match stored before the snapshot kept them, every move id in the log
   * (one query; the next snapshot stores them).
   */
  snapshotMoveIds(): Map<string, number> {
    const meta = this.exec<{ move_ids: string | null }>('SELECT move_ids FROM meta WHERE id = 1')[0];
    if (meta?.move_ids) return new Map(JSON.parse(meta.move_ids) as Array<[string, number]>);
    const rows = this.exec<{ move_id: string; seq: number }>(
      `SELECT move_id, seq FROM log WHERE move_id IS NOT NULL AND kind = 'move' ORDER BY seq`,
    );
    return new Map(rows.map((r) => [r.move_id, r.seq]));
  }

  /** Every seat, by seat number. */
  loadSeats(): SeatRow[] {
    return this.exec<Record<string, SqlValue>>('SELECT * FROM seats ORDER BY seat').map((r) => ({
      seat: r.seat as number,
      name: r.name as string,
      kind: r.kind as SeatRow['kind'],
      tokenHash: (r.token_hash as string | null) ?? null,
      botLevel: r.bot_level as BotLevel,
      standIn: r.stand_in === 1,
      responseMode: r.response_mode as ResponseMode,
      email: (r.email as string | null) ?? null,
      language: r.language as string,
      emailNotifications: r.email_notifications === 1,
    }));
  }

  /** Inserts or replaces a seat (one row). */
  saveSeat(s: SeatRow): void {
    this.exec(
      `INSERT OR REPLACE INTO seats (seat, name, kind, token_hash, bot_level, stand_in, response_mode, email, language, email_notifications)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      s.seat,
      s.name,
      s.kind,
      s.tokenHash,
      s.botLevel,
      s.standIn ? 1 : 0,
      s.responseMode,
      s.email,
      s.language,
      s.emailNotifications ? 1 : 0,
    );
  }

  /** Appends a log row and returns its seq. */
  appendLog(row: Omit<LogRow, 'seq'>): number {
    const r = this.exec<{ seq: number }>(
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
    );
    return r[0].seq;
  }

  /** Log rows after `seq`, oldest first, at most `limit`. */
  logAfter(seq: number, limit: number): LogRow[] {
    return this.exec<Record<string, SqlValue>>(
      'SELECT * FROM log WHERE seq > ? ORDER BY seq LIMIT ?',
      seq,
      limit,
    ).map(toLogRow);
  }

  /** The log row `seq` (a primary-key look-up), or null. */
  logRow(seq: number): LogRow | null {
    const r = this.exec<Record<string, SqlValue>>('SELECT * FROM log WHERE seq = ?', seq)[0];
    return r ? toLogRow(r) : null;
  }

  /** The last `n` log rows, oldest first (a rowid range: reads only those rows). */
  recentRows(n: number): LogRow[] {
    return this.exec<Record<string, SqlValue>>(
      'SELECT * FROM log WHERE seq > (SELECT COALESCE(MAX(seq), 0) FROM log) - ? ORDER BY seq',
      n,
    ).map(toLogRow);
  }

  /** The highest log seq (0 when empty). */
  lastSeq(): number {
    return this.exec<{ m: number | null }>('SELECT MAX(seq) AS m FROM log')[0]?.m ?? 0;
  }
}

function toLogRow(r: Record<string, SqlValue>): LogRow {
  return {
    seq: r.seq as number,
    at: r.at as number,
    kind: r.kind as LogKind,
    seat: r.seat as number,
    actor: r.actor as Actor,
    moveId: (r.move_id as string | null) ?? null,
    payload: JSON.parse(r.payload as string),
    events: JSON.parse(r.events as string),
    version: r.version as number,
    turnDeadline: r.turn_deadline ? JSON.parse(r.turn_deadline as string) : null,
  };
}
