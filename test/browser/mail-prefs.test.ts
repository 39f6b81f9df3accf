/**
 * End-to-end in Debian chromium against the real Worker with the local outbox: Bob changes his mail
 * timing in his seat's settings at 360 px and the panel says, next to the fields, that a link went
 * to his address; the link's page looks like the site (its top bar, its colours), leads back home
 * and is in the reader's language; a second change replaces the first link, whose page then says
 * so and applies nothing; the second link applies exactly its change. Screens at 360 and 1280 px,
 * axe at both widths.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, linkToken } from './api';
import { axeAtBothWidths } from './axe';
import { e2eHooks, player, waitText, watchPage } from './browser';

const h = e2eHooks({ mail: true });
const LINK = /\/api\/mail\/prefs\/[0-9a-f]{64}\/[A-Za-z0-9_-]{43}/g;

/** The confirmation links in the dev outbox, oldest first, once there are at least `n`. */
async function prefsLinks(n: number): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const page = await (await fetch(`${h.server.url}/dev/mail`)).text();
    // The outbox lists the newest mail first; each link is in its mail twice at most.
    const found = [...new Set([...page.matchAll(LINK)].map((m) => m[0]))].reverse();
    if (found.length >= n) return found;
    if (Date.now() > deadline) throw new Error(`fewer than ${n} confirmation links in the outbox`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('mail timing', () => {
  it('says a link was sent; the link’s page looks like the site and leads home; a later change replaces it', async () => {
    const bobMail = `bob.${Date.now()}@example.org`;
    const created = await apiCall(h, '/api/matches', {
      body: {
        title: 'Timing',
        rules: 'classic',
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'human', name: 'Bob', email: bobMail },
        ],
        firstSeat: 0,
      },
    });
    expect(created.status).toBe(201);
    const m = created.body as { matchId: string; seats: Array<{ url: string }> };
    const bob = await player(h, 'bob', 360);
    await bob.goto(m.seats[1].url);
    // Invited by address, Bob confirms his name, which starts the match.
    await bob.getByRole('button', { name: 'Join with this name' }).click();
    await waitText(bob, 'section.tableau.mine', 'Your area');
    await bob.getByRole('button', { name: /Settings/ }).click();
    await bob.getByLabel('One mail a day instead of one per turn, at').first().check();
    await waitText(bob, 'fieldset [role="status"]', `We sent a link to ${bobMail}`);
    const status = bob.locator('fieldset [role="status"]');
    await status.scrollIntoViewIfNeeded();
    expect(await width(bob)).toBeLessThanOrEqual(360);
    await h.shots.screen(bob, 'mail-timing-sent');
    const [first] = await prefsLinks(1);

    // The link's page, in the reader's language (a French browser here).
    const ctx = await h.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'fr-FR' });
    const reader = watchPage(h, 'reader', await ctx.newPage());
    await reader.goto(`${h.server.url}${first}`);
    await waitText(reader, 'h1', 'Utiliser ces réglages de mail pour toutes vos parties');
    expect(await reader.locator('html').getAttribute('lang')).toBe('fr-FR');
    expect(await reader.locator('header.top a.brand').getAttribute('href')).toBe('/');
    expect(await reader.locator('main a[href="/"]').textContent()).toBe('Aller à la page d’accueil');
    // Styled like the app: the stylesheet applied (the top bar's blue).
    expect(await reader.locator('header.top').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
      'rgb(29, 78, 137)',
    );
    expect(await width(reader)).toBeLessThanOrEqual(360);
    await h.shots.screen(reader, 'prefs-link-page');
    expect(await axeAtBothWidths(reader, 'prefs link page')).toEqual([]);

    // A second change: a new link; the first one now says it was replaced and applies nothing.
    await bob.getByLabel('One mail a day instead of one per turn, at').nth(1).selectOption('9');
    await waitText(bob, 'fieldset [role="status"]', `We sent a link to ${bobMail}`);
    const [, second] = await prefsLinks(2);
    await reader.goto(`${h.server.url}${first}`);
    await waitText(reader, 'h1', 'Ce lien a été remplacé par un plus récent');
    expect(await reader.locator('button').count()).toBe(0);
    await h.shots.screen(reader, 'prefs-link-replaced');

    // The second link applies exactly its change (09:00), then the home link leads to the app.
    await reader.goto(`${h.server.url}${second}`);
    await waitText(reader, 'main li', 'un mail par jour à 09 h');
    await reader.getByRole('button', { name: 'Utiliser ces réglages' }).click();
    await waitText(reader, 'h1', 'vos parties suivent ces réglages de mail');
    await h.shots.screen(reader, 'prefs-link-confirmed');
    const token = linkToken(m.seats[1].url);
    const info = await apiCall(h, `/api/matches/${m.matchId}`, { token });
    expect(info.body.settings.mailPrefs.digestHour).toBe(9);
    await reader.locator('main a[href="/"]').click();
    await reader.waitForSelector('header.top nav');
    expect(h.problems).toEqual([]);
    await ctx.close();
  });
});
