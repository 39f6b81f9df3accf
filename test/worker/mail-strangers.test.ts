/**
 * Mail to strangers (item 4): whoever creates a match may type any address, so no mail
 * shows a link-like title or name and no subject carries the title; a mute covers the whole rematch
 * chain (old per-match mutes still hold); one click in any mail stops every later match mail to the
 * address, and only a link mailed to that address lifts it (claiming a seat with it does not); and
 * "a bot took your seat" waits the grace period, dropped when the seat was taken back meanwhile.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { mailboxKey } from '../../worker/notify/address';
import type { MailAddressDurableObject } from '../../worker/notify/address-do';
import { htmlText, linkLike } from '../mail/link-like';
import { api, create, move, ORIGIN, playOut, stubOf, type TestMatch, worker } from './helpers';
import { addresses, attach, duo, linkIn, type MailMatch, MIN, mailMatch, postForm } from './mail-helpers';
import { agreeRematch } from './rematch-helpers';

/** Bob's per-address Durable Object. */
async function addressOf(address: string): Promise<DurableObjectStub<MailAddressDurableObject>> {
  const ns = env.MAIL_ADDRESS!;
  return ns.get(ns.idFromName(await mailboxKey(address))) as DurableObjectStub<MailAddressDurableObject>;
}

/** A quick match (goal 100): Ann, Bob, Ann play Roll, Roll, 100 km and it is over. */
const QUICK = { rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } } };

async function finishQuick(m: TestMatch): Promise<void> {
  await move(m, m.seats[0]!, { type: 'play', card: 'roll' });
  await move(m, m.seats[1]!, { type: 'play', card: 'roll' });
  await move(m, m.seats[0]!, { type: 'play', card: 'd100' });
}

/** Asks for a rematch of `h` and installs the same sender and clock there. */
async function rematchOf(h: MailMatch): Promise<MailMatch> {
  const re = await agreeRematch(h.m.id, [h.m.host, h.m.seats[0]!, h.m.seats[1]!]);
  expect(re.status).toBe(201);
  return attach({ ...h.m, id: re.body.matchId }, h.sender, h.clock);
}

/** The row of `seat`'s invitation. */
async function invitationRow(h: MailMatch, seat: number) {
  return (await h.rows()).find((r) => r.seat === seat && r.kind === 'invitation');
}

const EVIL_TITLE = 'Your account is locked, confirm at https://support.example.com/verify';

describe('link-like text in mails', () => {
  it('a title and names with URLs show no link in any mail, and subjects carry no title', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(
      duo(
        { ann, bob },
        {
          title: EVIL_TITLE,
          seats: [
            { kind: 'human', name: 'Support team www.evil.example', email: ann },
            { kind: 'human', name: 'Bob help@evil.example', email: bob, language: 'de' },
          ],
        },
      ),
    );
    const t0 = h.clock.now;
    await h.fire(t0);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 6 * MIN);
    const mails = [...h.sender.to(bob), ...h.sender.to(ann)];
    expect(mails.map((m) => m.subject)).toEqual([
      'Support team www[.]ev… lädt dich zu Mille Bornes ein',
      'Mille Bornes: du bist dran',
      'Mille Bornes: it is your turn',
    ]);
    for (const m of mails) {
      for (const part of [m.subject, m.text, htmlText(m.html)]) expect(linkLike(part, ORIGIN)).toEqual([]);
      expect(m.subject).not.toMatch(/locked|confirm/);
    }
    expect(h.sender.to(bob)[0].text).toContain('confirm at https[:]//support[.]example');
    expect(h.sender.to(ann)[0].text).toContain('Bob help@evil[.]example');
  });
});

describe('mute', () => {
  it('covers the whole rematch chain: muted, then three rematches, no invitation', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }, QUICK));
    await h.fire(h.clock.now);
    expect(h.sender.to(bob)).toHaveLength(1);
    const mute = linkIn(h.sender.to(bob)[0], 'mute');
    expect(mute).toContain(`/${h.m.id}/`);
    expect((await postForm(mute, 'List-Unsubscribe=One-Click')).status).toBe(200);
    await finishQuick(h.m);
    let at = h;
    for (let i = 0; i < 3; i++) {
      at = await rematchOf(at);
      await at.fire(at.clock.now + MIN);
      expect(await invitationRow(at, 1)).toMatchObject({ status: 'dropped', error: 'muted' });
      await playOut(at.m, { seed: i });
    }
    await at.fire(at.clock.now + 10 * MIN);
    expect(h.sender.to(bob)).toHaveLength(1);
    // Every rematch names the first match as its chain.
    const chain = await runInDurableObject(stubOf(at.m), (instance) =>
      (
        instance as unknown as { match: { notifier: { ctx: { match(): { chainId: string } } } } }
      ).match.notifier.ctx.match(),
    );
    expect(chain.chainId).toBe(h.m.id);
  });

  it('a mute made with an older per-match link still holds for that match', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }, QUICK));
    await h.fire(h.clock.now);
    await finishQuick(h.m);
    const re = await rematchOf(h);
    // A link from before chains named the match itself, with a token over its id.
    const addr = await addressOf(bob);
    const token = await addr.muteToken(re.m.id);
    const old = `${ORIGIN}/api/mail/mute/${await mailboxKey(bob)}/${re.m.id}/${token}`;
    expect((await postForm(old, 'List-Unsubscribe=One-Click')).status).toBe(200);
    // (Bob's mails so far: the invitation and the turn mails of the quick match, sent at once.)
    const before = h.sender.to(bob).length;
    await re.fire(re.clock.now + MIN);
    expect(await invitationRow(re, 1)).toMatchObject({ status: 'dropped', error: 'muted' });
    expect(h.sender.to(bob)).toHaveLength(before);
  });
});

describe('stop all mail', () => {
  it('one click blocks every later match mail; a claim does not lift it, the mailed link does', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    const invitation = h.sender.to(bob)[0];
    const block = /^<(.+)>$/.exec(invitation.headers['List-Unsubscribe']!)![1];
    expect(block).toBe(linkIn(invitation, 'block'));
    expect(block).toContain(`/api/mail/block/${await mailboxKey(bob)}/`);
    // A GET (a link scanner) only shows the page; a wrong token is refused.
    const page = await worker().fetch(block);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">');
    expect(await (await addressOf(bob)).isBlocked()).toBe(false);
    expect(
      (await postForm(block.replace(/\/[^/]+$/, '/wrongtoken'), 'List-Unsubscribe=One-Click')).status,
    ).toBe(403);
    // RFC 8058 one-click.
    const r = await postForm(block, 'List-Unsubscribe=One-Click');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ ok: true, blocked: true });

    // This match's turn mail and any other match's invitation are dropped.
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    const other = await mailMatch(duo({ ann: `x.${ann}`, bob }));
    await other.fire(other.clock.now);
    expect(await invitationRow(other, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
    // The turn mail was dropped at once (Bob is not looking): no row, nothing sent.
    expect((await h.rows()).filter((x) => x.seat === 1 && x.kind === 'yourTurn')).toEqual([]);
    expect(h.sender.to(bob)).toHaveLength(1);

    // Typing the address to take a seat, or in a seat's settings, does not lift it.
    const lobby = await create({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Cleo', email: `c.${ann}` },
        { kind: 'open', name: 'Open' },
        { kind: 'open', name: 'Open' },
      ],
    });
    const claim = await api(`/api/matches/${lobby.id}/claim`, {
      body: { invite: lobby.invite, name: 'Bob', email: bob },
      ip: '198.18.9.9',
    });
    expect(claim.status).toBe(200);
    const settings = await api(`/api/matches/${lobby.id}/settings`, {
      token: lobby.seats[0],
      body: { email: bob },
      ip: '198.18.9.9',
    });
    expect(settings.status).toBe(200);
    const claimed = await attach(lobby, h.sender, h.clock);
    await claimed.fire(h.clock.now + 3 * MIN);
    expect(await (await addressOf(bob)).isBlocked()).toBe(true);
    expect(h.sender.to(bob)).toHaveLength(1);

    // Asking for the unblock link answers the same for any address.
    const asked = await api('/api/mail/unblock', { body: { email: bob }, ip: '198.18.9.10' });
    const stranger = await api('/api/mail/unblock', {
      body: { email: 'nobody@example.org' },
      ip: '198.18.9.11',
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual(stranger.body);
    expect((await worker().fetch(`${ORIGIN}/api/mail/unblock`)).status).toBe(200);
    // The link mailed to the address (its mail is composed in test/mail) lifts the block, once.
    const now = Date.now();
    expect(await (await addressOf(bob)).unblockMailed(now)).toBe(false);
    const token = await (await addressOf(bob)).newUnblockToken(now);
    // While that link works, no second one is mailed (the form cannot keep mailing the address).
    expect(await (await addressOf(bob)).unblockMailed(now)).toBe(true);
    expect(await (await addressOf(bob)).unblockMailed(now + 25 * 3_600_000)).toBe(false);
    const unblock = `${ORIGIN}/api/mail/unblock/${await mailboxKey(bob)}/${token}`;
    const unblockPage = await worker().fetch(unblock);
    expect(unblockPage.status).toBe(200);
    expect(await unblockPage.text()).toContain('<button type="submit">');
    expect(await (await addressOf(bob)).isBlocked()).toBe(true);
    expect((await postForm(unblock, '')).status).toBe(200);
    expect(await (await addressOf(bob)).isBlocked()).toBe(false);
    expect((await postForm(unblock, '')).status).toBe(403);
    const later = await mailMatch(duo({ ann: `y.${ann}`, bob }));
    await later.fire(later.clock.now);
    expect(later.sender.to(bob)).toHaveLength(1);
  });
});

describe('a block after a failed send', () => {
  it('regression: a retried send of a mail admitted before the block is dropped, not sent', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    h.sender.next = [{ ok: false, code: 'mail.provider_error', retryable: true, message: 'resend 503' }];
    await h.fire(t0);
    expect(h.sender.sent).toHaveLength(0);
    const invitation = h.sender.attempts[0];
    const block = /^<(.+)>$/.exec(invitation.headers['List-Unsubscribe']!)![1];
    expect((await postForm(block, 'List-Unsubscribe=One-Click')).status).toBe(200);
    await h.fire(t0 + MIN);
    expect(h.sender.attempts).toHaveLength(1);
    expect(await invitationRow(h, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
  });
});

describe('a bot took your seat', () => {
  const toBot = (h: MailMatch) => api(`/api/matches/${h.m.id}/seats/1/bot`, { token: h.m.host, body: {} });
  const back = (h: MailMatch) =>
    api(`/api/matches/${h.m.id}/seats/1/reclaim`, { token: h.m.seats[1], body: {} });
  const seatMails = (h: MailMatch, bob: string) =>
    h.sender.to(bob).filter((m) => m.subject === 'Mille Bornes : un robot a pris votre place');

  it('is not sent when the seat is taken back within the grace period', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    for (let i = 0; i < 5; i++) {
      await h.setClock(t0 + i * 2000);
      expect((await toBot(h)).status).toBe(200);
      await h.setClock(h.clock.now + 1000);
      expect((await back(h)).status).toBe(200);
    }
    await h.fire(t0 + 10 * MIN);
    expect(seatMails(h, bob)).toHaveLength(0);
    const rows = (await h.rows()).filter((r) => r.key.startsWith('botseat:'));
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r).toMatchObject({ status: 'dropped', error: 'reclaimed' });
  });

  it('is sent once, after the grace period, when the bot keeps the seat', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    // Given, taken back and given again within the grace: one mail, for the seat's last hand-over.
    expect((await toBot(h)).status).toBe(200);
    await h.setClock(t0 + 1000);
    expect((await back(h)).status).toBe(200);
    await h.setClock(t0 + 2000);
    expect((await toBot(h)).status).toBe(200);
    await h.fire(t0 + MIN);
    expect(seatMails(h, bob)).toHaveLength(0);
    await h.fire(t0 + 3 * MIN);
    expect(seatMails(h, bob)).toHaveLength(1);
    await h.fire(t0 + 10 * MIN);
    expect(seatMails(h, bob)).toHaveLength(1);
    const rows = (await h.rows()).filter((r) => r.key.startsWith('botseat:'));
    expect(rows.map((r) => [r.status, r.error])).toEqual([
      ['dropped', 'superseded'],
      ['sent', null],
    ]);
  });
});
