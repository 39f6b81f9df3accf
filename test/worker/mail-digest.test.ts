/**
 * The daily digest and the mail preferences set from a match, on the test
 * clocks of the matches and of the address's Durable Object: the digest lists exactly the matches
 * waiting for the address (not one where another player is to move, not a muted one), none is sent
 * when nothing waits, an alarm that runs twice sends one digest, and turn mails give way to it; a
 * waiting turn shows its position and move links, as its turn mail would.
 * Preferences set from a match apply to that seat at once and to the address's other matches only
 * after the confirmation link mailed to it; a seat cannot set them for an address it does not have.
 * A refused settings request sets nothing; a seat's own preferences follow it to a rematch and to a
 * new address; a confirmation link works only at its own address, within its day, once, and stays in
 * force when the seat reports its zone again.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MailAddressDurableObject } from '../../worker/notify/address-do';
import { api, create, freshIp, info, move, type TestMatch, worker } from './helpers';
import {
  addresses,
  attach,
  duo,
  FakeSender,
  HOUR,
  MIN,
  mailMatch,
  postForm,
  seatTokenIn,
} from './mail-helpers';
import {
  addressDo,
  finishedAfterVacation,
  hookAddress,
  prefsAt,
  prefsLinkIn,
  runDigestAt,
  SHORT,
  seatPrefsOf,
  settings,
} from './prefs-helpers';
import { agreeRematch } from './rematch-helpers';

const DAY = 24 * HOUR;
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
    // The answer says a link for this change is on its way (the page says so next to the fields).
    expect(r.body.settings.prefsLink).toBe('sent');
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
    expect(mail.subject).toBe('Mille Bornes: 1 match waits for you');
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
    await alpha.settled();
    const before = sender.to(a.ann).length;
    expect((await move(alpha.m, alpha.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    const bob = (await info(alpha.m, alpha.m.seats[1]!)).view!.legalMoves[0];
    expect((await move(alpha.m, alpha.m.seats[1]!, bob)).status).toBe(200);
    await alpha.fire(DIGEST + 5 * MIN);
    expect(sender.to(a.ann)).toHaveLength(before);
    // Ann's turn mail was dropped at once (she is not looking): no row is left to send it later.
    const rows = await alpha.rows();
    expect(rows.filter((x) => x.seat === 0 && x.kind === 'yourTurn' && x.status === 'queued')).toEqual([]);

    // The next day Alpha waits again; Beta is still Bob's to play.
    await runDigestAt(a.ann, DIGEST + 24 * HOUR, digests);
    expect(digests.sent).toHaveLength(2);
    expect(digests.sent[1].text).toContain('Alpha');
    expect(digests.sent[1].text).not.toContain('Beta');
  });

  it('shows each waiting turn’s position and move links, which play; none with the hand in mails off', async () => {
    for (const mailHand of [true, false]) {
      const a = addresses();
      const sender = new FakeSender();
      const alpha = await matchOf(a, 'Alpha', sender);
      expect((await settings(alpha.m, 0, { ...OSLO_DIGEST, mailHand })).status).toBe(200);
      const digests = new FakeSender();
      expect(await runDigestAt(a.ann, DIGEST, digests)).toBe(true);
      const mail = digests.sent[0];
      expect(mail.text).toContain('Alpha: your turn');
      const links = [...mail.text.matchAll(/^(.+):\n(https:\/\/mb\.test\/turn\/\S+)$/gm)].map((m) => m[2]);
      if (!mailHand) {
        expect(mail.text).not.toContain('Where things stand');
        expect(links).toEqual([]);
        continue;
      }
      const view = (await info(alpha.m, alpha.m.seats[0]!)).view!;
      expect(mail.text).toContain('Where things stand:');
      expect(mail.text).toContain('- Your hand: ');
      expect(mail.text).toContain(`- Draw pile: ${view.deckSize} cards`);
      // Nothing of Bob's hand: only Ann's own cards and the table.
      expect(mail.text).toContain('- Bob: 0 km');
      expect(links.length).toBeGreaterThan(0);
      expect(links.length).toBeLessThanOrEqual(4);
      for (const l of links) expect(mail.html).toContain(`href="${l}"`);
      // A link from the digest plays through its confirmation page, like one from a turn mail.
      const headers = { 'CF-Connecting-IP': freshIp() };
      const page = await (await worker().fetch(links[0], { headers })).text();
      const token = /name="page" value="([^"]+)"/.exec(page)![1];
      const played = await worker().fetch(links[0], {
        method: 'POST',
        headers: {
          ...headers,
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: 'null',
          'Sec-Fetch-Site': 'same-origin',
        },
        body: `page=${token}`,
      });
      expect(played.status).toBe(200);
      expect((await info(alpha.m, alpha.m.seats[0]!)).view!.version).toBeGreaterThan(view.version);
    }
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
    // A later change mails a link for itself (the earlier one is replaced), a few a day at most.
    expect((await settings(h.m, 1, { mailPrefs: { digestHour: 9, quiet: null } })).status).toBe(200);
    const confirmations = sender.to(a.ann).filter((m) => m.text.includes('/api/mail/prefs/'));
    expect(confirmations).toHaveLength(2);

    // A time zone that the runtime does not know, or an hour out of range, is refused.
    expect((await settings(other.m, 0, { timeZone: 'Mars/Olympus' })).status).toBe(400);
    expect((await settings(other.m, 0, { mailPrefs: { digestHour: 24, quiet: null } })).status).toBe(400);
  });
});

describe('mail preferences: refusals, rematches, new addresses and confirmation links', () => {
  it('a settings request refused for the finished match sends no confirmation and sets no preferences', async () => {
    const { h, bob } = await finishedAfterVacation();
    const before = h.sender.to(bob).length;
    const r = await settings(h.m, 1, { responseMode: 'ask', mailPrefs: { digestHour: 8, quiet: null } });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('match.finished');
    expect(h.sender.to(bob).length).toBe(before);
    expect((await prefsAt(bob, h.m, 1)).prefs.digestHour).toBeNull();
    expect((await seatPrefsOf(h.m.id, 1)).mailPrefs).toBeUndefined();
  });

  it('a seat’s own mail preferences are in force in its rematch, as its settings there say', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, SHORT));
    const own = { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 8, quiet: null } };
    expect((await settings(h.m, 1, own)).status).toBe(200);
    expect((await prefsAt(a.bob, h.m, 1)).prefs.digestHour).toBe(8);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    const re = await agreeRematch(h.m.id, [h.m.seats[0]!, h.m.seats[1]!]);
    expect(re.status).toBe(201);
    const next: TestMatch = { ...h.m, id: re.body.matchId as string };
    expect((await info(next, h.m.seats[1])).settings?.mailPrefs).toEqual(own.mailPrefs);
    expect((await prefsAt(a.bob, next, 1)).prefs.digestHour).toBe(8);
  });

  it('a rematch follows the address’s confirmed preferences once they replaced the seat’s own', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, SHORT));
    const first = { digestHour: 8, quiet: null };
    expect((await settings(h.m, 1, { timeZone: 'Europe/Oslo', mailPrefs: first })).status).toBe(200);
    expect((await postForm(prefsLinkIn(h.sender.to(a.bob).at(-1)!), '')).status).toBe(200);
    expect((await prefsAt(a.bob, h.m, 1)).prefs).toEqual(first);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    const re = await agreeRematch(h.m.id, [h.m.seats[0]!, h.m.seats[1]!]);
    expect(re.status).toBe(201);
    expect((await prefsAt(a.bob, { ...h.m, id: re.body.matchId as string }, 1)).prefs).toEqual(first);
  });

  it('a confirmation link works only at its own address, within its day, once', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, SHORT));
    const mailPrefs = { digestHour: 8, quiet: null };
    expect((await settings(h.m, 1, { timeZone: 'Europe/Oslo', mailPrefs })).status).toBe(200);
    expect((await settings(h.m, 0, { timeZone: 'Europe/Oslo', mailPrefs })).status).toBe(200);
    const bobLink = prefsLinkIn(h.sender.to(a.bob).find((m) => m.text.includes('/api/mail/prefs/'))!);
    const annLink = prefsLinkIn(h.sender.to(a.ann).find((m) => m.text.includes('/api/mail/prefs/'))!);
    // Bob's token under Ann's address key: refused, Ann's address keeps no confirmed preferences.
    const annKey = annLink.split('/').at(-2)!;
    const bobKey = bobLink.split('/').at(-2)!;
    const crossed = bobLink.replace(`/${bobKey}/`, `/${annKey}/`);
    expect((await api(crossed.replace('https://mb.test', ''))).status).toBe(403);
    expect((await postForm(crossed, '')).status).toBe(403);
    expect(await (await addressDo(a.ann)).confirmedPrefs()).toBeNull();
    // A day later Ann's own link has expired.
    await hookAddress(a.ann, h.clock.now + DAY + 1, h.sender);
    expect((await postForm(annLink, '')).status).toBe(403);
    expect(await (await addressDo(a.ann)).confirmedPrefs()).toBeNull();
    // Bob's works once.
    expect((await postForm(bobLink, '')).status).toBe(200);
    expect((await postForm(bobLink, '')).status).toBe(403);
  });

  it('a seat’s own mail preferences follow it to its new address', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, SHORT));
    const own = { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 8, quiet: null } };
    expect((await settings(h.m, 1, own)).status).toBe(200);
    const moved = `new.${a.bob}`;
    const r = await settings(h.m, 1, { email: moved });
    expect(r.status).toBe(200);
    expect(r.body.settings.mailPrefs).toEqual(own.mailPrefs);
    expect(await prefsAt(moved, h.m, 1)).toEqual({ prefs: own.mailPrefs, timeZone: 'Europe/Oslo' });
    // No confirmation link for the new address: the preferences are this seat's only.
    expect(h.sender.to(moved).filter((m) => m.text.includes('/api/mail/prefs/'))).toHaveLength(0);
  });

  it('a zone reported after a confirmation keeps the address’s preferences, and the seat shows them', async () => {
    const a = addresses();
    const one = await mailMatch(duo(a, SHORT));
    const two = await mailMatch(duo(a, SHORT));
    // Bob sets 09:00 in match two (that seat's own), then a digest at 08:00 in match one (his seat's
    // own, and the link to make it the address's), and confirms that link: 08:00 for all.
    expect(
      (await settings(two.m, 1, { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 9, quiet: null } }))
        .status,
    ).toBe(200);
    expect(
      (await settings(one.m, 1, { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 8, quiet: null } }))
        .status,
    ).toBe(200);
    const link = one.sender.to(a.bob).findLast((m) => m.text.includes('/api/mail/prefs/'))!;
    expect((await postForm(prefsLinkIn(link), '')).status).toBe(200);
    expect((await prefsAt(a.bob, two.m, 1)).prefs.digestHour).toBe(8);
    // Match two's page reports the zone again (as on every visit from another place).
    expect((await settings(two.m, 1, { timeZone: 'America/New_York' })).status).toBe(200);
    // The confirmed 08:00 stays in force, and the seat's settings now say so.
    expect((await prefsAt(a.bob, two.m, 1)).prefs.digestHour).toBe(8);
    expect((await info(two.m, two.m.seats[1])).settings?.mailPrefs?.digestHour).toBe(8);
    // An explicit change afterwards is the seat's own again.
    expect((await settings(two.m, 1, { mailPrefs: { digestHour: 10, quiet: null } })).status).toBe(200);
    expect((await prefsAt(a.bob, two.m, 1)).prefs.digestHour).toBe(10);
  });
});
