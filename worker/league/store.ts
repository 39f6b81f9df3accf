/**
 * The tables of one league's Durable Object: the single `league` row (name,
 * owner's token hash, rules, status), one row per member (name, token hash, when they left) and
 * one row per match made in the league (who sat where; the result once the match told it). All of
 * it is small and kept in memory after the first read. The chat has its own table (match/chat-store.ts).
 * Every write counts its rows (the benchmark's rows per league match). SQL uses bound parameters only.
 */

import type { LeagueMatchResult } from '../decider/league-result';
import type { CreateLeague } from '../league-protocol';

/** The league's settings and state (the single `league` row, as JSON). */
export interface LeagueMeta {
  leagueId: string;
  name: string;
  ownerHash: string;
  rules: CreateLeague['rules'];
  turnDeadlineHours: number;
  /** The creator's language (the default names of bots). */
  language: string;
  status: 'active' | 'archived';
  /** ms since the epoch. */
  createdAt: number;
}

/** One member: `leftAt` (ms since the epoch) once they left or the owner removed them. */
export interface MemberRow {
  member: number;
  name: string;
  tokenHash: string;
  leftAt: number | null;
}

/** One match made in the league: member id per seat (null: a bot), the result once told. */
export interface LeagueMatch {
  matchId: string;
  /** ms since the epoch. */
  createdAt: number;
  seats: Array<number | null>;
  result: LeagueMatchResult | null;
}

type SqlValue = string | number | null;

/** Typed access to the league's tables, read once into memory. */
export class LeagueStore {
  /** Rows written through this store since the object woke up (benchmark). */
  rowsWritten = 0;
  meta: LeagueMeta | null = null;
  members: MemberRow[] = [];
  /** Oldest first. */
  matches: LeagueMatch[] = [];

  constructor(private readonly sql: SqlStorage) {
    // An object nobody created stays empty: its tables are made by `create` only.
    const made = this.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'league'");
    if (made.length === 0) return;
    const row = this.exec<{ data: string }>('SELECT data FROM league WHERE id = 1')[0];
    if (!row) return;
    this.meta = JSON.parse(row.data) as LeagueMeta;
    this.members = this.exec<{ member: number; name: string; token_hash: string; left_at: number | null }>(
      'SELECT * FROM members ORDER BY member',
    ).map((r) => ({ member: r.member, name: r.name, tokenHash: r.token_hash, leftAt: r.left_at }));
    this.matches = this.exec<{ match_id: string; created_at: number; seats: string; result: string | null }>(
      'SELECT * FROM matches ORDER BY created_at, match_id',
    ).map((r) => ({
      matchId: r.match_id,
      createdAt: r.created_at,
      seats: JSON.parse(r.seats) as Array<number | null>,
      result: r.result ? (JSON.parse(r.result) as LeagueMatchResult) : null,
    }));
  }

  private exec<T extends Record<string, SqlValue>>(query: string, ...params: SqlValue[]): T[] {
    const cursor = this.sql.exec<T>(query, ...params);
    const rows = cursor.toArray();
    this.rowsWritten += cursor.rowsWritten;
    return rows;
  }

  /** Stores a new league and its members (one row each, plus the league row). */
  create(meta: LeagueMeta, members: MemberRow[]): void {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS league (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS members (member INTEGER PRIMARY KEY, name TEXT NOT NULL,
        token_hash TEXT NOT NULL, left_at INTEGER);
      CREATE TABLE IF NOT EXISTS matches (match_id TEXT PRIMARY KEY, created_at INTEGER NOT NULL,
        seats TEXT NOT NULL, result TEXT) WITHOUT ROWID;`);
    this.putMeta(meta);
    for (const m of members)
      this.exec(
        'INSERT INTO members (member, name, token_hash) VALUES (?, ?, ?)',
        m.member,
        m.name,
        m.tokenHash,
      );
    this.members = members;
  }

  /** Writes the league row (one row). */
  putMeta(meta: LeagueMeta): void {
    this.exec(
      'INSERT INTO league (id, data) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET data = excluded.data',
      JSON.stringify(meta),
    );
    this.meta = meta;
  }

  /** A member leaves (or is removed) at `atMs` (one row). */
  markLeft(member: number, atMs: number): void {
    this.exec('UPDATE members SET left_at = ? WHERE member = ?', atMs, member);
    const m = this.members.find((x) => x.member === member);
    if (m) m.leftAt = atMs;
  }

  /** A member's new token hash (one row): the old hash is forgotten. */
  setTokenHash(member: number, tokenHash: string): void {
    this.exec('UPDATE members SET token_hash = ? WHERE member = ?', tokenHash, member);
    const m = this.members.find((x) => x.member === member);
    if (m) m.tokenHash = tokenHash;
  }

  /** Records a match made in the league, or a rematch with its result (one row). */
  addMatch(match: LeagueMatch): void {
    this.exec(
      'INSERT INTO matches (match_id, created_at, seats, result) VALUES (?, ?, ?, ?)',
      match.matchId,
      match.createdAt,
      JSON.stringify(match.seats),
      match.result ? JSON.stringify(match.result) : null,
    );
    this.matches.push(match);
  }

  /** Stores a match's result (one row). */
  setResult(match: LeagueMatch, result: LeagueMatchResult): void {
    this.exec('UPDATE matches SET result = ? WHERE match_id = ?', JSON.stringify(result), match.matchId);
    match.result = result;
  }
}
