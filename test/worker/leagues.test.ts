/**
 * Every league path and its bad input: creating a league, reading it as the owner
 * or a member, a match with one press (the members' league links open its seats, the home page's
 * batch read answers for them), leaving, the owner's rename, removal and archive, the league's chat.
 * A refusal is a 4xx `{error: {code, message}}` and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { RELINK_MAX } from '../../worker/league/actions';
import { api, freshIp, info, refused, type TestMatch } from './helpers';
import {
  createLeague,
  finishLeagueMatch,
  leagueInfo,
  leagueMatch,
  leagueStubOf,
  leagueToken,
  pendingTell,
} from './league-helpers';
import { agreeRematch } from './rematch-helpers';

const FORGED = 'A'.repeat(43);

async function post(path: string, token: string | null, body: unknown = {}) {
  return api(path, { token, body });
}

describe('creating a league', () => {
  it('gives the owner’s link and one link per member; each reads the league', async () => {
    const l = await createLeague();
    expect(l.created.members.map((m) => m.name)).toEqual(['Ann', 'Bob', 'Cid']);
    expect(l.created.ownerUrl).toContain(`/l/${l.id}#owner=`);
    const asOwner = await leagueInfo(l, l.owner);
    expect(asOwner.you).toEqual({ member: null, owner: true });
    expect(asOwner.name).toBe('Friday club');
    expect(asOwner.standings).toHaveLength(3);
    const asCid = await leagueInfo(l, l.members[2]);
    expect(asCid.you).toEqual({ member: 2, owner: false });
    // No token hash or token in what a reader sees.
    expect(JSON.stringify(asOwner)).not.toMatch(/[0-9a-f]{64}|tokenHash|ownerHash/);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: 'L', members: ['Ann'], rules: 'classic' }, 'request.invalid'],
      [{ name: 'L', members: ['Ann', 'ANN'], rules: 'classic' }, 'name.taken'],
      [{ name: 'L', members: ['Ann', '   '], rules: 'classic' }, 'request.invalid'],
      [{ name: 'L', members: ['Ann', 'B\u0007b'], rules: 'classic' }, 'request.invalid'],
      [{ name: '', members: ['Ann', 'Bob'], rules: 'classic' }, 'request.invalid'],
      [{ name: 'L', members: ['Ann', 'Bob'], rules: 'chess' }, 'request.invalid'],
      [
        { name: 'L', members: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'], rules: 'classic' },
        'request.invalid',
      ],
      [{ name: 'L', members: ['Ann', 'Bob'], rules: 'classic', owner: 'me' }, 'request.invalid'],
    ];
    for (const [body, code] of bad) {
      const r = await api('/api/leagues', { body, ip: freshIp() });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code, JSON.stringify(body)).toBe(code);
      expect(r.body.leagueId).toBeUndefined();
    }
  });

  it('answers an unknown league, a forged token and no token with a 4xx', async () => {
    const l = await createLeague();
    expect((await api(`/api/leagues/${'Z'.repeat(22)}`, { token: l.owner })).body.error.code).toBe(
      'league.not_found',
    );
    const forged = await api(`/api/leagues/${l.id}`, { token: FORGED });
    expect([forged.status, forged.body.error.code]).toEqual([403, 'league.not_member']);
    expect((await api(`/api/leagues/${l.id}`)).status).toBe(403);
    expect((await api('/api/leagues/bad!id')).status).toBe(400);
  });
});

describe('a match in the league', () => {
  it('seats every member with their own league link, plus the bots asked for', async () => {
    const l = await createLeague();
    const m = await leagueMatch(l, 2, 1);
    const seen = await info(m, l.members[2]);
    expect(seen.you.seat).toBe(0);
    expect(seen.seats.map((s) => s.kind)).toEqual(['human', 'human', 'human', 'bot']);
    expect(seen.seats.slice(0, 3).map((s) => s.name)).toEqual(['Cid', 'Ann', 'Bob']);
    expect((await info(m, l.members[0])).you.seat).toBe(1);
    // The home page's batch read answers for the league's links.
    const batch = await api('/api/matches/summaries', {
      body: { items: l.members.map((token) => ({ matchId: m.id, token })) },
    });
    expect(batch.body.items.map((i: { ok: boolean }) => i.ok)).toEqual([true, true, true]);
    const league = await leagueInfo(l, l.owner);
    expect(league.matches.map((x) => x.matchId)).toEqual([m.id]);
    expect(league.matches[0].seats).toEqual([2, 0, 1, null]);
  });

  it('refuses the owner’s link, a forged token, too many seats and bad bodies; records nothing', async () => {
    const l = await createLeague();
    const path = `/api/leagues/${l.id}/matches`;
    const cases: Array<[string | null, unknown, number, string]> = [
      [l.owner, {}, 403, 'league.not_member'],
      [FORGED, {}, 403, 'league.not_member'],
      [null, {}, 403, 'league.not_member'],
      [l.members[0], { bots: 6 }, 400, 'league.seats'],
      [l.members[0], { bots: -1 }, 400, 'request.invalid'],
      [l.members[0], { bots: 1, seats: [] }, 400, 'request.invalid'],
    ];
    for (const [token, body, status, code] of cases) {
      const r = await post(path, token, body);
      expect([r.status, r.body.error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await leagueInfo(l, l.owner)).matches).toEqual([]);
  });

  it('a league of rules the match refuses records no match', async () => {
    const l = await createLeague(['Ann', 'Bob'], {
      rules: { preset: 'classic', options: { noSuchOption: 1 } },
    });
    const r = await post(`/api/leagues/${l.id}/matches`, l.members[0]);
    expect([r.status, r.body.error.code]).toEqual([400, 'rules.invalid']);
    expect((await leagueInfo(l, l.owner)).matches).toEqual([]);
  });
});

describe('leaving and the owner’s powers', () => {
  it('a member who left is refused everywhere and sits in no new match', async () => {
    const l = await createLeague();
    expect((await post(`/api/leagues/${l.id}/leave`, l.members[1])).status).toBe(200);
    for (const r of [
      await post(`/api/leagues/${l.id}/matches`, l.members[1]),
      await post(`/api/leagues/${l.id}/leave`, l.members[1]),
      await api(`/api/leagues/${l.id}`, { token: l.members[1] }),
      await post(`/api/leagues/${l.id}/chat`, l.members[1], { text: 'hi' }),
    ])
      expect([r.status, r.body.error.code]).toEqual([403, 'league.left']);
    const m = await leagueMatch(l, 0);
    expect((await info(m, l.members[0])).seats.map((s) => s.name)).toEqual(['Ann', 'Cid']);
    const league = await leagueInfo(l, l.owner);
    expect(league.members.find((x) => x.member === 1)?.left).toBe(true);
    expect(league.standings.find((s) => s.member === 1)?.left).toBe(true);
  });

  it('the owner renames, removes a member and archives; others may not', async () => {
    const l = await createLeague();
    const base = `/api/leagues/${l.id}`;
    expect((await post(`${base}/rename`, l.members[0], { name: 'Mine' })).body.error.code).toBe(
      'league.not_owner',
    );
    expect((await post(`${base}/rename`, l.owner, { name: ' ' })).body.error.code).toBe('request.invalid');
    expect((await post(`${base}/rename`, l.owner, { name: 'x'.repeat(61) })).status).toBe(400);
    expect((await post(`${base}/rename`, l.owner, { name: 'Saturday club' })).status).toBe(200);
    expect((await leagueInfo(l, l.members[0])).name).toBe('Saturday club');
    expect((await post(`${base}/members/2/remove`, l.members[0])).body.error.code).toBe('league.not_owner');
    expect((await post(`${base}/members/2/remove`, l.owner)).status).toBe(200);
    expect((await post(`${base}/members/2/remove`, l.owner)).body.error.code).toBe('league.member_unknown');
    expect((await post(`${base}/members/7/remove`, l.owner)).body.error.code).toBe('league.member_unknown');
    expect((await post(`${base}/members/9/remove`, l.owner)).status).toBe(400);
    expect((await api(base, { token: l.members[2] })).body.error.code).toBe('league.left');
    expect((await post(`${base}/archive`, l.members[0])).body.error.code).toBe('league.not_owner');
    expect((await post(`${base}/archive`, l.owner)).status).toBe(200);
    const archived = await leagueInfo(l, l.members[0]);
    expect(archived.status).toBe('archived');
    for (const r of [
      await post(`${base}/matches`, l.members[0]),
      await post(`${base}/rename`, l.owner, { name: 'Again' }),
      await post(`${base}/archive`, l.owner),
      await post(`${base}/leave`, l.members[0]),
      await post(`${base}/chat`, l.members[0], { text: 'hi' }),
    ])
      expect([r.status, r.body.error.code]).toEqual([409, 'league.archived']);
    expect((await leagueInfo(l, l.owner)).name).toBe('Saturday club');
  });
});

describe('a member’s new link', () => {
  it('only the owner makes one; the old link is refused after, the new one opens the member’s place', async () => {
    const l = await createLeague();
    const base = `/api/leagues/${l.id}`;
    for (const token of [l.members[0], l.members[1], FORGED, null]) {
      const r = await post(`${base}/members/1/link`, token);
      expect(r.status).toBe(403);
      expect(['league.not_owner', 'league.not_member']).toContain(r.body.error.code);
    }
    // The refusals changed nothing: Bob's link still opens his place.
    expect((await leagueInfo(l, l.members[1])).you.member).toBe(1);

    const stub = leagueStubOf(l);
    const rowsBefore = (await stub.benchStats()).body.rows;
    const r = await post(`${base}/members/1/link`, l.owner);
    expect(r.status).toBe(200);
    expect((await stub.benchStats()).body.rows - rowsBefore).toBe(1);
    expect(r.body.member).toBe(1);
    expect(r.body.name).toBe('Bob');
    expect(r.body.url).toContain(`/l/${l.id}#member=`);
    const fresh = leagueToken(r.body.url);
    expect(fresh).not.toBe(l.members[1]);

    const old = await api(base, { token: l.members[1] });
    expect([old.status, old.body.error.code]).toEqual([403, 'league.not_member']);
    expect(old.body.error.message).toMatch(/no longer/);
    expect((await post(`${base}/matches`, l.members[1])).status).toBe(403);
    expect((await post(`${base}/chat`, l.members[1], { text: 'hi' })).status).toBe(403);

    const asBob = await leagueInfo(l, fresh);
    expect(asBob.you).toEqual({ member: 1, owner: false });
    expect(JSON.stringify(asBob)).not.toContain(fresh);
    // A match made now seats Bob by his new link.
    const m = await leagueMatch({ ...l, members: [l.members[0], fresh, l.members[2]] }, 1);
    expect((await info(m, fresh)).you.seat).toBe(0);
    // The others' links are untouched.
    expect((await leagueInfo(l, l.members[0])).you.member).toBe(0);
  });

  it('the matches made before take the new link too: the old one opens no seat there', async () => {
    const l = await createLeague();
    const m = await leagueMatch(l, 0);
    const bobSeat = m.seats.indexOf(l.members[1]);
    expect((await info(m, l.members[1])).you.seat).toBe(bobSeat);
    const r = await api(`/api/leagues/${l.id}/members/1/link`, { token: l.owner, body: {} });
    expect(r.status).toBe(200);
    const fresh = leagueToken(r.body.url);
    // The new link opens Bob's seat in the match made before; the old one is nobody there.
    expect((await info(m, fresh)).you.seat).toBe(bobSeat);
    expect((await info(m, l.members[1])).you.seat).toBeNull();
    // Ann's seat is untouched.
    expect((await info(m, l.members[0])).you.seat).toBe(m.seats.indexOf(l.members[0]));
  });

  it('relinks at most RELINK_MAX matches (newest first): the oldest beyond keeps the old token', async () => {
    const l = await createLeague(['Ann', 'Bob']);
    const made: TestMatch[] = [];
    for (let i = 0; i <= RELINK_MAX; i++) made.push(await leagueMatch(l, 0));
    const r = await api(`/api/leagues/${l.id}/members/1/link`, { token: l.owner, body: {} });
    const fresh = leagueToken(r.body.url);
    const [oldest, next] = made;
    expect((await info(oldest, l.members[1])).you.seat).not.toBeNull();
    expect((await info(next, fresh)).you.seat).not.toBeNull();
    expect((await info(made[RELINK_MAX], fresh)).you.seat).not.toBeNull();
  });

  it('a rematch dealt before follows too', async () => {
    const l = await createLeague(['Ann', 'Bob']);
    const m = await leagueMatch(l, 0);
    await finishLeagueMatch(m);
    const dealt = await agreeRematch(m.id, [m.seats[0]!, m.seats[1]!]);
    expect(dealt.status).toBe(201);
    const again = { ...m, id: dealt.body.matchId as string };
    const bobSeat = (await info(again, l.members[1])).you.seat;
    expect(bobSeat).not.toBeNull();
    const r = await api(`/api/leagues/${l.id}/members/1/link`, { token: l.owner, body: {} });
    const fresh = leagueToken(r.body.url);
    expect((await info(again, fresh)).you.seat).toBe(bobSeat);
    expect((await info(again, l.members[1])).you.seat).toBeNull();
  });

  it('refuses a member who left, an unknown member and a bad member id', async () => {
    const l = await createLeague();
    const base = `/api/leagues/${l.id}`;
    expect((await post(`${base}/members/2/remove`, l.owner)).status).toBe(200);
    expect((await post(`${base}/members/2/link`, l.owner)).body.error.code).toBe('league.member_unknown');
    expect((await post(`${base}/members/5/link`, l.owner)).body.error.code).toBe('league.member_unknown');
    expect((await post(`${base}/members/9/link`, l.owner)).status).toBe(400);
    expect((await post(`${base}/members/0/link`, l.owner, { x: 1 })).status).toBe(400);
    expect((await leagueInfo(l, l.members[0])).you.member).toBe(0);
  });
});

describe('the league’s chat', () => {
  it('members write and delete their own, the owner reads and hides, strangers get nothing', async () => {
    const l = await createLeague();
    const chat = `/api/leagues/${l.id}/chat`;
    const sent = await post(chat, l.members[0], { text: 'Rematch tonight?' });
    expect(sent.status).toBe(201);
    const id = sent.body.message.id as number;
    expect((await post(chat, l.members[1], { phrase: 'goodGame' })).status).toBe(201);
    expect((await post(chat, l.owner, { text: 'owner' })).body.error.code).toBe('auth.not_a_seat');
    expect((await post(chat, FORGED, { text: 'x' })).body.error.code).toBe('league.not_member');
    expect((await post(chat, l.members[0], { text: '' })).status).toBe(400);
    const list = await api(`${chat}?after=0`, { token: l.owner });
    expect(list.body.messages.map((m: { seat: number }) => m.seat)).toEqual([0, 1]);
    expect((await api(`${chat}?after=0`, { token: FORGED })).status).toBe(403);
    expect((await api(`${chat}/${id}`, { method: 'DELETE', token: l.members[1] })).body.error.code).toBe(
      'chat.not_yours',
    );
    expect((await post(`${chat}/${id}/hide`, l.members[1])).body.error.code).toBe('league.not_owner');
    expect((await post(`${chat}/${id}/hide`, l.owner)).body.message.removed).toBe('hidden');
    expect((await api(`${chat}/${id}`, { method: 'DELETE', token: l.members[0] })).body.message.removed).toBe(
      'deleted',
    );
    expect((await api(`${chat}/99`, { method: 'DELETE', token: l.members[0] })).body.error.code).toBe(
      'chat.not_found',
    );
    expect((await leagueInfo(l, l.members[2])).chat).toMatchObject({ lastId: 2, removed: 1, others: 2 });
  });
});

describe('odd requests to a league', () => {
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
      { name: 'Club', members: ['Ann', 'Bob'], rules: 'classic', turnDeadlineHours: 0.5 },
      { name: 'Club', members: ['Ann', 'Bob'], rules: 'classic', turnDeadlineHours: '24' },
      { name: 'Club', members: ['Ann', 'Bob'], rules: 'classic', __proto__: { x: 1 }, extra: 1 },
      [],
      null,
    ];
    for (const body of bad)
      refused(
        await api('/api/leagues', { body, ip: freshIp() }),
        400,
        'request.invalid',
        JSON.stringify(body),
      );
    const twice = { name: 'Club', members: ['Ann', 'ann'], rules: 'classic' };
    refused(await api('/api/leagues', { body: twice, ip: freshIp() }), 400, 'name.taken');
    for (const raw of ['{', '{"name":', '\u0000'])
      refused(await api('/api/leagues', { raw, ip: freshIp() }), 400, 'request.malformed', raw);
    for (const raw of ['null', '"x"', '1e999'])
      refused(await api('/api/leagues', { raw, ip: freshIp() }), 400, 'request.invalid', raw);
  });

  it('another league’s tokens, the owner’s link and odd member ids change nothing', async () => {
    const a = await createLeague(['Ann', 'Bob']);
    const b = await createLeague(['Ann', 'Bob']);
    const base = `/api/leagues/${a.id}`;
    for (const token of [b.owner, b.members[0]]) {
      const reads = await api(base, { token });
      expect([reads.status, reads.body.error.code]).toEqual([403, 'league.not_member']);
      refused(await post(`${base}/matches`, token), 403, 'league.not_member');
      refused(await post(`${base}/rename`, token, { name: 'Taken' }), 403, 'league.not_member');
      refused(await post(`${base}/archive`, token), 403, 'league.not_member');
      refused(await post(`${base}/members/0/remove`, token), 403, 'league.not_member');
      refused(await post(`${base}/chat`, token, { text: 'hi' }), 403, 'league.not_member');
      refused(await post(`${base}/leave`, token), 403, 'league.not_member');
    }
    // The owner’s link is no member: it makes no match, writes no chat line, cannot leave.
    refused(await post(`${base}/matches`, a.owner), 403, 'league.not_member');
    refused(await post(`${base}/chat`, a.owner, { text: 'hi' }), 403, 'auth.not_a_seat');
    refused(await post(`${base}/leave`, a.owner), 403, 'league.not_member');
    for (const member of ['-1', '8', '1.5', 'x', '00', '99999999999'])
      refused(await post(`${base}/members/${member}/remove`, a.owner), 400, 'request.invalid', member);
    refused(await post(`${base}/members/5/remove`, a.owner), 404, 'league.member_unknown');
    expect((await post(`${base}/members/1/remove`, a.owner)).status).toBe(200);
    const twice = await post(`${base}/members/1/remove`, a.owner);
    expect([twice.status, twice.body.error.code]).toEqual([404, 'league.member_unknown']);
    for (const bots of [-1, 7, 1.5, '2', null, 1e308])
      refused(await post(`${base}/matches`, a.members[0], { bots }), 400, 'request.invalid', String(bots));
    // Ann alone: one seat is too few.
    const alone = await post(`${base}/matches`, a.members[0], { bots: 0 });
    expect([alone.status, alone.body.error.code]).toEqual([400, 'league.seats']);
    for (const msg of ['0', '-1', 'x', '1234567890'])
      refused(
        await api(`${base}/chat/${msg}`, { method: 'DELETE', token: a.members[0] }),
        400,
        'request.invalid',
        msg,
      );
    const info0 = await leagueInfo(a, a.owner);
    expect(info0.name).toBe('Friday club');
    expect(info0.matches).toEqual([]);
    expect(info0.status).toBe('active');
    expect(JSON.stringify(info0)).not.toMatch(/[0-9a-f]{64}/);
  });
});

describe('an archived league', () => {
  it('refuses every change, and its standings gain no rematch', async () => {
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
});
