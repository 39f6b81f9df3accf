/**
 * E-mail addresses (worker/notify/address.ts): an RFC 5321-ish check that accepts real addresses
 * (punycode domains, apostrophes, plus tags) and refuses anything that could carry a header; and
 * the per-address key, an HMAC under the server's MAIL_KEY.
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../worker/address';
import { addressKey, isAddressKey } from '../../worker/notify/address';
import { chooseSender } from '../../worker/notify/config';
import { hashToken, keyedHash, mailKey } from '../../worker/tokens';

describe('parseAddress', () => {
  it('accepts real addresses', () => {
    for (const ok of [
      'a@xn--bcher-kva.ch',
      "o'brien@example.org",
      'anna+mb@example.org',
      'first.last@mail.example.co.uk',
      'x_y-z@sub-domain.example.museum',
      'a@xn--80ak6aa92e.xn--p1ai',
      "!#$%&'*+/=?^_`{|}~-@example.org",
    ]) {
      expect(parseAddress(ok), ok).toBe(ok);
    }
    expect(
      parseAddress(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.org`),
    ).not.toBeNull();
  });

  it('refuses malformed addresses and anything that could carry a header', () => {
    for (const bad of [
      'a@example.org\r\nBcc: x@y.z',
      'a@example.org\nb',
      'a b@example.org',
      'a@exa mple.org',
      '<a@example.org>',
      'Ann <a@example.org>',
      'a@example.org,b@example.org',
      'a@example.org;b@example.org',
      '"a"@example.org',
      'a"b@example.org',
      'a(b)@example.org',
      'a\\b@example.org',
      'a@b@example.org',
      '@example.org',
      'a@',
      'a@localhost',
      'a@example',
      'a@-example.org',
      'a@example-.org',
      'a@example..org',
      'a@.example.org',
      'a@example.org.',
      'a..b@example.org',
      '.a@example.org',
      'a.@example.org',
      'a@example.1',
      'a@bücher.ch',
      'ä@example.org',
      'a\u0000@example.org',
      `${'a'.repeat(65)}@example.org`,
      `a@${'b'.repeat(64)}.org`,
      `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.org`,
      42,
      null,
    ]) {
      expect(parseAddress(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('addressKey', () => {
  const secret = 'k'.repeat(32);

  it('is an HMAC under MAIL_KEY: not a plain hash of the address, and different under another key', async () => {
    const plain = [
      ...new Uint8Array(
        await crypto.subtle.digest('SHA-256', new TextEncoder().encode('mb-mail:ann@example.org')),
      ),
    ]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    const k1 = await addressKey('ann@example.org', { MAIL_KEY: secret });
    expect(isAddressKey(k1)).toBe(true);
    expect(k1).not.toBe(plain);
    expect(await addressKey(' Ann@Example.org ', { MAIL_KEY: secret })).toBe(k1);
    expect(await addressKey('ann@example.org', { MAIL_KEY: 'z'.repeat(32) })).not.toBe(k1);
  });

  it('uses a development key only with DEV_OUTBOX or the test seams, never otherwise', () => {
    expect(mailKey({ MAIL_KEY: secret })).toBe(secret);
    expect(mailKey({ DEV_OUTBOX: '1' })).not.toBeNull();
    expect(mailKey({ TEST_SEAMS: '1' })).not.toBeNull();
    expect(mailKey({})).toBeNull();
    expect(mailKey({ MAIL_KEY: 'short' })).toBeNull();
  });
});

describe('keyedHash (client addresses)', () => {
  it('is not the plain SHA-256 of what it hashes, and differs under another secret', async () => {
    const ip = 'mail-budget:192.0.2.1';
    const h1 = await keyedHash({ MAIL_KEY: 'k'.repeat(32) }, ip);
    expect(h1).toMatch(/^[0-9a-f]{64}$/);
    expect(h1).not.toBe(await hashToken(ip));
    expect(await keyedHash({ MAIL_KEY: 'z'.repeat(32) }, ip)).not.toBe(h1);
    expect(await keyedHash({ MAIL_KEY: 'k'.repeat(32) }, ip)).toBe(h1);
    // Without a MAIL_KEY, the development key: still not the plain hash.
    expect(await keyedHash({}, ip)).not.toBe(await hashToken(ip));
  });
});

describe('sending without MAIL_KEY', () => {
  it('is refused for real senders (the key hides addresses in links); the local outbox uses a dev key', () => {
    const resend = { MAIL_SENDER: 'resend', RESEND_API_KEY: 'k', MAIL_FROM: 'a@b.co' };
    expect(chooseSender(resend, { origin: 'https://x.org' })).toMatchObject({
      ok: false,
      code: 'mail.not_configured',
      message: expect.stringContaining('MAIL_KEY'),
    });
    expect(chooseSender({ ...resend, MAIL_KEY: 'short' }, { origin: 'https://x.org' }).ok).toBe(false);
    const keyed = chooseSender({ ...resend, MAIL_KEY: 'k'.repeat(32) }, { origin: 'https://x.org' });
    expect(keyed.ok && keyed.sender.name).toBe('resend');
    const dev = chooseSender(
      { DEV_OUTBOX: '1' },
      { origin: 'http://localhost:8787', outbox: { put: async () => true } },
    );
    expect(dev.ok && dev.sender.name).toBe('outbox');
  });
});
