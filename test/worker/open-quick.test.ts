/**
 * The open table over time and "Quick match": when nobody comes within the wait,
 * bots fill the free seats on the match's alarm and the match starts (and leaves the list); a listing
 * whose match never says so leaves the list at its own expiry; quick match joins the oldest fitting
 * open match (the same preset without changed options, a free seat, a time per turn within a factor
 * of two) or creates one, never one of the client's own.
 */
import { describe, expect, it } from 'vitest';
import { advance, api, freshIp, info, refused, scheduleOf } from './helpers';
import { createOpen, createOpenRaw, join, listingOf, table } from './open-helpers';

describe('bots fill an open match after its wait', () => {
  it('starts with bots in the free seats when the wait ends, and leaves the list', async () => {
    const m = await createOpen(freshIp(), {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
      open: { waitMinutes: 5 },
    });
    expect((await join(m.id, 'Ann', freshIp())).status).toBe(200);
    expect((await scheduleOf(m)).map((s) => s.kind)).toContain('openFill');
    // Not yet: a minute before the end of the wait nothing happens.
    await advance(m, 4 * 60_000);
    expect((await info(m, m.host)).status).toBe('lobby');
    expect(await listingOf(m.id)).toBeDefined();
    await advance(m, 60_000);
    const i = await info(m, m.host);
    expect(i.status).toBe('playing');
    expect(i.seats.map((s) => s.kind)).toEqual(['human', 'human', 'bot']);
    expect(await listingOf(m.id)).toBeUndefined();
    expect((await scheduleOf(m)).map((s) => s.kind)).not.toContain('openFill');
  });

  it('a match filled by strangers before the wait keeps no fill alarm', async () => {
    const m = await createOpen(freshIp(), { open: { waitMinutes: 5 } });
    expect((await join(m.id, 'Ann', freshIp())).status).toBe(200);
    expect((await scheduleOf(m)).map((s) => s.kind)).not.toContain('openFill');
    await advance(m, 10 * 60_000);
    expect((await info(m, m.host)).seats.map((s) => s.kind)).toEqual(['human', 'human']);
  });

  it('a listing leaves the list at its own expiry even if its match never says so', async () => {
    const m = await createOpen(freshIp(), { open: { waitMinutes: 5 } });
    const now = Date.now();
    expect((await table().list(now)).some((l) => l.matchId === m.id)).toBe(true);
    const later = now + 5 * 60_000 + 10 * 60_000 + 1000;
    expect((await table().list(later)).some((l) => l.matchId === m.id)).toBe(false);
  });
});

/** POST /api/open/quick from `ip`. */
function quick(ip: string, body: Record<string, unknown>, deviceKey?: string) {
  return api('/api/open/quick', {
    ip,
    headers: deviceKey ? { 'X-Device-Key': deviceKey } : {},
    body: { name: 'Quick', ...body },
  });
}

describe('quick match', () => {
  // Times per turn no other test uses, so only this test's matches fit.
  it('joins the oldest fitting match: same preset, a free seat, a time per turn within a factor of two', async () => {
    const old = await createOpen(freshIp(), { rules: 'dujardin', turnDeadlineHours: 400 });
    const custom = await createOpen(freshIp(), {
      rules: { preset: 'dujardin', options: { mulligan: true } },
      turnDeadlineHours: 400,
    });
    const newer = await createOpen(freshIp(), { rules: 'dujardin', turnDeadlineHours: 300 });
    const other = await createOpen(freshIp(), { rules: 'classic', turnDeadlineHours: 400 });
    expect((await listingOf(custom.id))?.custom).toBe(true);

    const a = await quick(freshIp(), { preset: 'dujardin', turnDeadlineHours: 250 });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ joined: true, matchId: old.id, seat: 1 });
    expect((await info(old, a.body.token)).you.seat).toBe(1);
    // The oldest is full now: the next fitting one.
    const b = await quick(freshIp(), { preset: 'dujardin', turnDeadlineHours: 600 });
    expect(b.body).toMatchObject({ joined: true, matchId: newer.id });
    expect((await listingOf(custom.id))?.free).toBe(1);
    expect((await listingOf(other.id))?.free).toBe(1);
  });

  it('creates an open match when none fits (too fast, too slow, another preset)', async () => {
    const slow = await createOpen(freshIp(), { rules: 'hasbro-2016', turnDeadlineHours: 700 });
    const ip = freshIp();
    // 700 h is more than twice 340 h: it does not fit.
    const r = await quick(ip, { preset: 'hasbro-2016', turnDeadlineHours: 340, title: 'Quick one' });
    expect(r.status).toBe(201);
    expect(r.body.joined).toBe(false);
    const id = r.body.created.matchId;
    expect(await listingOf(id)).toMatchObject({
      title: 'Quick one',
      preset: 'hasbro-2016',
      seats: 2,
      free: 1,
      players: ['Quick'],
      turnDeadlineHours: 340,
    });
    expect(Date.parse((await listingOf(id))!.fillsAt) - Date.parse((await listingOf(id))!.createdAt)).toBe(
      10 * 60_000,
    );
    expect((await listingOf(slow.id))?.free).toBe(1);
    // The same client asking again is not seated in its own match: it gets a new one.
    const again = await quick(ip, { preset: 'hasbro-2016', turnDeadlineHours: 340 });
    expect(again.status).toBe(201);
    // Another client fits the first (oldest) quick match.
    const other = await quick(freshIp(), { preset: 'hasbro-2016', turnDeadlineHours: 340, name: 'Other' });
    expect(other.body).toMatchObject({ joined: true, matchId: id });
    // No deadline fits only no deadline.
    const none = await quick(freshIp(), { preset: 'hasbro-2016', turnDeadlineHours: 0 });
    expect(none.status).toBe(201);
    const partnership = await quick(freshIp(), { preset: 'partnership', turnDeadlineHours: 333 });
    expect(partnership.status).toBe(201);
    expect(await listingOf(partnership.body.created.matchId)).toMatchObject({ seats: 4, free: 3 });
  });

  it('refuses bad input and creates nothing', async () => {
    const ip = freshIp();
    for (const body of [
      { preset: 'chess', turnDeadlineHours: 24 },
      { preset: 'classic', turnDeadlineHours: 0.5 },
      { preset: 'classic', turnDeadlineHours: 721 },
      { preset: 'classic' },
      { preset: 'classic', turnDeadlineHours: 24, name: '' },
      { preset: 'classic', turnDeadlineHours: 24, seats: 9 },
      { preset: 'classic', turnDeadlineHours: 24, waitMinutes: 2 },
      { preset: 'classic', turnDeadlineHours: 24, email: 'a@example.org' },
    ]) {
      // (Another address each: the creation limit allows 10 a minute per address.)
      const r = await quick(freshIp(), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('request.invalid');
    }
    const seats = await quick(ip, { preset: 'partnership', turnDeadlineHours: 24, seats: 7 });
    expect(seats.status).toBe(400);
    expect(seats.body.error.code).toBe('rules.invalid');
    // Nothing was kept: the address still has its 3 open matches (in a time nobody else asks for).
    for (let i = 0; i < 3; i++)
      expect((await quick(ip, { preset: 'dujardin', turnDeadlineHours: 1 })).status).toBe(201);
    const fourth = await quick(ip, { preset: 'dujardin', turnDeadlineHours: 1 });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('open.too_many');
  });
});

describe('quick match refusals', () => {
  it('quick match with a seating the preset does not play creates nothing and keeps no place', async () => {
    const ip = freshIp();
    const before = (await api('/api/open')).body.matches.length as number;
    for (const seats of [7, 8]) {
      const r = await api('/api/open/quick', {
        ip,
        body: { name: 'Q', preset: 'classic', turnDeadlineHours: 24, seats },
      });
      refused(r, 400, 'rules.invalid', String(seats));
    }
    expect((await api('/api/open')).body.matches.length).toBe(before);
    // The refusals kept no place: the address still opens its three.
    for (let i = 0; i < 3; i++) expect((await createOpenRaw(ip)).status).toBe(201);
    expect((await createOpenRaw(ip)).status).toBe(429);
  });
});
