/**
 * Mail state per mailbox (worker/notify/address.ts, address-move.ts): `bob+1@example.org` is
 * bob@example.org's mailbox, with one block and one hourly limit. Address objects used to be named
 * by the whole address, so a tagged address's object from before ("the old object", named by
 * `legacyAddressKey`) holds state set before the deploy: it moves to the mailbox's object the first
 * time a mail goes to the address, once, and never gets lost: a block or mute set there stops the
 * next mail, the preferences and the digest's alarm come along, and the mute, block, unblock and
 * "my matches" links mailed before (naming the old key and signed by the old object) keep working,
 * before and after the move. The move's cost in rows written is pinned.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { legacyAddressKey, mailboxKey, mailboxOf, mailboxStub } from '../../worker/notify/address';
import type { MailAddressDurableObject } from '../../worker/notify/address-do';
import { api, create, ORIGIN, worker } from './helpers';
import { addresses, attach, duo, FakeSender, type MailMatch, mailMatch, postForm } from './mail-helpers';

/** The address object named `key` itself (no forwarding followed). */
function objectNamed(key: string): DurableObjectStub<MailAddressDurableObject> {
  const ns = env.MAIL_ADDRESS!;
  return ns.get(ns.idFromName(key)) as DurableObjectStub<MailAddressDurableObject>;
}

/** Bob's address with a `+tag`, and the old object that address had before mailboxes. */
async function tagged(bob: string, tag = 'mb') {
  const address = bob.replace('@', `+${tag}@`);
  const oldKey = await legacyAddressKey(address);
  return { address, oldKey, old: objectNamed(oldKey) };
}

/** The outbox row of `seat`'s invitation in `h`. */
async function invitationRow(h: MailMatch, seat: number) {
  return (await h.rows()).find((r) => r.seat === seat && r.kind === 'invitation');
}

/** A match of Ann and `bob` whose invitations go out at once. */
async function invited(ann: string, bob: string): Promise<MailMatch> {
  const h = await mailMatch(duo({ ann, bob }));
  await h.fire(h.clock.now);
  return h;
}

/** The old object's stored rows: its kv keys and the number of rows of its other tables. */
function rowsOf(stub: DurableObjectStub<MailAddressDurableObject>) {
  return runInDurableObject(stub, (_i: MailAddressDurableObject, state) => {
    const sql = state.storage.sql;
    const kv = sql
      .exec<{ k: string }>('SELECT k FROM kv ORDER BY k')
      .toArray()
      .map((r) => r.k);
    const count = (t: string) => sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`).one().n;
    const others = ['mutes', 'matches', 'magic', 'unblock', 'seat_prefs', 'prefs_confirm'].map(count);
    return { kv, others: others.reduce((a, b) => a + b, 0) };
  });
}

describe('a tagged address is its mailbox', () => {
  it('bob+1 shares the block set from a mail to bob', async () => {
    const { ann, bob } = addresses();
    const h = await invited(ann, bob);
    const block = /^<(.+)>$/.exec(h.sender.to(bob)[0].headers['List-Unsubscribe']!)![1];
    expect((await postForm(block, 'List-Unsubscribe=One-Click')).status).toBe(200);

    const { address } = await tagged(bob, '1');
    const other = await invited(`x.${ann}`, address);
    expect(other.sender.to(address)).toHaveLength(0);
    expect(await invitationRow(other, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
  });

  it('bob+1 shares bob’s hourly limit', async () => {
    const { bob } = addresses();
    const { address } = await tagged(bob, '1');
    const now = Date.UTC(2031, 0, 15, 12);
    const own = (await mailboxStub(env, bob)).stub!;
    expect(await own.admit(null, now, 2)).toMatchObject({ ok: true });
    expect(await own.admit(null, now + 1, 2)).toMatchObject({ ok: true });
    const plus = await mailboxStub(env, address);
    expect(plus.key).toBe(await mailboxKey(bob));
    expect(await plus.stub!.admit(null, now + 2, 2)).toMatchObject({ ok: false, reason: 'rate_limited' });
  });
});

describe('state stored under the old key before the deploy', () => {
  it('a block set there stops the next mail to the address, and to its mailbox', async () => {
    const { ann, bob } = addresses();
    const { address, old } = await tagged(bob);
    // Before the deploy: bob+mb's own object, blocked through its link.
    expect(await old.block(await old.blockToken(), Date.now())).toBe(true);

    const h = await invited(ann, address);
    expect(h.sender.to(address)).toHaveLength(0);
    expect(await invitationRow(h, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
    // A block anywhere in the mailbox wins: bob's own address is blocked now too.
    const plain = await invited(`x.${ann}`, bob);
    expect(await invitationRow(plain, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
  });

  it('a mute set there still mutes that match after the move', async () => {
    const { ann, bob } = addresses();
    const { address, old } = await tagged(bob);
    const m = await create(duo({ ann, bob: address }));
    expect(await old.setMuted(m.id, await old.muteToken(m.id), true, Date.now())).toBe(true);

    const h = await attach(m, new FakeSender(), { now: Date.now() });
    await h.fire(h.clock.now);
    expect(h.sender.to(address)).toHaveLength(0);
    expect(await invitationRow(h, 1)).toMatchObject({ status: 'dropped', error: 'muted' });
    expect(h.sender.to(ann)).toHaveLength(0); // Ann is the host: no invitation either way
  });

  it('its mute and block links keep working after the move, as the old object signed them', async () => {
    const { ann, bob } = addresses();
    const { address, oldKey, old } = await tagged(bob);
    const chain = 'AAAAAAAAAAAAAAAAAAAAAA';
    const muteLink = `${ORIGIN}/api/mail/mute/${oldKey}/${chain}/${await old.muteToken(chain)}`;
    const blockLink = `${ORIGIN}/api/mail/block/${oldKey}/${await old.blockToken()}`;

    // The move: the first mail to the address.
    const h = await invited(ann, address);
    expect(h.sender.to(address)).toHaveLength(1);
    expect(await old.movedTo()).toBe(await mailboxKey(bob));
    const mailbox = objectNamed(await mailboxKey(bob));

    // The old mute link: its page, then the mute itself, kept at the mailbox.
    const page = await worker().fetch(muteLink);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">');
    expect((await postForm(muteLink, 'List-Unsubscribe=One-Click')).status).toBe(200);
    expect(await mailbox.isMuted(chain)).toBe(true);
    // A wrong token under the old key is still refused.
    expect(
      (await postForm(muteLink.replace(/[^/]+$/, 'wrongtoken'), 'List-Unsubscribe=One-Click')).status,
    ).toBe(403);

    // The old block link (an invitation's List-Unsubscribe): its page, then the block.
    expect((await worker().fetch(blockLink)).status).toBe(200);
    const r = await postForm(blockLink, 'List-Unsubscribe=One-Click');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ ok: true, blocked: true });
    expect(await mailbox.isBlocked()).toBe(true);
    const next = await invited(`x.${ann}`, address);
    expect(await invitationRow(next, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
  });

  it('its block link used after the deploy but before the move blocks there, and the move carries it', async () => {
    const { ann, bob } = addresses();
    const { address, oldKey, old } = await tagged(bob);
    const blockLink = `${ORIGIN}/api/mail/block/${oldKey}/${await old.blockToken()}`;
    expect((await postForm(blockLink, 'List-Unsubscribe=One-Click')).status).toBe(200);
    expect(await old.isBlocked()).toBe(true);
    expect(await old.movedTo()).toBeNull();

    const h = await invited(ann, address);
    expect(await invitationRow(h, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
  });

  it('its unblock link (mailed on request, 24 h) lifts the mailbox’s block after the move', async () => {
    const { ann, bob } = addresses();
    const { address, oldKey, old } = await tagged(bob);
    const now = Date.now();
    expect(await old.block(await old.blockToken(), now)).toBe(true);
    const unblock = `${ORIGIN}/api/mail/unblock/${oldKey}/${await old.newUnblockToken(now)}`;

    const h = await invited(ann, address);
    expect(await invitationRow(h, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
    expect((await postForm(unblock, '')).status).toBe(200);
    expect(await objectNamed(await mailboxKey(bob)).isBlocked()).toBe(false);
    const later = await invited(`y.${ann}`, address);
    expect(later.sender.to(address)).toHaveLength(1);
  });
});

describe('a “my matches” link mailed before the move', () => {
  it('still lists the address’s open matches, from the mailbox’s object', async () => {
    const { ann, bob } = addresses();
    const { address, oldKey, old } = await tagged(bob);
    const token = await old.newMagicToken(Date.now());
    const h = await invited(ann, address);
    expect(await old.movedTo()).toBe(await mailboxKey(bob));
    const r = await api('/api/mail/my-matches/list', { body: { key: oldKey, token } });
    expect(r.status).toBe(200);
    expect(r.body.matches.map((m: { matchId: string; seat: number }) => [m.matchId, m.seat])).toEqual([
      [h.m.id, 1],
    ]);
  });
});

describe('the move', () => {
  it('happens once: the old object keeps only its forwarding marker, later mails write nothing there', async () => {
    const { ann, bob } = addresses();
    const { address, oldKey, old } = await tagged(bob);
    const now = Date.now();
    expect(
      await old.setMuted('BBBBBBBBBBBBBBBBBBBBBB', await old.muteToken('BBBBBBBBBBBBBBBBBBBBBB'), true, now),
    ).toBe(true);
    await old.track({
      matchId: 'CCCCCCCCCCCCCCCCCCCCCC',
      seat: 1,
      title: 'Old',
      status: 'playing',
      updatedAt: now,
    });

    const first = await invited(ann, address);
    expect(first.sender.to(address)).toHaveLength(1);
    const newKey = await mailboxKey(bob);
    expect(await rowsOf(old)).toEqual({ kv: ['movedTo'], others: 0 });
    const mailbox = objectNamed(newKey);
    expect(await mailbox.isMuted('BBBBBBBBBBBBBBBBBBBBBB')).toBe(true);
    expect((await mailbox.matches()).map((m) => m.matchId)).toContain('CCCCCCCCCCCCCCCCCCCCCC');

    // More mails to the address: the old object is asked nothing more, the mailbox's writes no move row.
    const before = await mailbox.benchRows();
    await mailbox.absorb(newKey, oldKey);
    expect(await mailbox.benchRows()).toEqual(before);
    const second = await invited(`x.${ann}`, address);
    expect(second.sender.to(address)).toHaveLength(1);
    const stats = (await api(`/dev/address-stats/${oldKey}`)).body;
    expect(stats.byMethod).toMatchObject({ handOver: 1, release: 1 });
    expect(await rowsOf(old)).toEqual({ kv: ['movedTo'], others: 0 });
  });

  it('carries the preferences and the digest’s alarm; the old object’s alarm goes', async () => {
    const { bob } = addresses();
    const { address, oldKey, old } = await tagged(bob);
    const at = { matchId: 'FFFFFFFFFFFFFFFFFFFFFF', seat: 1 };
    const z = { prefs: { digestHour: 8, quiet: null }, timeZone: 'Europe/Oslo' };
    await old.setSeatPrefs(oldKey, at, z, Date.now());
    const alarm = (stub: DurableObjectStub<MailAddressDurableObject>) =>
      runInDurableObject(stub, (_i: MailAddressDurableObject, state) => state.storage.getAlarm());
    expect(await alarm(old)).not.toBeNull();

    const { stub } = await mailboxStub(env, address);
    expect(await stub!.prefsFor(at, null)).toEqual(z);
    expect(await alarm(old)).toBeNull();
    expect(await alarm(objectNamed(await mailboxKey(bob)))).not.toBeNull();
  });

  it('costs a few rows once: two per moved item and one in the mailbox’s object, the marker and the deletions in the old one', async () => {
    const { bob } = addresses();
    const { address, oldKey, old } = await tagged(bob);
    const now = Date.now();
    // A typical old object: its mute-link key, a block, a mute, one match.
    expect(await old.block(await old.blockToken(), now)).toBe(true);
    await old.setMuted('DDDDDDDDDDDDDDDDDDDDDD', await old.muteToken('DDDDDDDDDDDDDDDDDDDDDD'), true, now);
    await old.track({
      matchId: 'EEEEEEEEEEEEEEEEEEEEEE',
      seat: 1,
      title: 'Old',
      status: 'playing',
      updatedAt: now,
    });
    const newKey = await mailboxKey(bob);
    const mailbox = objectNamed(newKey);
    // Bob's mailbox object exists already (its tables, written once in any object's life, are no move's).
    expect(await mailbox.isBlocked()).toBe(false);
    const [o0, n0] = [(await old.benchRows())!.rowsWritten, (await mailbox.benchRows())!.rowsWritten];
    await (await mailboxStub(env, address)).stub!.isBlocked();
    const [o1, n1] = [(await old.benchRows())!.rowsWritten, (await mailbox.benchRows())!.rowsWritten];
    // Mailbox: the `absorbed` row (with the old mute-link key), the block, the mute, the match.
    // Rows as the platform counts them (SQLite's rowsWritten): an insert into a table keyed by text
    // writes the row and its index entry, a deletion one. Mailbox: the `absorbed` row (with the old
    // mute-link key; no second index) 1, the block 2, the mute 2, the match 2.
    expect(n1 - n0).toBe(7);
    // Old object: the forwarding marker 2, then its mute-link key, block, mute and match deleted, 1 each.
    expect(o1 - o0).toBe(2 + 4);
    // An address never seen before costs its mailbox's object one row, its old object none.
    const fresh = await tagged(addresses().bob);
    const freshBox = objectNamed(await mailboxKey(fresh.address));
    expect(await freshBox.isBlocked()).toBe(false);
    const f0 = (await freshBox.benchRows())!.rowsWritten;
    await mailboxStub(env, fresh.address);
    expect((await freshBox.benchRows())!.rowsWritten - f0).toBe(1);
    expect((await fresh.old.benchRows())!.rowsWritten).toBe(0);
    expect(await fresh.old.movedTo()).toBeNull();
    expect(oldKey).not.toBe(newKey);
  });

  it('writes nothing for a link with a made-up key (no old object behind it)', async () => {
    const key = 'f'.repeat(64);
    expect(
      (await postForm(`${ORIGIN}/api/mail/block/${key}/sometoken`, 'List-Unsubscribe=One-Click')).status,
    ).toBe(403);
    expect(
      (await worker().fetch(`${ORIGIN}/api/mail/mute/${key}/AAAAAAAAAAAAAAAAAAAAAA/sometoken`)).status,
    ).toBe(403);
    expect((await objectNamed(key).benchRows())!.rowsWritten).toBe(0);
  });
});

describe('a mailbox folds case and every tag', () => {
  it('mailboxOf folds case and every tag, and keeps a local part that is only a tag', () => {
    expect(mailboxOf(' BOB+x+y@Example.ORG ')).toBe('bob@example.org');
    expect(mailboxOf('bob++@example.org')).toBe('bob@example.org');
    expect(mailboxOf('+only@example.org')).toBe('+only@example.org');
    expect(mailboxOf('bob.smith+news@example.org')).toBe('bob.smith@example.org');
  });

  it('a block from a mail to BOB+x+y@Example.ORG stops mail to bob@example.org, and back', async () => {
    const { ann, bob } = addresses();
    const shouty = bob.replace('@', '+x+y@').toUpperCase();
    const h = await invited(ann, shouty);
    const mail =
      h.sender.to(shouty)[0] ?? h.sender.sent.find((m) => m.to.toLowerCase() === shouty.toLowerCase());
    expect(mail).toBeDefined();
    const block = /^<(.+)>$/.exec(mail!.headers['List-Unsubscribe']!)![1];
    expect((await postForm(block, 'List-Unsubscribe=One-Click')).status).toBe(200);
    const other = await invited(`x.${ann}`, bob);
    expect(other.sender.to(bob)).toHaveLength(0);
    expect(await invitationRow(other, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
    const third = await invited(`y.${ann}`, bob.replace('@', '+other@'));
    expect(await invitationRow(third, 1)).toMatchObject({ status: 'dropped', error: 'blocked' });
  });
});
