/**
 * A generic schedule on the Durable Object's single alarm: items keyed by (kind, key), each due at a
 * time in ms since the epoch, with a small JSON payload. The alarm is set to the earliest item. The
 * alarm is delivered at least once, so handlers must be idempotent: an item is removed only after
 * its handler ran, and a handler re-checks the state before acting.
 *
 * Table `schedule` is WITHOUT ROWID with no secondary index, so an upsert writes one row.
 */

/** One scheduled item. */
export interface ScheduleItem<P = unknown> {
  kind: string;
  key: string;
  /** Due time, ms since the epoch. */
  atMs: number;
  payload: P;
}

/** The schedule of one Durable Object, backed by its SQLite storage and its alarm. */
export class Schedule {
  private alarmMs: number | null | undefined;

  constructor(
    private readonly sql: SqlStorage,
    private readonly storage: DurableObjectStorage,
    private readonly count: (rowsWritten: number) => void = () => {},
    /** Called on each `setAlarm` (the benchmark counts it as a row written, as Cloudflare bills it). */
    private readonly alarmSet: () => void = () => {},
  ) {}

  /** Creates the `schedule` table if missing (lazily: only once there is something to schedule). */
  createTable(): void {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS schedule (
      kind TEXT NOT NULL, key TEXT NOT NULL, at_ms INTEGER NOT NULL, payload TEXT NOT NULL,
      PRIMARY KEY (kind, key)) WITHOUT ROWID`);
  }

  /** Schedules (or moves) the item `(kind, key)` to `atMs` with `payload`. Writes nothing when unchanged. */
  schedule(kind: string, key: string, atMs: number, payload: unknown = null): void {
    const json = JSON.stringify(payload ?? null);
    const old = this.get(kind, key);
    if (old && old.atMs === atMs && JSON.stringify(old.payload) === json) return;
    const c = this.sql.exec(
      `INSERT INTO schedule (kind, key, at_ms, payload) VALUES (?, ?, ?, ?)
       ON CONFLICT (kind, key) DO UPDATE SET at_ms = excluded.at_ms, payload = excluded.payload`,
      kind,
      key,
      Math.round(atMs),
      json,
    );
    this.count(c.rowsWritten);
  }

  /** Removes `(kind, key)`, or every item of `kind` when `key` is omitted. */
  cancel(kind: string, key?: string): void {
    const c =
      key === undefined
        ? this.sql.exec('DELETE FROM schedule WHERE kind = ?', kind)
        : this.sql.exec('DELETE FROM schedule WHERE kind = ? AND key = ?', kind, key);
    this.count(c.rowsWritten);
  }

  /** The item `(kind, key)`, if scheduled. */
  get<P = unknown>(kind: string, key: string): ScheduleItem<P> | null {
    const row = this.sql
      .exec<{ at_ms: number; payload: string }>(
        'SELECT at_ms, payload FROM schedule WHERE kind = ? AND key = ?',
        kind,
        key,
      )
      .toArray()[0];
    return row ? { kind, key, atMs: row.at_ms, payload: JSON.parse(row.payload) as P } : null;
  }

  /** Every item of `kind`, earliest first. */
  list<P = unknown>(kind: string): ScheduleItem<P>[] {
    return this.sql
      .exec<{ key: string; at_ms: number; payload: string }>(
        'SELECT key, at_ms, payload FROM schedule WHERE kind = ? ORDER BY at_ms',
        kind,
      )
      .toArray()
      .map((r) => ({ kind, key: r.key, atMs: r.at_ms, payload: JSON.parse(r.payload) as P }));
  }

  /** Items due at `nowMs` or earlier, earliest first. */
  due(nowMs: number): ScheduleItem[] {
    return this.sql
      .exec<{ kind: string; key: string; at_ms: number; payload: string }>(
        'SELECT kind, key, at_ms, payload FROM schedule WHERE at_ms <= ? ORDER BY at_ms',
        nowMs,
      )
      .toArray()
      .map((r) => ({ kind: r.kind, key: r.key, atMs: r.at_ms, payload: JSON.parse(r.payload) }));
  }

  /** Removes a handled item, unless it was rescheduled meanwhile (its time changed). */
  done(item: ScheduleItem): void {
    const c = this.sql.exec(
      'DELETE FROM schedule WHERE kind = ? AND key = ? AND at_ms = ?',
      item.kind,
      item.key,
      item.atMs,
    );
    this.count(c.rowsWritten);
  }

  /** The earliest due time, or null when nothing is scheduled. */
  next(): number | null {
    const row = this.sql.exec<{ m: number | null }>('SELECT MIN(at_ms) AS m FROM schedule').toArray()[0];
    return row?.m ?? null;
  }

  /** Points the Durable Object's alarm at the earliest item (or deletes it). Skips unchanged alarms. */
  async syncAlarm(): Promise<void> {
    const next = this.next();
    if (this.alarmMs === undefined) this.alarmMs = await this.storage.getAlarm();
    if (next === this.alarmMs) return;
    this.alarmMs = next;
    if (next === null) await this.storage.deleteAlarm();
    else {
      await this.storage.setAlarm(next);
      this.alarmSet();
    }
  }

  /** Forget the cached alarm time (call at the start of `alarm()`: the alarm that ran is gone). */
  alarmFired(): void {
    this.alarmMs = undefined;
  }

  /** Deletes every item (match deletion). */
  clear(): void {
    this.count(this.sql.exec('DELETE FROM schedule').rowsWritten);
  }
}
