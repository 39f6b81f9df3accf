/**
 * Quiet hours on the match's test clock: a mail due in the player's night (by
 * the time zone their browser reported) waits until the quiet hours end, in Oslo and in New York,
 * and is then sent; a mail about a deadline that falls inside the same quiet period goes at once;
 * the same evening hour is no night for a player in another zone.
 */
import { describe, expect, it } from 'vitest';
import { create, move } from './helpers';
import { addresses, attach, duo, FakeSender, type MailMatch, MIN } from './mail-helpers';
import { settings } from './prefs-helpers';

/** Wednesday 15 January 2031, 12:00 UTC: daytime in both zones. */
const DAY = Date.UTC(2031, 0, 15, 12);

/**
 * A match where Bob (seat 1, in `zone`) is told of his turn: the invitations go out by day, then
 * Ann plays her Roll at `at` (ms), which starts Bob's turn. `over` adds creation fields.
 */
async function bobsTurnAt(zone: string, at: number, over: Record<string, unknown> = {}): Promise<MailMatch> {
  const a = addresses();
  const h = await attach(await create(duo(a, { firstSeat: 1, ...over })), new FakeSender(), { now: DAY });
  await h.fire(DAY);
  expect((await settings(h.m, 1, { timeZone: zone })).status).toBe(200);
  await h.setClock(at);
  const before = h.sender.sent.length;
  expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
  // Bob is not looking: his turn mail is timed at the move itself (sent, or held in a row).
  await h.settled();
  h.sender.sent.splice(0, before);
  return h;
}

async function bobsTurnRow(h: MailMatch) {
  return (await h.rows()).filter((r) => r.seat === 1 && r.kind === 'yourTurn').at(-1)!;
}

describe('quiet hours', () => {
  it('hold a turn mail in Oslo’s night until 07:00 Oslo time, then send it', async () => {
    const night = Date.UTC(2031, 0, 15, 23, 30); // 00:30 in Oslo
    const h = await bobsTurnAt('Europe/Oslo', night);
    // Held at the move: the row is stored then, queued to the morning.
    expect(h.sender.sent).toHaveLength(0);
    expect(await bobsTurnRow(h)).toMatchObject({ status: 'queued', error: 'quiet' });
    await h.fire(night + 5 * MIN);
    expect(h.sender.sent).toHaveLength(0);
    const held = await bobsTurnRow(h);
    expect([held.status, held.error, held.due_at]).toEqual(['queued', 'quiet', Date.UTC(2031, 0, 16, 6)]);
    await h.fire(Date.UTC(2031, 0, 16, 6));
    expect(h.sender.sent.map((m) => m.subject)).toEqual(["Mille Bornes : c'est à vous de jouer"]);
    expect((await bobsTurnRow(h)).status).toBe('sent');
  });

  it('send one mail when the turn mail and its reminder are both held to the same morning', async () => {
    // An 8-hour turn from 00:30 in Oslo: its reminder (2 hours before the deadline) falls at 06:30,
    // still in the night, like the turn mail.
    const night = Date.UTC(2031, 0, 15, 23, 30);
    const h = await bobsTurnAt('Europe/Oslo', night, { turnDeadlineHours: 8 });
    await h.fire(night + 5 * MIN);
    await h.fire(night + 6 * 60 * MIN + MIN);
    expect(h.sender.sent).toHaveLength(0);
    await h.fire(Date.UTC(2031, 0, 16, 6));
    await h.fire(Date.UTC(2031, 0, 16, 6) + MIN);
    expect(h.sender.sent.map((m) => m.subject)).toEqual(["Mille Bornes : c'est à vous de jouer"]);
    const reminder = (await h.rows()).find((r) => r.seat === 1 && r.kind === 'reminder');
    expect([reminder?.status, reminder?.error]).toEqual(['dropped', 'with_turn_mail']);
  });

  it('keep the quiet hours of a zone reported in another match for a new match’s first mail', async () => {
    const a = addresses();
    // Bob's page reported Oslo in a first match.
    const first = await attach(await create(duo(a)), new FakeSender(), { now: DAY });
    expect((await settings(first.m, 1, { timeZone: 'Europe/Oslo' })).status).toBe(200);
    // A new match with Bob's address, its invitation due in Oslo's night: held until 07:00 Oslo time.
    const night = Date.UTC(2031, 0, 15, 23, 30);
    const second = await attach(await create(duo(a)), new FakeSender(), { now: night });
    await second.fire(night + 5 * MIN);
    expect(second.sender.sent.filter((m) => m.to === a.bob)).toHaveLength(0);
    await second.fire(Date.UTC(2031, 0, 16, 6));
    expect(second.sender.sent.filter((m) => m.to === a.bob).map((m) => m.subject)).toContain(
      'Ann vous invite à jouer au Mille Bornes',
    );
  });

  it('hold a turn mail in New York’s night until 07:00 New York time', async () => {
    const night = Date.UTC(2031, 0, 16, 4); // 23:00 in New York
    const h = await bobsTurnAt('America/New_York', night);
    await h.fire(night + 5 * MIN);
    expect(h.sender.sent).toHaveLength(0);
    expect((await bobsTurnRow(h)).due_at).toBe(Date.UTC(2031, 0, 16, 12));
    await h.fire(Date.UTC(2031, 0, 16, 12));
    expect(h.sender.sent).toHaveLength(1);
  });

  it('do not hold the same hour for a player whose evening it is', async () => {
    const h = await bobsTurnAt('America/New_York', Date.UTC(2031, 0, 15, 23, 30)); // 18:30 in New York
    await h.fire(Date.UTC(2031, 0, 15, 23, 35));
    expect(h.sender.sent).toHaveLength(1);
  });

  it('let a mail go at once when its deadline falls inside the same quiet hours', async () => {
    const night = Date.UTC(2031, 0, 15, 23, 30); // 00:30 in Oslo; the 1-hour turn ends at 01:30
    const h = await bobsTurnAt('Europe/Oslo', night, { turnDeadlineHours: 1 });
    // Sent at the move, from memory: no row of it is left queued.
    expect(h.sender.sent).toHaveLength(1);
    expect((await h.rows()).filter((r) => r.kind === 'yourTurn' && r.status === 'queued')).toEqual([]);
    await h.fire(night + 5 * MIN);
    expect(h.sender.sent).toHaveLength(1);
  });
});
