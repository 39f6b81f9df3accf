/**
 * The links in and around mails: seat links from mails (their own tokens, accepted like the seat's
 * and carried over to a rematch), the one-click mute (RFC 8058) and the mute page, the "my matches"
 * magic link, Web Push opt-in with the receipt that drops the turn's mail, the dev outbox refused
 * outside local development, and header injection through names and titles.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { mailboxKey } from '../../worker/notify/address';
import { base64url } from '../../worker/tokens';
import { api, info, move, ORIGIN, stubOf, worker } from './helpers';
import { addresses, duo, hook, linkIn, MIN, mailMatch, postForm, seatTokenIn } from './mail-helpers';
import { agreeRematch } from './rematch-helpers';

async function vapid() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  return {
    VAPID_PRIVATE_KEY: JSON.stringify(await crypto.subtle.exportKey('jwk', pair.privateKey)),
    VAPID_PUBLIC_KEY: base64url((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer),
    VAPID_SUBJECT: 'mailto:ops@example.org',
  };
}

async function browserSubscription(endpoint: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  return {
    endpoint,
    keys: {
      p256dh: base64url((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer),
      auth: base64url(crypto.getRandomValues(new Uint8Array(16))),
    },
  };
}

describe('mute', () => {
  it('one click (List-Unsubscribe-Post) mutes the match for that address; the page can unmute', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0);
    // The invitation's List-Unsubscribe stops all mail (mail-strangers.test.ts); its mute link is in the body.
    const url = linkIn(h.sender.to(bob)[0], 'mute');
    expect(url).toContain(`/api/mail/mute/${await mailboxKey(bob)}/${h.m.id}/`);
    // A GET (a link scanner) does not mute; it shows the page with its button.
    const page = await worker().fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">');
    // A wrong token is refused.
    expect(
      (await postForm(url.replace(/\/[^/]+$/, '/wrongtoken'), 'List-Unsubscribe=One-Click')).status,
    ).toBe(403);
    // RFC 8058 one-click.
    const r = await postForm(url, 'List-Unsubscribe=One-Click');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ ok: true, muted: true });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    expect(h.sender.to(bob)).toHaveLength(1);
    // Dropped at once (Bob is not looking): no row is left to send later.
    expect((await h.rows()).filter((x) => x.seat === 1 && x.kind === 'yourTurn')).toEqual([]);
    // Muting is per address: Ann still gets her mails.
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 6 * MIN);
    expect(h.sender.to(ann).map((m) => m.subject)).toEqual(['Mille Bornes: it is your turn']);
    // The page's unmute button.
    const un = await postForm(url, 'action=unmute');
    expect(un.status).toBe(200);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    await h.fire(t0 + 9 * MIN);
    expect(h.sender.to(bob).map((m) => m.subject)).toContain("Mille Bornes : c'est à vous de jouer");
  });
});

describe('seat links in mails', () => {
  it('are the seat’s own tokens: they authenticate like the seat link and work on the rematch', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(
      duo({ ann, bob }, { rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } } }),
    );
    await h.fire(h.clock.now);
    const token = seatTokenIn(h.sender.to(bob)[0]);
    expect(token).not.toBe(h.m.seats[1]);
    expect((await info(h.m, token)).you.seat).toBe(1);
    // Only hashes are stored.
    const stored = await runInDurableObject(stubOf(h.m), (_i, state) =>
      state.storage.sql.exec<{ token_hash: string }>('SELECT token_hash FROM mail_links').toArray(),
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(token);
    // Finish the match, ask for a rematch with the mail link: it works there too.
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, token, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    const re = await agreeRematch(h.m.id, [token, h.m.seats[0]!]);
    expect(re.status).toBe(201);
    let seat: number | null = null;
    for (let i = 0; i < 50 && seat === null; i++) {
      const r = await api(`/api/matches/${re.body.matchId}`, { token });
      seat = r.body.you.seat;
      if (seat === null) await new Promise((res) => setTimeout(res, 10));
    }
    expect(seat).toBe(1);
  });
});

describe('my matches', () => {
  it('answers the same whether or not the address plays, and lists open matches with working seat links', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    await h.fire(h.clock.now); // tells the addresses' objects about the match
    const known = await api('/api/mail/my-matches', { body: { email: bob }, ip: '198.18.0.1' });
    const unknown = await api('/api/mail/my-matches', {
      body: { email: 'nobody@example.org' },
      ip: '198.18.0.2',
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect((await api('/api/mail/my-matches', { body: { email: 'x\r\nBcc: y@z.org' } })).status).toBe(400);

    // The magic link's token (the mail itself is covered in test/mail): mint one in Bob's object.
    const key = await mailboxKey(bob);
    const addr = env.MAIL_ADDRESS!.get(env.MAIL_ADDRESS!.idFromName(key)) as unknown as {
      newMagicToken(now: number): Promise<string>;
    };
    const token = await addr.newMagicToken(Date.now());
    const list = await api('/api/mail/my-matches/list', { body: { key, token } });
    expect(list.status).toBe(200);
    expect(list.body.matches).toHaveLength(1);
    expect(list.body.matches[0]).toMatchObject({
      matchId: h.m.id,
      seat: 1,
      title: 'Friday night',
      status: 'playing',
    });
    const url = list.body.matches[0].url as string;
    expect(url.startsWith(`${ORIGIN}/m/${h.m.id}#seat=`)).toBe(true);
    expect((await info(h.m, url.split('#seat=')[1])).you.seat).toBe(1);
    // A wrong or expired token lists nothing.
    expect((await api('/api/mail/my-matches/list', { body: { key, token: 'A'.repeat(43) } })).status).toBe(
      403,
    );
    // The page keeps the token in the fragment and loads its script from this origin.
    const page = await worker().fetch(`${ORIGIN}/api/mail/my-matches`);
    expect(await page.text()).toContain('<script src="/api/mail/my-matches.js" defer></script>');
  });
});

describe('web push', () => {
  it('a delivered push (the service worker’s receipt) drops the mail of that turn', async () => {
    const { ann, bob } = addresses();
    const keys = await vapid();
    const pushes: Array<{ url: string; headers: Headers }> = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      pushes.push({ url, headers: new Headers(init.headers) });
      return new Response(null, { status: 201 });
    }) as unknown as typeof fetch;
    const h = await mailMatch(duo({ ann, bob }), { fetch: fakeFetch, vapid: keys });
    const t0 = h.clock.now;
    const subscription = await browserSubscription('https://fcm.googleapis.com/fcm/send/bob-device');
    // Only the seat may subscribe, and only to a known push service.
    expect((await api(`/api/mail/push/${h.m.id}`, { body: { subscription } })).status).toBe(403);
    const evil = { ...subscription, endpoint: 'https://203.0.113.1/steal' };
    expect(
      (await api(`/api/mail/push/${h.m.id}`, { token: h.m.seats[1], body: { subscription: evil } })).status,
    ).toBe(400);
    const sub = await api(`/api/mail/push/${h.m.id}`, { token: h.m.seats[1], body: { subscription } });
    expect(sub.status).toBe(200);

    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0);
    expect(pushes).toHaveLength(1);
    expect(pushes[0].url).toBe('https://fcm.googleapis.com/fcm/send/bob-device');
    expect(pushes[0].headers.get('authorization')).toMatch(/^vapid t=.+, k=/);
    const ack = await runInDurableObject(
      stubOf(h.m),
      (_i, state) =>
        state.storage.sql.exec<{ ack: string }>(`SELECT ack FROM mail_outbox WHERE kind = 'push'`).one().ack,
    );
    expect((await api(`/api/mail/push-ack/${h.m.id}/${'B'.repeat(43)}`, { body: {} })).status).toBe(404);
    expect((await api(`/api/mail/push-ack/${h.m.id}/${ack}`, { body: {} })).status).toBe(200);
    await h.fire(t0 + 3 * MIN);
    expect(h.sender.to(bob).map((m) => m.subject)).toEqual(['Ann vous invite à jouer au Mille Bornes']);
    expect((await h.rows()).find((x) => x.seat === 1 && x.kind === 'yourTurn')).toMatchObject({
      status: 'dropped',
      error: 'push.delivered',
    });
  });

  it('without a receipt the mail still goes; an expired subscription (410) is forgotten', async () => {
    const { ann, bob } = addresses();
    const keys = await vapid();
    const fakeFetch = (async () => new Response(null, { status: 410 })) as unknown as typeof fetch;
    const h = await mailMatch(duo({ ann, bob }), { fetch: fakeFetch, vapid: keys });
    const t0 = h.clock.now;
    const subscription = await browserSubscription('https://updates.push.services.mozilla.com/wpush/v2/gone');
    expect(
      (await api(`/api/mail/push/${h.m.id}`, { token: h.m.seats[1], body: { subscription } })).status,
    ).toBe(200);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    expect(h.sender.to(bob).map((m) => m.subject)).toContain("Mille Bornes : c'est à vous de jouer");
    const subs = await runInDurableObject(
      stubOf(h.m),
      (_i, state) => state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM push_subs').one().n,
    );
    expect(subs).toBe(0);
  });

  it('is refused when the server has no VAPID keys', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    await hook(h.m, { sender: h.sender });
    const subscription = await browserSubscription('https://fcm.googleapis.com/fcm/send/x');
    const r = await api(`/api/mail/push/${h.m.id}`, { token: h.m.seats[1], body: { subscription } });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('push.not_configured');
    // The key route answers without an error: no key, so the page hides push.
    const key = await api('/api/mail/push/key');
    expect(key.status).toBe(200);
    expect(key.body).toEqual({ publicKey: null });
  });
});

describe('safety', () => {
  it('the dev outbox page does not exist outside local development', async () => {
    const r = await api('/dev/mail');
    expect(r.status).toBe(404);
  });

  it('names and titles with CR/LF cannot add headers', async () => {
    const { ann, bob } = addresses();
    // Control characters are refused at the edge (test/worker/validation.test.ts); what passes it
    // is escaped (the header-text property test is in test/mail/injection.test.ts).
    const crlf = duo({ ann, bob }, { title: 'Night\r\nBcc: evil@example.org' });
    expect((await api('/api/matches', { body: crlf, ip: '198.18.1.1' })).status).toBe(400);
    const named = (annName: string) =>
      duo(
        { ann, bob },
        {
          title: 'Night Bcc: evil@example.org',
          seats: [
            { kind: 'human', name: annName, email: ann },
            { kind: 'human', name: 'Bob<script>', email: bob },
          ],
        },
      );
    // U+2028 is a line break too.
    expect(await mailMatch(named('Ann\u2028Bcc: evil@example.org')).catch(() => null)).toBeNull();
    const ok = await mailMatch(named('Ann\u202e Bcc: evil@example.org'));
    await ok.fire(ok.clock.now);
    const mail = ok.sender.to(bob)[0];
    expect(mail.subject).not.toMatch(/[\r\n\u202e]/);
    // No title in the subject, and the inviter's name cut to 20 characters.
    expect(mail.subject).toBe('Ann Bcc: evil@examp… invites you to play Mille Bornes');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Bob&lt;script&gt;');
    for (const v of Object.values(mail.headers)) expect(v).not.toMatch(/[\r\n]/);
  });
});
