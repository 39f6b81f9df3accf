/**
 * The match Durable Object's test seams (used only when TEST_SEAMS is on, never in a deployed
 * Worker): SQL accounting and counters for the server benchmark, a clock that can run ahead or
 * stand still (the object's one clock: the match and its notifier both read it), a per-object
 * bot delay, and the id and seed of the next rematch (for scripted runs). The fields live here,
 * not in the match context; each RPC seam answers 404 when the seams are off.
 */
import { throwIfFault } from '../faults';
import { RowCounter } from '../notify/bench-counters';
import { NOT_FOUND, type Reply } from '../reply';

/**
 * A statement that writes rows (what the platform refuses past the daily rows-written limit); the
 * `CREATE TABLE IF NOT EXISTS` of every wake-up writes none once the tables exist.
 */
const WRITE_SQL = /^\s*(?:INSERT|UPDATE|DELETE|REPLACE)\b/i;

/** Benchmark counters: requests served, time per request and in SQL and pushes (ms). */
export interface BenchCounters {
  requests: number;
  scheduleRows: number;
  /** `setAlarm` calls (Cloudflare bills each as one row written; SQLite's counters do not see them). */
  alarmWrites: number;
  ms: number[];
  /** Time spent in SQLite calls and in building and sending WebSocket frames (ms, summed). */
  sqlMs: number;
  pushMs: number;
}

/**
 * What a scripted run (scripts/transcript.ts) fixes in one object so that it runs the same every
 * time; an absent field is left as it is.
 */
export interface TestFix {
  /** Stop the clock here (ms since the epoch); null: it runs again. */
  pinClockMs?: number | null;
  /** The id and deal seed of the next rematch dealt here (used once); null: random ones again. */
  nextRematch?: { matchId: string; seed: string } | null;
}

/** One object's test seams. With `enabled` false they stay at their neutral values. */
export class TestSeams {
  readonly stats: BenchCounters = {
    requests: 0,
    scheduleRows: 0,
    alarmWrites: 0,
    ms: [],
    sqlMs: 0,
    pushMs: 0,
  };
  /** Every SQL cursor, to count the rows written by everyone in this object (match, schedule, notifier). */
  readonly rows = new RowCounter();
  /** How far this object's clock runs ahead of the real one (ms). */
  clockOffsetMs = 0;
  /** A time this object's clock stands still at (ms since the epoch), or null: it runs. */
  clockPinnedMs: number | null = null;
  /** A bot delay for this object instead of BOT_DELAY_MS (ms), or null. */
  botDelayMs: number | null = null;
  /** The id and deal seed the next rematch dealt here takes (used once), or null: random ones. */
  nextRematch: { matchId: string; seed: string } | null = null;

  /** The object's raw SQL storage, for the seams' own clock table (never counted by the benchmark). */
  private clockSql: SqlStorage | null = null;

  constructor(readonly enabled: boolean) {}

  /**
   * With the seams on: remembers `sql` (raw) and reads the clock a test moved before this object last
   * restarted (its `test_clock` table, made only once a test moves or pins the clock), so an
   * eviction does not take a day back.
   */
  restoreClock(sql: SqlStorage): void {
    if (!this.enabled) return;
    this.clockSql = sql;
    const table = sql
      .exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'test_clock'")
      .toArray();
    if (table.length === 0) return;
    const row = sql
      .exec<{ offset_ms: number; pinned_ms: number | null }>(
        'SELECT offset_ms, pinned_ms FROM test_clock WHERE id = 1',
      )
      .toArray()[0];
    if (!row) return;
    this.clockOffsetMs = row.offset_ms;
    this.clockPinnedMs = row.pinned_ms;
  }

  /** Stores the clock's offset and pinned time (the seams' own row, outside the benchmark's counts). */
  private saveClock(): void {
    const sql = this.clockSql;
    if (!sql) return;
    sql.exec(
      'CREATE TABLE IF NOT EXISTS test_clock (id INTEGER PRIMARY KEY, offset_ms INTEGER NOT NULL, pinned_ms INTEGER)',
    );
    sql.exec(
      `INSERT INTO test_clock (id, offset_ms, pinned_ms) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET offset_ms = excluded.offset_ms, pinned_ms = excluded.pinned_ms`,
      this.clockOffsetMs,
      this.clockPinnedMs,
    );
  }

  /**
   * The object's SQL storage; with the seams on, every cursor is remembered so the benchmark can add
   * up SQLite's own `rowsWritten` counters, and each call's time is added to `stats.sqlMs`; a write
   * throws the platform's daily-limit error while the `writes` fault is on (worker/faults.ts).
   */
  wrapSql(sql: SqlStorage): SqlStorage {
    if (!this.enabled) return sql;
    return this.rows.wrap(
      sql,
      (ms) => {
        this.stats.sqlMs += ms;
      },
      (query) => {
        if (WRITE_SQL.test(query)) throwIfFault('writes', this.now());
      },
    );
  }

  /** Counters for the server benchmark; `rowsByMatch` are the rows the match's own tables wrote. */
  benchStats(extra: { rowsByMatch: number; version: number; logRows: number }): Reply {
    if (!this.enabled) return NOT_FOUND;
    return {
      status: 200,
      body: {
        requests: this.stats.requests,
        rowsWritten: this.rows.rowsWritten,
        rowsByStatement: this.rows.byStatement(),
        rowsWrittenByMatch: extra.rowsByMatch + this.stats.scheduleRows,
        alarmWrites: this.stats.alarmWrites,
        ms: this.stats.ms,
        sqlMs: this.stats.sqlMs,
        pushMs: this.stats.pushMs,
        version: extra.version,
        logRows: extra.logRows,
      },
    };
  }

  /** The object's time (ms since the epoch): the pinned time, else the real clock plus the offset. */
  now(): number {
    return this.clockPinnedMs ?? Date.now() + this.clockOffsetMs;
  }

  /** Moves the clock forward by `ms`; replies `{ now }` with `nowMs`, the object's new time. */
  advanceClock(ms: number, nowMs: () => number): Reply {
    if (!this.enabled) return NOT_FOUND;
    if (this.clockPinnedMs === null) this.clockOffsetMs += ms;
    else this.clockPinnedMs += ms;
    this.saveClock();
    return { status: 200, body: { now: nowMs() } };
  }

  /**
   * Stops the clock at `atMs` (ms since the epoch; null: it runs again, from the real clock plus the
   * offset), so a test can check times to the millisecond. Ignored with the seams off.
   */
  pinClock(atMs: number | null): void {
    if (!this.enabled) return;
    this.clockPinnedMs = atMs;
    this.saveClock();
  }

  /** Applies `fix` (see TestFix); replies `{ now }` with `nowMs`, the object's time after it. */
  fix(fix: TestFix, nowMs: () => number): Reply {
    if (!this.enabled) return NOT_FOUND;
    if (fix.pinClockMs !== undefined) {
      this.clockPinnedMs = fix.pinClockMs;
      this.saveClock();
    }
    if (fix.nextRematch !== undefined) this.nextRematch = fix.nextRematch;
    return { status: 200, body: { now: nowMs() } };
  }

  /** Sets the bot delay in ms (null: back to BOT_DELAY_MS). */
  setBotDelay(ms: number | null): Reply {
    if (!this.enabled) return NOT_FOUND;
    this.botDelayMs = ms;
    return { status: 200 };
  }
}
