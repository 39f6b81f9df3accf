/**
 * Move ids name one move for the whole match: a retry (same id, seat and move) returns the first
 * outcome and changes nothing whatever version it carries, however old the move is; the same id
 * with another move or from another seat is refused with 409 `move.id_reused` and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { annAndBob, api, info, logRows, move, type TestMatch } from './helpers';

const twoPlayers = () => annAndBob('move-ids');

/** The match's version as seat 0 sees it. */
const versionOf = async (m: TestMatch) => (await info(m, m.seats[0])).view!.version;

describe('move ids', () => {
  it('a reused id with the current version and a different move is refused, not applied as a new move', async () => {
    const m = await twoPlayers();
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    expect((await move(m, ann, { type: 'play', card: 'roll' }, { moveId: 'ann-1' })).status).toBe(200);
    expect((await move(m, bob, { type: 'play', card: 'roll' }, { moveId: 'bob-1' })).status).toBe(200);
    // Ann's turn again: d100 is legal now, but her id `ann-1` already named her Roll.
    const v = await versionOf(m);
    const rows = await logRows(m);
    const reused = await move(m, ann, { type: 'play', card: 'd100' }, { version: v, moveId: 'ann-1' });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('move.id_reused');
    expect(await versionOf(m)).toBe(v);
    expect(await logRows(m)).toBe(rows);
    expect((await info(m, ann)).view!.tableaux[0].km).toBe(0);
    // The same id from the other seat is refused too.
    const other = await move(m, bob, { type: 'discard', card: 'accident' }, { version: v, moveId: 'ann-1' });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('move.id_reused');
    expect(await logRows(m)).toBe(rows);
    // A fresh id plays the move.
    expect((await move(m, ann, { type: 'play', card: 'd100' }, { version: v, moveId: 'ann-2' })).status).toBe(
      200,
    );
  });

  it('a reused id with a stale version and a different move is refused, not answered with the first outcome', async () => {
    const m = await twoPlayers();
    const ann = m.seats[0]!;
    const v0 = await versionOf(m);
    expect(
      (await move(m, ann, { type: 'play', card: 'roll' }, { version: v0, moveId: 'ann-1' })).status,
    ).toBe(200);
    const rows = await logRows(m);
    const v1 = await versionOf(m);
    const r = await move(m, ann, { type: 'discard', card: 'stop' }, { version: v0, moveId: 'ann-1' });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('move.id_reused');
    expect(r.body.replayed).toBeUndefined();
    // The same move from the other seat under Ann's id is not her retry either.
    const bob = await move(m, m.seats[1]!, { type: 'play', card: 'roll' }, { version: v0, moveId: 'ann-1' });
    expect(bob.status).toBe(409);
    expect(bob.body.error.code).toBe('move.id_reused');
    expect(await versionOf(m)).toBe(v1);
    expect(await logRows(m)).toBe(rows);
  });

  it('a true retry returns the first outcome at any version, even the current one', async () => {
    const m = await twoPlayers();
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const v0 = await versionOf(m);
    const first = await move(m, ann, { type: 'play', card: 'roll' }, { version: v0, moveId: 'ann-1' });
    expect(first.status).toBe(200);
    expect((await move(m, bob, { type: 'play', card: 'roll' }, { moveId: 'bob-1' })).status).toBe(200);
    const v = await versionOf(m);
    const rows = await logRows(m);
    for (const version of [v0, v, v + 7]) {
      const again = await move(m, ann, { type: 'play', card: 'roll' }, { version, moveId: 'ann-1' });
      expect(again.status, `version ${version}`).toBe(200);
      expect(again.body.replayed).toBe(true);
      expect(again.body.events).toEqual(first.body.events);
      expect(again.body.info.view.version).toBe(v);
    }
    expect(await versionOf(m)).toBe(v);
    expect(await logRows(m)).toBe(rows);
  });

  it('a retry is recognised however old the move is (more than 500 log rows later)', async () => {
    const m = await twoPlayers();
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const v0 = await versionOf(m);
    const first = await move(m, ann, { type: 'play', card: 'roll' }, { version: v0, moveId: 'ann-1' });
    expect(first.status).toBe(200);
    // Bob toggles his coup-fourré setting: each change is a log row.
    for (let i = 0; i < 520; i++) {
      const mode = i % 2 === 0 ? 'ask' : 'auto';
      const r = await api(`/api/matches/${m.id}/settings`, { token: bob, body: { responseMode: mode } });
      expect(r.status).toBe(200);
    }
    const rows = await logRows(m);
    expect(rows).toBeGreaterThan(520);
    const v = await versionOf(m);
    const again = await move(m, ann, { type: 'play', card: 'roll' }, { version: v0, moveId: 'ann-1' });
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.events).toEqual(first.body.events);
    const reused = await move(m, bob, { type: 'play', card: 'roll' }, { version: v, moveId: 'ann-1' });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('move.id_reused');
    expect(await logRows(m)).toBe(rows);
    expect(await versionOf(m)).toBe(v);
  });

  it('the replay seam lists every logged move id once, in log order, after retries (the load test audits with it)', async () => {
    const m = await twoPlayers();
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    expect((await move(m, ann, { type: 'play', card: 'roll' }, { moveId: 'ann-1' })).status).toBe(200);
    expect((await move(m, ann, { type: 'play', card: 'roll' }, { moveId: 'ann-1' })).status).toBe(200);
    expect((await move(m, bob, { type: 'play', card: 'roll' }, { moveId: 'bob-1' })).status).toBe(200);
    const r = await api(`/dev/replay/${m.id}`);
    expect(r.status).toBe(200);
    expect(r.body.moveIds).toEqual(['ann-1', 'bob-1']);
    expect(r.body.replayed).toEqual(r.body.stored);
  });
});
