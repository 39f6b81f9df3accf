/**
 * Deadlines stored before the tagged form: a match stored by the earlier version keeps its turn
 * deadline in the meta row and in every log row as `{ seat, hand, atMs }`, where seat -1 meant
 * "between hands". After a wake-up such a match must show the same deadline and time out as
 * before: a seat's turn is played by a bot, and the next hand starts by itself.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { advance, annAndBob, api, create, info, move, stubOf, type TestMatch } from './helpers';

const HOUR = 3_600_000;

/** Ann (to play) and Bob on stacked hands (helpers.ts `annAndBob`), with a one-hour turn deadline. */
function duoWithDeadline(seed: string, rules: unknown): Promise<TestMatch> {
  return annAndBob(seed, rules, undefined, { turnDeadlineHours: 1 });
}

/** Rewrites every stored deadline (meta row and log rows) in the earlier form, then evicts the object. */
async function storeAsBefore(m: TestMatch): Promise<void> {
  await runInDurableObject(stubOf(m), (_i, state) => {
    const sql = state.storage.sql;
    const earlier = (json: string | null) => {
      if (!json) return json;
      const d = JSON.parse(json) as { kind: string; seat?: number; hand: number; atMs: number };
      return JSON.stringify({ seat: d.kind === 'handOver' ? -1 : d.seat, hand: d.hand, atMs: d.atMs });
    };
    const rows = sql.exec<{ seq: number; turn_deadline: string | null }>(
      'SELECT seq, turn_deadline FROM log',
    );
    for (const r of rows.toArray())
      sql.exec('UPDATE log SET turn_deadline = ? WHERE seq = ?', earlier(r.turn_deadline), r.seq);
    const meta = sql.exec<{ turn_deadline: string | null }>('SELECT turn_deadline FROM meta').one();
    sql.exec('UPDATE meta SET turn_deadline = ?', earlier(meta.turn_deadline));
  });
  await evictDurableObject(stubOf(m));
}

/** The public events of the match's log, with who made them. */
async function logged(m: TestMatch): Promise<Array<{ by: string; event: { type: string; seat?: number } }>> {
  return (await api(`/api/matches/${m.id}/log`)).body.events;
}

describe('deadlines stored before the tagged form', () => {
  it('a seat’s turn deadline still lets a bot play that turn after a wake-up', async () => {
    const m = await duoWithDeadline('old-deadline-turn', 'classic');
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    expect((await move(m, ann, { type: 'play', card: 'roll' })).status).toBe(200);
    const before = await info(m, bob);
    expect(before.deadlines.turn).not.toBeNull();
    const stored = await runInDurableObject(stubOf(m), (_i, s) =>
      s.storage.sql
        .exec<{ turn_deadline: string }>('SELECT turn_deadline FROM log ORDER BY seq DESC LIMIT 1')
        .one(),
    );
    expect(JSON.parse(stored.turn_deadline)).toMatchObject({ kind: 'turn', seat: 1 });

    await storeAsBefore(m);
    const woken = await info(m, bob);
    expect(woken.deadlines).toEqual(before.deadlines);
    expect(woken.view).toEqual(before.view);
    await advance(m, HOUR + 60_000);
    const events = await logged(m);
    expect(events.some((e) => e.by === 'timeout' && e.event.seat === 1)).toBe(true);
    expect((await info(m, ann)).view!.turn).toBe(0);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
  });

  it('a deadline between hands (seat -1) still starts the next hand after a wake-up', async () => {
    const m = await duoWithDeadline('old-deadline-hand', { preset: 'classic', options: { goal: 100 } });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    await move(m, ann, { type: 'play', card: 'roll' });
    await move(m, bob, { type: 'play', card: 'roll' });
    expect((await move(m, ann, { type: 'play', card: 'd100' })).status).toBe(200);
    const before = await info(m, ann);
    expect(before.view!.phase).toBe('handOver');
    expect(before.deadlines.turn).not.toBeNull();

    await storeAsBefore(m);
    const stored = await runInDurableObject(stubOf(m), (_i, s) =>
      s.storage.sql
        .exec<{ turn_deadline: string }>('SELECT turn_deadline FROM log ORDER BY seq DESC LIMIT 1')
        .one(),
    );
    expect(JSON.parse(stored.turn_deadline)).toEqual({ seat: -1, hand: 1, atMs: expect.any(Number) });
    const woken = await info(m, ann);
    expect(woken.deadlines).toEqual(before.deadlines);
    await advance(m, HOUR + 60_000);
    const after = await info(m, ann);
    expect(after.view!.handNumber).toBe(2);
    const events = await logged(m);
    expect(events.some((e) => e.by === 'timeout' && e.event.type === 'handStarted')).toBe(true);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
  });
});

describe('a wake-up while no deadline runs', () => {
  it('regression: a window open across a wake-up does not bring back the snapshot’s older deadline', async () => {
    // Bob starts (the snapshot written at the start holds his first deadline), Ann then attacks
    // him: while his window is open no deadline runs, and the log row says so. After a wake-up he
    // passes and has the turn again: it must be a new turn with a new deadline, not the first one.
    const m = await create({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob', responseMode: 'ask' },
      ],
      turnDeadlineHours: 1,
      testStack: {
        seed: 'catch-up-window',
        position: {
          hands: {
            0: ['accident', 'd100', 'd100', 'd50', 'd25', 'd75'],
            1: ['d25', 'd50', 'd75', 'd100', 'd25', 'd50'],
          },
          tableaux: { 0: { battle: ['roll'] }, 1: { battle: ['roll'] } },
          deck: ['d25', 'd50', 'd75', 'd100', 'd25', 'd50'],
          turn: 1,
        },
      },
    });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const first = (await info(m, bob)).deadlines.turn!;
    expect(first).not.toBeNull();
    expect((await move(m, bob, { type: 'play', card: 'd25' })).status).toBe(200);
    expect((await move(m, ann, { type: 'play', card: 'accident', target: 1 })).status).toBe(200);
    expect((await info(m, bob)).view!.phase).toBe('respond');
    await evictDurableObject(stubOf(m));
    expect((await move(m, bob, { type: 'pass' })).status).toBe(200);
    const after = await info(m, bob);
    expect(after.view!.turn).toBe(1);
    expect(Date.parse(after.deadlines.turn!)).toBeGreaterThan(Date.parse(first));
  });
});
