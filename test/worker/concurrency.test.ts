/**
 * 20 concurrent submissions: of the same move (one move id) and of different moves at the same
 * version. The Durable Object serialises them: exactly the legal ones apply, each once; the rest get
 * the first outcome (same move id), 409 (stale version) or 422 (illegal). Rematch requests sent at
 * once make one offer and one rematch: the request that completes the offer gets 201, the ones
 * before it 202 with the offer, the others 200 with the same body (docs/API.md).
 */
import { describe, expect, it } from 'vitest';
import type { Move } from '../../worker/engine/index';
import { annAndBob, api, info, logRows, move, type TestMatch } from './helpers';

const match = (): Promise<TestMatch> => annAndBob('race');

const post = (m: TestMatch, token: string, version: number, moveId: string, mv: Move) =>
  api(`/api/matches/${m.id}/moves`, { token, body: { version, moveId, move: mv } });

describe('concurrent submissions', () => {
  it('20 copies of the same move (same move id) apply once and all get its outcome', async () => {
    const m = await match();
    const v0 = (await info(m, m.seats[0])).view!.version;
    const rows0 = await logRows(m);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(m, m.seats[0]!, v0, 'same', { type: 'play', card: 'roll' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const after = await info(m, m.seats[0]);
    // One roll played, then Bob's automatic draw: two versions, one log row.
    expect(after.view!.version).toBe(v0 + 2);
    expect(after.view!.tableaux[0].battle).toEqual(['roll']);
    expect(await logRows(m)).toBe(rows0 + 1);
  });

  it('20 different moves at the same version: exactly one legal move applies, every other is 409 version.stale', async () => {
    const m = await match();
    const ann = await info(m, m.seats[0]);
    const v0 = ann.view!.version;
    const rows0 = await logRows(m);
    const legal = ann.view!.legalMoves;
    expect(legal.length).toBeGreaterThan(1);
    const illegal: Move[] = [
      { type: 'play', card: 'd100' },
      { type: 'play', card: 'd25' },
    ];
    const moves: Array<{ token: string; mv: Move }> = [];
    for (let i = 0; i < 20; i++) {
      if (i % 5 === 4) moves.push({ token: m.seats[1]!, mv: { type: 'play', card: 'roll' } });
      else if (i % 5 === 3) moves.push({ token: m.seats[0]!, mv: illegal[i % 2] });
      else moves.push({ token: m.seats[0]!, mv: legal[i % legal.length] });
    }
    const results = await Promise.all(moves.map((x, i) => post(m, x.token, v0, `d${i}`, x.mv)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    // Every other submission names a version the accepted one moved past: stale, whatever its move.
    for (const r of results.filter((x) => x.status !== 200))
      expect([r.status, r.body.error.code]).toEqual([409, 'version.stale']);
    const after = await info(m, m.seats[0]);
    expect(after.view!.version).toBe(v0 + 2);
    expect(await logRows(m)).toBe(rows0 + 1);
    // Every refused one left the match as the accepted one made it.
    const again = await info(m, m.seats[1]);
    expect(again.view!.version).toBe(after.view!.version);
  });

  it('12 rematch requests at once make one offer and one rematch: one 201, the others 202 or 200', async () => {
    // A hand to 100 km and no match target: Roll, Roll, 100 km ends the match.
    const m = await annAndBob('race-rematch', { preset: 'classic', options: { goal: 100, matchTarget: 0 } });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    await move(m, ann, { type: 'play', card: 'roll' });
    await move(m, bob, { type: 'play', card: 'roll' });
    await move(m, ann, { type: 'play', card: 'd100' });
    expect((await info(m)).status).toBe('finished');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api(`/api/matches/${m.id}/rematch`, { token: [m.host, ann, bob][i % 3], body: {} }),
      ),
    );
    // Before both players have pressed: 202 with the one offer; the press that completes it deals
    // (201); every later one, or one waiting for the dealing, gets 200 with the same body.
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 201 || s === 202)).toBe(true);
    const offers = results.filter((r) => r.status === 202).map((r) => r.body.rematch);
    expect(new Set(offers.map((o) => o.at)).size).toBeLessThanOrEqual(1);
    for (const o of offers) expect(o.state).toBe('open');
    const dealt = results.filter((r) => r.status !== 202);
    const ids = new Set(dealt.map((r) => r.body.matchId as string));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const created = results.find((r) => r.status === 201)!;
    for (const r of dealt) expect(r.body).toEqual(created.body);
    expect((await info(m)).rematch).toMatchObject({ state: 'dealt', matchId: id, accepted: [0, 1] });
    expect((await info(m)).rematchId).toBe(id);
    const later = await api(`/api/matches/${m.id}/rematch`, { token: bob, body: {} });
    expect(later.status).toBe(200);
    expect(later.body.matchId).toBe(id);
    expect(later.body).toEqual(created.body);
    // The rematch keeps the seats' links.
    expect((await api(`/api/matches/${id}`, { token: ann })).body.you.seat).toBe(0);
    expect((await api(`/api/matches/${id}`, { token: bob })).body.you.seat).toBe(1);
  });
});
