/**
 * Attacks on "a credential has the rights it has now": sockets of one seat opened with
 * different credentials, re-authentication, the per-seat and spectator socket limits after
 * downgrades, a rematch's rematch, eviction between a change and the next push, and what a
 * downgraded or revoked socket may still read or do.
 */
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../worker/protocol/frames';
import {
  api,
  info,
  keysOf,
  move,
  openSocket,
  playOut,
  stubOf,
  type TestMatch,
  type TestSocket,
  until,
} from './helpers';
import { addresses, duo, MIN, mailMatch, seatTokenIn } from './mail-helpers';
import { agreeRematch } from './rematch-helpers';
import { authed, errors, infos, leave, say, setEmail, trio } from './rights-helpers';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends another auth frame on `s` and waits for its answer (an info or an error frame). */
async function reauth(s: TestSocket, token: string): Promise<ServerFrame> {
  const n = s.frames.length;
  s.ws!.send(JSON.stringify({ type: 'auth', token }));
  await until(() => s.frames.length > n, 'the answer to a second auth');
  await wait(30);
  return s.frames[n];
}

/** True when a frame shows a hand, the deck or the seed (nothing a watcher may see). */
function showsHidden(f: ServerFrame): boolean {
  if (f.type !== 'info') return false;
  const hand = f.info.view?.hand ?? [];
  const keys = keysOf(f);
  return hand.length > 0 || keys.has('deck') || keys.has('seed') || keys.has('hands');
}

describe('rights attacks: sockets of one seat', () => {
  it('two tabs of Bob (seat token and mailed link): revoking the link closes only the link’s tab', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    const [ann, bob] = h.m.seats as string[];
    await h.fire(h.clock.now);
    const bobLink = seatTokenIn(h.sender.to(a.bob)[0]);
    const byLink = await authed(h.m.id, bobLink, (i) => i.you.seat === 1);
    const byToken = await authed(h.m.id, bob, (i) => i.you.seat === 1);
    expect((await setEmail(h.m.id, bob, `new.${a.bob}`)).status).toBe(200);
    await until(() => byLink.closed() !== null, 'the link’s socket closed');
    expect(byLink.closed()).toBe(4003);
    await wait(50);
    expect(byToken.closed()).toBe(null);
    expect(errors(byToken)).toEqual([]);
    // The token's tab still plays: Ann's move reaches it with Bob's hand, and Bob is still connected.
    const n = infos(byToken).length;
    await move(h.m, ann, { type: 'play', card: 'roll' });
    await until(() => infos(byToken).length > n, 'the push after Ann’s move');
    const last = infos(byToken).at(-1)!;
    expect(last.you.seat).toBe(1);
    expect(last.view!.hand.length).toBeGreaterThan(0);
    expect((await info(h.m, ann)).seats[1].connected).toBe(true);
    // And it moves over the socket.
    const m0 = byToken.frames.length;
    byToken.ws!.send(
      JSON.stringify({
        type: 'move',
        moveId: 'tok-1',
        version: last.view!.version,
        move: { type: 'play', card: 'roll' },
      }),
    );
    await until(() => byToken.frames.slice(m0).some((f) => f.type === 'moveResult'), 'the move result');
    expect(byToken.frames.slice(m0).find((f) => f.type === 'moveResult')).toMatchObject({ status: 200 });
  });

  it('a socket that authenticates as a link, then as another seat, then with a revoked link keeps only the last good seat', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    const [ann, bob] = h.m.seats as string[];
    await h.fire(h.clock.now);
    const bobLink = seatTokenIn(h.sender.to(a.bob)[0]);
    const s = await authed(h.m.id, bobLink, (i) => i.you.seat === 1);
    const second = await reauth(s, ann);
    expect(second).toMatchObject({ type: 'info', info: { you: { seat: 0 } } });
    // Bob's link is revoked: the socket, Ann's now, is not Bob's and stays.
    expect((await setEmail(h.m.id, bob, `new.${a.bob}`)).status).toBe(200);
    await wait(50);
    expect(s.closed()).toBe(null);
    expect(errors(s)).toEqual([]);
    const third = await reauth(s, bobLink);
    expect(third).toMatchObject({ type: 'error', error: { code: 'auth.bad_token' } });
    // A move frame plays as Ann (the last accepted auth), never as Bob.
    const v = (await info(h.m, ann)).view!.version;
    const n = s.frames.length;
    s.ws!.send(
      JSON.stringify({ type: 'move', moveId: 'chain-1', version: v, move: { type: 'play', card: 'roll' } }),
    );
    await until(() => s.frames.slice(n).some((f) => f.type === 'moveResult'), 'the move result');
    const r = s.frames.slice(n).find((f) => f.type === 'moveResult')!;
    expect(r).toMatchObject({ status: 200 });
    expect((await info(h.m, ann)).view!.hand).not.toContain('roll');
  });

  it('the per-seat socket limit counts the seat as it is now: after a revocation closed 4 link sockets, 4 token sockets fit', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    const bob = h.m.seats[1]!;
    await h.fire(h.clock.now);
    const bobLink = seatTokenIn(h.sender.to(a.bob)[0]);
    const links: TestSocket[] = [];
    for (let i = 0; i < 4; i++) links.push(await authed(h.m.id, bobLink, (x) => x.you.seat === 1));
    const fifth = await authed(h.m.id, bob, () => false);
    expect(errors(fifth)).toContain('socket.limit');
    expect((await setEmail(h.m.id, bob, `new.${a.bob}`)).status).toBe(200);
    await until(() => links.every((s) => s.closed() !== null), 'the link sockets closed');
    const tokens: TestSocket[] = [];
    for (let i = 0; i < 4; i++) tokens.push(await authed(h.m.id, bob, (x) => x.you.seat === 1));
    for (const s of tokens) {
      expect(errors(s)).toEqual([]);
      expect(infos(s).at(-1)!.you.seat).toBe(1);
    }
  });
});

describe('rights attacks: a player who left', () => {
  it('a leaver authenticates as a watcher even while 4 spectators are connected', async () => {
    const a = addresses();
    const cat = `cat.${a.ann}`;
    const h = await mailMatch(trio(a, cat));
    const catToken = h.m.seats[2]!;
    expect((await leave(h.m.id, catToken)).status).toBe(200);
    // Four people watch the match without a link (or four tabs not authenticated yet).
    const watchers: TestSocket[] = [];
    for (let i = 0; i < 4; i++) watchers.push(await openSocket(h.m.id));
    const s = await authed(h.m.id, catToken, (i) => i.you.left === 2);
    expect(errors(s)).toEqual([]);
    expect(s.closed()).toBe(null);
    expect(infos(s).at(-1)!.you.left).toBe(2);
  });

  it('a seated player whose 4 tabs were downgraded by the leave can still open a watcher’s tab with a spectator around', async () => {
    const a = addresses();
    const cat = `cat.${a.ann}`;
    const h = await mailMatch(trio(a, cat));
    const catToken = h.m.seats[2]!;
    const tabs: TestSocket[] = [];
    for (let i = 0; i < 3; i++) tabs.push(await authed(h.m.id, catToken, (x) => x.you.seat === 2));
    expect((await leave(h.m.id, catToken)).status).toBe(200);
    await until(() => tabs.every((t) => infos(t).at(-1)?.you.left === 2), 'the downgraded tabs');
    await openSocket(h.m.id);
    // A fourth tab of the leaver: the docs limit sockets per seat and per host link, not a watcher's.
    const s = await authed(h.m.id, catToken, (i) => i.you.left === 2);
    expect(errors(s)).toEqual([]);
    expect(s.closed()).toBe(null);
  });

  it('a leaver’s downgraded socket: no move frame, no reclaim, no settings, no chat, no hidden cards, also after eviction', async () => {
    const a = addresses();
    const cat = `cat.${a.ann}`;
    const h = await mailMatch(trio(a, cat));
    const [ann, ben, catToken] = h.m.seats as string[];
    await h.fire(h.clock.now);
    const catLink = seatTokenIn(h.sender.to(cat).at(-1) ?? h.sender.to(cat)[0]);
    const byToken = await authed(h.m.id, catToken, (x) => x.you.seat === 2);
    const byLink = await authed(h.m.id, catLink, (x) => x.you.seat === 2);
    byToken.ws!.send(JSON.stringify({ type: 'presence', visible: true }));
    expect((await leave(h.m.id, catLink)).status).toBe(200);
    await until(
      () => [byToken, byLink].every((t) => infos(t).at(-1)?.you.left === 2),
      'both tabs downgraded in place',
    );
    const from = [byToken.frames.length, byLink.frames.length];
    expect(byToken.closed()).toBe(null);
    expect(byLink.closed()).toBe(null);
    // Ann's view: Cat is not connected any more.
    expect((await info(h.m, ann)).seats[2].connected).toBe(false);
    await evictDurableObject(stubOf(h.m));
    // After the eviction, Ann and Ben move (the computer plays Cat's seat) and chat.
    await move(h.m, ann, { type: 'play', card: 'roll' });
    await move(h.m, ben, { type: 'play', card: 'roll' });
    await say(h.m.id, ann, 'psst');
    await wait(100);
    for (const [i, t] of [byToken, byLink].entries()) {
      const got = t.frames.slice(from[i]);
      expect(got.some((f) => f.type === 'info')).toBe(true);
      expect(got.filter(showsHidden)).toEqual([]);
      expect(got.some((f) => f.type === 'chat')).toBe(false);
      expect(infos(t).at(-1)!.you.seat).toBe(null);
    }
    // A move frame from either tab plays nothing.
    const v = (await info(h.m, ann)).view!.version;
    const n = byLink.frames.length;
    byLink.ws!.send(
      JSON.stringify({ type: 'move', moveId: 'leaver-1', version: v, move: { type: 'play', card: 'd25' } }),
    );
    await until(() => byLink.frames.slice(n).some((f) => f.type === 'moveResult'), 'the move result');
    expect(byLink.frames.slice(n).find((f) => f.type === 'moveResult')).toMatchObject({ status: 403 });
    expect((await api(`/api/matches/${h.m.id}/seats/2/reclaim`, { token: catToken, body: {} })).status).toBe(
      403,
    );
    expect((await setEmail(h.m.id, catLink, 'thief@example.org')).status).toBe(403);
    expect((await say(h.m.id, catToken, 'still here')).status).toBe(403);
    expect((await info(h.m, ann)).view!.version).toBe(v);
  });
});

/** A duo played to its end (Ann reaches 100 km), Bob's mailed link in hand. */
async function finishedDuo() {
  const a = addresses();
  const h = await mailMatch(duo(a, { rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } } }));
  await h.fire(h.clock.now);
  const link = seatTokenIn(h.sender.to(a.bob)[0]);
  const [ann, bob] = h.m.seats as string[];
  await move(h.m, ann, { type: 'play', card: 'roll' });
  await move(h.m, bob, { type: 'play', card: 'roll' });
  await move(h.m, ann, { type: 'play', card: 'd100' });
  return { a, h, link, ann, bob };
}

describe('rights attacks: rematches', () => {
  it('a link forwarded twice (a rematch’s rematch) is revoked in both when the first match revokes it', async () => {
    const { a, h, link, ann, bob } = await finishedDuo();
    const re1 = await agreeRematch(h.m.id, [bob, ann]);
    expect(re1.status).toBe(201);
    const r1: TestMatch = { ...h.m, id: re1.body.matchId as string };
    expect((await info(r1, link)).you.seat).toBe(1);
    // Finish the rematch: Bob starts there (one seat to the left); play it out with the seat tokens.
    await playOut(r1);
    expect((await info(r1, ann)).status).toBe('finished');
    const re2 = await agreeRematch(r1.id, [ann, bob]);
    expect(re2.status).toBe(201);
    const r2: TestMatch = { ...h.m, id: re2.body.matchId as string };
    expect((await info(r2, link)).you.seat).toBe(1);
    const s = await authed(r2.id, link, (x) => x.you.seat === 1);
    // Bob changes his address in the first match: the link opens nothing anywhere now.
    expect((await setEmail(h.m.id, bob, `moved.${a.bob}`)).status).toBe(200);
    for (const m of [h.m, r1, r2]) expect((await info(m, link)).you.seat, m.id).toBe(null);
    await until(() => s.closed() !== null, 'the socket in the second rematch closed');
    expect(s.closed()).toBe(4003);
    expect((await info(r2, bob)).you.seat).toBe(1);
  });
});

describe('rights attacks: presence, replies and rematches after an address change', () => {
  it('a revoked mailed link that polled with ?present=1 does not keep the seat present', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    const [ann, bob] = h.m.seats as string[];
    await h.fire(h.clock.now);
    const bobLink = seatTokenIn(h.sender.to(a.bob)[0]);
    // Whoever reads the old mailbox keeps the page open: its poll says "looked at" (3 min).
    const polled = await api(`/api/matches/${h.m.id}?present=1`, { token: bobLink });
    expect(polled.status).toBe(200);
    expect(polled.body.you.seat).toBe(1);
    expect((await setEmail(h.m.id, bob, `new.${a.bob}`)).status).toBe(200);
    // Bob's turn comes: after the grace (2 min) his mail goes to the new address, though the revoked
    // link's poll (3 min) would still count.
    await move(h.m, ann, { type: 'play', card: 'roll' });
    await h.fire(h.clock.now + 2 * MIN + 1000);
    expect(h.sender.to(`new.${a.bob}`).length).toBeGreaterThan(0);
  });

  it('the reply to a settings change that revoked the caller’s own mailed link shows what the link is now', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    await h.fire(h.clock.now);
    const bobLink = seatTokenIn(h.sender.to(a.bob)[0]);
    const r = await setEmail(h.m.id, bobLink, `new.${a.bob}`);
    expect(r.status).toBe(200);
    expect((await info(h.m, bobLink)).you.seat).toBe(null);
    // The link opens nothing now: its reply must not hand it Bob's seat and hand.
    expect(r.body.you.seat).toBe(null);
    expect(r.body.view?.hand ?? []).toEqual([]);
  });

  it('an address change made while the rematch is being dealt reaches the rematch (no mail to the old address opens it)', async () => {
    const { a, h, link, ann, bob } = await finishedDuo();
    expect((await api(`/api/matches/${h.m.id}/rematch`, { token: ann, body: {} })).status).toBe(202);
    // Bob accepts (this deals the rematch) and, from another tab at the same moment, changes his address.
    const [re, changed] = await Promise.all([
      api(`/api/matches/${h.m.id}/rematch`, { token: bob, body: { answer: 'accept' } }),
      setEmail(h.m.id, bob, `moved.${a.bob}`),
    ]);
    expect(re.status).toBe(201);
    expect(changed.status).toBe(200);
    const r1: TestMatch = { ...h.m, id: re.body.matchId as string };
    expect((await info(h.m, link)).you.seat).toBe(null);
    expect((await info(r1, link)).you.seat).toBe(null);
    const emails = await runInDurableObject(stubOf(r1), (_i, state) =>
      state.storage.sql.exec<{ email: string | null }>('SELECT email FROM seats WHERE seat = 1').toArray(),
    );
    // Either order is fine for the players, as long as the rematch does not mail the address Bob left.
    expect(emails[0].email).toBe(`moved.${a.bob}`);
  });
});
