/**
 * Break-it pass on issue 16 (chat, rematch by consent, leaving): cases the part tests did not
 * cover. Leaving inside one's own coup-fourré window or between hands survives a wake-up; and the
 * failures found (an "away until" quick phrase in the past, a rematch dealt with no human left,
 * the error code of a leaver's reclaim).
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { accidentForAskSeat, api, create, info, move, stubOf, type TestMatch } from './helpers';

function leave(m: TestMatch, token: string | null) {
  return api(`/api/matches/${m.id}/leave`, { token, body: {} });
}

async function expectReplays(m: TestMatch): Promise<void> {
  const r = await api(`/dev/replay/${m.id}`);
  expect(r.status).toBe(200);
  expect(r.body.replayed).toEqual(r.body.stored);
}

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
      seed: 'break16-window',
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

describe('break-it pass, issue 16', () => {
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
        seed: 'break16-handover',
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

  // Found: any calendar day was taken, 1999 or 0000 too; the page then showed it without its year
  // ("Pas là jusqu'au 1 janvier"), so a day in the past read as a day to come.
  it('an "away until" quick phrase takes today to 90 days ahead; a day in the past or later is refused', async () => {
    const m = await accidentForAskSeat('driving_ace', 'break16-away');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const send = (until: string) =>
      api(`/api/matches/${m.id}/chat`, {
        token: m.seats[0]!,
        body: { phrase: 'awayUntil', params: { until } },
      });
    for (const until of ['1999-01-01', '0000-01-01', day(-3), day(92), '9999-12-31']) {
      const r = await send(until);
      expect(r.status, until).toBe(400);
      expect(r.body.error.code, until).toBe('chat.away_range');
    }
    const list = await api(`/api/matches/${m.id}/chat`, { token: m.seats[1]! });
    expect(list.body.messages).toEqual([]);
    expect((await send(day(0))).status).toBe(201);
    expect((await send(day(89))).status).toBe(201);
  });

  // Found: a body of no known shape said "Invalid type: Expected Object but received Object".
  it('a chat body of no known shape is refused with words that say what a message is', async () => {
    const m = await accidentForAskSeat('driving_ace', 'break16-shape');
    for (const body of [{}, { phrase: 'hello' }, { text: 5 }, { text: 'hi', extra: 1 }]) {
      const r = await api(`/api/matches/${m.id}/chat`, { token: m.seats[0]!, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.body.error), JSON.stringify(body)).not.toContain('received Object');
    }
  });

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
