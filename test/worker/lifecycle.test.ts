/**
 * Match lifecycle: open seats claimed by invite, the host starting with bots, turn deadlines (a bot
 * plays, or the turn is skipped), giving a seat to a bot and taking it back, response-mode settings
 * (logged, so replay still matches), rematch with the same links, host delete, and the expiry
 * alarms (unstarted after 7 days, finished after 90 days).
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FINISHED_TTL_MS, LOBBY_TTL_MS } from '../../worker/decider/timers';
import {
  advance,
  api,
  create,
  fireSchedule,
  info,
  logRows,
  move,
  playOut,
  scheduleOf,
  stubOf,
  type TestMatch,
} from './helpers';

/** The SQLite tables in a Durable Object's storage, without the platform's own (`_cf_…`). */
function userTables(state: DurableObjectState): string[] {
  return state.storage.sql
    .exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%'`)
    .toArray()
    .map((r) => r.name);
}

const stack = {
  seed: 'life',
  position: {
    hands: {
      0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'],
      1: ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
    },
  },
};

async function twoPlayers(extra: Record<string, unknown> = {}): Promise<TestMatch> {
  return create({
    rules: 'classic',
    seats: [
      { kind: 'human', name: 'Ann' },
      { kind: 'human', name: 'Bob' },
    ],
    firstSeat: 0,
    testStack: stack,
    ...extra,
  });
}

describe('open seats', () => {
  it('a visitor claims a seat with the invite link; the match starts when every seat is filled', async () => {
    const m = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    expect(m.invite).not.toBeNull();
    expect((await info(m)).status).toBe('lobby');
    expect((await info(m)).view).toBeNull();
    // Invitees see every rule before the match starts (RULES.md §10).
    expect((await info(m)).config.rules).toMatchObject({
      preset: 'classic',
      options: { exactFinish: true, goal: 1000 },
    });
    const bad = await api(`/api/matches/${m.id}/claim`, { body: { invite: 'x'.repeat(43), name: 'Eve' } });
    expect(bad.status).toBe(403);
    const c1 = await api(`/api/matches/${m.id}/claim`, {
      body: { invite: m.invite, name: 'Cat', email: 'cat@example.org' },
    });
    expect(c1.status).toBe(200);
    expect(c1.body.seat).toBe(1);
    expect(c1.body.seatUrl).toBe(`https://mb.test/m/${m.id}#seat=${c1.body.token}`);
    const cat = await info(m, c1.body.token);
    expect(cat.you.seat).toBe(1);
    expect(cat.settings).toMatchObject({
      language: 'en',
      emailNotifications: true,
      hasEmail: true,
      alwaysEmail: false,
    });
    expect(cat.status).toBe('lobby');
    const c2 = await api(`/api/matches/${m.id}/claim`, { body: { invite: m.invite, name: 'Dan' } });
    expect(c2.body.seat).toBe(2);
    const started = await info(m, c2.body.token);
    expect(started.status).toBe('playing');
    expect(started.seats.map((s) => s.name)).toEqual(['Host', 'Cat', 'Dan']);
    const full = await api(`/api/matches/${m.id}/claim`, { body: { invite: m.invite, name: 'Late' } });
    expect(full.status).toBe(409);
  });

  it('the host starts with bots in the empty seats; others may not', async () => {
    const m = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    expect((await api(`/api/matches/${m.id}/start`, { body: {}, token: m.seats[0] })).status).toBe(403);
    const r = await api(`/api/matches/${m.id}/start`, { body: {}, token: m.host });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('playing');
    expect(r.body.seats.map((s: { kind: string }) => s.kind)).toEqual(['human', 'bot', 'bot']);
    expect((await api(`/api/matches/${m.id}/start`, { body: {}, token: m.host })).status).toBe(409);
  });
});

describe('deadlines and bots', () => {
  it('a turn deadline lets a bot play that turn', async () => {
    const m = await twoPlayers({ turnDeadlineHours: 24 });
    const a = await info(m, m.seats[0]);
    const due = Date.parse(a.deadlines.turn!) - Date.now();
    expect(due).toBeGreaterThan(23.9 * 3_600_000);
    // Not yet: an hour before the deadline nothing happens.
    await advance(m, 23 * 3_600_000);
    expect((await info(m, m.seats[0])).view!.turn).toBe(0);
    await advance(m, 3_600_000 + 1000);
    const after = await info(m, m.seats[1]);
    expect(after.view!.turn).toBe(1);
    expect(after.view!.handSizes[0]).toBe(6);
    const log = await api(`/api/matches/${m.id}/log`);
    expect(
      log.body.events.some(
        (e: { by: string; event: { seat?: number } }) => e.by === 'timeout' && e.event.seat === 0,
      ),
    ).toBe(true);
    // Bob's turn has its own new deadline.
    expect(after.deadlines.turn).not.toBeNull();
  });

  it('with onDeadline = skip, the timed-out turn only draws and discards the drawn card', async () => {
    const m = await twoPlayers({ turnDeadlineHours: 1, onDeadline: 'skip' });
    const before = await info(m, m.seats[0]);
    expect(await advance(m, 3_600_000 + 1000)).toBe(true);
    const after = await info(m, m.seats[0]);
    expect(after.view!.turn).toBe(1);
    expect(after.view!.tableaux[0].battle).toEqual([]);
    expect(after.view!.discardSize).toBe(before.view!.discardSize + 1);
    expect(after.view!.handSizes[0]).toBe(6);
  });

  it('the host gives a seat to a bot and the player takes it back', async () => {
    const m = await twoPlayers();
    expect((await api(`/api/matches/${m.id}/seats/1/bot`, { body: {}, token: m.seats[0] })).status).toBe(403);
    const r = await api(`/api/matches/${m.id}/seats/0/bot`, { body: {}, token: m.host });
    expect(r.status).toBe(200);
    // Ann's turn was played by the bot at once (bot delay 0 in tests); now Bob plays.
    const bob = await info(m, m.seats[1]);
    expect(bob.seats[0].botStandIn).toBe(true);
    expect(bob.view!.turn).toBe(1);
    // Bob's seat too would leave bots alone at the table: refused, nothing changes.
    const last = await api(`/api/matches/${m.id}/seats/1/bot`, { body: {}, token: m.host });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('seat.last_human');
    expect((await info(m, m.seats[1])).seats[1].botStandIn).toBe(false);
    const mv = bob.view!.legalMoves.find((x) => x.type === 'discard')!;
    expect((await move(m, m.seats[1]!, mv)).status).toBe(200);
    // The bot answered for Ann again; Bob's turn again.
    expect((await info(m, m.seats[1])).view!.turn).toBe(1);
    expect((await api(`/api/matches/${m.id}/seats/0/reclaim`, { body: {}, token: m.seats[1] })).status).toBe(
      403,
    );
    const back = await api(`/api/matches/${m.id}/seats/0/reclaim`, { body: {}, token: m.seats[0] });
    expect(back.status).toBe(200);
    expect(back.body.seats[0].botStandIn).toBe(false);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
  });
});

describe('settings', () => {
  it('a seat switches to ask; the change is logged and replay still matches', async () => {
    const m = await twoPlayers();
    const r = await api(`/api/matches/${m.id}/settings`, {
      token: m.seats[1],
      body: { responseMode: 'ask', language: 'fr' },
    });
    expect(r.status).toBe(200);
    expect(r.body.seats[1].responseMode).toBe('ask');
    expect(r.body.settings.language).toBe('fr');
    const log = await api(`/api/matches/${m.id}/log`);
    expect(log.body.events.at(-1).event).toEqual({ type: 'responseMode', seat: 1, mode: 'ask' });
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed.responses).toEqual(['auto', 'ask']);
    expect(replay.body.replayed).toEqual(replay.body.stored);
    expect((await api(`/api/matches/${m.id}/settings`, { body: { responseMode: 'ask' } })).status).toBe(403);
    expect(
      (await api(`/api/matches/${m.id}/settings`, { token: m.seats[1], body: { colour: 'red' } })).status,
    ).toBe(400);
  });
});

describe('rematch, delete, expiry', () => {
  it('rematch: same seats and rules, a new seed, the bot consents at once, and the same links work there', async () => {
    const m = await create({
      rules: 'hasbro-2016',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'bot', botLevel: 'random' },
      ],
    });
    expect((await api(`/api/matches/${m.id}/rematch`, { body: {}, token: m.seats[0] })).status).toBe(409);
    await playOut(m, { seed: 5 });
    const r = await api(`/api/matches/${m.id}/rematch`, { body: {}, token: m.seats[0] });
    expect(r.status).toBe(201);
    const again = await api(`/api/matches/${m.id}/rematch`, { body: {}, token: m.host });
    expect(again.status).toBe(200);
    expect(again.body.matchId).toBe(r.body.matchId);
    expect((await info(m)).rematchId).toBe(r.body.matchId);
    // The bot accepted at once: Ann's press was the whole consent.
    expect((await info(m)).rematch).toMatchObject({
      by: 0,
      state: 'dealt',
      accepted: [0, 1],
      matchId: r.body.matchId,
    });
    const next: TestMatch = { ...m, id: r.body.matchId };
    const ann = await info(next, m.seats[0]);
    expect(ann.you).toEqual({ seat: 0, host: false });
    expect(ann.status).toBe('playing');
    expect(ann.view!.rules.preset).toBe('hasbro-2016');
    expect((await info(next, m.host)).you.host).toBe(true);
  });

  it('a request for an unknown match id is a 404 and creates no storage', async () => {
    const id = 'AAAAAAAAAAAAAAAAAAAAAB';
    const r = await api(`/api/matches/${id}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('match.not_found');
    expect((await api(`/api/matches/${id}/log`)).status).toBe(404);
    expect((await api(`/api/matches/${id}/start`, { method: 'POST', body: {} })).status).toBe(404);
    const stored = await runInDurableObject(stubOf(id), async (_i, s) => ({
      tables: userTables(s),
      keys: (await s.storage.list()).size,
      alarm: await s.storage.getAlarm(),
    }));
    expect(stored).toEqual({ tables: [], keys: 0, alarm: null });
  });

  it('the host deletes a match', async () => {
    const m = await twoPlayers();
    expect((await api(`/api/matches/${m.id}`, { method: 'DELETE', token: m.seats[0] })).status).toBe(403);
    expect((await api(`/api/matches/${m.id}`, { method: 'DELETE', token: m.host })).status).toBe(204);
    expect((await api(`/api/matches/${m.id}`, { token: m.seats[0] })).status).toBe(404);
    expect((await api(`/api/matches/${m.id}/log`)).status).toBe(404);
  });

  it('an unstarted match expires after 7 days', async () => {
    const m = await create({ rules: 'classic', seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }] });
    const exp = (await scheduleOf(m)).find((s) => s.kind === 'expire')!;
    expect(exp.at_ms - Date.now()).toBeGreaterThan(LOBBY_TTL_MS - 60_000);
    // An alarm with nothing due keeps it; once the 7 days have passed, the alarm deletes it.
    await runInDurableObject(stubOf(m), (instance) =>
      (instance as unknown as { alarm(): Promise<void> }).alarm(),
    );
    expect((await api(`/api/matches/${m.id}`)).status).toBe(200);
    expect(await fireSchedule(m, ['expire'])).toBe(true);
    expect((await api(`/api/matches/${m.id}`)).status).toBe(404);
    // Nothing is left: not a meta row, not a table.
    const left = await runInDurableObject(stubOf(m), (_i, s) => userTables(s));
    expect(left).toEqual([]);
  });

  it('a finished match expires after 90 days, and not before', async () => {
    const m = await create({
      rules: 'hasbro-2016',
      seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot' }],
    });
    await playOut(m, { seed: 9 });
    const exp = (await scheduleOf(m)).find((s) => s.kind === 'expire')!;
    expect(exp.at_ms - Date.now()).toBeGreaterThan(FINISHED_TTL_MS - 60_000);
    // An alarm with nothing due keeps it.
    await runInDurableObject(stubOf(m), (instance) =>
      (instance as unknown as { alarm(): Promise<void> }).alarm(),
    );
    expect((await api(`/api/matches/${m.id}`)).status).toBe(200);
    expect(await fireSchedule(m, ['expire'])).toBe(true);
    expect((await api(`/api/matches/${m.id}`)).status).toBe(404);
  });
});

describe('bots with a delay', () => {
  it('bots answer a human move in the same request and row (a run); the reply carries their moves in order', async () => {
    const m = await create({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'bot', botLevel: 'basic' },
        { kind: 'bot', botLevel: 'expert' },
      ],
      firstSeat: 0,
      testStack: { seed: 'delay' },
    });
    const stub = stubOf(m) as unknown as { testSetBotDelay(ms: number | null): Promise<unknown> };
    await stub.testSetBotDelay(1500);
    const ann = await info(m, m.seats[0]);
    const mv = ann.view!.legalMoves.find((x) => x.type === 'discard')!;
    const rows = await logRows(m);
    const r = await move(m, m.seats[0]!, mv);
    expect(r.status).toBe(200);
    // Both bots moved inside Ann's request: it is Ann's turn again, one log row, no bot alarm.
    const back = await info(m, m.seats[0]);
    expect(back.view!.turn).toBe(0);
    expect(back.view!.legalMoves.length).toBeGreaterThan(0);
    expect(await logRows(m)).toBe(rows + 1);
    expect((await scheduleOf(m)).some((s) => s.kind === 'bot')).toBe(false);
    // Nothing waits on the alarm: running it changes nothing.
    await advance(m, 1600);
    expect((await info(m, m.seats[0])).view!.version).toBe(back.view!.version);
    // The reply carries the run's events in order: Ann's, then seat 1's, then seat 2's.
    const seats = (r.body.events as Array<{ seat?: number }>).flatMap((e) =>
      e.seat === undefined ? [] : [e.seat],
    );
    expect(seats.indexOf(1)).toBeGreaterThan(seats.indexOf(0));
    expect(seats.lastIndexOf(2)).toBeGreaterThan(seats.lastIndexOf(1));
    // The log names who made each move, every one of the run dated with the row's one time.
    const log = await api(`/api/matches/${m.id}/log`);
    const bySeat = log.body.events.filter((e: { by: string }) => e.by === 'bot');
    expect(bySeat.some((e: { event: { seat?: number } }) => e.event.seat === 1)).toBe(true);
    expect(bySeat.some((e: { event: { seat?: number } }) => e.event.seat === 2)).toBe(true);
    expect(new Set(bySeat.map((e: { at: string }) => e.at)).size).toBe(1);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
  });
});

describe('storage', () => {
  it('the state survives eviction: a snapshot plus the log rows after it', async () => {
    const m = await twoPlayers({ turnDeadlineHours: 48 });
    // More moves than a snapshot interval, so the tail after the snapshot is replayed on wake-up.
    await playOut(m, { seed: 3, maxMoves: 45 }).catch(() => undefined);
    const before = await info(m, m.seats[0]);
    const rows = await runInDurableObject(stubOf(m), (_i, s) => {
      const meta = s.storage.sql.exec<{ state_seq: number }>('SELECT state_seq FROM meta').one();
      const last = s.storage.sql.exec<{ m: number }>('SELECT MAX(seq) AS m FROM log').one();
      return { snapshot: meta.state_seq, last: last.m };
    });
    expect(rows.last).toBeGreaterThan(rows.snapshot);
    await evictDurableObject(stubOf(m));
    const after = await info(m, m.seats[0]);
    expect(after.view).toEqual(before.view);
    expect(after.deadlines).toEqual(before.deadlines);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
    // Play on after the wake-up.
    const mover = after.view!.legalMoves.length ? 0 : 1;
    const v = await info(m, m.seats[mover]);
    expect((await move(m, m.seats[mover]!, v.view!.legalMoves[0])).status).toBe(200);
  });
});
