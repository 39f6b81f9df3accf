/**
 * Attack tests of the new server paths: leagues (odd bodies, other leagues'
 * tokens, archived leagues, rematches after archiving or leaving), the open table (odd names, joins
 * that must fail, hidden hands after a stranger's join) and the replay (hands over after a forfeit or
 * a leave, what a replay may show). Each refusal is a 4xx JSON error that changes nothing.
 */
import { evictDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ReplayPage } from '../../worker/match/hand-replay';
import { advance, api, create, fireSchedule, freshIp, info, keysOf, stubOf, type TestMatch } from './helpers';
import { createLeague, finishLeagueMatch, leagueInfo, leagueMatch, pendingTell } from './league-helpers';
import { createOpen, createOpenRaw, join, listingOf } from './open-helpers';
import { agreeRematch } from './rematch-helpers';
import { playInto } from './replay-helpers';

/** A 4xx JSON error with a code and a message. */
function refused(r: { status: number; body: { error?: { code?: unknown; message?: unknown } } }, what = '') {
  expect(r.status, `${what} ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
  expect(r.status, what).toBeLessThan(500);
  expect(typeof r.body.error?.code, what).toBe('string');
  expect(typeof r.body.error?.message, what).toBe('string');
}

const post = (path: string, token: string | null, body: unknown = {}) => api(path, { token, body });

describe('leagues under attack', () => {
  it('refuses malformed, mistyped, huge and control-character bodies; nothing is stored', async () => {
    const bad: unknown[] = [
      { name: 'A\u0000B', members: ['Ann', 'Bob'], rules: 'classic' },
      { name: 'x'.repeat(10_000), members: ['Ann', 'Bob'], rules: 'classic' },
      { name: 'Club', members: ['Ann', 'B\u0007ob'], rules: 'classic' },
      { name: 'Club', members: ['Ann', '\u200b'], rules: 'classic' },
      { name: 'Club', members: ['Ann', 'y'.repeat(41)], rules: 'classic' },
      { name: 'Club', members: 'Ann,Bob', rules: 'classic' },
      { name: 'Club', members: ['Ann', 7], rules: 'classic' },
      { name: 'Club', members: Array.from({ length: 40 }, (_, i) => `P${i}`), rules: 'classic' },
      { name: 'Club', members: ['Ann', 'ann'], rules: 'classic' },
      { name: 'Club', members: ['Ann', 'Bob'], rules: 'classic', turnDeadlineHours: 0.5 },
      { name: 'Club', members: ['Ann', 'Bob'], rules: 'classic', turnDeadlineHours: '24' },
      { name: 'Club', members: ['Ann', 'Bob'], rules: 'classic', __proto__: { x: 1 }, extra: 1 },
      [],
      null,
    ];
    for (const body of bad) refused(await api('/api/leagues', { body, ip: freshIp() }), JSON.stringify(body));
    for (const raw of ['{', '{"name":', '\u0000', 'null', '"x"', '1e999'])
      refused(await api('/api/leagues', { raw, ip: freshIp() }), raw);
  });

  it('another league’s tokens, the owner’s link and odd member ids change nothing', async () => {
    const a = await createLeague(['Ann', 'Bob']);
    const b = await createLeague(['Ann', 'Bob']);
    const base = `/api/leagues/${a.id}`;
    for (const token of [b.owner, b.members[0]]) {
      const reads = await api(base, { token });
      expect([reads.status, reads.body.error.code]).toEqual([403, 'league.not_member']);
      refused(await post(`${base}/matches`, token));
      refused(await post(`${base}/rename`, token, { name: 'Taken' }));
      refused(await post(`${base}/archive`, token));
      refused(await post(`${base}/members/0/remove`, token));
      refused(await post(`${base}/chat`, token, { text: 'hi' }));
      refused(await post(`${base}/leave`, token));
    }
    // The owner’s link is no member: it makes no match, writes no chat line, cannot leave.
    refused(await post(`${base}/matches`, a.owner));
    refused(await post(`${base}/chat`, a.owner, { text: 'hi' }));
    refused(await post(`${base}/leave`, a.owner));
    for (const member of ['-1', '8', '1.5', 'x', '00', '99999999999'])
      refused(await post(`${base}/members/${member}/remove`, a.owner), member);
    refused(await post(`${base}/members/5/remove`, a.owner));
    expect((await post(`${base}/members/1/remove`, a.owner)).status).toBe(200);
    const twice = await post(`${base}/members/1/remove`, a.owner);
    expect([twice.status, twice.body.error.code]).toEqual([404, 'league.member_unknown']);
    for (const bots of [-1, 7, 1.5, '2', null, 1e308])
      refused(await post(`${base}/matches`, a.members[0], { bots }), String(bots));
    // Ann alone: one seat is too few.
    const alone = await post(`${base}/matches`, a.members[0], { bots: 0 });
    expect([alone.status, alone.body.error.code]).toEqual([400, 'league.seats']);
    for (const msg of ['0', '-1', 'x', '1234567890'])
      refused(await api(`${base}/chat/${msg}`, { method: 'DELETE', token: a.members[0] }), msg);
    const info0 = await leagueInfo(a, a.owner);
    expect(info0.name).toBe('Friday club');
    expect(info0.matches).toEqual([]);
    expect(info0.status).toBe('active');
    expect(JSON.stringify(info0)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('an archived league refuses every change, and its standings gain no rematch', async () => {
    const l = await createLeague(['Ann', 'Bob']);
    const m = await leagueMatch(l, 0);
    await finishLeagueMatch(m);
    expect((await post(`/api/leagues/${l.id}/archive`, l.owner)).status).toBe(200);
    const base = `/api/leagues/${l.id}`;
    for (const r of [
      await post(`${base}/matches`, l.members[0]),
      await post(`${base}/chat`, l.members[0], { text: 'hi' }),
      await post(`${base}/rename`, l.owner, { name: 'Again' }),
      await post(`${base}/archive`, l.owner),
      await post(`${base}/members/1/remove`, l.owner),
      await post(`${base}/leave`, l.members[1]),
    ])
      expect([r.status, r.body.error.code]).toEqual([409, 'league.archived']);
    const before = await leagueInfo(l, l.owner);
    // A rematch of the league's last match, played after the archive: not a match of the league.
    const dealt = await agreeRematch(m.id, [m.seats[0]!, m.seats[1]!]);
    expect(dealt.status).toBe(201);
    const again = { ...m, id: dealt.body.matchId as string };
    await finishLeagueMatch(again, 2);
    expect(await pendingTell(again)).toBeNull();
    const after = await leagueInfo(l, l.owner);
    expect(after.matches).toEqual(before.matches);
    expect(after.standings).toEqual(before.standings);
  });

  it('a rematch after a member left counts for those still in the league only', async () => {
    const l = await createLeague(['Ann', 'Bob', 'Cid']);
    const m = await leagueMatch(l, 0);
    await finishLeagueMatch(m);
    const counted = (await leagueInfo(l, l.owner)).standings.map((s) => [s.member, s.matches]);
    expect(counted.every(([, n]) => n === 1)).toBe(true);
    expect((await post(`/api/leagues/${l.id}/leave`, l.members[2])).status).toBe(200);
    const dealt = await agreeRematch(m.id, m.seats as string[]);
    expect(dealt.status).toBe(201);
    await finishLeagueMatch({ ...m, id: dealt.body.matchId as string }, 3);
    const league = await leagueInfo(l, l.owner);
    const of = (member: number) => league.standings.find((s) => s.member === member)!;
    expect(of(0).matches).toBe(2);
    expect(of(1).matches).toBe(2);
    expect(of(2).matches).toBe(1);
  });
});

describe('the open table under attack', () => {
  it('refuses odd names and bodies, joins of plain, unknown, started and own matches; nothing changes', async () => {
    const ip = freshIp();
    const m = await createOpen(ip, {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    for (const name of ['', ' ', '\u0000', 'A\u0007', 'z'.repeat(41), '\u202e', 7, null])
      refused(await join(m.id, name as string, freshIp()), JSON.stringify(name));
    for (const extra of [{ language: 'xx-!!' }, { seat: 1 }, { email: 'a@b.c' }])
      refused(await join(m.id, 'Ann', freshIp(), undefined, extra), JSON.stringify(extra));
    for (const raw of ['{', '[]', 'null', '{"name":"Ann"', '"Ann"'])
      refused(await api(`/api/open/${m.id}/join`, { raw, ip: freshIp() }), raw);
    refused(await join(m.id, 'Ann', freshIp(), 'short'));
    refused(await join(m.id, 'Ann', freshIp(), 'bad key with spaces!!'));
    refused(await join('AAAAAAAAAAAAAAAAAAAAAA', 'Ann', freshIp()));
    refused(await join('not-an-id', 'Ann', freshIp()));
    refused(await join(m.id, 'host', freshIp()), 'name taken');
    refused(await join(m.id, 'Me', ip), 'own match');
    const plain = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }],
    });
    refused(await join(plain.id, 'Ann', freshIp()), 'plain');
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
        JSON.stringify(q),
      );
  });

  it('a started or filled open match takes no stranger, and a stranger sees only their own hand', async () => {
    const m = await createOpen(freshIp(), { open: { waitMinutes: 5 } });
    const ann = await join(m.id, 'Ann', freshIp());
    expect(ann.status).toBe(200);
    const late = await join(m.id, 'Late', freshIp());
    refused(late, 'full');
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
    refused(await join(m.id, 'Later', freshIp()), 'a day later');
    expect((await info(m, m.host)).seats.map((s) => s.kind)).toEqual(['human', 'human']);
  });

  it('a match whose wait ended (bots in) takes no stranger', async () => {
    const m = await createOpen(freshIp(), {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
      open: { waitMinutes: 5 },
    });
    await advance(m, 24 * 3_600_000);
    expect((await info(m, m.host)).status).toBe('playing');
    refused(await join(m.id, 'Ann', freshIp()));
    expect((await info(m, m.host)).seats.map((s) => s.kind)).toEqual(['human', 'bot', 'bot']);
  });
});

/** Short hands (a 100 km trip) to 20000 points: hands end fast, the match runs on. */
const SHORT = { preset: 'classic', options: { goal: 100, matchTarget: 20000 } };

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

const replay = (m: TestMatch, hand: number, token: string | null) =>
  api(`/api/matches/${m.id}/replay?hand=${hand}`, { token });

describe('the replay under attack', () => {
  it('a player who left mid-hand still watches; the hands before and the left hand replay without a 500', async () => {
    const m = await trio('break-left');
    await playInto(m, 2, 90);
    const left = await api(`/api/matches/${m.id}/leave`, { token: m.seats[2]!, body: {} });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    await playInto(m, 3, 90);
    for (const hand of [1, 2]) {
      for (const token of [m.seats[0], m.seats[2]]) {
        const r = await replay(m, hand, token);
        expect(r.status, `${hand} ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
        const page = r.body as ReplayPage;
        for (const k of ['seed', 'seedScheme', 'rng']) expect(keysOf(page).has(k), k).toBe(false);
      }
    }
    refused(await replay(m, 3, m.seats[0]));
    refused(await replay(m, 1, null));
  });

  it('a match ended by a forfeit: its last hand replays (or is refused) without a 500', async () => {
    const m = await create({
      rules: SHORT,
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
      ],
      firstSeat: 0,
      testStack: { seed: 'break-forfeit' },
    });
    await playInto(m, 2, 90);
    const left = await api(`/api/matches/${m.id}/leave`, { token: m.seats[1]!, body: {} });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const i = await info(m, m.seats[0]);
    const hands = i.you.replayHands ?? 0;
    for (let hand = 1; hand <= 3; hand++) {
      const r = await replay(m, hand, m.seats[0]);
      if (hand <= hands) expect(r.status, `${hand} ${JSON.stringify(r.body)}`).toBe(200);
      else refused(r, String(hand));
    }
  });
});

describe('more odd players', () => {
  it('three strangers race for the last seat: one gets it, the others get a 409 and hold nothing', async () => {
    const m = await createOpen(freshIp(), {
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }],
    });
    const ips = [freshIp(), freshIp(), freshIp(), freshIp()];
    expect((await join(m.id, 'First', ips[0])).status).toBe(200);
    const raced = await Promise.all([1, 2, 3].map((i) => join(m.id, `Racer ${i}`, ips[i])));
    expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of raced.filter((x) => x.status !== 200)) {
      refused(r);
      expect(r.status).toBe(409);
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

  it('quick match with a seating the preset does not play creates nothing and keeps no place', async () => {
    const ip = freshIp();
    const before = (await api('/api/open')).body.matches.length as number;
    for (const seats of [7, 8]) {
      const r = await api('/api/open/quick', {
        ip,
        body: { name: 'Q', preset: 'classic', turnDeadlineHours: 24, seats },
      });
      refused(r, String(seats));
      expect(r.body.error.code).toBe('rules.invalid');
    }
    expect((await api('/api/open')).body.matches.length).toBe(before);
    // The refusals kept no place: the address still opens its three.
    for (let i = 0; i < 3; i++) expect((await createOpenRaw(ip)).status).toBe(201);
    expect((await createOpenRaw(ip)).status).toBe(429);
  });

  it('days passing after a league match ended count it once', async () => {
    const l = await createLeague(['Ann', 'Bob']);
    const m = await leagueMatch(l, 0);
    await finishLeagueMatch(m);
    for (let day = 0; day < 3; day++) await advance(m, 24 * 3_600_000);
    await fireSchedule(m, ['league']);
    const league = await leagueInfo(l, l.owner);
    expect(league.matches).toHaveLength(1);
    expect(league.standings.map((s) => s.matches)).toEqual([1, 1]);
    expect(await pendingTell(m)).toBeNull();
  });
});

describe('gone matches and wrong links', () => {
  it('an open match its host deletes leaves the list, takes no stranger and frees its place', async () => {
    const ip = freshIp();
    const made = [await createOpen(ip), await createOpen(ip), await createOpen(ip)];
    const gone = await api(`/api/matches/${made[0].id}`, { method: 'DELETE', token: made[0].host });
    expect(gone.status).toBe(204);
    expect(await listingOf(made[0].id)).toBeUndefined();
    const r = await join(made[0].id, 'Ann', freshIp());
    expect([r.status, r.body.error.code]).toEqual([404, 'open.not_found']);
    expect((await createOpenRaw(ip)).status).toBe(201);
  });

  it('a replay asked of a lobby match, with another match’s link or by a member who left the league is refused', async () => {
    const lobby = await createOpen(freshIp());
    refused(await replay(lobby, 1, lobby.host));
    const a = await trio('break-links-a');
    const b = await trio('break-links-b');
    await playInto(a, 2, 90);
    const other = await replay(a, 1, b.seats[0]);
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

describe('replays of odd hands', () => {
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
      testStack: { seed: 'break-teams' },
    });
    await playInto(m, 2, 80);
    // Nobody plays for a few hours: the server plays the humans' turns when their time runs out.
    for (let i = 0; i < 6; i++) await advance(m, 2 * 3_600_000);
    await playInto(m, 3, 80);
    const hands = (await info(m, m.seats[0])).you.replayHands ?? 0;
    expect(hands).toBeGreaterThanOrEqual(2);
    for (let hand = 1; hand <= hands; hand++) {
      const r = await replay(m, hand, m.seats[2]);
      expect(r.status, `${hand} ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
      expect((r.body as ReplayPage).replay.result).not.toBeNull();
    }
  });
});

describe('an open match deleted after its object slept', () => {
  it('leaves the list at once', async () => {
    const m = await createOpen(freshIp());
    expect(await listingOf(m.id)).toBeDefined();
    await evictDurableObject(stubOf(m));
    const gone = await api(`/api/matches/${m.id}`, { method: 'DELETE', token: m.host });
    expect(gone.status).toBe(204);
    expect(await listingOf(m.id)).toBeUndefined();
  });
});

describe('a replay after the match object slept', () => {
  it('is the same replay as before', async () => {
    const m = await trio('break-evict');
    await playInto(m, 3, 90);
    const before = [await replay(m, 1, m.seats[0]), await replay(m, 2, m.seats[1])];
    expect(before.map((r) => r.status)).toEqual([200, 200]);
    await evictDurableObject(stubOf(m));
    const after = [await replay(m, 1, m.seats[0]), await replay(m, 2, m.seats[1])];
    expect(after.map((r) => r.body)).toEqual(before.map((r) => r.body));
  });
});
