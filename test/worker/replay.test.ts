/**
 * The replay of a finished hand (`GET /api/matches/:id/replay?hand=N`): who may watch (the
 * players, the host, spectators only when the host allows it), which hands (finished ones; for a
 * match dealt before keyed seeds, none until the match is over), bad input as 4xx JSON, no row
 * written, and the leak test: a replay in a running match reveals nothing of the current hand.
 * Also after a leave, a forfeit, time-outs and stand-ins in teams, and the same after an eviction.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CardId, MatchState } from '../../worker/engine/index';
import type { ReplayPage } from '../../worker/match/replay-page';
import { advance, api, create, freshIp, info, keysOf, refused, stubOf, type TestMatch } from './helpers';
import { createLeague, leagueMatch } from './league-helpers';
import { createOpen } from './open-helpers';
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

function trio(seed: string, extra: Record<string, unknown> = {}): Promise<TestMatch> {
  return create({
    rules: SHORT,
    seats: [
      { kind: 'human', name: 'Ann' },
      { kind: 'human', name: 'Bob' },
      { kind: 'human', name: 'Cid' },
    ],
    firstSeat: 0,
    testStack: { seed },
    ...extra,
  });
}

const replayOf = (m: TestMatch, hand: number, token: string | null) =>
  api(`/api/matches/${m.id}/replay?hand=${hand}`, { token });
const post = (path: string, token: string | null, body: unknown = {}) => api(path, { token, body });

describe('the replay after a leave or a forfeit', () => {
  it('a player who left mid-hand still watches: the hands before and the left hand replay; the running hand is 409, a spectator 403', async () => {
    const m = await trio('replay-left');
    await playInto(m, 2, 90);
    const left = await api(`/api/matches/${m.id}/leave`, { token: m.seats[2]!, body: {} });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    await playInto(m, 3, 90);
    for (const hand of [1, 2]) {
      for (const token of [m.seats[0], m.seats[2]]) {
        const r = await replayOf(m, hand, token);
        expect(r.status, `${hand} ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
        const page = r.body as ReplayPage;
        for (const k of ['seed', 'seedScheme', 'rng']) expect(keysOf(page).has(k), k).toBe(false);
      }
    }
    refused(await replayOf(m, 3, m.seats[0]), 409, 'replay.hand_not_over');
    refused(await replayOf(m, 1, null), 403, 'replay.not_allowed');
  });

  it('a match ended by a forfeit: every dealt hand replays, the one cut short too; the next is 404 replay.no_hand', async () => {
    const m = await create({
      rules: SHORT,
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
      ],
      firstSeat: 0,
      testStack: { seed: 'replay-forfeit' },
    });
    await playInto(m, 2, 90);
    const left = await api(`/api/matches/${m.id}/leave`, { token: m.seats[1]!, body: {} });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const i = await info(m, m.seats[0]);
    expect(i.status).toBe('finished');
    // The match is over, so the hand the forfeit cut short opens too; the hand never dealt does not.
    expect(i.you.replayHands).toBe(2);
    for (const hand of [1, 2]) {
      const r = await replayOf(m, hand, m.seats[0]);
      expect(r.status, `${hand} ${JSON.stringify(r.body)}`).toBe(200);
    }
    refused(await replayOf(m, 3, m.seats[0]), 404, 'replay.no_hand');
  });
});

describe('the replay of odd hands', () => {
  it('teams with bots, a time-out played by the server and a stand-in: every finished hand replays', async () => {
    const m = await create({
      rules: SHORT,
      teamSize: 2,
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'bot', botLevel: 'random' },
        { kind: 'human', name: 'Bob' },
        { kind: 'bot', botLevel: 'random' },
      ],
      firstSeat: 0,
      turnDeadlineHours: 1,
      testStack: { seed: 'replay-teams' },
    });
    await playInto(m, 2, 80);
    // Nobody plays for a few hours: the server plays the humans' turns when their time runs out.
    for (let i = 0; i < 6; i++) await advance(m, 2 * 3_600_000);
    await playInto(m, 3, 80);
    const hands = (await info(m, m.seats[0])).you.replayHands ?? 0;
    expect(hands).toBeGreaterThanOrEqual(2);
    for (let hand = 1; hand <= hands; hand++) {
      const r = await replayOf(m, hand, m.seats[2]);
      expect(r.status, `${hand} ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
      expect((r.body as ReplayPage).replay.result).not.toBeNull();
    }
  });

  it('is the same after the match object slept', async () => {
    const m = await trio('replay-evict');
    await playInto(m, 3, 90);
    const before = [await replayOf(m, 1, m.seats[0]), await replayOf(m, 2, m.seats[1])];
    expect(before.map((r) => r.status)).toEqual([200, 200]);
    await evictDurableObject(stubOf(m));
    const after = [await replayOf(m, 1, m.seats[0]), await replayOf(m, 2, m.seats[1])];
    expect(after.map((r) => r.body)).toEqual(before.map((r) => r.body));
  });
});

describe('the replay refused', () => {
  it('a replay asked of a lobby match, with another match’s link or by a member who left the league is refused', async () => {
    const lobby = await createOpen(freshIp());
    refused(await replayOf(lobby, 1, lobby.host), 404, 'replay.no_hand');
    const a = await trio('replay-links-a');
    const b = await trio('replay-links-b');
    await playInto(a, 2, 90);
    const other = await replayOf(a, 1, b.seats[0]);
    expect([other.status, other.body.error.code]).toEqual([403, 'replay.not_allowed']);
    const l = await createLeague(['Ann', 'Bob', 'Cid']);
    const m = await leagueMatch(l, 0);
    expect((await post(`/api/leagues/${l.id}/leave`, l.members[2])).status).toBe(200);
    const chat = await api(`/api/leagues/${l.id}/chat`, { token: l.members[2] });
    expect([chat.status, chat.body.error.code]).toEqual([403, 'league.left']);
    // Still a player of the match made before leaving: the seat link keeps working there.
    expect((await info(m, l.members[2])).you.seat).not.toBeNull();
  });
});
