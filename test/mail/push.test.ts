/**
 * Web Push against a fake push service: the request is VAPID-signed and the payload really is
 * encrypted for the subscription, decrypted here with the subscriber's private key.
 */

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PushSubscriptionSchema, sendPush } from '../../worker/notify/push';
import { base64url, fromBase64url } from '../../worker/tokens';

const enc = new TextEncoder();

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', ikm as BufferSource, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt: salt as BufferSource, info: info as BufferSource },
      key,
      bytes * 8,
    ),
  );
}

/** A browser-side subscription: its ECDH key pair and auth secret. */
async function subscriber() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const pub = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { pair, pub, auth };
}

/**
 * Decryption of the `aesgcm` content encoding (draft-ietf-webpush-encryption-04), which
 * @pushforge/builder 2.0.5 emits: salt in the Encryption header, the server's ECDH key in Crypto-Key.
 */
async function decrypt(
  body: Uint8Array,
  headers: Headers,
  sub: Awaited<ReturnType<typeof subscriber>>,
): Promise<string> {
  const salt = fromBase64url(/salt=([A-Za-z0-9_-]+)/.exec(headers.get('encryption') ?? '')![1]);
  const asPub = fromBase64url(/dh=([A-Za-z0-9_-]+)/.exec(headers.get('crypto-key') ?? '')![1]);
  const asKey = await crypto.subtle.importKey('raw', asPub, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ecdh = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: asKey }, sub.pair.privateKey, 256),
  );
  const ikm = await hkdf(sub.auth, ecdh, enc.encode('Content-Encoding: auth\0'), 32);
  const context = new Uint8Array([...enc.encode('P-256\0'), 0, 65, ...sub.pub, 0, 65, ...asPub]);
  const cek = await hkdf(
    salt,
    ikm,
    new Uint8Array([...enc.encode('Content-Encoding: aesgcm\0'), ...context]),
    16,
  );
  const nonce = await hkdf(
    salt,
    ikm,
    new Uint8Array([...enc.encode('Content-Encoding: nonce\0'), ...context]),
    12,
  );
  const key = await crypto.subtle.importKey('raw', cek as BufferSource, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce as BufferSource }, key, body as BufferSource),
  );
  const pad = (plain[0] << 8) | plain[1];
  return new TextDecoder().decode(plain.slice(2 + pad));
}

async function vapidKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const pub = base64url(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { jwk, pub, pair };
}

describe('sendPush', () => {
  it('sends a VAPID-signed, encrypted notification the subscriber can decrypt', async () => {
    const sub = await subscriber();
    const vapid = await vapidKeys();
    const subscription = v.parse(PushSubscriptionSchema, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
      keys: { p256dh: base64url(sub.pub), auth: base64url(sub.auth) },
    });
    const calls: Array<{ url: string; headers: Headers; body: Uint8Array }> = [];
    const fetchFake = (async (url: string, init: RequestInit) => {
      calls.push({ url, headers: new Headers(init.headers), body: new Uint8Array(init.body as ArrayBuffer) });
      return new Response(null, { status: 201 });
    }) as unknown as typeof fetch;
    const payload = {
      title: 'Friday night',
      body: 'It is your turn',
      url: 'https://mb.example.org/m/x#seat=t',
      tag: 'm-x',
    };
    const r = await sendPush({
      env: {
        VAPID_PRIVATE_KEY: JSON.stringify(vapid.jwk),
        VAPID_PUBLIC_KEY: vapid.pub,
        VAPID_SUBJECT: 'mailto:ops@example.org',
      },
      subscription,
      payload,
      ttlSeconds: 3600,
      fetch: fetchFake,
    });
    expect(r).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    const { url, headers, body } = calls[0];
    expect(url).toBe('https://fcm.googleapis.com/fcm/send/abc123');
    expect(headers.get('content-encoding')).toBe('aesgcm');
    expect(headers.get('ttl')).toBe('3600');
    // VAPID: "vapid t=<jwt>, k=<public key>"; the JWT is for the push service's origin and verifies with our key.
    const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(headers.get('authorization') ?? '');
    expect(m).not.toBeNull();
    expect(m![2]).toBe(vapid.pub);
    const [h, c, s] = m![1].split('.');
    const claims = JSON.parse(new TextDecoder().decode(fromBase64url(c)));
    expect(claims.aud).toBe('https://fcm.googleapis.com');
    expect(claims.sub).toBe('mailto:ops@example.org');
    const ok = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      vapid.pair.publicKey,
      fromBase64url(s),
      enc.encode(`${h}.${c}`),
    );
    expect(ok).toBe(true);
    expect(JSON.parse(await decrypt(body, headers, sub))).toEqual(payload);
    // The seat token travels only inside the encrypted body.
    expect(new TextDecoder('latin1').decode(body)).not.toContain('seat=t');
  });

  it.each([
    [410, 'push.gone', false],
    [404, 'push.gone', false],
    [429, 'push.provider_error', true],
    [502, 'push.provider_error', true],
    [400, 'push.rejected', false],
  ])('maps push service status %i to %s', async (status, code, retryable) => {
    const sub = await subscriber();
    const vapid = await vapidKeys();
    const r = await sendPush({
      env: { VAPID_PRIVATE_KEY: JSON.stringify(vapid.jwk), VAPID_PUBLIC_KEY: vapid.pub },
      subscription: {
        endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/x',
        keys: { p256dh: base64url(sub.pub), auth: base64url(sub.auth) },
      },
      payload: { title: 't', body: 'b', url: 'https://x.org/', tag: 't' },
      fetch: (async () => new Response(null, { status })) as unknown as typeof fetch,
    });
    expect(r).toMatchObject({ ok: false, code, retryable });
  });

  it('is off without VAPID keys', async () => {
    const r = await sendPush({
      env: {},
      subscription: {
        endpoint: 'https://fcm.googleapis.com/x',
        keys: { p256dh: 'x'.repeat(20), auth: 'y'.repeat(20) },
      },
      payload: { title: 't', body: 'b', url: 'https://x.org/', tag: 't' },
    });
    expect(r).toMatchObject({ ok: false, code: 'push.not_configured' });
  });

  it('accepts only https endpoints of known push services (no request to arbitrary hosts)', () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
    const ok = (endpoint: string) => v.safeParse(PushSubscriptionSchema, { endpoint, keys }).success;
    expect(ok('https://fcm.googleapis.com/fcm/send/x')).toBe(true);
    expect(ok('https://web.push.apple.com/QGx')).toBe(true);
    expect(ok('https://wns2-par02p.notify.windows.com/w/?token=x')).toBe(true);
    expect(ok('http://fcm.googleapis.com/fcm/send/x')).toBe(false);
    expect(ok('https://169.254.169.254/latest')).toBe(false);
    expect(ok('https://localhost/x')).toBe(false);
    expect(ok('https://fcm.googleapis.com.evil.org/x')).toBe(false);
    expect(ok('https://evilfcm.googleapis.com.example/x')).toBe(false);
  });
});
