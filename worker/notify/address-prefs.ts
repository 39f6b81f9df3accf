/**
 * The mail preferences kept by one address's Durable Object, as SQL on its
 * storage: the address's confirmed preferences (kv `prefs`), the preferences set for one seat from
 * a match (`seat_prefs`, applied at once to that seat only), the pending confirmation links
 * (`prefs_confirm`, hashes only, 24 h; each carries the change it was mailed for, at most one is live:
 * a later change replaces it, and the replaced link applies nothing) and the digest's schedule (kv
 * `digestSlots`: the next time of each digest hour and zone in use). Row-level SQL only; the
 * digest itself is digest.ts.
 */

import { type MailPrefs, storedZone } from '../protocol/zones';
import { hashToken } from '../tokens';
import { readKv, writeKv } from './address-kv';
import { DEFAULT_TIME_ZONE, defaultPrefs, nextHourAt } from './quiet';

/** Preferences with the zone their hours are in. */
export interface ZonedPrefs {
  prefs: MailPrefs;
  timeZone: string;
}

/** A seat of a match, as the address knows it. */
export interface SeatRef {
  matchId: string;
  seat: number;
}

/**
 * The rows of one address's preferences that move to its mailbox's object (address-move.ts):
 * the confirmed preferences, the seats' own, and the live confirmation links (hashes only).
 */
export interface PrefsRows {
  confirmed: ZonedPrefs | null;
  seats: Array<SeatRef & ZonedPrefs>;
  pending: Array<ZonedPrefs & { tokenHash: string; expiresAt: number; replaced: boolean }>;
}

/** What a confirmation token is now: live with the change it was mailed for, or replaced by a later change. */
export type PendingPrefs = { state: 'live'; z: ZonedPrefs } | { state: 'replaced' };

/** The most confirmation links one address is mailed in 24 hours (each change after the last: this match only). */
export const PREFS_LINKS_A_DAY = 3;

const DAY_MS = 86_400_000;

/** A stored row's zone: a zone stored before zones were checked strictly (`+05:30`) reads as UTC. */
function zoneOf(stored: string): string {
  return storedZone(stored) ?? DEFAULT_TIME_ZONE;
}

/** Preferences read back from storage: the JSON of `MailPrefs` and a zone. */
function zoned(prefs: string, timeZone: string): ZonedPrefs {
  return { prefs: JSON.parse(prefs) as MailPrefs, timeZone: zoneOf(timeZone) };
}

/** True when `a` is `b`: the same hours in the same zone. */
export function sameZoned(a: ZonedPrefs | null, b: ZonedPrefs): boolean {
  if (!a || a.timeZone !== b.timeZone) return false;
  const { digestHour: d1, quiet: q1 } = a.prefs;
  const { digestHour: d2, quiet: q2 } = b.prefs;
  return d1 === d2 && (q1 === null || q2 === null ? q1 === q2 : q1.from === q2.from && q1.to === q2.to);
}

/** The key of a digest slot: one hour in one zone. */
export function slotKey(z: ZonedPrefs): string {
  return `${z.prefs.digestHour}|${z.timeZone}`;
}

/** The mail preferences of one address, over its Durable Object's SQL storage. */
export class AddressPrefs {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS seat_prefs (match_id TEXT NOT NULL, seat INTEGER NOT NULL,
      prefs TEXT NOT NULL, time_zone TEXT NOT NULL, PRIMARY KEY (match_id, seat))`);
    sql.exec(`CREATE TABLE IF NOT EXISTS prefs_confirm (token_hash TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL, prefs TEXT NOT NULL, time_zone TEXT NOT NULL,
      replaced INTEGER NOT NULL DEFAULT 0)`);
    // A table made before links could be replaced gets the column once (a read of the schema otherwise).
    const made = sql
      .exec<{ sql: string }>(`SELECT sql FROM sqlite_master WHERE name = 'prefs_confirm'`)
      .toArray()[0];
    if (made && !made.sql.includes('replaced'))
      sql.exec('ALTER TABLE prefs_confirm ADD COLUMN replaced INTEGER NOT NULL DEFAULT 0');
  }

  private kv(k: string): string | null {
    return readKv(this.sql, k);
  }

  private setKv(k: string, v: string): void {
    writeKv(this.sql, k, v);
  }

  /** The address's confirmed preferences, or null when it never confirmed any. */
  confirmed(): ZonedPrefs | null {
    const raw = this.kv('prefs');
    if (!raw) return null;
    const z = JSON.parse(raw) as ZonedPrefs;
    return { prefs: z.prefs, timeZone: zoneOf(z.timeZone) };
  }

  /** Sets `seat`'s own preferences (from its match), in `timeZone`. */
  setSeat(at: SeatRef, z: ZonedPrefs): void {
    this.sql.exec(
      'INSERT OR REPLACE INTO seat_prefs (match_id, seat, prefs, time_zone) VALUES (?, ?, ?, ?)',
      at.matchId,
      at.seat,
      JSON.stringify(z.prefs),
      z.timeZone,
    );
  }

  /** `at`'s own preferences (set from its match and not since replaced by confirmed ones), or null. */
  own(at: SeatRef): ZonedPrefs | null {
    const row = this.sql
      .exec<{ prefs: string; time_zone: string }>(
        'SELECT prefs, time_zone FROM seat_prefs WHERE match_id = ? AND seat = ?',
        at.matchId,
        at.seat,
      )
      .toArray()[0];
    return row ? zoned(row.prefs, row.time_zone) : null;
  }

  /**
   * The preferences in force for `at`: its own, else the address's confirmed ones, else the
   * defaults in `seatZone` (the seat's reported zone), or in the zone a seat of this address last
   * reported in any match (`noteZone`: the first mail of a new match keeps the reader's night);
   * without any zone, no quiet hours (`defaultPrefs`).
   */
  effective(at: SeatRef, seatZone: string | null): ZonedPrefs {
    const own = this.own(at);
    if (own) return { prefs: own.prefs, timeZone: seatZone ?? own.timeZone };
    const conf = this.confirmed();
    if (conf) return { prefs: conf.prefs, timeZone: seatZone ?? conf.timeZone };
    return defaultPrefs(seatZone ?? this.knownZone());
  }

  /** Notes `zone` as the one a seat of this address last reported; one row written when it changed. */
  noteZone(zone: string): void {
    if (this.kv('zone') !== zone) this.setKv('zone', zone);
  }

  /** The zone a seat of this address last reported (`noteZone`), or null. */
  knownZone(): string | null {
    const z = this.kv('zone');
    return z === null ? null : zoneOf(z);
  }

  /** The change the live confirmation link carries (mailed less than 24 h ago, not replaced), or null. */
  liveConfirmation(nowMs: number): ZonedPrefs | null {
    const row = this.sql
      .exec<{ prefs: string; time_zone: string }>(
        'SELECT prefs, time_zone FROM prefs_confirm WHERE expires_at > ? AND replaced = 0',
        nowMs,
      )
      .toArray()[0];
    return row ? zoned(row.prefs, row.time_zone) : null;
  }

  /** How many confirmation links were mailed in the last 24 h (replaced ones count). */
  linksToday(nowMs: number): number {
    return this.sql.exec('SELECT 1 FROM prefs_confirm WHERE expires_at > ?', nowMs).toArray().length;
  }

  /**
   * A later change replaces the live confirmation link: opened, it says so and applies nothing (it
   * would undo the later change). One row written when a link was live, none otherwise.
   */
  replaceLive(nowMs: number): void {
    if (this.liveConfirmation(nowMs))
      this.sql.exec('UPDATE prefs_confirm SET replaced = 1 WHERE expires_at > ? AND replaced = 0', nowMs);
  }

  /**
   * A new confirmation token for `z` (valid 24 h; only its hash is kept); a live one is replaced,
   * expired ones are purged.
   */
  async newConfirmation(z: ZonedPrefs, nowMs: number, token: string): Promise<void> {
    this.sql.exec('DELETE FROM prefs_confirm WHERE expires_at <= ?', nowMs);
    this.replaceLive(nowMs);
    this.sql.exec(
      'INSERT INTO prefs_confirm (token_hash, expires_at, prefs, time_zone) VALUES (?, ?, ?, ?)',
      await hashToken(token),
      nowMs + DAY_MS,
      JSON.stringify(z.prefs),
      z.timeZone,
    );
  }

  /** What a confirmation token is at `nowMs`: live with its change, replaced, or null (wrong, used or expired). */
  async pending(token: string, nowMs: number): Promise<PendingPrefs | null> {
    const row = this.sql
      .exec<{ prefs: string; time_zone: string; expires_at: number; replaced: number }>(
        'SELECT prefs, time_zone, expires_at, replaced FROM prefs_confirm WHERE token_hash = ?',
        await hashToken(token),
      )
      .toArray()[0];
    if (!row || row.expires_at <= nowMs) return null;
    return row.replaced ? { state: 'replaced' } : { state: 'live', z: zoned(row.prefs, row.time_zone) };
  }

  /**
   * Makes the change of a live token the address's preferences, for all its matches (the seats' own
   * preferences give way to them); the token is used up. Returns false for a wrong, old or replaced
   * token (nothing changes).
   */
  async confirm(token: string, nowMs: number): Promise<boolean> {
    const p = await this.pending(token, nowMs);
    if (p?.state !== 'live') return false;
    this.sql.exec('DELETE FROM prefs_confirm WHERE token_hash = ?', await hashToken(token));
    this.sql.exec('DELETE FROM seat_prefs');
    this.setKv('prefs', JSON.stringify(p.z));
    return true;
  }

  /** Every digest slot in use (the confirmed preferences' and the seats' own), by key. */
  private slotsInUse(): Map<string, ZonedPrefs> {
    const all = this.sql
      .exec<{ prefs: string; time_zone: string }>('SELECT prefs, time_zone FROM seat_prefs')
      .toArray()
      .map((r) => zoned(r.prefs, r.time_zone));
    const conf = this.confirmed();
    if (conf) all.push(conf);
    return new Map(all.filter((z) => z.prefs.digestHour !== null).map((z) => [slotKey(z), z]));
  }

  /** The rows to hand over to the mailbox's object at `nowMs` (expired confirmation links left out). */
  rowsToMove(nowMs: number): PrefsRows {
    const seats = this.sql
      .exec<{ match_id: string; seat: number; prefs: string; time_zone: string }>('SELECT * FROM seat_prefs')
      .toArray()
      .map((r) => ({ matchId: r.match_id, seat: r.seat, ...zoned(r.prefs, r.time_zone) }));
    const pending = this.sql
      .exec<{ token_hash: string; expires_at: number; prefs: string; time_zone: string; replaced: number }>(
        'SELECT * FROM prefs_confirm WHERE expires_at > ?',
        nowMs,
      )
      .toArray()
      .map((r) => ({
        tokenHash: r.token_hash,
        expiresAt: r.expires_at,
        replaced: r.replaced === 1,
        ...zoned(r.prefs, r.time_zone),
      }));
    return { confirmed: this.confirmed(), seats, pending };
  }

  /**
   * Takes rows handed over by another address of the mailbox: its confirmed preferences when this
   * one has none, its seats' own preferences and its live confirmation links (what is here already
   * stays). Returns true when any row came.
   */
  takeRows(rows: PrefsRows): boolean {
    if (rows.confirmed && !this.confirmed()) this.setKv('prefs', JSON.stringify(rows.confirmed));
    for (const r of rows.seats) {
      this.sql.exec(
        'INSERT OR IGNORE INTO seat_prefs (match_id, seat, prefs, time_zone) VALUES (?, ?, ?, ?)',
        r.matchId,
        r.seat,
        JSON.stringify(r.prefs),
        r.timeZone,
      );
    }
    // The links handed over keep their state (a later change here replaces every live one).
    for (const r of rows.pending) {
      this.sql.exec(
        'INSERT OR IGNORE INTO prefs_confirm (token_hash, expires_at, prefs, time_zone, replaced) VALUES (?, ?, ?, ?, ?)',
        r.tokenHash,
        r.expiresAt,
        JSON.stringify(r.prefs),
        r.timeZone,
        r.replaced ? 1 : 0,
      );
    }
    return rows.confirmed !== null || rows.seats.length > 0 || rows.pending.length > 0;
  }

  /** The stored next time (ms) of each digest slot. */
  slots(): Record<string, number> {
    return JSON.parse(this.kv('digestSlots') ?? '{}') as Record<string, number>;
  }

  /** Failed tries of the digest now due (a passing provider error), 0 when none. */
  digestAttempts(): number {
    return Number(this.kv('digestAttempts') ?? 0);
  }

  /** Records `n` failed tries of the digest now due (0: none; the row is written only on a change). */
  setDigestAttempts(n: number): void {
    if (n !== this.digestAttempts()) this.setKv('digestAttempts', String(n));
  }

  /**
   * Brings the digest schedule up to date at `nowMs`: a slot in use keeps its next time (or gets
   * its next hour), a slot no longer used goes; `advance` slots move to their next hour after
   * `nowMs`, `retry` ones to the given time. Returns the earliest next time, or null for none.
   */
  reschedule(nowMs: number, advance: ReadonlySet<string> = new Set(), retry?: number): number | null {
    const old = this.slots();
    const next: Record<string, number> = {};
    for (const [key, z] of this.slotsInUse()) {
      const hour = z.prefs.digestHour as number;
      if (retry !== undefined && advance.has(key)) next[key] = retry;
      else if (advance.has(key) || old[key] === undefined) next[key] = nextHourAt(nowMs, hour, z.timeZone);
      else next[key] = old[key];
    }
    this.setKv('digestSlots', JSON.stringify(next));
    const times = Object.values(next);
    return times.length ? Math.min(...times) : null;
  }
}
