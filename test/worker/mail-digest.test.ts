/**
 * The daily digest and the mail preferences set from a match, on the test
 * clocks of the matches and of the address's Durable Object: the digest lists exactly the matches
 * waiting for the address (not one where another player is to move, not a muted one), none is sent
 * when nothing waits, an alarm that runs twice sends one digest, and turn mails give way to it.
 * Preferences set from a match apply to that seat at once and to the address's other matches only
 * after the confirmation link mailed to it; a seat cannot set them for an address it does not have.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MailAddressDurableObject } from '../../worker/notify/address-do';
import { api, create, info, move } from './helpers';
import { addresses, attach, duo, FakeSender, HOUR, MIN, postForm, seatTokenIn } from './mail-helpers';
import { addressDo, hookAddress, prefsAt, prefsLinkIn, runDigestAt, settings } from './prefs-helpers';

/** Tuesday 14 January 2031, 05:00 UTC (06:00 in Oslo). */
const T = Date.UTC(2031, 0, 14, 5);
/** The digest hour 08:00 in Oslo: 07:00 UTC. */
const DIGEST = Date.UTC(2031, 0, 14, 7);
const OSLO_DIGEST = { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 8, quiet: null } };

/**
 * A match of Ann and Bob titled `title`, its mail seen by `sender`: Ann is to play (`annFirst`), or
 * Bob (seat 1 plays first when `firstSeat` is 0, the dealer).
 */
async function matchOf(a: { ann: string; bob: string }, title: string, sender: FakeSender, annFirst = true) {
  const firstSeat = annFirst ? 1 : 0;
  const h = await attach(await create(duo(a, { title, firstSeat })), sender, { now: T });
  // The first wake-up tells the addresses about the match and sends the invitations.
  await h.fire(T);
  return h;
}

describe('the daily digest', () => {
  it('lists exactly the waiting matches, once, after the confirmation link', async () => {
    const a = addresses();
    const sender = new FakeSender();
    const alpha = await matchOf(a, 'Alpha', sender);
    const beta = await matchOf(a, 'Beta', sender, false);
    const gamma = await matchOf(a, 'Gamma', sender);

    // Ann asks for the digest from Alpha: it applies there at once, elsewhere after confirmation.
    const r = await settings(alpha.m, 0, OSLO_DIGEST);
    expect(r.status).toBe(200);
    expect(r.body.settings).toMatchObject(OSLO_DIGEST);
    expect((await prefsAt(a.ann, alpha.m, 0)).prefs.digestHour).toBe(8);
    expect((await prefsAt(a.ann, beta.m, 0)).prefs.digestHour).toBeNull();
    const confirmations = sender.to(a.ann).filter((m) => m.text.includes('/api/mail/prefs/'));
    expect(confirmations).toHaveLength(1);
    const url = prefsLinkIn(confirmations[0]);
    await hookAddress(a.ann, T, sender);
    const page = await (await api(url.replace('https://mb.test', ''))).body;
    expect(String(page)).toContain('<button type="submit">');
    expect((await prefsAt(a.ann, beta.m, 0)).prefs.digestHour).toBeNull();
    expect((await postForm(url, '')).status).toBe(200);
    expect((await prefsAt(a.ann, beta.m, 0)).prefs.digestHour).toBe(8);
    // The link works once.
    expect((await postForm(url, '')).status).toBe(403);

    // Gamma is muted.
    await runInDurableObject(await addressDo(a.ann), async (i: MailAddressDurableObject) => {
      await i.setMuted(gamma.m.id, await i.muteToken(gamma.m.id), true, T);
    });

    const digests = new FakeSender();
    expect(await runDigestAt(a.ann, DIGEST, digests)).toBe(true);
    expect(digests.sent).toHaveLength(1);
    const mail = digests.sent[0];
    expect(mail.to).toBe(a.ann);
    expect(mail.subject).toBe('Mille Bornes: 1 matches wait for you');
    expect(mail.text).toContain('Alpha: your turn');
    expect(mail.text).toContain('Deadline: ');
    expect(mail.text).not.toContain('Beta');
    expect(mail.text).not.toContain('Gamma');
    expect(mail.headers['List-Unsubscribe']).toContain('/api/mail/block/');
    // The digest's link opens Ann's seat.
    expect((await info(alpha.m, seatTokenIn(mail))).you.seat).toBe(0);

    // The alarm runs again: no second digest.
    await runDigestAt(a.ann, DIGEST, digests);
    await runDigestAt(a.ann, DIGEST + MIN, digests);
    expect(digests.sent).toHaveLength(1);

    // While the digest is chosen, Ann's turn mails are not sent one by one.
    alpha.clock.now = DIGEST;
    await alpha.setClock(DIGEST);
    expect((await move(alpha.m, alpha.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    const bob = (await info(alpha.m, alpha.m.seats[1]!)).view!.legalMoves[0];
    expect((await move(alpha.m, alpha.m.seats[1]!, bob)).status).toBe(200);
    const before = sender.to(a.ann).length;
    await alpha.fire(DIGEST + 5 * MIN);
    expect(sender.to(a.ann)).toHaveLength(before);
    const rows = await alpha.rows();
    const turn = rows.filter((x) => x.seat === 0 && x.kind === 'yourTurn').at(-1)!;
    expect([turn.status, turn.error]).toEqual(['dropped', 'digest']);

    // The next day Alpha waits again; Beta is still Bob's to play.
    await runDigestAt(a.ann, DIGEST + 24 * HOUR, digests);
    expect(digests.sent).toHaveLength(2);
    expect(digests.sent[1].text).toContain('Alpha');
    expect(digests.sent[1].text).not.toContain('Beta');
  });

  it('sends nothing when nothing waits', async () => {
    const a = addresses();
    const sender = new FakeSender();
    const beta = await matchOf(a, 'Beta', sender, false);
    expect((await settings(beta.m, 0, OSLO_DIGEST)).status).toBe(200);
    const digests = new FakeSender();
    expect(await runDigestAt(a.ann, DIGEST, digests)).toBe(true);
    await runDigestAt(a.ann, DIGEST + 24 * HOUR, digests);
    expect(digests.sent).toHaveLength(0);
  });
});

describe('mail preferences from a match', () => {
  it('need an address on the seat, and never reach another person’s matches without their link', async () => {
    const a = addresses();
    const sender = new FakeSender();
    const body = duo(a, { title: 'Delta' });
    (body.seats as Array<Record<string, unknown>>)[1].email = undefined;
    const h = await attach(await create(body), sender, { now: T });
    await h.fire(T);
    const other = await matchOf(a, 'Epsilon', sender);

    const refused = await settings(h.m, 1, OSLO_DIGEST);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('settings.no_email');
    expect((await info(h.m, h.m.seats[1]!)).settings).not.toHaveProperty('mailPrefs');

    // Bob types Ann's address into his seat: only his seat follows; Ann's other matches do not.
    const typed = await settings(h.m, 1, { email: a.ann, ...OSLO_DIGEST });
    expect(typed.status).toBe(200);
    expect((await prefsAt(a.ann, h.m, 1)).prefs.digestHour).toBe(8);
    expect((await prefsAt(a.ann, h.m, 0)).prefs.digestHour).toBeNull();
    expect((await prefsAt(a.ann, other.m, 0)).prefs.digestHour).toBeNull();
    // One confirmation mail a day, however often a match asks.
    expect((await settings(h.m, 1, { mailPrefs: { digestHour: 9, quiet: null } })).status).toBe(200);
    const confirmations = sender.to(a.ann).filter((m) => m.text.includes('/api/mail/prefs/'));
    expect(confirmations).toHaveLength(1);

    // A time zone that the runtime does not know, or an hour out of range, is refused.
    expect((await settings(other.m, 0, { timeZone: 'Mars/Olympus' })).status).toBe(400);
    expect((await settings(other.m, 0, { mailPrefs: { digestHour: 24, quiet: null } })).status).toBe(400);
  });
});
