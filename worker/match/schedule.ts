/**
 * A generic schedule on the Durable Object's single alarm: items keyed by (kind, key), each due at a
 * time in ms since the epoch, with a small JSON payload. The alarm is set at or before the earliest
 * item (it is never moved later: `syncAlarm`), so it may wake with nothing due. The alarm is
 * delivered at least once, so handlers must be idempotent: an item is removed only after its
 * handler ran, and a handler re-checks the state before acting.
 *
 * Table `schedule` is WITHOUT ROWID with no secondary index, so an upsert writes one row.
 *
 * A kind may be kept in memory instead (`derive`): one item (key `''`) whose time its owner can
 * compute again from its own rows (the outbox's wake-up, moved on every change and every send:
 * two rows written per turn when stored). Its time is held in memory, scheduled, cancelled and
 * done like a stored item's; after a restart the owner's `recompute` sets it again before it is
 * read. Rows of that kind stored before stay readable and are removed once handled.
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
  /** Kinds kept in memory (`derive`): their item's time (null: none; undefined: not known since the start). */
  private readonly derived = new Map<string, { atMs: number | null | undefined; recompute: () => void }>();

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

  /**
   * Keeps `kind`'s one item (key `''`, no payload) in memory, not in the table. `recompute` must set
   * it (`schedule` or `cancel`) from the owner's rows; it is called once after a restart, when the
   * item is first read.
   */
  derive(kind: string, recompute: () => void): void {
    this.derived.set(kind, { atMs: undefined, recompute });
  }

  /** The time of derived `kind`'s item (null: none), recomputed once after a restart. */
  private derivedAt(kind: string): number | null {
    const d = this.derived.get(kind)!;
    if (d.atMs === undefined) {
      d.atMs = null;
      d.recompute();
    }
    return d.atMs;
  }

  /** Schedules (or moves) the item `(kind, key)` to `atMs` with `payload`. Writes nothing when unchanged. */
  schedule(kind: string, key: string, atMs: number, payload: unknown = null): void {
    const d = this.derived.get(kind);
    if (d && key === '' && payload === null) {
      d.atMs = Math.round(atMs);
      return;
    }
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

  /**
   * Removes `(kind, key)`, or every item of `kind` when `key` is omitted. A derived kind's item runs
   * no write unless a row of that kind was stored before it was derived: the wake-up recomputes the
   * outbox's wake-up (often a cancel), and past the platform's daily limit a write statement, even
   * an empty DELETE, is refused.
   */
  cancel(kind: string, key?: string): void {
    const d = this.derived.get(kind);
    if (d && (key === undefined || key === '')) {
      d.atMs = null;
      if (this.sql.exec('SELECT 1 FROM schedule WHERE kind = ? LIMIT 1', kind).toArray().length === 0) return;
    }
    const c =
      key === undefined
        ? this.sql.exec('DELETE FROM schedule WHERE kind = ?', kind)
        : this.sql.exec('DELETE FROM schedule WHERE kind = ? AND key = ?', kind, key);
    this.count(c.rowsWritten);
  }

  /** The item `(kind, key)`, if scheduled. */
  get<P = unknown>(kind: string, key: string): ScheduleItem<P> | null {
    if (this.derived.has(kind) && key === '') {
      const atMs = this.derivedAt(kind);
      if (atMs !== null) return { kind, key, atMs, payload: null as P };
    }
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
    const stored = this.sql
      .exec<{ key: string; at_ms: number; payload: string }>(
        'SELECT key, at_ms, payload FROM schedule WHERE kind = ? ORDER BY at_ms',
        kind,
      )
      .toArray()
      .map((r) => ({ kind, key: r.key, atMs: r.at_ms, payload: JSON.parse(r.payload) as P }));
    const atMs = this.derived.has(kind) ? this.derivedAt(kind) : null;
    return atMs === null ? stored : byTime([...stored, { kind, key: '', atMs, payload: null as P }]);
  }

  /** Items due at `nowMs` or earlier, earliest first (equal times by kind). */
  due(nowMs: number): ScheduleItem[] {
    const stored = this.sql
      .exec<{ kind: string; key: string; at_ms: number; payload: string }>(
        'SELECT kind, key, at_ms, payload FROM schedule WHERE at_ms <= ? ORDER BY at_ms',
        nowMs,
      )
      .toArray()
      .map((r) => ({ kind: r.kind, key: r.key, atMs: r.at_ms, payload: JSON.parse(r.payload) }));
    return byTime([...stored, ...this.derivedItems().filter((i) => i.atMs <= nowMs)]);
  }

  /** Every item, stored or kept in memory, earliest first (equal times by kind). */
  items(): ScheduleItem[] {
    return this.due(Number.MAX_SAFE_INTEGER);
  }

  /**
   * The derived kinds' items (those with a time). A row of such a kind stored before it was derived
   * is listed beside it; both are handled (the owner's handler is idempotent) and the row removed.
   */
  private derivedItems(): ScheduleItem[] {
    const out: ScheduleItem[] = [];
    for (const kind of this.derived.keys()) {
      const atMs = this.derivedAt(kind);
      if (atMs !== null) out.push({ kind, key: '', atMs, payload: null });
    }
    return out;
  }

  /** Removes a handled item, unless it was rescheduled meanwhile (its time changed). */
  done(item: ScheduleItem): void {
    const d = this.derived.get(item.kind);
    if (d && item.key === '' && d.atMs === item.atMs) d.atMs = null;
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
    const times = [row?.m ?? null, ...this.derivedItems().map((i) => i.atMs)].filter(
      (t): t is number => t !== null,
    );
    return times.length === 0 ? null : Math.min(...times);
  }

  /**
   * Points the Durable Object's alarm at the earliest item, lazily: an alarm already set at or before
   * it stays (a `setAlarm` is billed as a row written, and the items of a turn, its reminders and its
   * deadline, move later on every turn). Such an alarm wakes early with nothing due; `runAlarm`
   * (alarm.ts) then handles nothing and points it here again, one `setAlarm`. With no item left the
   * alarm stays too (it finds nothing due). Skips unchanged alarms.
   */
  async syncAlarm(): Promise<void> {
    const next = this.next();
    if (this.alarmMs === undefined) this.alarmMs = await this.storage.getAlarm();
    if (next === null || next === this.alarmMs) return;
    if (this.alarmMs !== null && this.alarmMs < next) return;
    this.alarmMs = next;
    await this.storage.setAlarm(next);
    this.alarmSet();
  }

  /** Forget the cached alarm time (call at the start of `alarm()`: the alarm that ran is gone). */
  alarmFired(): void {
    this.alarmMs = undefined;
  }

  /** Forgets the items kept in memory (the storage was deleted: nothing is due any more). */
  forget(): void {
    for (const d of this.derived.values()) d.atMs = null;
    this.alarmMs = undefined;
  }

  /** Deletes every item (match deletion). */
  clear(): void {
    for (const d of this.derived.values()) d.atMs = null;
    this.count(this.sql.exec('DELETE FROM schedule').rowsWritten);
  }
}

/** Items earliest first, equal times by kind then key (the order of the table's key). */
function byTime<T extends ScheduleItem>(items: T[]): T[] {
  return items.sort(
    (a, b) =>
      a.atMs - b.atMs ||
      (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}
