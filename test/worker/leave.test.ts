/**
 * Leaving a match: `POST /api/matches/:id/leave` by a seat link. With a computer
 * player allowed (`timeoutsToBot` > 0) a bot plays the seat for good and the link only watches;
 * without one the seat's turns are skipped; a 2-player match or the last human's leave ends the
 * match and the others win. One `leave` log row, replayed to the same state (also after a
 * wake-up), a journal line, the result's record, and the mails. Leaving inside one's own coup-fourré
 * window or between hands survives a wake-up; a leaver's reclaim is 403 `auth.not_a_seat`; a match every
 * human left deals no rematch of bots only.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { LoggedEvent, MatchInfo } from '../../worker/protocol/views';
import { api, create, info, move, openSocket, pick, rng, stubOf, type TestMatch, until } from './helpers';
import { addresses, duo, mailMatch } from './mail-helpers';

/** POST /leave with `token` (and `body`, default `{}`). */
function leave(m: TestMatch, token: string | null, body: unknown = {}) {
  return api(`/api/matches/${m.id}/leave`, { token, body });
}

/** The log's rows: kind, seat and payload, oldest first. */
function logOf(
  m: TestMatch,
): Promise<Array<{ kind: string; seat: number; payload: unknown; events: unknown[] }>> {
  return runInDurableObject(stubOf(m), (_i, state) =>
    state.storage.sql
      .exec<{ kind: string; seat: number; payload: string; events: string }>(
        'SELECT kind, seat, payload, events FROM log ORDER BY seq',
      )
      .toArray()
      .map((r) => ({
        kind: r.kind,
        seat: r.seat,
        payload: JSON.parse(r.payload),
        events: JSON.parse(r.events),
      })),
  );
}

/** Everything that would change if a refused leave wrote anything: the log, the seats, the state. */
async function snapshot(m: TestMatch): Promise<string> {
  return runInDurableObject(stubOf(m), (_i, state) => {
    const sql = state.storage.sql;
    const log = sql.exec('SELECT COUNT(*) AS n FROM log').one();
    const seats = sql.exec('SELECT * FROM seats ORDER BY seat').toArray();
    const meta = sql.exec('SELECT * FROM meta').toArray();
    return JSON.stringify({ log, seats, meta });
  });
}

/** The replayed and the stored state agree. */
async function expectReplays(m: TestMatch): Promise<void> {
  const r = await api(`/dev/replay/${m.id}`);
  expect(r.status).toBe(200);
  expect(r.body.replayed).toEqual(r.body.stored);
}

function trio(extra: Record<string, unknown> = {}): Promise<TestMatch> {
  return create({
    rules: 'classic',
    seats: [
      { kind: 'human', name: 'Ann' },
      { kind: 'human', name: 'Bob' },
      { kind: 'human', name: 'Cy' },
    ],
    firstSeat: 0,
    ...extra,
  });
}

/** Plays the humans' (tokens by seat, null: not a human playing) moves for `n` moves. */
async function playSome(
  m: TestMatch,
  tokens: Array<string | null>,
  n: number,
  seed: number,
): Promise<MatchInfo> {
  const r = rng(seed);
  let last: MatchInfo | null = null;
  for (let i = 0; i < n; i++) {
    let moved = false;
    for (const t of tokens) {
      if (!t) continue;
      const inf = await info(m, t);
      last = inf;
      if (inf.status === 'finished') return inf;
      if (inf.view!.legalMoves.length === 0) continue;
      const res = await move(m, t, pick(inf.view!.legalMoves, r), { version: inf.view!.version });
      expect(res.status).toBe(200);
      moved = true;
      break;
    }
    if (!moved) break;
  }
  return last!;
}

describe('leaving a match', () => {
  it('with a computer player allowed, a bot plays the seat for good; the link only watches', async () => {
    const m = await trio();
    const [ann, bob, cy] = [m.seats[0]!, m.seats[1]!, m.seats[2]!];
    expect((await info(m, bob)).config.timeoutsToBot).toBeGreaterThan(0);
    const r = await leave(m, bob);
    expect(r.status).toBe(200);
    const after = r.body as MatchInfo;
    expect(after.you).toEqual({ seat: null, host: false, left: 1 });
    expect(after.view!.hand).toEqual([]);
    expect(after.status).toBe('playing');
    expect(after.seats[1].botStandIn).toBe(true);
    expect(after.left).toEqual([{ seat: 1, hand: 1, at: expect.any(String), outcome: 'bot' }]);
    // One log row of its own kind.
    const rows = await logOf(m);
    expect(rows.at(-1)).toMatchObject({
      kind: 'leave',
      seat: 1,
      payload: { left: { seat: 1, outcome: 'bot' } },
    });
    expect(rows.filter((x) => x.kind === 'leave')).toHaveLength(1);
    // The link cannot take the seat back, move, or ask for it through the settings.
    expect((await api(`/api/matches/${m.id}/seats/1/reclaim`, { token: bob, body: {} })).status).toBe(403);
    const set = await api(`/api/matches/${m.id}/settings`, { token: bob, body: { playForMe: false } });
    expect(set.status).toBe(403);
    const mv = await move(m, bob, { type: 'draw' }, { version: after.view!.version });
    expect(mv.status).toBe(403);
    expect(mv.body.error.code).toBe('auth.not_a_seat');
    expect((await info(m, bob)).seats[1].botStandIn).toBe(true);
    // The others play on; the bot plays seat 1's turns.
    const later = await playSome(m, [ann, null, cy], 6, 3);
    expect(later.view!.turn === 1 && later.view!.legalMoves.length > 0).toBe(false);
    const steps = (await logOf(m)).flatMap((x) =>
      Array.isArray(x.payload) ? (x.payload as Array<{ seat: number; actor: string }>) : [],
    );
    expect(steps.some((s) => s.seat === 1 && s.actor === 'bot')).toBe(true);
    expect(steps.some((s) => s.seat === 1 && s.actor === 'player')).toBe(false);
    // The journal says so, in its own line.
    const journal = await api(`/api/matches/${m.id}/journal`);
    const lines = (journal.body.events as LoggedEvent[]).map((e) => e.event);
    expect(lines).toContainEqual({ type: 'left', seat: 1, outcome: 'bot' });
    await expectReplays(m);
    // After a wake-up the state is rebuilt from the snapshot and the rows after it, the leave included.
    const before = await info(m, ann);
    await evictDurableObject(stubOf(m));
    const woken = await info(m, ann);
    expect(woken.view).toEqual(before.view);
    expect(woken.left).toEqual(before.left);
    expect((await info(m, bob)).you.left).toBe(1);
    await expectReplays(m);
    // The summary still lists the match for the leaver.
    const sum = await api('/api/matches/summaries', { body: { items: [{ matchId: m.id, token: bob }] } });
    expect(sum.body.items[0].ok).toBe(true);
    expect(sum.body.items[0].summary).toMatchObject({ role: 'seat', seat: null, left: 1 });
    // Every summary marks the seat whose player left (the home list says so), and no other.
    const annSum = await api('/api/matches/summaries', { body: { items: [{ matchId: m.id, token: ann }] } });
    const players = annSum.body.items[0].summary.players as Array<{ seat: number; left?: true }>;
    expect(players.map((p) => p.left ?? false)).toEqual([false, true, false]);
  });

  it('in a 2-player match the match ends and the other player wins; the result records the leave', async () => {
    const m = await create({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
      ],
      firstSeat: 0,
    });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const r = await leave(m, ann);
    expect(r.status).toBe(200);
    const seen = await info(m, bob);
    expect(seen.status).toBe('finished');
    expect(seen.view!.phase).toBe('matchOver');
    expect(seen.view!.matchWinners).toEqual([1]);
    expect(seen.view!.legalMoves).toEqual([]);
    expect(seen.left).toEqual([{ seat: 0, hand: 1, at: expect.any(String), outcome: 'end' }]);
    const rows = await logOf(m);
    expect(rows.at(-1)).toMatchObject({
      kind: 'leave',
      seat: 0,
      payload: { left: { seat: 0, outcome: 'end' }, steps: [] },
    });
    expect(rows.at(-1)!.events).toEqual([{ type: 'matchOver', winners: [1], scores: [0, 0] }]);
    const journal = (await api(`/api/matches/${m.id}/journal`)).body.events as LoggedEvent[];
    expect(journal.map((e) => e.event.type).slice(-2)).toEqual(['left', 'matchOver']);
    const sum = await api('/api/matches/summaries', { body: { items: [{ matchId: m.id, token: bob }] } });
    expect(sum.body.items[0].summary.result).toEqual({
      winners: [1],
      scores: [0, 0],
      left: [{ seat: 0, hand: 1, at: expect.any(String), outcome: 'end' }],
    });
    await expectReplays(m);
    await evictDurableObject(stubOf(m));
    expect((await info(m, bob)).view).toEqual(seen.view);
    // Leaving a finished match, or leaving again, is refused and changes nothing.
    const kept = await snapshot(m);
    const late = await leave(m, bob);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('match.finished');
    const twice = await leave(m, ann);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('seat.left');
    expect(await snapshot(m)).toBe(kept);
  });

  it('the last human leaving a match with bots ends it; every other team wins', async () => {
    const m = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot' }, { kind: 'bot' }],
      firstSeat: 0,
    });
    const r = await leave(m, m.seats[0]!);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('finished');
    expect(r.body.view.matchWinners).toEqual([1, 2]);
    expect(r.body.left[0].outcome).toBe('end');
    await expectReplays(m);
  });

  it('the others leaving one by one: bots keep the seats until the last human leaves, which ends the match', async () => {
    const m = await trio();
    const [ann, bob, cy] = [m.seats[0]!, m.seats[1]!, m.seats[2]!];
    expect((await leave(m, bob)).body.left.map((l: { outcome: string }) => l.outcome)).toEqual(['bot']);
    expect((await leave(m, ann)).body.status).toBe('playing');
    const last = await leave(m, cy);
    expect(last.body.status).toBe('finished');
    expect(last.body.view.matchWinners).toEqual([0, 1]);
    expect(last.body.left.map((l: { seat: number; outcome: string }) => [l.seat, l.outcome])).toEqual([
      [0, 'bot'],
      [1, 'bot'],
      [2, 'end'],
    ]);
    await expectReplays(m);
  });

  it('a rematch of a match someone left waits only for the others; the leaver’s seat is a bot there', async () => {
    const m = await trio({ rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } } });
    const [ann, bob, cy] = [m.seats[0]!, m.seats[1]!, m.seats[2]!];
    expect((await leave(m, bob)).status).toBe(200);
    const end = await playSome(m, [ann, null, cy], 400, 16);
    expect(end.status).toBe('finished');
    const offer = await api(`/api/matches/${m.id}/rematch`, { token: ann, body: {} });
    expect(offer.status).toBe(202);
    expect(offer.body.rematch.accepted).toEqual([0, 1]);
    expect(offer.body.rematch.waiting).toEqual([2]);
    // The leaver cannot answer: their link only watches.
    expect(
      (await api(`/api/matches/${m.id}/rematch`, { token: bob, body: { answer: 'decline' } })).status,
    ).toBe(403);
    const dealt = await api(`/api/matches/${m.id}/rematch`, { token: cy, body: { answer: 'accept' } });
    expect(dealt.status).toBe(201);
    const again = { ...m, id: dealt.body.matchId as string };
    const there = await info(again, ann);
    expect(there.seats[1]).toMatchObject({ kind: 'bot' });
    expect(there.seats[1]!.name).not.toBe('Bob');
    expect((await info(again, bob)).you.seat).toBeNull();
  });

  it('without a computer player allowed, the seat’s turns are skipped for good', async () => {
    const m = await trio({ timeoutsToBot: 0 });
    const [ann, bob, cy] = [m.seats[0]!, m.seats[1]!, m.seats[2]!];
    const r = await leave(m, bob);
    expect(r.status).toBe(200);
    expect(r.body.left[0].outcome).toBe('skip');
    await playSome(m, [ann, null, cy], 6, 5);
    const rows = await logOf(m);
    const steps = rows.flatMap((x) =>
      Array.isArray(x.payload) ? (x.payload as Array<{ seat: number; move: { type: string } }>) : [],
    );
    const bobs = steps.filter((s) => s.seat === 1).map((s) => s.move.type);
    expect(bobs.length).toBeGreaterThan(0);
    // A skipped turn draws and discards (or passes a window): it never plays a card.
    expect(bobs.every((t) => t === 'draw' || t === 'discard' || t === 'pass' || t === 'extension')).toBe(
      true,
    );
    const journal = (await api(`/api/matches/${m.id}/journal`)).body.events as LoggedEvent[];
    expect(journal.map((e) => e.event)).toContainEqual({ type: 'left', seat: 1, outcome: 'skip' });
    await expectReplays(m);
  });

  it('refuses a spectator, a forged token, the host’s own link, a lobby and a body: 4xx, nothing changed', async () => {
    const m = await trio();
    const kept = await snapshot(m);
    const cases: Array<[string | null, unknown, number, string]> = [
      [null, {}, 403, 'auth.not_a_seat'],
      ['x'.repeat(43), {}, 403, 'auth.not_a_seat'],
      [m.host, {}, 403, 'auth.not_a_seat'],
      [m.seats[1], { seat: 2 }, 400, 'request.invalid'],
    ];
    for (const [token, body, status, code] of cases) {
      const r = await leave(m, token, body);
      expect(r.status, code).toBe(status);
      expect(r.body.error.code).toBe(code);
    }
    const raw = await api(`/api/matches/${m.id}/leave`, { token: m.seats[1], raw: '{' });
    expect(raw.status).toBe(400);
    expect(await snapshot(m)).toBe(kept);
    const lobby = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }],
    });
    const keptLobby = await snapshot(lobby);
    const r = await leave(lobby, lobby.seats[0]);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('match.not_playing');
    expect(await snapshot(lobby)).toBe(keptLobby);
    const unknown = await api('/api/matches/AAAAAAAAAAAAAAAAAAAAAA/leave', { token: m.seats[1], body: {} });
    expect(unknown.status).toBe(404);
  });
});

describe('leaving a match: sockets', () => {
  it('the leaver’s open socket gets the watcher’s view at once, and again after a new auth', async () => {
    const m = await trio();
    const bob = m.seats[1]!;
    const s = await openSocket(m.id);
    s.ws!.send(JSON.stringify({ type: 'auth', token: bob }));
    const infos = () => s.frames.filter((f) => f.type === 'info').map((f) => (f as { info: MatchInfo }).info);
    await until(() => infos().some((i) => i.you.seat === 1), 'the seat’s view');
    expect((await leave(m, bob)).status).toBe(200);
    await until(() => infos().at(-1)?.you.left === 1, 'the watcher’s view');
    const last = infos().at(-1)!;
    expect(last.you.seat).toBeNull();
    expect(last.view!.hand).toEqual([]);
    expect(last.settings).toBeUndefined();
    const n = infos().length;
    s.ws!.send(JSON.stringify({ type: 'auth', token: bob }));
    await until(() => infos().length > n, 'the answer to a new auth');
    expect(infos().at(-1)!.you).toEqual({ seat: null, host: false, left: 1 });
    expect(s.frames.some((f) => f.type === 'error')).toBe(false);
    s.ws!.close();
  });
});

describe('leaving a match: mails', () => {
  it('the others are told; the leaver gets no more mail of the match', async () => {
    const a = addresses();
    const cy = `cy.${a.ann}`;
    const body = duo(a, {
      seats: [
        { kind: 'human', name: 'Ann', email: a.ann },
        { kind: 'human', name: 'Bob', email: a.bob, language: 'fr' },
        { kind: 'human', name: 'Cy', email: cy },
      ],
      testStack: undefined,
    });
    const h = await mailMatch(body);
    await h.fire();
    const sentBefore = h.sender.sent.length;
    expect((await leave(h.m, h.m.seats[0]!)).status).toBe(200);
    await h.fire(h.clock.now + 60_000);
    const fresh = h.sender.sent.slice(sentBefore);
    const toBob = fresh.filter((x) => x.to === a.bob);
    const toCy = fresh.filter((x) => x.to === cy);
    expect(toBob.map((x) => x.subject)).toContain('Mille Bornes : Ann a quitté la partie');
    expect(toBob.find((x) => x.subject.includes('quitté'))!.text).toContain(
      'Ann a quitté la partie ; l’ordinateur joue à sa place.',
    );
    expect(toCy.find((x) => x.subject === 'Mille Bornes: Ann left the match')!.text).toContain(
      'Ann left the match; the computer plays their seat.',
    );
    // Play on for a while: Ann's seat is the bot's, and Ann hears nothing more.
    await playSome(h.m, [null, h.m.seats[1]!, h.m.seats[2]!], 8, 7);
    await h.fire(h.clock.now + 3 * 86_400_000);
    expect(h.sender.sent.slice(sentBefore).filter((x) => x.to === a.ann)).toEqual([]);
    const rows = await h.rows();
    expect(rows.filter((r) => r.seat === 0 && r.status === 'queued')).toEqual([]);
  });

  it('a leave that ends the match names the leaver in the others’ end mail, and not to the leaver', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    await h.fire();
    const sentBefore = h.sender.sent.length;
    expect((await leave(h.m, h.m.seats[1]!)).status).toBe(200);
    await h.fire(h.clock.now + 60_000);
    const fresh = h.sender.sent.slice(sentBefore);
    const toAnn = fresh.filter((x) => x.to === a.ann);
    expect(toAnn.map((x) => x.subject)).toEqual(['Mille Bornes: match over, you won']);
    expect(toAnn[0].text).toContain('Bob left the match, which ends here.');
    expect(fresh.filter((x) => x.to === a.bob)).toEqual([]);
  });
});

/** Ann, Bob (an `ask` seat holding the Driving Ace) and Cy; Ann's Accident opens Bob's window. */
async function windowForBob(extra: Record<string, unknown>): Promise<TestMatch> {
  const m = await create({
    rules: 'classic',
    seats: [
      { kind: 'human', name: 'Ann' },
      { kind: 'human', name: 'Bob', responseMode: 'ask' },
      { kind: 'human', name: 'Cy' },
    ],
    firstSeat: 0,
    ...extra,
    testStack: {
      seed: 'leave-window',
      position: {
        hands: {
          0: ['accident', 'd100', 'd100', 'd50', 'd25', 'roll'],
          1: ['driving_ace', 'd25', 'd50', 'd75', 'd100', 'roll'],
          2: ['roll', 'd25', 'd50', 'd75', 'd100', 'stop'],
        },
        tableaux: { 1: { battle: ['roll'] } },
        deck: ['d25', 'd50', 'd75', 'd25', 'd50', 'd75'],
        turn: 0,
      },
    },
  });
  const r = await move(m, m.seats[0]!, { type: 'play', card: 'accident', target: 1 });
  expect(r.status).toBe(200);
  expect((await info(m, m.seats[1]!)).view!.phase).toBe('respond');
  return m;
}

describe('leaving a match: inside a window and between hands', () => {
  for (const [label, extra, outcome] of [
    ['a bot', {}, 'bot'],
    ['skipped turns', { timeoutsToBot: 0 }, 'skip'],
  ] as const) {
    it(`leaving inside one's own coup-fourré window (${label}) closes it and survives a wake-up`, async () => {
      const m = await windowForBob(extra);
      const r = await leave(m, m.seats[1]!);
      expect(r.status).toBe(200);
      const before = await info(m, m.seats[2]!);
      expect(before.view!.phase).toBe('play');
      expect(before.view!.window).toBeNull();
      expect(before.left).toEqual([{ seat: 1, hand: 1, at: expect.any(String), outcome }]);
      await expectReplays(m);
      await evictDurableObject(stubOf(m));
      const woken = await info(m, m.seats[2]!);
      expect(woken.view).toEqual(before.view);
      expect(woken.left).toEqual(before.left);
    });
  }

  it('leaving between hands keeps the hand-over and survives a wake-up', async () => {
    const m = await create({
      rules: { preset: 'classic', options: { goal: 100, matchTarget: 5000 } },
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
        { kind: 'human', name: 'Cy' },
      ],
      firstSeat: 0,
      testStack: {
        seed: 'leave-handover',
        position: {
          hands: {
            0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'],
            1: ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
            2: ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
          },
        },
      },
    });
    const plays: Array<[number, string]> = [
      [0, 'roll'],
      [1, 'roll'],
      [2, 'roll'],
      [0, 'd100'],
    ];
    for (const [seat, card] of plays)
      expect((await move(m, m.seats[seat]!, { type: 'play', card } as never)).status).toBe(200);
    expect((await info(m, m.seats[1]!)).view!.phase).toBe('handOver');
    expect((await leave(m, m.seats[1]!)).status).toBe(200);
    const before = await info(m, m.seats[0]!);
    expect(before.view!.phase).toBe('handOver');
    await expectReplays(m);
    await evictDurableObject(stubOf(m));
    expect((await info(m, m.seats[0]!)).view).toEqual(before.view);
  });
});

describe('leaving a match: what is left to the leaver and the others', () => {
  // Found: API.md says a leaver's `reclaim` is 403 `auth.not_a_seat`; it answered
  // `auth.not_your_seat` (the status was right).
  it('a leaver’s reclaim is 403 auth.not_a_seat, as documented', async () => {
    const m = await windowForBob({});
    expect((await leave(m, m.seats[1]!)).status).toBe(200);
    const r = await api(`/api/matches/${m.id}/seats/1/reclaim`, { token: m.seats[1]!, body: {} });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('auth.not_a_seat');
  });

  // Found: when every human left, the host's "Play again" dealt at once a match of bots
  // only (named "Bot 1", "Bot 2", …), which plays itself to the end; creation itself never allows
  // a match without a human at seat 0.
  it('a rematch of a match every human left deals no match of bots only', async () => {
    const m = await create({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
        { kind: 'human', name: 'Cy' },
      ],
      firstSeat: 0,
    });
    for (const seat of [1, 0, 2]) expect((await leave(m, m.seats[seat]!)).status).toBe(200);
    expect((await info(m)).status).toBe('finished');
    const before = await info(m, m.host);
    const r = await api(`/api/matches/${m.id}/rematch`, { token: m.host, body: {} });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('rematch.no_players');
    const after = await info(m, m.host);
    expect(after.rematch ?? null).toBeNull();
    expect(after.rematchId).toBeNull();
    expect(after.view!.version).toBe(before.view!.version);
  });
});
