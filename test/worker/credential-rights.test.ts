/**
 * A credential has exactly the rights it has now, everywhere: a mailed link of a player who left
 * opens nothing in the rematch (the computer plays that seat there); a socket opened with a mailed
 * link that is then revoked is told `auth.changed`, closed, and gets no more views, chat frames or
 * presence; a player who left keeps their socket as a watcher's, without the chat, and reads no chat
 * counts in the summary; a deleted or hidden
 * chat message keeps no text in storage.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, info, move, openSocket, stubOf, type TestMatch, until } from './helpers';
import { addresses, duo, MIN, mailMatch, seatTokenIn } from './mail-helpers';
import { agreeRematch } from './rematch-helpers';
import { authed, chats, infos, say, setEmail, summaryOf, trio } from './rights-helpers';

/** Ann and Bob with addresses; Bob's first mail's seat link opened on a socket (authenticated as seat 1). */
async function bobOnMailedLink() {
  const a = addresses();
  const h = await mailMatch(duo(a));
  const [ann, bob] = h.m.seats as string[];
  await h.fire(h.clock.now);
  const s = await authed(h.m.id, seatTokenIn(h.sender.to(a.bob)[0]), (i) => i.you.seat === 1);
  return { a, h, ann, bob, s };
}

describe('a credential has the rights it has now', () => {
  it('a leaver’s mailed link opens nothing in the rematch, where the computer plays the seat', async () => {
    const a = addresses();
    const cat = `cat.${a.ann}`;
    const h = await mailMatch(trio(a, cat));
    const [ann, ben, catToken] = h.m.seats as string[];
    await move(h.m, ann, { type: 'play', card: 'roll' });
    await move(h.m, ben, { type: 'play', card: 'roll' });
    // Cat's turn mail, then Cat leaves: the computer plays her seat for good.
    await h.fire(h.clock.now + 3 * MIN);
    const catLink = seatTokenIn(h.sender.to(cat).at(-1)!);
    expect((await info(h.m, catLink)).you.seat).toBe(2);
    expect((await api(`/api/matches/${h.m.id}/leave`, { token: catToken, body: {} })).status).toBe(200);
    expect((await info(h.m, catLink)).you.seat).toBe(null);
    // Ann reaches 100 km: the match is over; Ann and Ben agree to a rematch.
    const v = (await info(h.m, ann)).view!;
    expect(v.legalMoves).toContainEqual({ type: 'play', card: 'd100' });
    expect((await move(h.m, ann, { type: 'play', card: 'd100' })).status).toBe(200);
    const re = await agreeRematch(h.m.id, [ann, ben]);
    expect(re.status).toBe(201);
    const r: TestMatch = { ...h.m, id: re.body.matchId as string };

    // In the rematch Cat's own token and her mailed link are nobody's.
    for (const token of [catToken, catLink]) {
      const seen = await info(r, token);
      expect(seen.you.seat).toBe(null);
      expect(seen.view?.hand ?? []).toEqual([]);
      expect((await say(r.id, token, 'mine now')).status).toBe(403);
      expect((await setEmail(r.id, token, 'thief@example.org')).status).toBe(403);
      const item = await summaryOf(r.id, token);
      expect(item.summary ?? null).toBe(null);
    }
    // Ann's and Ben's links still play the rematch.
    expect((await info(r, ann)).you.seat).toBe(0);
    expect((await info(r, ben)).you.seat).toBe(1);
    // No hash of Cat's is stored in the rematch.
    const rows = await runInDurableObject(stubOf(r), (_i, state) =>
      state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM mail_links WHERE seat = 2').one(),
    );
    expect(rows.n).toBe(0);
  });

  it('a socket opened with a mailed link is told and closed when the link is revoked, and is no presence', async () => {
    const { a, h, ann, bob, s } = await bobOnMailedLink();
    // Bob changes his address: the mailed link is revoked, and its socket told at once.
    expect((await setEmail(h.m.id, bob, `new.${a.bob}`)).status).toBe(200);
    await until(() => s.closed() !== null, 'the revoked socket closed');
    expect(s.closed()).toBe(4003);
    expect(s.frames.some((f) => f.type === 'error' && f.error.code === 'auth.changed')).toBe(true);
    const seenBefore = infos(s).length;
    // After the revocation it gets no view with Bob's hand and no chat.
    await move(h.m, ann, { type: 'play', card: 'roll' });
    await say(h.m.id, ann, 'hello Bob');
    await new Promise((r) => setTimeout(r, 100));
    expect(
      infos(s)
        .slice(seenBefore)
        .some((i) => i.you.seat === 1),
    ).toBe(false);
    expect(chats(s)).toEqual([]);
  });

  it('a socket of a revoked mailed link that says "visible" does not keep the seat present', async () => {
    const { a, h, ann, bob, s } = await bobOnMailedLink();
    s.ws!.send(JSON.stringify({ type: 'presence', visible: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect((await setEmail(h.m.id, bob, `new.${a.bob}`)).status).toBe(200);
    // Bob's turn comes: after the grace (2 min) his mail goes to the new address, though the revoked
    // socket's "visible" (3 min) would still count (a present seat gets no turn mail).
    await move(h.m, ann, { type: 'play', card: 'roll' });
    await h.fire(h.clock.now + 2 * MIN + 1000);
    expect(h.sender.to(`new.${a.bob}`).length).toBeGreaterThan(0);
  });

  it('a revoked link that authenticates again is refused', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    const bob = h.m.seats[1]!;
    await h.fire(h.clock.now);
    const bobLink = seatTokenIn(h.sender.to(a.bob)[0]);
    expect((await setEmail(h.m.id, bob, `new.${a.bob}`)).status).toBe(200);
    const s = await openSocket(h.m.id);
    s.ws!.send(JSON.stringify({ type: 'auth', token: bobLink }));
    await until(() => s.frames.some((f) => f.type === 'error'), 'the refusal');
    expect(s.frames.find((f) => f.type === 'error')).toMatchObject({ error: { code: 'auth.bad_token' } });
    expect(infos(s).every((i) => i.you.seat === null)).toBe(true);
  });

  it('a player who left reads no chat live, on a socket opened before or after leaving, nor its counts', async () => {
    const a = addresses();
    const cat = `cat.${a.ann}`;
    const h = await mailMatch(trio(a, cat));
    const [ann, ben, catToken] = h.m.seats as string[];
    const before = await authed(h.m.id, catToken, (i) => i.you.seat === 2);
    await say(h.m.id, ann, 'one');
    await until(() => chats(before).length === 1, 'Cat reads the chat while seated');
    expect((await api(`/api/matches/${h.m.id}/leave`, { token: catToken, body: {} })).status).toBe(200);
    // The socket opened before the leave is downgraded in place to a watcher's; one opened after
    // watches too; neither gets the chat.
    await until(() => infos(before).at(-1)?.you.left === 2, 'the downgraded socket’s watching view');
    expect(before.closed()).toBe(null);
    const after = await authed(h.m.id, catToken, () => true);
    await until(() => infos(after).some((i) => i.you.left === 2), 'the leaver’s watching view');
    await say(h.m.id, ben, 'two');
    await new Promise((r) => setTimeout(r, 100));
    expect(chats(before)).toHaveLength(1);
    expect(chats(after)).toEqual([]);
    expect((await api(`/api/matches/${h.m.id}/chat`, { token: catToken })).status).toBe(403);
    const item = await summaryOf(h.m.id, catToken);
    expect(item.summary.left).toBe(2);
    expect(item.summary.chat).toBeUndefined();
    // A seated player's summary still counts the chat.
    expect((await summaryOf(h.m.id, ann)).summary.chat.others).toBe(1);
  });

  it('a deleted or hidden chat message keeps no text in storage', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    const [ann] = h.m.seats as string[];
    const one = (await say(h.m.id, ann, 'my secret plan')).body.message.id as number;
    const two = (await say(h.m.id, ann, 'another secret')).body.message.id as number;
    expect((await api(`/api/matches/${h.m.id}/chat/${one}`, { token: ann, method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await api(`/api/matches/${h.m.id}/chat/${two}/hide`, { token: h.m.host, body: {} })).status).toBe(
      200,
    );
    const stored = await runInDurableObject(stubOf(h.m), (_i, state) =>
      state.storage.sql.exec('SELECT * FROM chat ORDER BY id').toArray(),
    );
    expect(JSON.stringify(stored)).not.toContain('secret');
    expect(stored.map((r) => [r.deleted, r.hidden])).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });
});
