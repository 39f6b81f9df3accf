/**
 * How the outbox is stored: a table WITHOUT ROWID keyed by the idempotency key, so a queued mail
 * writes one row (a rowid table wrote the row and its key's index entry), with its own `seq` for
 * the order of queueing; and an outbox stored before `seq` (a rowid table) takes the column once,
 * numbered by its rowids, and goes on sending in the same order.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, move, stubOf, type TestMatch } from './helpers';
import { addresses, duo, MIN, mailMatch } from './mail-helpers';

/** The outbox table's schema as stored. */
function schema(m: TestMatch): Promise<string> {
  return runInDurableObject(
    stubOf(m),
    (_i, s) =>
      s.storage.sql
        .exec<{ sql: string }>(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'mail_outbox'`)
        .one().sql,
  );
}

/** Every outbox row's key and seq, by seq. */
function keysBySeq(m: TestMatch): Promise<Array<{ key: string; seq: number }>> {
  return runInDurableObject(stubOf(m), (_i, s) =>
    s.storage.sql
      .exec<{ key: string; seq: number }>('SELECT key, seq FROM mail_outbox ORDER BY seq')
      .toArray(),
  );
}

/** Bob's page polls as looked at: his turn mail waits the grace period in a row (ends within 3 min). */
async function look(m: TestMatch): Promise<void> {
  expect((await api(`/api/matches/${m.id}?present=1`, { token: m.seats[1] })).status).toBe(200);
}

describe('the outbox table', () => {
  it('is WITHOUT ROWID: queueing a mail writes one row; rows keep the order they were queued in', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    expect(await schema(h.m)).toContain('WITHOUT ROWID');
    const written = await runInDurableObject(stubOf(h.m), (_i, s) => {
      const c = s.storage.sql.exec(
        `INSERT INTO mail_outbox (key, seq, seat, kind, grp, status, created_at, due_at, attempts, data)
         VALUES ('probe', 1000, 0, 'marker', 'probe', 'sent', 0, 0, 0, '{}')`,
      );
      c.toArray();
      s.storage.sql.exec(`DELETE FROM mail_outbox WHERE key = 'probe'`);
      return c.rowsWritten;
    });
    expect(written).toBe(1);
    const t0 = h.clock.now;
    // Bob looks at the match, so his turn mail waits the grace period in a row.
    await look(h.m);
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.fire(t0 + 3 * MIN);
    const rows = await keysBySeq(h.m);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_r, i) => i + 1));
    expect(rows.findIndex((r) => r.key.startsWith('invite:'))).toBeLessThan(
      rows.findIndex((r) => r.key.startsWith('turn:1:')),
    );
    expect(h.sender.to(bob)).toHaveLength(2);
  });

  it('stored before seq (a rowid table): takes the column numbered by rowid, and sends on', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    expect(h.sender.to(bob)).toHaveLength(1);
    // The table as the previous version made it, with the same rows in the same order.
    await runInDurableObject(stubOf(h.m), (_i, s) => {
      const sql = s.storage.sql;
      sql.exec(`CREATE TABLE old_outbox (
        key TEXT PRIMARY KEY, seat INTEGER NOT NULL, kind TEXT NOT NULL, grp TEXT NOT NULL,
        status TEXT NOT NULL, created_at INTEGER NOT NULL, due_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL, data TEXT NOT NULL, prepared TEXT, error TEXT, ack TEXT)`);
      sql.exec(`INSERT INTO old_outbox SELECT key, seat, kind, grp, status, created_at, due_at, attempts,
        data, prepared, error, ack FROM mail_outbox ORDER BY seq`);
      sql.exec('DROP TABLE mail_outbox');
      sql.exec('ALTER TABLE old_outbox RENAME TO mail_outbox');
    });
    const before = await runInDurableObject(stubOf(h.m), (_i, s) =>
      s.storage.sql
        .exec<{ key: string; rowid: number }>('SELECT key, rowid FROM mail_outbox ORDER BY rowid')
        .toArray(),
    );
    expect(await schema(h.m)).not.toContain('WITHOUT ROWID');

    await evictDurableObject(stubOf(h.m));
    await look(h.m);
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    expect((await keysBySeq(h.m)).some((r) => r.key.startsWith('turn:1:'))).toBe(true);
    await h.fire(t0 + 3 * MIN);
    const after = await keysBySeq(h.m);
    expect(after.slice(0, before.length)).toEqual(before.map((r) => ({ key: r.key, seq: r.rowid })));
    expect(after.slice(before.length).map((r) => r.seq)).toEqual(
      after.slice(before.length).map((_r, i) => before.length + i + 1),
    );
    // Bob's turn mail went out after the invitation, once.
    expect(h.sender.to(bob)).toHaveLength(2);
    await h.fire(t0 + 4 * MIN);
    expect(h.sender.to(bob)).toHaveLength(2);
  });
});
