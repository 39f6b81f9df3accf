/**
 * The dev outbox: a Durable Object (one instance, named "outbox") that stores every message the
 * `outbox` sender "sends", for the /dev/mail page. It is only ever written when `outboxAllowed`
 * holds (DEV_OUTBOX=1 and a localhost origin); in production nothing reaches it.
 */
import { DurableObject } from 'cloudflare:workers';
import type { OutgoingMail } from './types';

/** A stored message, newest first in `list`. */
export interface StoredMail extends OutgoingMail {
  id: number;
  at: number;
}

/** The instance name used by the Worker. */
export const DEV_OUTBOX_NAME = 'outbox';

/** Keeps the last 500 messages. */
export class DevOutboxDurableObject extends DurableObject<unknown> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS mail (
      id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, at INTEGER NOT NULL, body TEXT NOT NULL)`);
  }

  /** Stores a message once per idempotency key. Returns true when it was new. */
  put(mail: OutgoingMail): boolean {
    const c = this.sql.exec(
      'INSERT OR IGNORE INTO mail (key, at, body) VALUES (?, ?, ?)',
      mail.idempotencyKey,
      Date.now(),
      JSON.stringify(mail),
    );
    this.sql.exec('DELETE FROM mail WHERE id <= (SELECT MAX(id) FROM mail) - 500');
    return c.rowsWritten > 0;
  }

  /** The latest messages, newest first. */
  list(limit = 100): StoredMail[] {
    return this.sql
      .exec<{ id: number; at: number; body: string }>(
        'SELECT id, at, body FROM mail ORDER BY id DESC LIMIT ?',
        limit,
      )
      .toArray()
      .map((r) => ({ ...(JSON.parse(r.body) as OutgoingMail), id: r.id, at: r.at }));
  }

  /** One message by id. */
  one(id: number): StoredMail | null {
    const r = this.sql
      .exec<{ id: number; at: number; body: string }>('SELECT id, at, body FROM mail WHERE id = ?', id)
      .toArray()[0];
    return r ? { ...(JSON.parse(r.body) as OutgoingMail), id: r.id, at: r.at } : null;
  }

  /** Deletes every message. */
  clear(): void {
    this.sql.exec('DELETE FROM mail');
  }
}
