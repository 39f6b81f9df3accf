/**
 * A mail that went out while the platform refused the match's writes (issue #33 part 2: "never sent
 * twice"): the provider took it, then the write that records it (its outbox row, the rows a catch-up
 * folded) was refused past the daily limit. The next attempt records it without sending it again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setFault } from '../../worker/faults';
import { nextResetMs } from '../../worker/shared/limits';
import { create, move } from './helpers';
import { addresses, attach, awayFromReset, duo, FakeSender, MIN, mailMatch } from './mail-helpers';
import { settings } from './prefs-helpers';

afterEach(() => {
  setFault('writes', null);
  setFault('mail', null);
});

describe('a mail sent when its row cannot be stored', () => {
  it('goes once: the next alarm records it without sending it again', async () => {
    const h = await mailMatch(duo(addresses(), { turnDeadlineHours: 0 }));
    // Minutes pass in this test, never across the 00:00 UTC reset.
    const t0 = awayFromReset(h.clock.now);
    await h.setClock(t0);
    // The provider takes each mail; the platform refuses every write after it.
    h.sender.script = () => {
      setFault('writes', 'daily_limit');
      return undefined;
    };
    await h.fire(t0);
    expect(h.sender.sent).toHaveLength(1);
    h.sender.script = null;
    setFault('writes', null);
    await h.fire(t0 + MIN);
    await h.fire(t0 + 10 * MIN);
    // Each mail once: Bob's invitation, then Ann's turn mail (due after its grace).
    const keys = h.sender.attempts.map((m) => m.idempotencyKey.split(':').slice(1).join(':'));
    expect(keys).toEqual(['invite:1', 'turn:0:v1']);
    const rows = await h.rows();
    expect(rows.map((r) => [r.key, r.status])).toEqual([
      ['invite:1', 'sent'],
      ['turn:0:v1', 'sent'],
    ]);
  });

  it('a catch-up goes once, its folded mails recorded with it', async () => {
    const h = await mailMatch(duo(addresses(), { turnDeadlineHours: 0 }));
    const t0 = awayFromReset(h.clock.now);
    await h.setClock(t0);
    const reset = nextResetMs(t0);
    setFault('mail', 'daily_limit', reset);
    await h.fire(t0);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    expect(h.sender.attempts).toHaveLength(0);
    h.sender.script = () => {
      setFault('writes', 'daily_limit');
      return undefined;
    };
    await h.fire(reset);
    const first = h.sender.sent.length;
    expect(first).toBeGreaterThan(0);
    h.sender.script = null;
    setFault('writes', null);
    await h.fire(reset + MIN);
    await h.fire(reset + 30 * MIN);
    expect(h.sender.sent).toHaveLength(first);
    expect((await h.rows()).filter((r) => r.status === 'queued')).toEqual([]);
  });
});

describe('a catch-up in the player’s quiet hours', () => {
  it('is one mail when the quiet hours end, folding every mail that waited for the reset', async () => {
    // Wednesday 15 January 2031, 12:00 UTC; the reset at 00:00 UTC is 01:00 in Oslo: Bob's night.
    const day = Date.UTC(2031, 0, 15, 12);
    const reset = nextResetMs(day);
    const a = addresses();
    const h = await attach(await create(duo(a, { turnDeadlineHours: 0 })), new FakeSender(), { now: day });
    expect((await settings(h.m, 1, { timeZone: 'Europe/Oslo' })).status).toBe(200);
    setFault('mail', 'daily_limit', reset);
    await h.fire(day);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(day + 3 * MIN);
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    await h.fire(day + 6 * MIN);
    expect(h.sender.attempts).toHaveLength(0);
    await h.fire(reset);
    await h.fire(reset + MIN);
    // Morning in Oslo.
    await h.fire(Date.UTC(2031, 0, 16, 6));
    await h.fire(Date.UTC(2031, 0, 16, 6) + MIN);
    const toBob = h.sender.sent.filter((m) => m.to === a.bob);
    expect(toBob.map((m) => m.subject)).toEqual(['Mille Bornes : pendant la pause des mails']);
    expect((await h.rows()).filter((r) => r.status === 'queued')).toEqual([]);
  });
});
