/**
 * Reminders over every turn length, on the match's test clock: Bob's turn of 1 minute to 720 hours
 * is played through by moving the match's clock to each wake-up it schedules and running its alarm,
 * until the deadline makes a bot play the turn. Bob is not looking, so his turn mail goes at once
 * (no outbox row). Every time of the turn comes from the one timestamp of the change that started
 * it: the deadline, the turn mail, each reminder (counted from the turn's start as the log tells
 * it) and the bot's take-over. Checked: each reminder docs/SELF-HOSTING.md promises ("What is sent, and when": 24 h into the
 * turn and a quarter of the turn's time before the deadline, at least 1 h and at most 12 h; none
 * within an hour of the start, the deadline or the other reminder) is queued and sent exactly once,
 * at its time; no mail of the turn is due after the deadline. Also: a grace period (a seat looking
 * at the match) never runs past a response window's end.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, create, move, pinClock, scheduleOf, stubOf } from './helpers';
import { addresses, duo, FakeSender, HOUR, hook, MIN, settled, stopOnAskSeat } from './mail-helpers';

/** The reminders docs/SELF-HOSTING.md promises for a turn of `lengthMs`, as times after its start (ms). */
function promised(lengthMs: number): Array<{ tag: string; afterMs: number }> {
  const lead = Math.min(12 * HOUR, Math.max(HOUR, lengthMs / 4));
  const beforeDeadline = lengthMs - lead >= HOUR ? lengthMs - lead : null;
  const day = 24 * HOUR;
  const dayKept =
    day <= lengthMs - HOUR && (beforeDeadline === null || Math.abs(beforeDeadline - day) >= HOUR);
  const out = [
    ...(dayKept ? [{ tag: '24h', afterMs: day }] : []),
    ...(beforeDeadline === null ? [] : [{ tag: 'deadline', afterMs: beforeDeadline }]),
  ];
  return out.sort((a, b) => a.afterMs - b.afterMs);
}

type Row = {
  key: string;
  seat: number;
  kind: string;
  grp: string;
  status: string;
  created_at: number;
  due_at: number;
};

/** What happened in one turn of Bob's: its start and deadline, its outbox rows and when each mail was sent. */
interface PlayedTurn {
  start: number;
  deadline: number;
  group: string;
  rows: Row[];
  sent: Array<{ key: string; atMs: number }>;
}

type Inside = { match: { meta: { config: { turnDeadlineHours: number }; turnDeadline: { atMs: number } } } };

/**
 * Plays Bob's turn of `lengthMs` (whole minutes) through its deadline. Below the API's 1 hour the
 * length is set in the match's config before the turn starts (the same code path then runs).
 */
async function playTurn(lengthMs: number): Promise<PlayedTurn> {
  const { ann, bob } = addresses();
  const hours = lengthMs / HOUR;
  const m = await create(duo({ ann, bob }, { turnDeadlineHours: Math.max(1, hours) }));
  const sent: PlayedTurn['sent'] = [];
  let clock = Date.now();
  const sender = new FakeSender();
  sender.script = (mail) => {
    sent.push({ key: mail.idempotencyKey.slice(m.id.length + 1), atMs: clock });
    return undefined;
  };
  await hook(m, { sender });
  await pinClock(m, clock);
  if (hours < 1) {
    await runInDurableObject(stubOf(m), (instance) => {
      (instance as unknown as Inside).match.meta.config.turnDeadlineHours = hours;
    });
  }
  // Ann's Roll starts Bob's turn at `start`.
  const start = clock;
  expect((await move(m, m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
  await settled(m);
  const deadline = await runInDurableObject(
    stubOf(m),
    (instance) => (instance as unknown as Inside).match.meta.turnDeadline.atMs,
  );
  // Move the clock to each wake-up the match asks for, up to the deadline (a bot then plays the turn).
  for (let step = 0; step < 40 && clock < deadline; step++) {
    const items = await scheduleOf(m);
    if (items.length === 0) break;
    clock = Math.max(clock, Math.min(...items.map((i) => i.at_ms)));
    await pinClock(m, clock);
    await runDurableObjectAlarm(stubOf(m));
    await settled(m);
  }
  const rows = await runInDurableObject(stubOf(m), (_i, state) =>
    state.storage.sql
      .exec<Row>(`SELECT key, seat, kind, grp, status, created_at, due_at FROM mail_outbox ORDER BY seq`)
      .toArray(),
  );
  // Bob's turn mail went at once: its key (the turn's group) is known from what was sent.
  const group = sent.find((x) => x.key.startsWith('turn:1:'))!.key;
  return { start, deadline, group, rows, sent };
}

/** Checks one played turn of `lengthMs` against docs/SELF-HOSTING.md; returns its reminders (hours after the start). */
function check(lengthMs: number, t: PlayedTurn): Array<[string, number]> {
  // One timestamp: the deadline and the turn mail's row both count from the change that started the turn.
  expect(t.deadline - t.start).toBe(lengthMs);
  // The turn mail: sent once, at the start, from memory (no row).
  expect(t.sent.filter((s) => s.key === t.group)).toEqual([{ key: t.group, atMs: t.start }]);
  expect(t.rows.filter((r) => r.grp === t.group && r.kind === 'yourTurn')).toEqual([]);
  // Each promised reminder: one row, due at its time, sent once at that time; no other reminder.
  const want = promised(lengthMs);
  const reminders = t.rows.filter((r) => r.kind === 'reminder');
  expect(reminders.map((r) => [r.key.split(':').at(-1), r.due_at - t.start, r.status])).toEqual(
    want.map((w) => [w.tag, w.afterMs, 'sent']),
  );
  for (const r of reminders) {
    expect(r.grp).toBe(t.group);
    expect(t.sent.filter((s) => s.key === r.key)).toEqual([{ key: r.key, atMs: r.due_at }]);
  }
  expect(t.sent.filter((s) => s.key.startsWith('reminder:'))).toHaveLength(want.length);
  // No mail of the turn is due, or sent, after the deadline.
  for (const r of t.rows.filter((x) => x.created_at >= t.start && x.created_at < t.deadline))
    expect(r.due_at).toBeLessThan(t.deadline);
  const ofTurn = new Set(t.rows.filter((r) => r.grp === t.group).map((r) => r.key));
  for (const s of t.sent.filter((x) => ofTurn.has(x.key))) expect(s.atMs).toBeLessThan(t.deadline);
  // The bot took the turn over at the deadline itself.
  const bot = t.rows.find((r) => r.kind === 'botTookOver' && r.seat === 1)!;
  expect(bot.created_at).toBe(t.deadline);
  return reminders.map((r) => [r.key.split(':').at(-1)!, (r.due_at - t.start) / HOUR]);
}

describe('reminders over every turn length (1 minute to 720 hours)', () => {
  // The reminders of each length, in hours into the turn.
  it.each([
    ['1 min', MIN, []],
    ['1 h', HOUR, []],
    ['2 h', 2 * HOUR, [['deadline', 1]]],
    ['3 h', 3 * HOUR, [['deadline', 2]]],
    ['24 h', 24 * HOUR, [['deadline', 18]]],
    [
      '25 h',
      25 * HOUR,
      [
        ['deadline', 18.75],
        ['24h', 24],
      ],
    ],
    ['32 h', 32 * HOUR, [['deadline', 24]]],
    [
      '48 h',
      48 * HOUR,
      [
        ['24h', 24],
        ['deadline', 36],
      ],
    ],
    [
      '72 h',
      72 * HOUR,
      [
        ['24h', 24],
        ['deadline', 60],
      ],
    ],
    [
      '720 h',
      720 * HOUR,
      [
        ['24h', 24],
        ['deadline', 708],
      ],
    ],
  ] as Array<[string, number, Array<[string, number]>]>)(
    'a turn of %s (%i ms): reminders %j',
    async (_label, lengthMs, table) => {
      expect(check(lengthMs, await playTurn(lengthMs))).toEqual(table);
    },
  );

  it('any whole number of minutes: each promised reminder once, nothing due after the deadline', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 720 * 60 }), async (minutes) => {
        check(minutes * MIN, await playTurn(minutes * MIN));
      }),
      { numRuns: 20, examples: [[59], [61], [119], [121], [62], [65], [1499], [1501], [2879], [43199]] },
    );
  });
});

describe('grace periods never run past a deadline', () => {
  it('a 1-minute response window: the mail asking a looking seat is due halfway through it, and sent', async () => {
    const { ann, bob } = addresses();
    const { h, stop } = await stopOnAskSeat({ ann, bob }, { responseWindowMinutes: 1 }, async (m) => {
      // Bob looks at the match (so his mail waits the grace) and asked for mail even while looking.
      const set = await api(`/api/matches/${m.id}/settings`, {
        token: m.seats[1],
        body: { alwaysEmail: true },
      });
      expect(set.status).toBe(200);
      expect((await api(`/api/matches/${m.id}?present=1`, { token: m.seats[1] })).status).toBe(200);
    });
    const t0 = h.clock.now;
    expect(stop.status).toBe(200);
    const window = (await scheduleOf(h.m)).find((i) => i.kind === 'window')!;
    expect(window.at_ms).toBe(t0 + MIN);
    const row = (await h.rows()).find((r) => r.kind === 'responseWindow')!;
    expect(row.due_at).toBe(t0 + MIN / 2);
    await h.fire(t0 + MIN / 2);
    expect(h.sender.to(bob).at(-1)!.subject).toBe('Mille Bornes : Ann vous a joué Feu rouge, répondre ?');
  });
});
