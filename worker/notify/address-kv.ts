/**
 * The `kv` table of an address Durable Object (created by address-do.ts): one text value per key
 * (`blockedAt`, `muteKey`, `sends`, `prefs`, `movedTo`, …), read and written by the object, its
 * preferences (address-prefs.ts) and the mailbox move (address-move.ts).
 */

/** The value stored under `k`, or null. */
export function readKv(sql: SqlStorage, k: string): string | null {
  return sql.exec<{ v: string }>('SELECT v FROM kv WHERE k = ?', k).toArray()[0]?.v ?? null;
}

/**
 * Stores `v` under `k`: one row written when `k` is there already (an upsert changes the row in
 * place; `INSERT OR REPLACE` deleted and inserted it, its key index entry too: two rows).
 */
export function writeKv(sql: SqlStorage, k: string, v: string): void {
  sql.exec('INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v', k, v);
}
