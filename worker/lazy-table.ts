/**
 * A SQLite table made on its first write, so that a Durable Object writes the schema only of what it
 * uses (each `CREATE TABLE` is rows written on the free plan's daily budget). Reads before it exists
 * see no rows: its owner asks `exists()` and answers "none" itself. Whether it exists is read from
 * the schema once, then kept in memory; `forget()` after the storage was deleted.
 */
export class LazyTable {
  private made: boolean | undefined;

  /** `create` makes the table (and its indexes), idempotent (`IF NOT EXISTS`). */
  constructor(
    private readonly sql: SqlStorage,
    readonly name: string,
    private readonly create: (sql: SqlStorage) => void,
  ) {}

  /** True when the table exists (one read of the schema, the first time). */
  exists(): boolean {
    this.made ??=
      this.sql.exec(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`, this.name).toArray()
        .length > 0;
    return this.made;
  }

  /** Makes the table if missing; call before every write. */
  ensure(): void {
    if (this.exists()) return;
    this.create(this.sql);
    this.made = true;
  }

  /** Forgets what it knew (the storage was deleted, or tables may have been made elsewhere). */
  forget(): void {
    this.made = undefined;
  }
}
