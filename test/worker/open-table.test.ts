/**
 * The open table: an open match is listed with its preset, seats, time per turn
 * and languages (never an address); a stranger takes a free seat with a name; bad input is a 4xx
 * `{error:{code,message}}` that changes nothing; the last free seat starts the match and it leaves
 * the list; a client gets one seat per match (by address or device key); at most 3 open matches per
 * address at once. Strangers racing for the last seat get one seat; a deleted open match leaves the
 * list at once, also after its object slept; a stranger's view holds nobody else's token.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hashToken, keyedHash } from '../../worker/tokens';
import { advance, api, create, freshIp, info, keysOf, refused, stubOf } from './helpers';
import { createLeague, leagueInfo, leagueMatch } from './league-helpers';
import { createOpen, createOpenRaw, join, listed, listingOf, table } from './open-helpers';

describe('an open match', () => {
  it('is listed with its preset, seats, time per turn and languages, and no address', async () => {
    const m = await createOpen(freshIp(), {
      seats: [
        { kind: 'human', name: 'Host', language: 'fr', email: 'host@example.org' },
        { kind: 'open' },
        { kind: 'bot', name: 'Robo' },
      ],
    });
    const l = await listingOf(m.id);
    expect(l).toMatchObject({
      title: 'Open game',
      preset: 'classic',
      custom: false,
      seats: 3,
      free: 1,
      players: ['Host', 'Robo'],
      turnDeadlineHours: 24,
      languages: ['fr'],
    });
    expect(Date.parse(l!.fillsAt) - Date.parse(l!.createdAt)).toBe(30 * 60_000);
    const raw = JSON.stringify((await api('/api/open')).body);
    expect(raw).not.toContain('@');
    expect(raw).not.toContain(m.host);
  });

  it('seats a stranger by name alone; the last free seat starts the match, which leaves the list', async () => {
    const m = await createOpen(freshIp(), {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    const a = await join(m.id, 'Stranger A', freshIp(), 'device-key-aaaaaaaa', { language: 'de' });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ matchId: m.id, seat: 1 });
    expect(a.body.seatUrl).toContain(`/m/${m.id}#seat=${a.body.token}`);
    const l = await listingOf(m.id);
    expect(l).toMatchObject({ free: 1, players: ['Host', 'Stranger A'], languages: ['en', 'de'] });
    const seated = await info({ ...m }, a.body.token);
    expect(seated.you.seat).toBe(1);
    expect(seated.status).toBe('lobby');
    // Its lobby says it is listed, and when computer players take the free seats (the wait: 30 min).
    const listedUntil = Date.parse(seated.config.open!.fillsAt);
    expect(listedUntil).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(listedUntil).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    const b = await join(m.id, 'Stranger B', freshIp());
    expect(b.status).toBe(200);
    const started = await info(m, b.body.token);
    expect(started.status).toBe('playing');
    expect(started.config.open).toBeUndefined();
    expect(await listingOf(m.id)).toBeUndefined();
    const late = await join(m.id, 'Late', freshIp());
    expect(late.status).toBe(404);
    expect(late.body.error.code).toBe('open.not_found');
  });

  it('refuses bad input with a 4xx error and changes nothing', async () => {
    const ip = freshIp();
    const before = (await listed()).length;
    for (const extra of [
      { open: { waitMinutes: 4 } },
      { open: { waitMinutes: 1441 } },
      { open: { waitMinutes: 7.5 } },
      { open: { waitMinutes: 30, fill: true } },
      { open: true },
      { title: 'bad\u0007title' },
    ]) {
      // (Another address: the creation limit allows 10 a minute per address.)
      const r = await createOpenRaw(freshIp(), extra);
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.error.code).toBe('request.invalid');
      expect(typeof r.body.error.message).toBe('string');
    }
    const noSeat = await createOpenRaw(ip, { seats: [{ kind: 'human', name: 'Host' }, { kind: 'bot' }] });
    expect(noSeat.status).toBe(400);
    expect(noSeat.body.error.code).toBe('open.no_free_seat');
    const badKey = await createOpenRaw(ip, {}, 'short');
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.code).toBe('request.invalid');
    expect((await listed()).length).toBe(before);
    // None of the refusals kept a place: the address still opens its 3 matches.
    for (let i = 0; i < 3; i++) expect((await createOpenRaw(ip)).status).toBe(201);

    const m = await createOpen(freshIp());
    const stranger = freshIp();
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'Bell\u0007' },
      { name: 'x'.repeat(41) },
      { name: 'Ann', email: 'ann@example.org' },
      { name: 'Ann', language: 'not a language' },
      { name: 'Ann', seat: 1 },
    ]) {
      const r = await api(`/api/open/${m.id}/join`, { ip: stranger, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('request.invalid');
    }
    const raw = await api(`/api/open/${m.id}/join`, { ip: stranger, raw: '{"name":' });
    expect(raw.status).toBe(400);
    expect(raw.body.error.code).toBe('request.malformed');
    const unknown = await join('A'.repeat(22), 'Ann', stranger);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('open.not_found');
    const badId = await join('bad', 'Ann', stranger);
    expect(badId.status).toBe(400);
    // A name the match has already: refused, and the stranger's place is given back.
    const taken = await join(m.id, 'Host', stranger);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('name.taken');
    expect((await listingOf(m.id))?.free).toBe(1);
    expect((await api('/api/open?page=2')).status).toBe(400);
    // After all of it, the stranger still takes the seat.
    expect((await join(m.id, 'Ann', stranger)).status).toBe(200);
  });

  it('a plain match is not listed, and a plain claim still needs the invitation', async () => {
    const r = await api('/api/matches', {
      ip: freshIp(),
      body: { rules: 'classic', seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }] },
    });
    expect(r.status).toBe(201);
    expect(await listingOf(r.body.matchId)).toBeUndefined();
    const j = await join(r.body.matchId, 'Ann', freshIp());
    expect(j.status).toBe(404);
    expect(j.body.error.code).toBe('open.not_found');
  });
});

describe('what the open table writes', () => {
  it('2 rows per open match listed and 2 per join; reading the list writes none', async () => {
    const rows = async () => (await table().benchRows()).rowsWritten;
    const r0 = await rows();
    const m = await createOpen(freshIp(), {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    const r1 = await rows();
    expect(r1 - r0).toBe(2);
    await listed();
    expect(await rows()).toBe(r1);
    expect((await join(m.id, 'Ann', freshIp())).status).toBe(200);
    expect((await rows()) - r1).toBe(2);
  });
});

describe('a client on the open table', () => {
  it('is kept as a keyed hash of its address, not its plain SHA-256 (an IPv4 hash is reversed by trying all)', async () => {
    const ip = freshIp();
    const m = await createOpen(ip, {}, 'device-key-0123456789');
    const row = await runInDurableObject(table(), (_i, state) =>
      state.storage.sql
        .exec<{ creator_ip: string; creator_device: string }>(
          'SELECT creator_ip, creator_device FROM open_matches WHERE match_id = ?',
          m.id,
        )
        .one(),
    );
    expect(row.creator_ip).toBe(await keyedHash(env, `open-ip:${ip}`));
    expect(row.creator_ip).not.toBe(await hashToken(`open-ip:${ip}`));
    // The device key is a random id: its plain hash hides it.
    expect(row.creator_device).toBe(await hashToken('open-device:device-key-0123456789'));
  });
});

describe('one seat per person', () => {
  it('refuses a second seat from the same address or the same device, and the creator', async () => {
    const creatorIp = freshIp();
    const m = await createOpen(
      creatorIp,
      { seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }] },
      'creator-device-key-1',
    );
    const own = await join(m.id, 'Me again', creatorIp);
    expect(own.status).toBe(409);
    expect(own.body.error.code).toBe('open.own_match');
    const ownDevice = await join(m.id, 'Me again', freshIp(), 'creator-device-key-1');
    expect(ownDevice.body.error.code).toBe('open.own_match');

    const ip = freshIp();
    expect((await join(m.id, 'Ann', ip, 'ann-device-key-0001')).status).toBe(200);
    const sameIp = await join(m.id, 'Ann two', ip, 'other-device-key-02');
    expect(sameIp.status).toBe(409);
    expect(sameIp.body.error.code).toBe('open.one_seat');
    const sameDevice = await join(m.id, 'Ann three', freshIp(), 'ann-device-key-0001');
    expect(sameDevice.status).toBe(409);
    expect(sameDevice.body.error.code).toBe('open.one_seat');
    // An IPv6 client is its /64: another address of the same network is the same client.
    expect((await join(m.id, 'Vic', '2001:db8:5:7::1')).status).toBe(200);
    const sameNet = await join(m.id, 'Vic two', '2001:db8:5:7::abcd');
    expect(sameNet.body.error.code).toBe('open.one_seat');
    const l = await listingOf(m.id);
    expect(l).toMatchObject({ free: 1, players: ['Host', 'Ann', 'Vic'] });
    expect((await info(m, m.host)).seats.filter((s) => s.kind === 'human')).toHaveLength(3);
  });
});

describe('at most 3 open matches per address', () => {
  it('refuses a fourth while three wait, and allows it once one started', async () => {
    const ip = freshIp();
    const made = [await createOpen(ip), await createOpen(ip), await createOpen(ip)];
    const before = (await listed()).length;
    const fourth = await createOpenRaw(ip);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('open.too_many');
    expect((await listed()).length).toBe(before);
    // A new device key does not make a new address; another address is another client.
    expect((await createOpenRaw(ip, {}, 'some-new-device-key')).status).toBe(429);
    expect((await createOpenRaw(freshIp())).status).toBe(201);
    // A plain match from the same address is not limited.
    const plain = await api('/api/matches', {
      ip,
      body: { rules: 'classic', seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }] },
    });
    expect(plain.status).toBe(201);
    // The host starts one: it leaves the list and frees a place.
    expect((await api(`/api/matches/${made[0].id}/start`, { body: {}, token: made[0].host })).status).toBe(
      200,
    );
    expect(await listingOf(made[0].id)).toBeUndefined();
    expect((await createOpenRaw(ip)).status).toBe(201);
    // The host deletes one: it leaves the list too.
    expect((await api(`/api/matches/${made[1].id}`, { method: 'DELETE', token: made[1].host })).status).toBe(
      204,
    );
    expect(await listingOf(made[1].id)).toBeUndefined();
    expect((await createOpenRaw(ip)).status).toBe(201);
  });
});

describe('joining an open match: refusals', () => {
  it('refuses odd names and bodies, joins of plain, unknown, started and own matches; nothing changes', async () => {
    const ip = freshIp();
    const m = await createOpen(ip, {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    for (const name of ['', ' ', '\u0000', 'A\u0007', 'z'.repeat(41), '\u202e', 7, null])
      refused(await join(m.id, name as string, freshIp()), 400, 'request.invalid', JSON.stringify(name));
    for (const extra of [{ language: 'xx-!!' }, { seat: 1 }, { email: 'a@b.c' }])
      refused(
        await join(m.id, 'Ann', freshIp(), undefined, extra),
        400,
        'request.invalid',
        JSON.stringify(extra),
      );
    for (const raw of ['{', '{"name":"Ann"'])
      refused(await api(`/api/open/${m.id}/join`, { raw, ip: freshIp() }), 400, 'request.malformed', raw);
    for (const raw of ['[]', 'null', '"Ann"'])
      refused(await api(`/api/open/${m.id}/join`, { raw, ip: freshIp() }), 400, 'request.invalid', raw);
    refused(await join(m.id, 'Ann', freshIp(), 'short'), 400, 'request.invalid');
    refused(await join(m.id, 'Ann', freshIp(), 'bad key with spaces!!'), 400, 'request.invalid');
    refused(await join('AAAAAAAAAAAAAAAAAAAAAA', 'Ann', freshIp()), 404, 'open.not_found');
    refused(await join('not-an-id', 'Ann', freshIp()), 400, 'request.invalid');
    refused(await join(m.id, 'host', freshIp()), 409, 'name.taken');
    refused(await join(m.id, 'Me', ip), 409, 'open.own_match');
    const plain = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }],
    });
    refused(await join(plain.id, 'Ann', freshIp()), 404, 'open.not_found', 'plain');
    expect((await info(m, m.host)).seats.map((s) => s.kind)).toEqual(['human', 'open', 'open']);
    expect((await listingOf(m.id))?.free).toBe(2);
    // Quick match: odd times per turn, seats and waits.
    for (const q of [
      { turnDeadlineHours: 0.5 },
      { turnDeadlineHours: 1e9 },
      { turnDeadlineHours: -1 },
      { turnDeadlineHours: '24' },
      { turnDeadlineHours: 24, seats: 9 },
      { turnDeadlineHours: 24, seats: 1 },
      { turnDeadlineHours: 24, waitMinutes: 0 },
      { turnDeadlineHours: 24, preset: 'nope' },
    ])
      refused(
        await api('/api/open/quick', { ip: freshIp(), body: { name: 'Q', preset: 'classic', ...q } }),
        400,
        'request.invalid',
        JSON.stringify(q),
      );
  });

  it('a started or filled open match takes no stranger, and a stranger sees only their own hand', async () => {
    const m = await createOpen(freshIp(), { open: { waitMinutes: 5 } });
    const ann = await join(m.id, 'Ann', freshIp());
    expect(ann.status).toBe(200);
    const late = await join(m.id, 'Late', freshIp());
    refused(late, 404, 'open.not_found', 'full');
    const annInfo = await info({ ...m, seats: [m.host, ann.body.token] }, ann.body.token);
    expect(annInfo.you.seat).toBe(ann.body.seat);
    const text = JSON.stringify(annInfo);
    const stored = (await api(`/dev/replay/${m.id}`)).body.stored as {
      hands: string[][];
      deck: string[];
      seed: string;
    };
    expect(text).not.toContain(stored.seed);
    const host = stored.hands[0].slice().sort().join(',');
    const shown = JSON.stringify(annInfo.view);
    expect(shown).not.toContain(JSON.stringify(stored.hands[0]));
    expect(keysOf(annInfo).has('seed')).toBe(false);
    expect(host.length).toBeGreaterThan(0);
    // A day passes: no fill alarm starts anything again, no seat opens.
    await advance(m, 24 * 3_600_000);
    refused(await join(m.id, 'Later', freshIp()), 404, 'open.not_found', 'a day later');
    expect((await info(m, m.host)).seats.map((s) => s.kind)).toEqual(['human', 'human']);
  });

  it('a match whose wait ended (bots in) takes no stranger', async () => {
    const m = await createOpen(freshIp(), {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
      open: { waitMinutes: 5 },
    });
    await advance(m, 24 * 3_600_000);
    expect((await info(m, m.host)).status).toBe('playing');
    refused(await join(m.id, 'Ann', freshIp()), 404, 'open.not_found');
    expect((await info(m, m.host)).seats.map((s) => s.kind)).toEqual(['human', 'bot', 'bot']);
  });

  it('three strangers race for the last seat: one gets it, the others get a 409 and hold nothing', async () => {
    const m = await createOpen(freshIp(), {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    const ips = [freshIp(), freshIp(), freshIp(), freshIp()];
    expect((await join(m.id, 'First', ips[0])).status).toBe(200);
    const raced = await Promise.all([1, 2, 3].map((i) => join(m.id, `Racer ${i}`, ips[i])));
    expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of raced.filter((x) => x.status !== 200)) {
      refused(r, 409, 'match.started');
    }
    expect((await info(m, m.host)).seats.map((s) => s.kind)).toEqual(['human', 'human', 'human']);
    expect(await listingOf(m.id)).toBeUndefined();
    // One client racing itself for two seats gets one.
    const two = await createOpen(freshIp(), {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    const ip = freshIp();
    const self = await Promise.all([join(two.id, 'Me', ip), join(two.id, 'Me too', ip)]);
    expect(self.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await listingOf(two.id))?.free).toBe(1);
  });
});

describe('what a stranger sees', () => {
  it('no token of anyone else in a stranger’s view, the public list or a member’s league page', async () => {
    const m = await createOpen(freshIp(), {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    const ann = await join(m.id, 'Ann', freshIp());
    expect(ann.status).toBe(200);
    const secrets = [m.host, m.seats[0]!, ...(m.invite ? [m.invite] : [])];
    const texts = [
      JSON.stringify(await info(m, ann.body.token)),
      JSON.stringify(await api('/api/open')),
      JSON.stringify(await api(`/api/matches/${m.id}`)),
    ];
    for (const t of texts) for (const s of secrets) expect(t).not.toContain(s);
    const l = await createLeague(['Ann', 'Bob', 'Cid']);
    const page = JSON.stringify(await leagueInfo(l, l.members[0]));
    for (const s of [l.owner, ...l.members]) expect(page).not.toContain(s);
    const lm = await leagueMatch(l, 1);
    const seen = JSON.stringify(await info(lm, l.members[0]));
    for (const s of [l.owner, l.members[1], l.members[2]]) expect(seen).not.toContain(s);
  });
});

describe('an open match its host deletes', () => {
  it('leaves the list, takes no stranger and frees its place', async () => {
    const ip = freshIp();
    const made = [await createOpen(ip), await createOpen(ip), await createOpen(ip)];
    const gone = await api(`/api/matches/${made[0].id}`, { method: 'DELETE', token: made[0].host });
    expect(gone.status).toBe(204);
    expect(await listingOf(made[0].id)).toBeUndefined();
    const r = await join(made[0].id, 'Ann', freshIp());
    expect([r.status, r.body.error.code]).toEqual([404, 'open.not_found']);
    expect((await createOpenRaw(ip)).status).toBe(201);
  });

  it('leaves the list at once, also after its object slept', async () => {
    const m = await createOpen(freshIp());
    expect(await listingOf(m.id)).toBeDefined();
    await evictDurableObject(stubOf(m));
    const gone = await api(`/api/matches/${m.id}`, { method: 'DELETE', token: m.host });
    expect(gone.status).toBe(204);
    expect(await listingOf(m.id)).toBeUndefined();
  });
});
