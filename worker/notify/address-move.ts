/**
 * The move of an address's state to its mailbox's Durable Object. Address objects were named by the
 * whole address; they are named by its mailbox now (notify/address.ts `mailboxOf`), so the object
 * of `bob+1@example.org` from before holds state that belongs to bob@example.org's. The first time
 * the server reaches the mailbox's object with that address in hand (`mailboxStub`), the mailbox's
 * object asks the old one for its state (`handOverOf`), merges it (`takeHandOver`), and the old one
 * then keeps only a forwarding marker (`clearMoved`) that links mailed before follow.
 *
 * The merge keeps every stop: a block or a mute on either side stays (the earlier block time), and
 * the old object's mute-link key comes along so the mute and block links it signed keep working.
 * The address's matches, the last hour's sends (one hourly limit for the mailbox), the live
 * "my matches", unblock and preferences links (hashes only) and the preferences (address-prefs.ts)
 * are joined; what the mailbox's object has already wins where both have one value.
 *
 * Plain SQL over the tables of address-do.ts (`kv`, `mutes`, `matches`, `magic`, `unblock`) and
 * `absorbed`, the old keys merged here. Row cost, once per tagged address: one row per item that
 * moves in the mailbox's object plus one `absorbed` row; in the old object one marker row and one
 * deleted row per item (an old object with nothing stored writes nothing).
 */

import type { AddressMatch } from './address-do';
import { readKv, writeKv } from './address-kv';
import type { AddressPrefs, PrefsRows } from './address-prefs';

/** What an address object from before mailboxes hands over. Times in ms since the epoch. */
export interface HandOver {
  /** Its mute-link key (base64url), null when it never made one. */
  muteKey: string | null;
  blockedAt: number | null;
  /** Its sends of the last hour. */
  sends: number[];
  mutes: Array<{ matchId: string; at: number }>;
  matches: AddressMatch[];
  /** Its live "my matches" and unblock tokens (hashes only). */
  tokens: Array<{ table: 'magic' | 'unblock'; tokenHash: string; expiresAt: number }>;
  prefs: PrefsRows;
}

const HOUR_MS = 3_600_000;
/** Most matches an address object lists (address-do.ts `track`). */
const MAX_MATCHES = 200;

/** Creates the table of old keys merged here (with the mute-link key each signed its links with). */
export function createMoveTable(sql: SqlStorage): void {
  sql.exec(
    `CREATE TABLE IF NOT EXISTS absorbed (old_key TEXT PRIMARY KEY, mute_key TEXT, at INTEGER NOT NULL) WITHOUT ROWID`,
  );
}

/**
 * The old object's state at `nowMs`, or null when it holds nothing worth moving. `matches` is its
 * list (address-do.ts `matches`), `prefs` its preferences.
 */
export function handOverOf(
  sql: SqlStorage,
  held: { prefs: AddressPrefs; matches: AddressMatch[] },
  nowMs: number,
): HandOver | null {
  const { prefs, matches } = held;
  const blockedAt = readKv(sql, 'blockedAt');
  const h: HandOver = {
    muteKey: readKv(sql, 'muteKey'),
    blockedAt: blockedAt === null ? null : Number(blockedAt),
    sends: (JSON.parse(readKv(sql, 'sends') ?? '[]') as number[]).filter((t) => t > nowMs - HOUR_MS),
    mutes: sql
      .exec<{ match_id: string; at: number }>('SELECT match_id, at FROM mutes')
      .toArray()
      .map((r) => ({ matchId: r.match_id, at: r.at })),
    matches,
    tokens: (['magic', 'unblock'] as const).flatMap((table) =>
      sql
        .exec<{ token_hash: string; expires_at: number }>(
          `SELECT token_hash, expires_at FROM ${table} WHERE expires_at > ?`,
          nowMs,
        )
        .toArray()
        .map((r) => ({ table, tokenHash: r.token_hash, expiresAt: r.expires_at })),
    ),
    prefs: prefs.rowsToMove(nowMs),
  };
  const empty =
    h.muteKey === null &&
    h.blockedAt === null &&
    h.sends.length === 0 &&
    h.mutes.length === 0 &&
    h.matches.length === 0 &&
    h.tokens.length === 0 &&
    h.prefs.confirmed === null &&
    h.prefs.seats.length === 0 &&
    h.prefs.pending.length === 0;
  return empty ? null : h;
}

/** True when the old object named `oldKey` has been merged here already. */
export function hasAbsorbed(sql: SqlStorage, oldKey: string): boolean {
  return sql.exec('SELECT 1 FROM absorbed WHERE old_key = ?', oldKey).toArray().length > 0;
}

/** The mute-link keys of the old objects merged here (their links still verify here). */
export function absorbedMuteKeys(sql: SqlStorage): string[] {
  return sql
    .exec<{ mute_key: string }>('SELECT mute_key FROM absorbed WHERE mute_key IS NOT NULL')
    .toArray()
    .map((r) => r.mute_key);
}

/**
 * Merges `h` (null: the old object held nothing) from the old object `oldKey` into the mailbox's
 * object (see the file comment) and notes `oldKey` as merged. Returns true when preferences came
 * (the digest's schedule must then be made again).
 */
export function takeHandOver(
  sql: SqlStorage,
  prefs: AddressPrefs,
  oldKey: string,
  h: HandOver | null,
  nowMs: number,
): boolean {
  sql.exec(
    'INSERT OR IGNORE INTO absorbed (old_key, mute_key, at) VALUES (?, ?, ?)',
    oldKey,
    h?.muteKey ?? null,
    nowMs,
  );
  if (!h) return false;
  const blockedAt = readKv(sql, 'blockedAt');
  if (h.blockedAt !== null && (blockedAt === null || h.blockedAt < Number(blockedAt)))
    writeKv(sql, 'blockedAt', String(h.blockedAt));
  if (h.sends.length > 0) {
    const mine = (JSON.parse(readKv(sql, 'sends') ?? '[]') as number[]).filter((t) => t > nowMs - HOUR_MS);
    writeKv(sql, 'sends', JSON.stringify([...mine, ...h.sends].sort((a, b) => a - b)));
  }
  for (const m of h.mutes)
    sql.exec('INSERT OR IGNORE INTO mutes (match_id, at) VALUES (?, ?)', m.matchId, m.at);
  for (const m of h.matches) {
    sql.exec(
      'INSERT OR IGNORE INTO matches (match_id, seat, title, status, updated_at) VALUES (?, ?, ?, ?, ?)',
      m.matchId,
      m.seat,
      m.title,
      m.status,
      m.updatedAt,
    );
  }
  if (h.matches.length > 0) {
    // The list stays bounded: the oldest finished entries go first, as in `track`.
    sql.exec(
      `DELETE FROM matches WHERE rowid NOT IN
       (SELECT rowid FROM matches ORDER BY status = 'finished', updated_at DESC LIMIT ?)`,
      MAX_MATCHES,
    );
  }
  for (const t of h.tokens) {
    sql.exec(
      `INSERT OR IGNORE INTO ${t.table} (token_hash, expires_at) VALUES (?, ?)`,
      t.tokenHash,
      t.expiresAt,
    );
  }
  return prefs.takeRows(h.prefs);
}

/** Where the old object's state went (the mailbox's key), or null while it still holds it. */
export function movedTo(sql: SqlStorage): string | null {
  return readKv(sql, 'movedTo');
}

/** Marks the old object as handed over to `toKey` (its state stays until `clearMoved`). */
export function markMoved(sql: SqlStorage, toKey: string): void {
  if (movedTo(sql) !== toKey) writeKv(sql, 'movedTo', toKey);
}

/** Deletes everything of the old object but its forwarding marker, once the merge is written. */
export function clearMoved(sql: SqlStorage): void {
  for (const table of ['mutes', 'matches', 'magic', 'unblock', 'seat_prefs', 'prefs_confirm'])
    sql.exec(`DELETE FROM ${table}`);
  sql.exec(`DELETE FROM kv WHERE k != 'movedTo'`);
}
