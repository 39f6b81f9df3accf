/**
 * End-to-end in Debian chromium against the real Worker (chat on the page): Ann (English,
 * 1280 px) and Bob (French, 360 px) chat at their table. Ann's messages reach Bob's table live as an
 * unread badge, and his home list counts them; reading them clears both. Ann's quick phrases read in
 * French for Bob; markup and links stay text; a message appears live in the other's open panel; own
 * messages never count as unread; Bob deletes his own message and the host hides another; removed
 * messages read "message removed". Screens at 360 px and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall } from './api';
import { e2eHooks, player, waitText, watchPage } from './browser';

const h = e2eHooks();
const EVIL = '<img src=x onerror=alert(1)> https://evil.example';
const FRENCH_DAYS = /Pas là jusqu’au (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)/;

/** A French player: own browser context, fr-FR, Oslo time. */
async function frenchPlayer(label: string, width: number): Promise<Page> {
  const context = await h.browser.newContext({
    viewport: { width, height: 800 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Oslo',
  });
  return watchPage(h, label, await context.newPage());
}

/** The unread number on the table's chat button ('' when none). */
const badge = (page: Page) =>
  page.evaluate(() => document.querySelector('.chat-button .chat-badge')?.textContent ?? '');

/** Opens the chat panel and waits for its list. */
async function openChat(page: Page): Promise<void> {
  await page.locator('.chat-button').click();
  await page.waitForSelector('.dialog-chat .chat-form, .dialog-chat .chat-panel > p.muted');
}

/** Closes the chat dialog. */
async function closeChat(page: Page): Promise<void> {
  await page.locator('.dialog-chat .dialog-head button').click();
  await page.waitForSelector('.dialog-chat', { state: 'detached' });
}

/** Writes `text` in the open panel and sends it; waits until it shows. */
async function write(page: Page, text: string): Promise<void> {
  await page.locator('.chat-field').fill(text);
  await page.locator('.chat-form button[type="submit"]').click();
  await waitText(page, '.chat-log', text);
}

/** A day `days` from now, `YYYY-MM-DD` (as the date input takes it). */
const dayAhead = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(Date.now() + days * 86_400_000);

describe('chat at the table', () => {
  it('two players chat live, with unread counts, quick phrases in the reader’s language, delete and hide', async () => {
    const created = await apiCall(h, '/api/matches', {
      body: {
        title: 'Chatty',
        rules: 'classic',
        firstSeat: 0,
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'human', name: 'Bob', language: 'fr' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const m = created.body as Created;
    const ann = await player(h, 'ann', 1280);
    await ann.goto(m.seats[0].url!);
    await waitText(ann, 'section.tableau.mine', 'Your area');
    const bob = await frenchPlayer('bob', 360);
    await bob.goto(m.seats[1].url!);
    await bob.waitForSelector('section.tableau.mine');
    await bob.waitForSelector('.chat-button');
    expect(await badge(bob)).toBe('');

    // Ann writes markup with a link, and two quick phrases.
    await openChat(ann);
    await waitText(ann, '.chat-panel', 'No messages yet.');
    await write(ann, EVIL);
    await ann.getByRole('button', { name: 'Good game', exact: true }).click();
    await waitText(ann, '.chat-log', 'Good game');
    await ann.getByRole('button', { name: 'Away until …' }).click();
    await ann.getByLabel('Away until', { exact: true }).fill(dayAhead(3));
    await ann.locator('.chat-away button').click();
    await waitText(ann, '.chat-log', 'Away until');
    expect(await ann.locator('.chat-msg.own').count()).toBe(3);
    expect(await badge(ann)).toBe('');

    // Bob's table shows them live as unread; his home list counts them too.
    await bob.waitForFunction(() => document.querySelector('.chat-button .chat-badge')?.textContent === '3');
    expect(
      await bob.getByRole('button', { name: 'Discussion 3 nouveaux messages', exact: true }).count(),
    ).toBe(1);
    await h.shots.screen(bob, 'table-chat-badge');
    await bob.goto(`${h.server.url}/`);
    await waitText(bob, '.mine-chat', '3 nouveaux messages dans la discussion');
    await h.shots.screen(bob, 'home-chat-unread');
    await bob.goto(`${h.server.url}/m/${m.matchId}`);
    await bob.waitForSelector('.chat-button .chat-badge');

    // Bob reads: the text as text (no image, no link), the phrases in French. His panel tells the
    // server what it showed, so his turn mail does not repeat it.
    const told = bob.waitForResponse((r) => r.url().endsWith(`/api/matches/${m.matchId}/chat/read`));
    await openChat(bob);
    expect((await told).status()).toBe(200);
    await waitText(bob, '.chat-log', 'Bonne partie');
    const log = bob.locator('.chat-log');
    expect(await log.locator('img').count()).toBe(0);
    expect(await log.locator('a').count()).toBe(0);
    expect(await bob.locator('img[src="x"]').count()).toBe(0);
    expect(await log.locator('.chat-text').first().textContent()).toBe(EVIL);
    expect(await log.textContent()).toMatch(FRENCH_DAYS);
    expect(await log.textContent()).not.toContain('Good game');
    expect(await log.locator('.chat-who').first().textContent()).toBe('Ann');
    expect(await bob.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await h.shots.screen(bob, 'chat-panel');
    expect(await badge(bob)).toBe('');

    // Live in the other's open panel, both ways.
    await write(bob, 'Salut Ann');
    await waitText(ann, '.chat-log', 'Salut Ann');
    await write(ann, 'Got it');
    await waitText(bob, '.chat-log', 'Got it');

    // With her panel closed, Ann's badge counts Bob's message, never her own.
    await closeChat(ann);
    await write(bob, 'oups');
    await ann.waitForFunction(() => document.querySelector('.chat-button .chat-badge')?.textContent === '1');
    await write(bob, 'à bientôt');
    await ann.waitForFunction(() => document.querySelector('.chat-button .chat-badge')?.textContent === '2');

    // Bob deletes his own "oups": both read "message removed".
    const oups = bob.locator('.chat-msg.own', { hasText: 'oups' });
    await oups.getByRole('button', { name: /Supprimer votre message/ }).click();
    await waitText(bob, '.chat-text.removed', 'Message retiré');
    expect(await bob.locator('.chat-log').textContent()).not.toContain('oups');
    await openChat(ann);
    await waitText(ann, '.chat-text.removed', 'Message removed');
    expect(await ann.locator('.chat-log').textContent()).not.toContain('oups');
    // Ann may delete only her own messages: no Hide without the host link.
    expect(await ann.getByRole('button', { name: /^Hide/ }).count()).toBe(0);
    await closeChat(ann);
    expect(await badge(ann)).toBe('');

    // The host (the host link alone) reads and hides Bob's "Salut Ann"; it cannot write.
    const host = watchPage(h, 'host', await (await h.browser.newContext({ locale: 'en-US' })).newPage());
    await host.goto(m.hostUrl!);
    await host.waitForSelector('.chat-button');
    await openChat(host);
    await waitText(host, '.chat-log', 'Salut Ann');
    expect(await host.locator('.chat-form').count()).toBe(0);
    await waitText(host, '.chat-panel', 'Only the players at the table write here.');
    await host
      .getByRole('button', { name: /^Hide the message of Bob/ })
      .first()
      .click();
    await waitText(bob, '.chat-log', 'Message retiré');
    await bob.waitForFunction(() => !document.querySelector('.chat-log')?.textContent?.includes('Salut Ann'));
    await h.shots.screen(host, 'chat-host');

    // Read on Bob's device: no badge on the table, nothing unread in his home list.
    await closeChat(bob);
    expect(await badge(bob)).toBe('');
    await bob.goto(`${h.server.url}/`);
    await waitText(bob, '.mine-row', 'Chatty');
    await bob.waitForSelector('.mine-acts');
    expect(await bob.locator('.mine-chat').count()).toBe(0);
    expect(h.problems).toEqual([]);
  });

  it('a spectator sees no chat unless the host let spectators read, and then only reads', async () => {
    const make = async (spectatorsReadChat: boolean) =>
      (
        await apiCall(h, '/api/matches', {
          body: {
            title: spectatorsReadChat ? 'Open chat' : 'Closed chat',
            rules: 'classic',
            firstSeat: 0,
            spectatorsReadChat,
            seats: [
              { kind: 'human', name: 'Ann' },
              { kind: 'bot', name: 'Robot' },
            ],
          },
        })
      ).body as Created;
    const closed = await make(false);
    const open = await make(true);
    for (const c of [closed, open]) {
      const token = new URLSearchParams(new URL(c.seats[0].url!).hash.slice(1)).get('seat')!;
      expect(
        (await apiCall(h, `/api/matches/${c.matchId}/chat`, { token, body: { text: 'hi all' } })).status,
      ).toBe(201);
    }
    const guest = await player(h, 'guest', 360);
    await guest.goto(`${h.server.url}/m/${closed.matchId}`);
    // (At 360 px a spectator sees every area as its compact line.)
    await guest.waitForSelector('.area-line');
    expect(await guest.locator('.chat-button').count()).toBe(0);
    await guest.goto(`${h.server.url}/m/${open.matchId}`);
    await guest.waitForSelector('.chat-button');
    await openChat(guest);
    await waitText(guest, '.chat-log', 'hi all');
    expect(await guest.locator('.chat-form').count()).toBe(0);
    expect(await guest.locator('.chat-mute').count()).toBe(0);
    expect(h.problems).toEqual([]);
  });
});
