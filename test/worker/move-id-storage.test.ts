/**
 * Where move ids live: in the object's memory and in the meta row's snapshot (no index on the log,
 * which cost one more row written per move). A retry is still recognised after the object is
 * evicted, whether its id is in the snapshot or in the log rows after it; a match stored before
 * the snapshot kept the ids (no column, the old index) rebuilds them from the log; and a move
 * writes about one row.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Move } from '../../worker/engine/index';
import { annAndBob, api, info, logRows, move, playOut, stubOf, type TestMatch } from './helpers';

/** The match's version as seat 0 sees it. */
const versionOf = async (m: TestMatch) => (await info(m, m.seats[0])).view!.version;

/** A move accepted under a client move id: what was posted and the events it was answered with. */
interface Posted {
  token: string;
  mv: Move;
  version: number;
  moveId: string;
  events: unknown[];
}

/** Posts `mv` under `moveId` at `version` (default: the current one); it must be accepted. */
async function post(
  m: TestMatch,
  token: string,
  mv: Move,
  moveId: string,
  version?: number,
): Promise<Posted> {
  const v = version ?? (await versionOf(m));
  const r = await move(m, token, mv, { version: v, moveId });
  expect(r.status, moveId).toBe(200);
  return { token, mv, version: v, moveId, events: r.body.events };
}

/** Posts `p` again as it was first posted: it must be answered as a retry with its first events. */
async function expectRetried(m: TestMatch, p: Posted): Promise<void> {
  const r = await move(m, p.token, p.mv, { version: p.version, moveId: p.moveId });
  expect(r.status, p.moveId).toBe(200);
  expect(r.body.replayed).toBe(true);
  expect(r.body.events).toEqual(p.events);
}

/** Bob toggles his coup-fourré setting `n` times: one log row each, no move id. */
async function toggle(m: TestMatch, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const mode = i % 2 === 0 ? 'ask' : 'auto';
    const r = await api(`/api/matches/${m.id}/settings`, { token: m.seats[1], body: { responseMode: mode } });
    expect(r.status).toBe(200);
  }
}

/** The meta row's snapshot position and move ids, and the log rows of the given move ids. */
function stored(m: TestMatch, ids: string[]) {
  return runInDurableObject(stubOf(m), (_i, s) => {
    const sql = s.storage.sql;
    const meta = sql
      .exec<{ state_seq: number; move_ids: string | null }>('SELECT state_seq, move_ids FROM meta')
      .one();
    const seqOf: Record<string, number> = {};
    for (const id of ids)
      seqOf[id] = sql.exec<{ seq: number }>('SELECT seq FROM log WHERE move_id = ?', id).one().seq;
    return { stateSeq: meta.state_seq, moveIds: meta.move_ids, seqOf };
  });
}

/** Names of the match object's indexes (the platform's own `_cf_…` ones left out). */
function indexes(m: TestMatch): Promise<string[]> {
  return runInDurableObject(stubOf(m), (_i, s) =>
    s.storage.sql
      .exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE '_cf_%'`)
      .toArray()
      .map((r) => r.name),
  );
}

describe('move ids across evictions', () => {
  it('a retry is recognised after the object is evicted and woken up (id in the snapshot, and in the log after it)', async () => {
    const m = await annAndBob('move-id-evict');
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const first = await post(m, ann, { type: 'play', card: 'roll' }, 'ann-1');
    // More rows than a snapshot interval: the snapshot after them holds ann-1.
    await toggle(m, 40);
    const second = await post(m, bob, { type: 'play', card: 'roll' }, 'bob-1');
    const s = await stored(m, ['ann-1', 'bob-1']);
    expect(s.seqOf['ann-1']).toBeLessThanOrEqual(s.stateSeq);
    expect(s.seqOf['bob-1']).toBeGreaterThan(s.stateSeq);
    expect(new Map(JSON.parse(s.moveIds!)).get('ann-1')).toBe(s.seqOf['ann-1']);
    expect(new Map(JSON.parse(s.moveIds!)).has('bob-1')).toBe(false);
    const v = await versionOf(m);
    const rows = await logRows(m);

    await evictDurableObject(stubOf(m));
    await expectRetried(m, first);
    await evictDurableObject(stubOf(m));
    await expectRetried(m, second);
    // Either id with another move or seat is still refused.
    const reused = await move(m, ann, { type: 'play', card: 'd100' }, { version: v, moveId: 'bob-1' });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('move.id_reused');
    expect(await logRows(m)).toBe(rows);
    expect(await versionOf(m)).toBe(v);
    // A fresh id plays.
    expect((await move(m, ann, { type: 'play', card: 'd100' }, { version: v, moveId: 'ann-2' })).status).toBe(
      200,
    );
  });

  it('a match stored before the snapshot kept move ids (no column, the old index) rebuilds them from the log', async () => {
    const m = await annAndBob('move-id-legacy');
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const first = await post(m, ann, { type: 'play', card: 'roll' }, 'ann-1');
    await post(m, bob, { type: 'play', card: 'roll' }, 'bob-1');
    // The storage as the previous version left it.
    await runInDurableObject(stubOf(m), (_i, s) => {
      s.storage.sql.exec('ALTER TABLE meta DROP COLUMN move_ids');
      s.storage.sql.exec('CREATE INDEX log_move_id ON log (move_id) WHERE move_id IS NOT NULL');
    });
    expect(await indexes(m)).toContain('log_move_id');
    const rows = await logRows(m);

    await evictDurableObject(stubOf(m));
    await expectRetried(m, first);
    const reused = await move(m, ann, { type: 'play', card: 'd100' }, { moveId: 'bob-1' });
    expect(reused.body.error?.code).toBe('move.id_reused');
    expect(await logRows(m)).toBe(rows);
    expect(await indexes(m)).not.toContain('log_move_id');
    expect((await stored(m, [])).moveIds).toBeNull();
    // The next snapshot stores the rebuilt ids.
    await toggle(m, 32);
    const s = await stored(m, ['ann-1', 'bob-1']);
    expect(Object.fromEntries(JSON.parse(s.moveIds!))).toEqual(s.seqOf);
  });
});

describe('rows written', () => {
  it('a move request writes about one row: the move-id look-up writes none (an index wrote a second)', async () => {
    const m = await annAndBob('move-id-rows');
    const stats = async () =>
      (await api(`/dev/stats/${m.id}`)).body as { rowsWritten: number; logRows: number };
    const before = await stats();
    // Not a whole match: playOut stops at maxMoves.
    await playOut(m, { seed: 5, maxMoves: 64 }).catch(() => undefined);
    const after = await stats();
    // Every move request is one log row (the automatic draws after it are in the same row).
    const moves = after.logRows - before.logRows;
    const written = after.rowsWritten - before.rowsWritten;
    expect(moves).toBeGreaterThanOrEqual(40);
    expect(written).toBeGreaterThanOrEqual(moves);
    // The meta row's snapshot every 32 rows and a few lifecycle writes, nowhere near 2 per move.
    expect(written / moves).toBeLessThan(1.25);
  });
});
