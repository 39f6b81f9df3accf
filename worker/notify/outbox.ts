/**
 * The outbox tables of one match: `mail_outbox` (one row per message, keyed by an idempotency key
 * such as `turn:1:v37`, so the same notification is queued once however often a change or the
 * alarm repeats; `seq` numbers the rows in the order they were queued) and `push_subs` (push
 * subscriptions per seat). A row is `queued` until it is `sent`, `failed` or `dropped`. Row-level
 * SQL only; what to queue is plan.ts, sending is deliver.ts.
 */

import { LazyTable } from '../lazy-table';
import type { MatchInfo } from '../protocol/views';
import type { MailKind } from './compose';

/** Outbox row statuses (MatchInfo.mail). */
export type Status = 'queued' | 'sent' | 'failed' | 'dropped';

/** One `mail_outbox` row as stored. */
export type OutboxRow = {
  key: string;
  /** The row's place in the order rows were queued (1, 2, …): ties of time are broken by it. */
  seq: number;
  seat: number;
  /** A MailKind, `push` for the push that goes with a group, or `marker` (internal bookkeeping). */
  kind: MailKind | 'push' | 'marker';
  grp: string;
  status: Status;
  created_at: number;
  due_at: number;
  attempts: number;
  data: string;
  prepared: string | null;
  error: string | null;
  ack: string | null;
};

/**
 * A row being delivered. `memory`: a mail due at once that goes from memory (plan.ts `queue`,
 * deliver.ts `deliverNow`): no row exists for it until a write needs one (`keepRow`); `finishRow`
 * writes none.
 */
export type DueRow = OutboxRow & { memory?: boolean };

/** Rows shown to the host in MatchInfo.mail. */
const STATUS_ROWS = 30;

/**
 * Creates the outbox table if missing (only for a match that exists). WITHOUT ROWID, so a queued
 * row writes one row, not a row and its key's index entry; its own `seq` keeps the order of
 * queueing that the rowid kept. A table made before `seq` (a rowid table) gets the column once,
 * numbered by its rowids (one row written per stored row, once).
 */
export function createOutboxTables(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS mail_outbox (
    key TEXT PRIMARY KEY, seq INTEGER NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
    grp TEXT NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL, due_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL, data TEXT NOT NULL, prepared TEXT, error TEXT, ack TEXT) WITHOUT ROWID`);
  if (!sql.exec('SELECT * FROM mail_outbox LIMIT 0').columnNames.includes('seq')) {
    sql.exec('ALTER TABLE mail_outbox ADD COLUMN seq INTEGER');
    sql.exec('UPDATE mail_outbox SET seq = rowid');
  }
}

/** SQL for the `seq` of the next row queued (one more than the last), for an `INSERT`'s values. */
export const NEXT_SEQ = '(SELECT COALESCE(MAX(seq), 0) + 1 FROM mail_outbox)';

/** The push subscriptions' table, made on the first subscription (most matches have none). */
export function pushSubsTable(sql: SqlStorage): LazyTable {
  return new LazyTable(sql, 'push_subs', (s) =>
    s.exec(`CREATE TABLE IF NOT EXISTS push_subs (
      seat INTEGER NOT NULL, endpoint TEXT NOT NULL, sub TEXT NOT NULL, created_at INTEGER NOT NULL,
      PRIMARY KEY (seat, endpoint))`),
  );
}

/** The `n` of a `SELECT COUNT(*) AS n …` query. */
export function count(sql: SqlStorage, query: string, ...params: (string | number)[]): number {
  return sql.exec<{ n: number }>(query, ...params).one().n;
}

/** True when the outbox has a row with this key. */
export function hasRow(sql: SqlStorage, key: string): boolean {
  return count(sql, 'SELECT COUNT(*) AS n FROM mail_outbox WHERE key = ?', key) > 0;
}

/** True when the push of group `grp` was delivered (a mail of the same group is then not sent). */
export function pushDelivered(sql: SqlStorage, grp: string): boolean {
  return (
    count(
      sql,
      `SELECT COUNT(*) AS n FROM mail_outbox WHERE grp = ? AND kind = 'push' AND error = 'push.delivered'`,
      grp,
    ) > 0
  );
}

/** The row with this key, if any (read fresh). */
export function rowByKey(sql: SqlStorage, key: string): OutboxRow | undefined {
  return sql.exec<OutboxRow>('SELECT * FROM mail_outbox WHERE key = ?', key).toArray()[0];
}

/** Internal bookkeeping rows (kind `marker`), never shown to the host. */
export function insertMarker(sql: SqlStorage, key: string, now: number, status: Status = 'sent'): void {
  sql.exec(
    `INSERT OR IGNORE INTO mail_outbox (key, seq, seat, kind, grp, status, created_at, due_at, attempts, data)
     VALUES (?, ${NEXT_SEQ}, -1, 'marker', ?, ?, ?, ?, 0, '{}')`,
    key,
    key,
    status,
    now,
    now,
  );
}

/** Marks a row final (`status`, `error`) and clears its prepared text. */
export function finish(sql: SqlStorage, key: string, status: Status, error: string | null): void {
  sql.exec('UPDATE mail_outbox SET status = ?, error = ?, prepared = NULL WHERE key = ?', status, error, key);
}

/**
 * Marks `row` final like `finish`; a row in memory (`DueRow.memory`) stays unwritten: a mail sent,
 * dropped or failed for good at once leaves no row.
 */
export function finishRow(sql: SqlStorage, row: DueRow, status: Status, error: string | null): void {
  if (!row.memory) finish(sql, row.key, status, error);
}

/** The fields of a queued row that a hold or a retry changes. */
export type Kept = Partial<Pick<OutboxRow, 'due_at' | 'error' | 'attempts' | 'prepared'>>;

/**
 * Keeps `row` queued with `fields` changed (a hold to the end of quiet hours or the hourly limit, a
 * retry, a prepared message): an update of its row, or, for a row in memory, the row stored now
 * (queued, with its creation time, data and these fields), so the alarm takes it from here.
 */
export function keepRow(sql: SqlStorage, row: DueRow, fields: Kept): void {
  Object.assign(row, fields);
  if (row.memory) {
    sql.exec(
      `INSERT OR IGNORE INTO mail_outbox (key, seq, seat, kind, grp, status, created_at, due_at, attempts, data, prepared, error, ack)
       VALUES (?, ${NEXT_SEQ}, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?)`,
      row.key,
      row.seat,
      row.kind,
      row.grp,
      row.created_at,
      row.due_at,
      row.attempts,
      row.data,
      row.prepared,
      row.error,
      row.ack,
    );
    row.memory = false;
    return;
  }
  const names = Object.keys(fields) as Array<keyof Kept>;
  if (names.length === 0) return;
  sql.exec(
    `UPDATE mail_outbox SET ${names.map((k) => `${k} = ?`).join(', ')} WHERE key = ?`,
    ...names.map((k) => fields[k] ?? null),
    row.key,
  );
}

/**
 * Keeps a row queued for another attempt at `dueAt` (ms), noting the attempt count and error code;
 * `prepared` (a mail's message, kept for a byte-identical retry) is stored with it when given.
 */
export function retryLater(
  sql: SqlStorage,
  key: string,
  attempts: number,
  dueAt: number,
  code: string,
  prepared?: string,
): void {
  if (prepared === undefined)
    sql.exec(
      'UPDATE mail_outbox SET attempts = ?, due_at = ?, error = ? WHERE key = ?',
      attempts,
      dueAt,
      code,
      key,
    );
  else
    sql.exec(
      'UPDATE mail_outbox SET attempts = ?, due_at = ?, error = ?, prepared = ? WHERE key = ?',
      attempts,
      dueAt,
      code,
      prepared,
      key,
    );
}

/** True when the seat has a push subscription (`subs`: the push subscriptions' table). */
export function hasPush(sql: SqlStorage, subs: LazyTable, seat: number): boolean {
  return subs.exists() && count(sql, 'SELECT COUNT(*) AS n FROM push_subs WHERE seat = ?', seat) > 0;
}

/** Host-only mail statuses to show in MatchInfo, newest first (undefined: nothing to show). */
export function mailStatus(sql: SqlStorage): MatchInfo['mail'] {
  const rows = sql
    .exec<{ seat: number; kind: string; status: Status }>(
      `SELECT seat, kind, status FROM mail_outbox
       WHERE kind NOT IN ('push', 'marker') AND (error IS NULL OR error != 'active')
       ORDER BY created_at DESC, seq DESC LIMIT ?`,
      STATUS_ROWS,
    )
    .toArray();
  return rows.length ? rows.map((r) => ({ seat: r.seat, kind: r.kind, status: r.status })) : undefined;
}
