/**
 * The replay of a finished hand (`GET /api/matches/:id/replay?hand=N`): who may watch (the
 * players, the host, spectators only when the host allows it), which hands (finished ones; for a
 * match dealt before keyed seeds, none until the match is over), bad input as 4xx JSON, no row
 * written, and the leak test: a replay in a running match reveals nothing of the current hand.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CardId, MatchState } from '../../worker/engine/index';
import type { ReplayPage } from '../../worker/match/hand-replay';
import { api, create, info, keysOf, stubOf, type TestMatch } from './helpers';
import { playInto } from './replay-helpers';

/** Short hands (a 100 km trip) to 20000 points: hands end fast, the match runs on. */
const SHORT = { preset: 'classic', options: { goal: 100, matchTarget: 20000 } };

/** Ann and Bob, both human, on the short rules, dealt from `seed` (a new match: keyed seeds). */
function annAndBob(seed: string, extra: Record<string, unknown> = {}): Promise<TestMatch> {
  return create({
    rules: SHORT,
    seats: [
      { kind: 'human', name: 'Ann', responseMode: 'ask' },
      { kind: 'human', name: 'Bob' },
    ],
    firstSeat: 0,
    testStack: { seed },
    ...extra,
  });
}

const replay = (m: TestMatch, q: string, token: string | null = null) =>
  api(`/api/matches/${m.id}/replay?${q}`, { token });

const stored = async (m: TestMatch): Promise<MatchState> => (await api(`/dev/replay/${m.id}`)).body.stored;
const rowsWritten = async (m: TestMatch) =>
  ((await api(`/dev/stats/${m.id}`)).body as { rowsWritten: number }).rowsWritten;

describe('the replay endpoint', () => {
  it('opens a finished hand to the players and the host, not to spectators by default; writes no row', async () => {
    const m = await annAndBob('replay-open');
    expect((await replay(m, 'hand=1', m.seats[0])).body.error.code).toBe('replay.hand_not_over');
    await playInto(m, 2);
    const before = await rowsWritten(m);
    const r = await replay(m, 'hand=1', m.seats[1]);
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const page = r.body as ReplayPage;
    expect(page.handsFinished).toBe(1);
    expect(page.replay.hand).toBe(1);
    const view = (await info(m, m.seats[0])).view!;
    expect(page.replay.result).toEqual(view.results[0]);
    expect(page.replay.deal.table.cards.map((h) => h.length)).toEqual([6, 6]);
    expect(page.replay.steps.length).toBeGreaterThan(4);
    expect((await replay(m, 'hand=1', m.host)).status).toBe(200);
    expect(await rowsWritten(m)).toBe(before);
    // The players' info says which hands open; a spectator's says nothing.
    expect((await info(m, m.seats[0])).you.replayHands).toBe(1);
    expect((await info(m)).you.replayHands).toBeUndefined();
    const spectator = await replay(m, 'hand=1');
    expect(spectator.status).toBe(403);
    expect(spectator.body.error).toMatchObject({ code: 'replay.not_allowed', message: expect.any(String) });
  });

  it('answers bad input with 4xx JSON errors and changes nothing', async () => {
    const m = await annAndBob('replay-bad');
    await playInto(m, 2);
    const version = (await info(m, m.seats[0])).view!.version;
    for (const q of [
      'hand=0',
      'hand=-1',
      'hand=1.5',
      'hand=x',
      'hand=',
      'hand=1234567',
      '',
      'after=1',
      'hand=1&x=2',
    ]) {
      const r = await replay(m, q, m.seats[0]);
      expect(r.status, q).toBe(400);
      expect(typeof r.body.error.code, q).toBe('string');
      expect(typeof r.body.error.message, q).toBe('string');
    }
    const running = await replay(m, 'hand=2', m.seats[0]);
    expect(running.status).toBe(409);
    expect(running.body.error.code).toBe('replay.hand_not_over');
    const ahead = await replay(m, 'hand=9', m.seats[0]);
    expect(ahead.status).toBe(404);
    expect(ahead.body.error.code).toBe('replay.no_hand');
    const unknown = await api('/api/matches/AAAAAAAAAAAAAAAAAAAAAA/replay?hand=1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('match.not_found');
    const bad = await api(`/api/matches/${m.id}/replay?hand=1`, {
      headers: { Authorization: 'Bearer nope' },
    });
    expect(bad.status).toBe(403);
    expect((await info(m, m.seats[0])).view!.version).toBe(version);
  });

  it('opens to spectators when the host allows it', async () => {
    const m = await annAndBob('replay-spectators', { spectatorsReplay: true });
    await playInto(m, 2);
    expect((await info(m)).config.spectatorsReplay).toBe(true);
    expect((await info(m)).you.replayHands).toBe(1);
    expect((await replay(m, 'hand=1')).status).toBe(200);
    expect((await replay(m, 'hand=2')).body.error.code).toBe('replay.hand_not_over');
  });

  it('leak test: a finished hand’s replay in a running match reveals nothing of the current hand', async () => {
    const m = await annAndBob('replay-leak');
    await playInto(m, 3);
    const state = await stored(m);
    expect(state.handNumber).toBe(3);
    for (const hand of [1, 2]) {
      const r = await replay(m, `hand=${hand}`, m.seats[0]);
      expect(r.status).toBe(200);
      const page = r.body as ReplayPage;
      const keys = keysOf(page);
      for (const k of ['seed', 'seedScheme', 'rng', 'hands', 'version']) expect(keys.has(k), k).toBe(false);
      const text = JSON.stringify(page);
      expect(text).not.toContain(state.seed);
      expect(text).not.toContain(JSON.stringify(state.rng));
      const lists = [
        page.replay.deal.deck,
        ...page.replay.deal.table.cards,
        ...page.replay.steps.flatMap((s) => s.table.cards),
      ];
      const current = state.deck.slice().reverse().join(',');
      for (const l of lists) expect(l.join(',').includes(current)).toBe(false);
      const sorted = (cards: readonly CardId[]) => cards.slice().sort().join(',');
      const shown = new Set(lists.map(sorted));
      for (const h of state.hands) expect(shown.has(sorted(h))).toBe(false);
    }
  });

  it('a match dealt before keyed seeds opens its replays only once the whole match is over', async () => {
    const m = await annAndBob('replay-legacy');
    await playInto(m, 2);
    await runInDurableObject(stubOf(m), async (instance, s) => {
      s.storage.sql.exec(
        "UPDATE meta SET setup = json_remove(setup, '$.setup.seedScheme'), state = json_remove(state, '$.seedScheme')",
      );
      const ctx = (
        instance as unknown as { match: { state: MatchState | null; setState(s: MatchState): void } }
      ).match;
      const { seedScheme: _dropped, ...legacy } = ctx.state!;
      ctx.setState(legacy as MatchState);
    });
    const r = await replay(m, 'hand=1', m.seats[0]);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('replay.match_not_over');
    expect((await info(m, m.seats[0])).you.replayHands).toBeUndefined();
  });
});
