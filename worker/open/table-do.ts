/**
 * The open table's Durable Object: one instance for the deployment (named
 * `OPEN_TABLE_NAME`), the small list of open matches that strangers read, kept up to date by the
 * matches themselves (worker/match/open-listing.ts tells it when a match opens, a seat is taken,
 * the match starts or is deleted), so reading the list never wakes a match's object. It also holds
 * what the limits need: the hashed client of each open match's creator (at most
 * `MAX_OPEN_PER_CLIENT` listed at once) and of each stranger who took a seat (one seat per person
 * per match). Clients are hashes (client.ts), never addresses. Rows: one per open match, one per
 * seat taken by a stranger (tables without rowid: a row is one write, no second index entry); both
 * go when the match leaves the list.
 */
import { DurableObject } from 'cloudflare:workers';
import { error, type Reply } from '../reply';
import type { OpenClient } from './client';
import { fits, MAX_OPEN_PER_CLIENT, OPEN_GRACE_MS, type OpenListing, type QuickAsk } from './listing';

/** The one instance's name. */
export const OPEN_TABLE_NAME = 'open-table';

/** 404 `open.not_found`: the match is not (or no longer) on the open table. */
const NOT_LISTED = error(404, 'open.not_found', 'This match is not open (any more): it may have started.');

/** The open table (see the file comment). Every method takes the caller's time in ms since the epoch. */
export class OpenTableDurableObject extends DurableObject<unknown> {
  private readonly sql: SqlStorage;
  /** Rows written since this object woke up (read by the server benchmark through /dev/open/stats). */
  private rowsWritten = 0;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS open_matches (
      match_id TEXT PRIMARY KEY, creator_ip TEXT NOT NULL, creator_device TEXT,
      created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, listing TEXT) WITHOUT ROWID`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS open_seats (
      match_id TEXT NOT NULL, ip TEXT NOT NULL, device TEXT, PRIMARY KEY (match_id, ip)) WITHOUT ROWID`);
  }

  private write(query: string, ...params: SqlStorageValue[]): number {
    const n = this.sql.exec(query, ...params).rowsWritten;
    this.rowsWritten += n;
    return n;
  }

  /** Forgets the matches whose time on the table is over (their seats too). */
  private purge(nowMs: number): void {
    this.write(
      'DELETE FROM open_seats WHERE match_id IN (SELECT match_id FROM open_matches WHERE expires_at <= ?)',
      nowMs,
    );
    this.write('DELETE FROM open_matches WHERE expires_at <= ?', nowMs);
  }

  /**
   * Holds a place for match `matchId` of `creator` until `expiresAtMs` (the match lists itself with
   * `update` once stored). 429 `open.too_many` when the creator's address already has
   * `MAX_OPEN_PER_CLIENT` open matches; else null.
   */
  async reserve(
    matchId: string,
    creator: OpenClient,
    nowMs: number,
    expiresAtMs: number,
  ): Promise<Reply | null> {
    this.purge(nowMs);
    const n = this.sql
      .exec<{ n: number }>('SELECT COUNT(*) AS n FROM open_matches WHERE creator_ip = ?', creator.ip)
      .one().n;
    if (n >= MAX_OPEN_PER_CLIENT) {
      return error(
        429,
        'open.too_many',
        `At most ${MAX_OPEN_PER_CLIENT} open matches per address at once: wait until one starts.`,
      );
    }
    this.write(
      'INSERT INTO open_matches (match_id, creator_ip, creator_device, created_at, expires_at, listing) VALUES (?, ?, ?, ?, ?, NULL)',
      matchId,
      creator.ip,
      creator.device,
      nowMs,
      expiresAtMs + OPEN_GRACE_MS,
    );
    return null;
  }

  /** The match tells its listing (a new open match, a seat taken); written only when it changed. */
  async update(listing: OpenListing): Promise<void> {
    const text = JSON.stringify(listing);
    this.write(
      'UPDATE open_matches SET listing = ?, expires_at = ? WHERE match_id = ? AND (listing IS NULL OR listing <> ?)',
      text,
      Date.parse(listing.fillsAt) + OPEN_GRACE_MS,
      listing.matchId,
      text,
    );
  }

  /** Match `matchId` leaves the table (it started, or was deleted, or its creation failed). */
  async remove(matchId: string): Promise<void> {
    this.write('DELETE FROM open_seats WHERE match_id = ?', matchId);
    this.write('DELETE FROM open_matches WHERE match_id = ?', matchId);
  }

  /** The listed matches at `nowMs`, oldest first (writes nothing). */
  async list(nowMs: number): Promise<OpenListing[]> {
    return this.sql
      .exec<{ listing: string }>(
        'SELECT listing FROM open_matches WHERE listing IS NOT NULL AND expires_at > ? ORDER BY created_at, match_id',
        nowMs,
      )
      .toArray()
      .map((r) => JSON.parse(r.listing) as OpenListing);
  }

  /**
   * Notes that `client` takes a seat in listed match `matchId` (before the match is asked: a second
   * request of the same client meanwhile is refused). 404 `open.not_found`; 409 `match.full`,
   * `open.own_match` (the client created it), `open.one_seat` (the client holds a seat there); else null.
   */
  async takeSeat(matchId: string, client: OpenClient, nowMs: number): Promise<Reply | null> {
    const row = this.sql
      .exec<{ creator_ip: string; creator_device: string | null; listing: string | null }>(
        'SELECT creator_ip, creator_device, listing FROM open_matches WHERE match_id = ? AND expires_at > ?',
        matchId,
        nowMs,
      )
      .toArray()[0];
    if (!row?.listing) return NOT_LISTED;
    if (row.creator_ip === client.ip || (client.device !== null && row.creator_device === client.device))
      return error(409, 'open.own_match', 'You created this match: you already have a seat in it.');
    const held = this.sql
      .exec<{ n: number }>(
        'SELECT COUNT(*) AS n FROM open_seats WHERE match_id = ? AND (ip = ? OR device = ?)',
        matchId,
        client.ip,
        client.device,
      )
      .one().n;
    if (held > 0)
      return error(409, 'open.one_seat', 'You already have a seat in this match: one seat per person.');
    if ((JSON.parse(row.listing) as OpenListing).free < 1)
      return error(409, 'match.full', 'Every seat is taken.');
    this.write(
      'INSERT INTO open_seats (match_id, ip, device) VALUES (?, ?, ?)',
      matchId,
      client.ip,
      client.device,
    );
    return null;
  }

  /** Undoes `takeSeat` (the match refused the seat). */
  async releaseSeat(matchId: string, client: OpenClient): Promise<void> {
    this.write('DELETE FROM open_seats WHERE match_id = ? AND ip = ?', matchId, client.ip);
  }

  /**
   * The listed matches that fit `ask` (listing.ts `fits`) and where `client` may take a seat (not its
   * own, no seat there yet), oldest first: at most `max` ids.
   */
  async fitting(ask: QuickAsk, client: OpenClient, nowMs: number, max = 3): Promise<string[]> {
    const rows = this.sql
      .exec<{ match_id: string; listing: string }>(
        `SELECT match_id, listing FROM open_matches m WHERE listing IS NOT NULL AND expires_at > ?
          AND creator_ip <> ? AND (? IS NULL OR creator_device IS NULL OR creator_device <> ?)
          AND NOT EXISTS (SELECT 1 FROM open_seats s WHERE s.match_id = m.match_id AND (s.ip = ? OR s.device = ?))
          ORDER BY created_at, match_id`,
        nowMs,
        client.ip,
        client.device,
        client.device,
        client.ip,
        client.device,
      )
      .toArray();
    return rows
      .filter((r) => fits(JSON.parse(r.listing) as OpenListing, ask))
      .slice(0, max)
      .map((r) => r.match_id);
  }

  /** Rows written since this object woke up (the server benchmark's counter). */
  async benchRows(): Promise<{ rowsWritten: number }> {
    return { rowsWritten: this.rowsWritten };
  }
}
