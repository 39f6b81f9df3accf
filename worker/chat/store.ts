/**
 * The `chat` table of one match's Durable Object: one row per message, written once
 * when it is sent and updated when its writer deletes it or the host hides it. No index and no
 * counter rows: the per-seat rate limit counts the seat's recent rows (a match holds few), so a
 * message costs exactly one row written. SQL uses bound parameters only.
 */

import type { MatchConfig } from '../decider/model';
import { LazyTable } from '../lazy-table';
import type { ChatMessage, ChatTally, QuickPhrase } from '../protocol/chat';

type SqlValue = string | number | null;

/** What a message says: plain text, or a quick phrase's code with its params. */
export type ChatContent = { text: string } | { phrase: QuickPhrase; params?: { until: string } };

/** What the tally is made of: the newest id, removed messages, all messages and each seat's. */
interface Counts {
  lastId: number;
  removed: number;
  total: number;
  bySeat: Map<number, number>;
}

/** One stored message (`at` in ms since the epoch). */
export interface ChatRow {
  id: number;
  seat: number;
  at: number;
  content: ChatContent;
  deleted: boolean;
  hidden: boolean;
}

/** True when `caller` may read the chat: a seat, the host, or anyone when spectators may read. */
export function mayReadChat(
  config: Pick<MatchConfig, 'spectatorsReadChat'>,
  caller: { seat: number | null; host: boolean; left?: number },
): boolean {
  return caller.seat !== null || caller.host || config.spectatorsReadChat === true;
}

/** The most messages one `GET …/chat` returns. */
export const CHAT_PAGE = 200;

/** Typed access to the chat table; counts the rows it writes (benchmark and daily budget). */
export class ChatStore {
  /** Rows written through this store since it was created. */
  rowsWritten = 0;
  /** The counts behind the tally as last read or kept up to date (memory only), or null until asked. */
  private counted: Counts | null = null;

  /** The `chat` table, made on the first message (a match without chat writes no schema for it). */
  private readonly table: LazyTable;

  constructor(private readonly sql: SqlStorage) {
    this.table = new LazyTable(sql, 'chat', (s) =>
      s.exec(`CREATE TABLE IF NOT EXISTS chat (
        id INTEGER PRIMARY KEY, seat INTEGER NOT NULL, at INTEGER NOT NULL,
        text TEXT, phrase TEXT, params TEXT,
        deleted INTEGER NOT NULL DEFAULT 0, hidden INTEGER NOT NULL DEFAULT 0)`),
    );
  }

  /**
   * Readies the table: it is made on the first message; where it exists, what removed messages
   * stored before still say is erased (earlier versions kept it with the flag set): one row written
   * per such message, once; none afterwards.
   */
  createTable(): void {
    this.forget();
    if (!this.table.exists()) return;
    this.sql.exec(
      `UPDATE chat SET text = NULL, phrase = NULL, params = NULL
       WHERE (deleted = 1 OR hidden = 1) AND (text IS NOT NULL OR phrase IS NOT NULL OR params IS NOT NULL)`,
    );
  }

  /** Forgets what it read (the storage was deleted, or is read again). */
  forget(): void {
    this.table.forget();
    this.counted = null;
  }

  private exec<T extends Record<string, SqlValue>>(query: string, ...params: SqlValue[]): T[] {
    const cursor = this.sql.exec<T>(query, ...params);
    const rows = cursor.toArray();
    this.rowsWritten += cursor.rowsWritten;
    return rows;
  }

  /** Stores a message of `seat` at `atMs` (one row written) and returns it. */
  add(seat: number, atMs: number, content: ChatContent): ChatRow {
    const text = 'text' in content ? content.text : null;
    const phrase = 'phrase' in content ? content.phrase : null;
    const params = 'phrase' in content && content.params ? JSON.stringify(content.params) : null;
    this.table.ensure();
    const r = this.exec<{ id: number }>(
      'INSERT INTO chat (seat, at, text, phrase, params) VALUES (?, ?, ?, ?, ?) RETURNING id',
      seat,
      atMs,
      text,
      phrase,
      params,
    )[0];
    if (this.counted) {
      this.counted.lastId = r.id;
      this.counted.total++;
      this.counted.bySeat.set(seat, (this.counted.bySeat.get(seat) ?? 0) + 1);
    }
    return { id: r.id, seat, at: atMs, content, deleted: false, hidden: false };
  }

  /** Messages with an id above `after`, oldest first, at most `CHAT_PAGE`. */
  after(after: number): ChatRow[] {
    if (!this.table.exists()) return [];
    return this.exec<Record<string, SqlValue>>(
      'SELECT * FROM chat WHERE id > ? ORDER BY id LIMIT ?',
      after,
      CHAT_PAGE,
    ).map(readRow);
  }

  /** One message, or null. */
  get(id: number): ChatRow | null {
    if (!this.table.exists()) return null;
    const r = this.exec<Record<string, SqlValue>>('SELECT * FROM chat WHERE id = ?', id)[0];
    return r ? readRow(r) : null;
  }

  /**
   * Marks a message deleted (`deleted`) or hidden (`hidden`) and erases what it said (its text, phrase
   * and params): one row written. Only the flag, the writer and the time stay.
   */
  mark(id: number, flag: 'deleted' | 'hidden'): void {
    if (!this.table.exists()) return;
    this.exec(`UPDATE chat SET ${flag} = 1, text = NULL, phrase = NULL, params = NULL WHERE id = ?`, id);
    this.counted = null;
  }

  /**
   * The tally for a reader at `seat` (null: the host link or a spectator): the newest message's id,
   * how many are removed, and how many other seats wrote (all messages for a reader without a seat).
   * Read once, then kept in memory (no row written).
   */
  tally(seat: number | null): ChatTally {
    this.counted ??= this.count();
    const c = this.counted;
    const own = seat === null ? 0 : (c.bySeat.get(seat) ?? 0);
    return { lastId: c.lastId, removed: c.removed, others: c.total - own };
  }

  private count(): Counts {
    if (!this.table.exists()) return { lastId: 0, removed: 0, total: 0, bySeat: new Map() };
    const head = this.exec<{ lastId: number; removed: number; total: number }>(
      'SELECT COALESCE(MAX(id), 0) AS lastId, COALESCE(SUM(deleted = 1 OR hidden = 1), 0) AS removed, COUNT(*) AS total FROM chat',
    )[0];
    const bySeat = this.exec<{ seat: number; n: number }>(
      'SELECT seat, COUNT(*) AS n FROM chat GROUP BY seat',
    );
    return { ...head, bySeat: new Map(bySeat.map((r) => [r.seat, r.n])) };
  }

  /**
   * The shown messages (neither deleted nor hidden) of every seat but `reader` sent after `sinceMs`
   * (ms since the epoch) with an id above `afterId` (the reader's read mark; 0: none): the newest
   * `limit`, oldest first, and how many there are in all. One read, no row written (the mails' chat
   * lines, chat-mail.ts).
   */
  shownSince(
    reader: number,
    sinceMs: number,
    limit: number,
    afterId = 0,
  ): { rows: ChatRow[]; total: number } {
    if (!this.table.exists()) return { rows: [], total: 0 };
    const found = this.exec<Record<string, SqlValue>>(
      `SELECT *, COUNT(*) OVER () AS total FROM chat
       WHERE at > ? AND id > ? AND seat != ? AND deleted = 0 AND hidden = 0 ORDER BY id DESC LIMIT ?`,
      sinceMs,
      afterId,
      reader,
      limit,
    );
    return { rows: found.map(readRow).reverse(), total: (found[0]?.total as number | undefined) ?? 0 };
  }

  /**
   * The times (ms) of `seat`'s messages since `sinceMs`, newest first, at most `limit`: the rate
   * limit reads them (deleted messages count too).
   */
  recentTimes(seat: number, sinceMs: number, limit: number): number[] {
    if (!this.table.exists()) return [];
    return this.exec<{ at: number }>(
      'SELECT at FROM chat WHERE seat = ? AND at > ? ORDER BY at DESC LIMIT ?',
      seat,
      sinceMs,
      limit,
    ).map((r) => r.at);
  }
}

function readRow(r: Record<string, SqlValue>): ChatRow {
  const content: ChatContent =
    r.phrase !== null
      ? {
          phrase: r.phrase as QuickPhrase,
          ...(r.params ? { params: JSON.parse(r.params as string) as { until: string } } : {}),
        }
      : { text: r.text as string };
  return {
    id: r.id as number,
    seat: r.seat as number,
    at: r.at as number,
    content,
    deleted: r.deleted === 1,
    hidden: r.hidden === 1,
  };
}

/** A stored message as readers see it: no content once deleted or hidden. */
export function chatMessage(row: ChatRow): ChatMessage {
  const removed = row.deleted ? 'deleted' : row.hidden ? 'hidden' : null;
  return {
    id: row.id,
    seat: row.seat,
    at: new Date(row.at).toISOString(),
    body: removed ? null : row.content,
    removed,
  };
}
