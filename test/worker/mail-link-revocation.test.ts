/**
 * Seat links sent by mail carry their own tokens (one per seat, address and link generation, stored
 * once); changing or removing the seat's e-mail address revokes the ones issued before (their hashes
 * are deleted, and later mails carry a new one), so a mail at the old address no longer opens the
 * seat. The seat's own link keeps working, and mails sent afterwards carry working links. A rematch
 * dealt already forgets the revoked links and takes the new address.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, info, move, stubOf } from './helpers';
import { addresses, duo, MIN, mailMatch, seatTokenIn } from './mail-helpers';
import { agreeRematch } from './rematch-helpers';

const setEmail = (id: string, token: string, email: string | null) =>
  api(`/api/matches/${id}/settings`, { token, body: { email } });

describe('mail-link revocation', () => {
  it('removing then changing the address revokes the links mailed before; later links work', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    const old = seatTokenIn(h.sender.to(bob)[0]);
    expect((await info(h.m, old)).you.seat).toBe(1);

    // Bob removes his address, then gives a new one.
    expect((await setEmail(h.m.id, h.m.seats[1]!, null)).status).toBe(200);
    expect((await setEmail(h.m.id, h.m.seats[1]!, `new.${bob}`)).status).toBe(200);
    const links = await runInDurableObject(stubOf(h.m), (_i, state) =>
      state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM mail_links WHERE seat = 1').one(),
    );
    expect(links.n).toBe(0);

    // The old mail's link is a spectator's now: no seat, no move, no settings.
    expect((await info(h.m, old)).you.seat).toBe(null);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    const v = (await info(h.m, h.m.seats[1]!)).view!.version;
    const refused = await move(h.m, old, { type: 'play', card: 'roll' }, { version: v });
    expect(refused.status).toBe(403);
    expect((await setEmail(h.m.id, old, 'thief@example.org')).status).toBe(403);

    // The seat's own link still plays; a link mailed to the new address works.
    expect((await info(h.m, h.m.seats[1]!)).you.seat).toBe(1);
    await h.fire(t0 + 3 * MIN);
    const mailed = h.sender.to(`new.${bob}`);
    expect(mailed.length).toBeGreaterThan(0);
    const fresh = seatTokenIn(mailed.at(-1)!);
    expect((await info(h.m, fresh)).you.seat).toBe(1);
    expect((await move(h.m, fresh, { type: 'play', card: 'roll' }, { version: v })).status).toBe(200);
  });

  it('keeps the links when the address is sent again unchanged, and only the seat’s own', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    const bobLink = seatTokenIn(h.sender.to(bob)[0]);
    // Ann's turn comes back to her by mail.
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    const annLink = seatTokenIn(h.sender.to(ann).at(-1)!);
    expect((await setEmail(h.m.id, h.m.seats[1]!, bob)).status).toBe(200);
    expect((await info(h.m, bobLink)).you.seat).toBe(1);
    expect((await setEmail(h.m.id, h.m.seats[1]!, `other.${bob}`)).status).toBe(200);
    expect((await info(h.m, bobLink)).you.seat).toBe(null);
    expect((await info(h.m, annLink)).you.seat).toBe(0);
  });

  it('mails to one address carry one link, stored once; a revoked link stays revoked at the same address again', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    const linkRows = () =>
      runInDurableObject(
        stubOf(h.m),
        (_i, state) =>
          state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM mail_links WHERE seat = 1').one()
            .n,
      );
    await h.fire(t0);
    const first = seatTokenIn(h.sender.to(bob)[0]);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    expect(h.sender.to(bob)).toHaveLength(2);
    // The turn mail carries the invitation's link: its hash was stored once.
    expect(seatTokenIn(h.sender.to(bob)[1])).toBe(first);
    expect(await linkRows()).toBe(1);

    // Away to another address and back: the first link stays revoked.
    expect((await setEmail(h.m.id, h.m.seats[1]!, `other.${bob}`)).status).toBe(200);
    expect((await setEmail(h.m.id, h.m.seats[1]!, bob)).status).toBe(200);
    expect((await info(h.m, first)).you.seat).toBe(null);
    expect((await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' })).status).toBe(200);
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' })).status).toBe(200);
    await h.fire(t0 + 6 * MIN);
    expect(h.sender.to(bob)).toHaveLength(3);
    const later = seatTokenIn(h.sender.to(bob)[2]);
    expect(later).not.toBe(first);
    expect((await info(h.m, later)).you.seat).toBe(1);
    expect((await info(h.m, first)).you.seat).toBe(null);
  });

  it('revokes the copies a rematch was given, too', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(
      duo({ ann, bob }, { rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } } }),
    );
    await h.fire(h.clock.now);
    const old = seatTokenIn(h.sender.to(bob)[0]);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    const re = await agreeRematch(h.m.id, [h.m.seats[1]!, h.m.seats[0]!]);
    expect(re.status).toBe(201);
    const next = { ...h.m, id: re.body.matchId as string };
    // The rematch's reply comes once the mail links are copied there: the old link works at once.
    expect((await info(next, old)).you.seat).toBe(1);
    expect((await setEmail(h.m.id, h.m.seats[1]!, `moved.${bob}`)).status).toBe(200);
    expect((await info(h.m, old)).you.seat).toBe(null);
    expect((await info(next, old)).you.seat).toBe(null);
    expect((await info(next, h.m.seats[1]!)).you.seat).toBe(1);
    // The rematch takes the new address too: its mails no longer go to the old one.
    const seat = await runInDurableObject(stubOf(next.id), (_i, state) =>
      state.storage.sql.exec<{ email: string }>('SELECT email FROM seats WHERE seat = 1').one(),
    );
    expect(seat.email).toBe(`moved.${bob}`);
  });
});
