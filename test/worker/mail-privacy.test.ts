/**
 * Mute and block links must not identify the address they belong to: the per-address key in a link
 * is keyed with the server's MAIL_KEY (HMAC), so a plain hash of a guessed address matches nothing;
 * and a link with a tampered token shows an error page (403), not the "Mute?" or "Stop?" page.
 */
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../worker/tokens';
import { worker } from './helpers';
import { addresses, duo, linkIn, mailMatch } from './mail-helpers';

describe('mute links', () => {
  it('do not contain a plain hash of the address, so a guessed address cannot be confirmed', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    await h.fire(h.clock.now);
    const mail = h.sender.to(bob)[0];
    const url = linkIn(mail, 'mute');
    const key = /\/api\/mail\/mute\/([0-9a-f]{64})\//.exec(url)![1];
    expect(linkIn(mail, 'block')).toContain(`/api/mail/block/${key}/`);
    for (const guess of [bob, bob.toLowerCase(), bob.toUpperCase()]) {
      expect(key).not.toBe(await hashToken(`mb-mail:${guess}`));
      expect(key).not.toBe(await hashToken(guess));
    }
    expect(`${mail.text}${mail.html}`).not.toContain(await hashToken(`mb-mail:${bob}`));
  });

  it('GET with a tampered token shows an error page (403), not the mute button', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    await h.fire(h.clock.now);
    const url = linkIn(h.sender.to(bob)[0], 'mute');
    const good = await worker().fetch(url);
    expect(good.status).toBe(200);
    expect(await good.text()).toContain('<button type="submit">');
    const token = url.split('/').at(-1)!;
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [url.replace(/\/[^/]+$/, `/${flipped}`), url.replace(/\/[^/]+$/, '/-')]) {
      const res = await worker().fetch(bad);
      expect(res.status, bad).toBe(403);
      expect(await res.text()).not.toContain('<button');
    }
    // Another address's key with this token: refused too.
    const other = url.replace(/\/mute\/[0-9a-f]{64}\//, `/mute/${'0'.repeat(64)}/`);
    expect((await worker().fetch(other)).status).toBe(403);
    // The same for the "stop all mail" link.
    const block = linkIn(h.sender.to(bob)[0], 'block');
    expect((await worker().fetch(block)).status).toBe(200);
    for (const bad of [
      block.replace(/\/[^/]+$/, '/-'),
      block.replace(/\/block\/[0-9a-f]{64}\//, `/block/${'0'.repeat(64)}/`),
    ]) {
      const res = await worker().fetch(bad);
      expect(res.status, bad).toBe(403);
      expect(await res.text()).not.toContain('<button');
    }
  });
});
