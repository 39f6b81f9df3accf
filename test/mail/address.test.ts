/**
 * E-mail addresses (worker/notify/address.ts): an RFC 5321-ish check that accepts real addresses
 * (punycode domains, apostrophes, plus tags) and refuses anything that could carry a header; the
 * mailbox of an address (case folded, `+tag` removed); and the per-mailbox key, an HMAC under the
 * server's MAIL_KEY (tokens.ts `keyedHash`, also the hash of client addresses).
 */
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../../worker/address';
import { isAddressKey, isKeyOf, legacyAddressKey, mailboxKey, mailboxOf } from '../../worker/notify/address';
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

describe('mailboxOf', () => {
  it('folds case and drops the +tag of the local part: bob+1 is bob', () => {
    expect(mailboxOf(' Bob+1@Example.org ')).toBe('bob@example.org');
    expect(mailboxOf('bob+games+x@example.org')).toBe('bob@example.org');
    expect(mailboxOf('BOB@EXAMPLE.ORG')).toBe('bob@example.org');
    expect(mailboxOf('first.last@mail.example.co.uk')).toBe('first.last@mail.example.co.uk');
  });

  it('keeps a local part that starts with + (nothing before the tag) and a + outside the local part', () => {
    expect(mailboxOf('+tag@example.org')).toBe('+tag@example.org');
    expect(mailboxOf('no-at-sign+x')).toBe('no-at-sign+x');
  });
});

describe('mailboxKey', () => {
  const secret = 'k'.repeat(32);

  it('is an HMAC under MAIL_KEY: not a plain hash of the address, and different under another key', async () => {
    const plain = await hashToken('mb-mail:ann@example.org');
    const k1 = await mailboxKey('ann@example.org', { MAIL_KEY: secret });
    expect(isAddressKey(k1)).toBe(true);
    expect(k1).not.toBe(plain);
    expect(await mailboxKey(' Ann@Example.org ', { MAIL_KEY: secret })).toBe(k1);
    expect(await mailboxKey('ann@example.org', { MAIL_KEY: 'z'.repeat(32) })).not.toBe(k1);
  });

  it('names one object per mailbox; an untagged address keeps the name it had before mailboxes', async () => {
    const env = { MAIL_KEY: secret };
    const bob = await mailboxKey('bob@example.org', env);
    expect(await mailboxKey('Bob+1@example.org', env)).toBe(bob);
    expect(await legacyAddressKey('bob@example.org', env)).toBe(bob);
    const old = await legacyAddressKey('bob+1@example.org', env);
    expect(old).not.toBe(bob);
    // A match accepts either name of its seat's object (an old object may not have handed over yet).
    expect(await isKeyOf('bob+1@example.org', old, env)).toBe(true);
    expect(await isKeyOf('bob+1@example.org', bob, env)).toBe(true);
    expect(await isKeyOf('bob@example.org', old, env)).toBe(false);
    expect(await isKeyOf('ann@example.org', bob, env)).toBe(false);
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
