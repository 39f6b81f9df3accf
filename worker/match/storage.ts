/**
 * The SQLite tables of one match's Durable Object that are not the log: `meta` (one row: settings,
 * lifecycle, the rematch offer, a snapshot of the state, of the move ids and of the journal's hand index), `seats`, and `mail_links` (the hashes of
 * the seat tokens sent in mails, which open a seat like its own link). The log has its own module
 * (log.ts), the schedule too. SQL uses bound parameters only; every write counts its rows for the
 * benchmark and the free-plan budget (100,000 rows written per day).
 */
import type { ResponseMode } from '../engine/index';
import { LazyTable } from '../lazy-table';
import type { BotLevel } from '../protocol/fields';
import type { SnapshotIndexes } from './log';
import { type MatchStatus, type Meta, readSeatPrefs, readTurnDeadline, type SeatRow } from './rows';

type SqlValue = string | number | null;

/** Typed access to one match's meta, seats and seat-link tables. */
/** The most mail-link hashes `MatchStore` keeps in memory (about the open sockets of a busy match). */
const LINK_CACHE = 256;

export class MatchStore {
  /** Rows written through this store since it was created (SQLite's own counter per statement). */
  rowsWritten = 0;

  /**
   * The seat of each stored mail-link hash asked about, in memory: every view push, chat frame,
   * presence count and socket check asks for the links of open sockets, so each is read once. Unknown
   * hashes are not kept (any caller may send any token), and at most `LINK_CACHE` are. Cleared by every
   * write of `mail_links` (this class is its only writer).
   */
  private readonly linkSeats = new Map<string, number>();

  /**
   * `mail_links`, made on the first link: WITHOUT ROWID, so a stored link writes one row, not a row
   * and its key's index entry (matches created before keep their rowid table; no query here needs
   * the rowid).
   */
  private readonly mailLinks: LazyTable;

  constructor(private readonly sql: SqlStorage) {
    this.mailLinks = new LazyTable(sql, 'mail_links', (s) =>
      s.exec(`CREATE TABLE IF NOT EXISTS mail_links (
        token_hash TEXT PRIMARY KEY, seat INTEGER NOT NULL, created_at INTEGER NOT NULL) WITHOUT ROWID`),
    );
  }

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
      state_seq INTEGER NOT NULL DEFAULT 0, move_ids TEXT, hand_starts TEXT, rematch_offer TEXT)`);
    // Matches stored before the move ids or the hand index joined the snapshot: the column is added
    // (null until the next snapshot; the move log then rebuilds them from its rows: log.ts).
    const columns = sql.exec('SELECT * FROM meta LIMIT 0').columnNames;
    for (const column of ['move_ids', 'hand_starts', 'rematch_offer'])
      if (!columns.includes(column)) sql.exec(`ALTER TABLE meta ADD COLUMN ${column} TEXT`);
    sql.exec(`CREATE TABLE IF NOT EXISTS seats (
      seat INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, token_hash TEXT,
      bot_level TEXT NOT NULL, stand_in INTEGER NOT NULL, response_mode TEXT NOT NULL,
      email TEXT, language TEXT NOT NULL, email_notifications INTEGER NOT NULL, prefs TEXT)`);
    // Matches stored before the seat preferences: the column is added (null reads as no preferences).
    if (!sql.exec('SELECT * FROM seats LIMIT 0').columnNames.includes('prefs'))
      sql.exec('ALTER TABLE seats ADD COLUMN prefs TEXT');
    // The mail links' table waits for the first link mailed (or copied from the match before).
    this.mailLinks.forget();
  }

  /** Forgets which tables made on first use exist (the storage was deleted). */
  forgetTables(): void {
    this.mailLinks.forget();
    this.linkSeats.clear();
  }

  /** Runs one statement and counts the rows it wrote. */
  exec<T extends Record<string, SqlValue>>(query: string, ...params: SqlValue[]): T[] {
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
      rematchOffer: r.rematch_offer ? JSON.parse(r.rematch_offer as string) : null,
      turnDeadline: r.turn_deadline ? readTurnDeadline(JSON.parse(r.turn_deadline as string)) : null,
      stateSeq: (r.state_seq as number | null) ?? 0,
    };
  }

  /** Creates the meta row (no move ids and no hands yet). */
  insertMeta(m: Meta): void {
    this.exec(
      `INSERT INTO meta (id, match_id, created_at, config, host_hash, invite_hash, status, setup, state, finished_at, rematch_id, move_ids, hand_starts)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', '[]')`,
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
   * Writes the lifecycle fields, the current state, every move id with its log row and the hand
   * index (one row; `moveIds` must hold the ids of the log rows up to `m.stateSeq`, stored as JSON
   * `[[id, seq], …]`; `handStarts` is the log's JSON `[seq, …]`, or null while not rebuilt).
   */
  saveMeta(m: Meta, moveIds: ReadonlyMap<string, number>, handStarts: string | null): void {
    this.exec(
      'UPDATE meta SET status = ?, setup = ?, state = ?, finished_at = ?, rematch_id = ?, rematch_offer = ?, turn_deadline = ?, state_seq = ?, move_ids = ?, hand_starts = ? WHERE id = 1',
      m.status,
      m.setup ? JSON.stringify(m.setup) : null,
      m.state ? JSON.stringify(m.state) : null,
      m.finishedAt,
      m.rematchId,
      m.rematchOffer ? JSON.stringify(m.rematchOffer) : null,
      m.turnDeadline ? JSON.stringify(m.turnDeadline) : null,
      m.stateSeq,
      JSON.stringify([...moveIds]),
      handStarts,
    );
  }

  /**
   * The log indexes of the meta row's snapshot: the move ids as JSON `[[id, seq], …]` and the hand
   * index as JSON `[seq, …]`, each null when stored before it was.
   */
  snapshotIndexes(): SnapshotIndexes {
    const r = this.exec<{ move_ids: string | null; hand_starts: string | null }>(
      'SELECT move_ids, hand_starts FROM meta WHERE id = 1',
    )[0];
    return { moveIds: r?.move_ids ?? null, handStarts: r?.hand_starts ?? null };
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
      prefs: readSeatPrefs((r.prefs as string | null) ?? null),
    }));
  }

  /** Inserts or replaces a seat (one row). */
  saveSeat(s: SeatRow): void {
    this.exec(
      `INSERT OR REPLACE INTO seats (seat, name, kind, token_hash, bot_level, stand_in, response_mode, email, language, email_notifications, prefs)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
      Object.keys(s.prefs).length > 0 ? JSON.stringify(s.prefs) : null,
    );
  }

  /** The seat a mail-link token hash opens, or null. */
  seatForLink(tokenHash: string): number | null {
    const known = this.linkSeats.get(tokenHash);
    if (known !== undefined) return known;
    if (!this.mailLinks.exists()) return null;
    const seat =
      this.exec<{ seat: number }>('SELECT seat FROM mail_links WHERE token_hash = ?', tokenHash)[0]?.seat ??
      null;
    if (seat !== null) {
      if (this.linkSeats.size >= LINK_CACHE) this.linkSeats.clear();
      this.linkSeats.set(tokenHash, seat);
    }
    return seat;
  }

  /**
   * Stores a mail-link token hash for `seat` (`atMs`: ms since the epoch); an existing hash is kept
   * and nothing is written (a seat's mails carry the same link: seats.ts `mintSeatLink`).
   */
  addLink(tokenHash: string, seat: number, atMs: number): void {
    this.mailLinks.ensure();
    const before = this.rowsWritten;
    this.exec(
      'INSERT OR IGNORE INTO mail_links (token_hash, seat, created_at) VALUES (?, ?, ?)',
      tokenHash,
      seat,
      atMs,
    );
    if (this.rowsWritten > before) this.linkSeats.clear();
  }

  /** Deletes every mail-link hash of `seat`; returns the deleted hashes. */
  removeSeatLinks(seat: number): string[] {
    this.linkSeats.clear();
    if (!this.mailLinks.exists()) return [];
    return this.exec<{ token_hash: string }>(
      'DELETE FROM mail_links WHERE seat = ? RETURNING token_hash',
      seat,
    ).map((r) => r.token_hash);
  }

  /** Deletes one mail-link hash; true when it was stored. */
  removeLink(tokenHash: string): boolean {
    this.linkSeats.clear();
    if (!this.mailLinks.exists()) return false;
    const before = this.rowsWritten;
    this.exec('DELETE FROM mail_links WHERE token_hash = ?', tokenHash);
    return this.rowsWritten > before;
  }

  /** Every mail-link hash with its seat, oldest first. */
  links(): Array<{ tokenHash: string; seat: number }> {
    if (!this.mailLinks.exists()) return [];
    return this.exec<{ token_hash: string; seat: number }>(
      'SELECT token_hash, seat FROM mail_links ORDER BY created_at',
    ).map((r) => ({ tokenHash: r.token_hash, seat: r.seat }));
  }
}
