/**
 * "My matches" in one request: `POST /api/matches/summaries` answers each match for what its token
 * may see (seat, host, invitation), a deleted match or an unknown token per item, refuses more than
 * 20 items, counts a coup-fourré window as the asked seat's turn, writes no row, and shows no hidden
 * information. The last activity survives a wake-up (read back from the last log row).
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MatchSummary, SummaryItem } from '../../worker/protocol/summaries';
import { accidentForAskSeat, annAndBob, api, create, move, stubOf, type TestMatch } from './helpers';

async function summaries(items: Array<{ matchId: string; token: string }>) {
  return api('/api/matches/summaries', { body: { items } });
}

function ok(item: SummaryItem): MatchSummary {
  if (!item.ok) throw new Error(`summary failed: ${JSON.stringify(item)}`);
  return item.summary;
}

/** Rows written by the match's object so far (benchmark counters of the test seams). */
async function rowsWritten(m: TestMatch): Promise<number> {
  return (await api(`/dev/stats/${m.id}`)).body.rowsWritten as number;
}

describe('POST /api/matches/summaries', () => {
  it('answers seat, host and invitation tokens, each for what it may see', async () => {
    const m = await annAndBob('sum-mixed');
    const lobby = await create({
      title: 'Lobby',
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Ann' }, { kind: 'open' }],
    });
    expect(lobby.invite).not.toBeNull();
    const r = await summaries([
      { matchId: m.id, token: m.seats[0]! },
      { matchId: m.id, token: m.seats[1]! },
      { matchId: m.id, token: m.host },
      { matchId: lobby.id, token: lobby.invite! },
    ]);
    expect(r.status).toBe(200);
    const [ann, bob, host, invite] = (r.body.items as SummaryItem[]).map(ok);
    expect(ann).toMatchObject({
      role: 'seat',
      seat: 0,
      status: 'playing',
      yourTurn: true,
      hand: 1,
      place: 1,
    });
    expect(ann.acts).toEqual({ kind: 'turn', seat: 0 });
    expect(ann.players.map((p) => [p.name, p.kind])).toEqual([
      ['Ann', 'human'],
      ['Bob', 'human'],
    ]);
    expect(ann.scores).toEqual([0, 0]);
    expect(bob).toMatchObject({ role: 'seat', seat: 1, yourTurn: false, acts: { kind: 'turn', seat: 0 } });
    expect(host).toMatchObject({ role: 'host', seat: null, yourTurn: false, place: null });
    expect(host.acts).toEqual({ kind: 'turn', seat: 0 });
    // An invitation sees the lobby level: the players, no turn, no seat.
    expect(invite).toMatchObject({
      role: 'invite',
      seat: null,
      status: 'lobby',
      acts: null,
      yourTurn: false,
    });
    expect(invite.players.map((p) => p.kind)).toEqual(['human', 'open']);
    expect(invite.scores).toBeNull();
  });

  it('tells the last activity, and keeps it across a wake-up (one row read)', async () => {
    const m = await annAndBob('sum-last');
    expect((await move(m, m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    const first = ok((await summaries([{ matchId: m.id, token: m.seats[1]! }])).body.items[0]);
    expect(first.last).toMatchObject({ seat: 0, actor: 'player', kind: 'play' });
    expect(Date.parse(first.last!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(first).toMatchObject({ yourTurn: true, acts: { kind: 'turn', seat: 1 } });
    await evictDurableObject(stubOf(m));
    const again = ok((await summaries([{ matchId: m.id, token: m.seats[1]! }])).body.items[0]);
    expect(again.last).toEqual(first.last);
  });

  it('counts an answer to a hazard (a coup-fourré window) as the asked seat’s turn', async () => {
    const m = await accidentForAskSeat('driving_ace', 'sum-cf', { responseWindowMinutes: 30 });
    expect((await move(m, m.seats[0]!, { type: 'play', card: 'accident', target: 1 })).status).toBe(200);
    const r = await summaries([
      { matchId: m.id, token: m.seats[1]! },
      { matchId: m.id, token: m.seats[0]! },
    ]);
    const [bob, ann] = (r.body.items as SummaryItem[]).map(ok);
    expect(bob).toMatchObject({ yourTurn: true, acts: { kind: 'window', seat: 1 } });
    expect(ann).toMatchObject({ yourTurn: false, acts: { kind: 'window', seat: 1 } });
    const left = Date.parse(bob.deadline!) - Date.now();
    expect(left).toBeGreaterThan(29 * 60_000);
    expect(left).toBeLessThanOrEqual(30 * 60_000);
  });

  it('answers a deleted match and an unknown token per item; the request still succeeds', async () => {
    const m = await annAndBob('sum-deleted');
    const other = await annAndBob('sum-other');
    expect((await api(`/api/matches/${m.id}`, { method: 'DELETE', token: m.host })).status).toBe(204);
    const r = await summaries([
      { matchId: m.id, token: m.seats[0]! },
      { matchId: other.id, token: m.seats[0]! },
      { matchId: other.id, token: other.seats[0]! },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.items[0]).toMatchObject({ matchId: m.id, ok: false, error: { code: 'match.not_found' } });
    expect(r.body.items[1]).toMatchObject({ matchId: other.id, ok: false, error: { code: 'token.unknown' } });
    expect(r.body.items[2]).toMatchObject({ ok: true, summary: { seat: 0 } });
  });

  it('refuses more than 20 items, and malformed items, with 400', async () => {
    const m = await annAndBob('sum-21');
    const item = { matchId: m.id, token: m.seats[0]! };
    expect((await summaries(Array(20).fill(item))).status).toBe(200);
    const tooMany = await summaries(Array(21).fill(item));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('request.invalid');
    for (const body of [
      {},
      { items: [] },
      { items: [{ matchId: 'x', token: m.seats[0] }] },
      { items: 'no' },
    ]) {
      const r = await api('/api/matches/summaries', { body });
      expect(r.status).toBe(400);
      expect(typeof r.body.error.message).toBe('string');
    }
    expect((await api('/api/matches/summaries', { raw: '{"items": [' })).status).toBe(400);
  });

  it('asks a match once for a repeated item, and answers other methods with 405', async () => {
    const m = await annAndBob('sum-dup');
    const item = { matchId: m.id, token: m.seats[0]! };
    const before = (await api(`/dev/stats/${m.id}`)).body.requests as number;
    const r = await summaries(Array(20).fill(item));
    expect(r.status).toBe(200);
    expect(r.body.items).toHaveLength(20);
    expect(new Set(r.body.items.map((i: SummaryItem) => JSON.stringify(i))).size).toBe(1);
    expect((await api(`/dev/stats/${m.id}`)).body.requests as number).toBe(before + 1);
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const other = await api('/api/matches/summaries', { method });
      expect(other.status, method).toBe(405);
      expect(other.headers.get('Allow')).toBe('POST');
      expect(other.body.error.code).toBe('method.not_allowed');
    }
  });

  it('writes no row, and shows no hand, deck, seed or card', async () => {
    const m = await annAndBob('sum-rows');
    expect((await move(m, m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    const before = await rowsWritten(m);
    await evictDurableObject(stubOf(m));
    const r = await summaries([
      { matchId: m.id, token: m.seats[0]! },
      { matchId: m.id, token: m.seats[1]! },
      { matchId: m.id, token: m.host },
    ]);
    expect(r.status).toBe(200);
    expect(await rowsWritten(m)).toBe(0); // counted from the wake-up: the refresh wrote nothing
    const again = await summaries([{ matchId: m.id, token: m.seats[0]! }]);
    expect(again.status).toBe(200);
    expect(await rowsWritten(m)).toBe(0);
    expect(before).toBeGreaterThan(0);
    const text = JSON.stringify(r.body);
    for (const hidden of [
      '"hands"',
      'deck',
      'seed',
      'rng',
      'd100',
      'd25',
      'stop',
      'accident',
      'token',
      'email',
    ]) {
      expect(text).not.toContain(hidden);
    }
  });
});
