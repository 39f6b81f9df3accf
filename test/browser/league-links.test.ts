/**
 * End-to-end in Debian chromium against the real Worker: the owner who plays, on one phone. The
 * league is created in the page (its rules starting as the match create form's) and opens with Ann's "New match" and every member's link with Copy
 * and Share; Lea's link opened on the same device and back, the owner's view is still there; home
 * lists the league; a new link for Lea refuses her old one; after a new link for Ann, the match made
 * before still opens on Ann's seat from this device. Axe finds nothing at 360 and 1280 px.
 * Its own file, so its own server: with the other league test it would pass one client's create
 * rate limit (10 a minute).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRESET } from '../../worker/shared/rules-data/presets';
import { axeAtBothWidths } from './axe';
import { e2eHooks, player, waitText } from './browser';

const h = e2eHooks();

describe('a league on the owner’s phone', () => {
  it('the owner who plays keeps both links on one device, with every member’s link to copy or share', async () => {
    const page = await player(h, 'owner', 360);
    // The system share sheet, recorded: headless chromium has none.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared.push(data);
          return Promise.resolve();
        },
      });
      (window as unknown as { shared: ShareData[] }).shared = [];
    });
    await page.goto(`${h.server.url}/`);
    // The match create form's rules, which a new league starts with too.
    const matchRules = await page.locator('input[name=preset]:checked').getAttribute('value');
    expect(matchRules).toBe(DEFAULT_PRESET);
    await page.click('nav a[href="/l/new"]');
    await waitText(page, 'h1', 'Start a league');
    expect(await page.getByLabel('Rules of every match').inputValue()).toBe(matchRules);
    await page.getByLabel('League name').fill('Sunday club');
    for (const [n, name] of ['Ann', 'Lea', 'Bob'].entries())
      await page.getByLabel(`Member ${n + 1}`, { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Create the league' }).click();
    await waitText(page, '[role=status]', 'Your league is ready');
    // Every link of the new league with Copy and Share.
    expect(await page.locator('.share').count()).toBe(4);
    expect(await page.locator('.share button', { hasText: 'Copy link' }).count()).toBe(4);
    expect(await page.locator('.share button', { hasText: 'Share…' }).count()).toBe(4);
    await h.shots.screen(page, 'league-created');

    // The device holds the owner's link and every member's: it plays as Ann (member 1), picked here.
    const playing = () => page.locator('.league-play-as select option:checked').textContent();
    await page.getByRole('button', { name: 'Open the league' }).click();
    await waitText(page, '.league', 'You hold the owner link.');
    expect(await playing()).toBe('Ann');
    await waitText(page, '.league', 'You hold the owner link.');
    const leagueUrl = page.url();
    expect(leagueUrl).not.toContain('#');
    await page.getByRole('button', { name: 'New match with every member' }).waitFor();
    const rows = page.locator('.league-link-list > li');
    expect(await rows.count()).toBe(3);
    const lea = rows.filter({ hasText: 'Link for Lea' });
    const leaUrl = await lea.locator('input.link').inputValue();
    expect(leaUrl).toMatch(/#member=[A-Za-z0-9_-]{43}$/);
    await lea.getByRole('button', { name: 'Share…' }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared.map((x) => x.url)).toEqual([leaUrl]);
    expect(shared[0].text).toContain('Lea');
    await h.shots.screen(page, 'league-owner-member');

    // Back: the creation form is gone from the history; home lists the league.
    await page.goBack();
    await waitText(page, '.my-leagues', 'Sunday club');

    // Lea's link opened on the same device: Lea for that visit; the owner's link and Ann's stay.
    await page.goto(leaUrl);
    await waitText(page, '.league', 'You hold the owner link.');
    await page.waitForFunction(
      () => document.querySelector('.league-play-as option:checked')?.textContent === 'Lea',
    );
    await page.goto(leagueUrl);
    await waitText(page, '.league', 'You hold the owner link.');
    expect(await playing()).toBe('Ann');
    await page.getByRole('button', { name: 'New match with every member' }).waitFor();
    expect(await rows.count()).toBe(3);
    expect(await lea.locator('input.link').inputValue()).toBe(leaUrl);

    // Home lists the league, and the way in opens it.
    await page.goto(`${h.server.url}/`);
    await waitText(page, '.my-leagues', 'Sunday club');
    await h.shots.screen(page, 'home-leagues');
    await page.locator('.my-leagues a', { hasText: 'Sunday club' }).click();
    await waitText(page, '.league', 'You hold the owner link.');
    expect(await playing()).toBe('Ann');

    // A new link for Lea: her old one is refused on her phone, the new one opens her place.
    await lea.getByRole('button', { name: 'New link' }).click();
    await lea.getByRole('button', { name: 'Yes, new link' }).click();
    await waitText(page, '.league-link-list', 'New link for Lea ready');
    const leaNew = await lea.locator('input.link').inputValue();
    expect(leaNew).not.toBe(leaUrl);
    const phone = await player(h, 'lea', 360);
    await phone.goto(leaUrl);
    await waitText(phone, '[role=alert]', 'it was replaced');
    await phone.goto(leaNew);
    await waitText(phone, '.league', 'You play as Lea.');
    // A member sees their own link only, never the others' nor the owner's.
    await waitText(phone, '.league-links', 'Your link');
    const html = await phone.content();
    const ownLinks = await page
      .locator('.league input.link')
      .evaluateAll((i) => i.map((e) => (e as HTMLInputElement).value));
    for (const url of ownLinks.filter((u) => u !== leaNew)) expect(html).not.toContain(url.split('#')[1]);
    expect(await phone.locator('.league-link-list').count()).toBe(0);
    await h.shots.screen(phone, 'league-member-own-link');
    expect(await axeAtBothWidths(page, 'league-owner-member')).toEqual([]);

    // The owner plays: the new match opens on Ann's seat.
    await page.getByRole('button', { name: 'New match with every member' }).click();
    await page.waitForURL(/\/m\//);
    await waitText(page, 'section.tableau.mine', 'Your area');
    const matchPath = new URL(page.url()).pathname;

    // A new link for Ann, the member this device plays: the match made before takes it too (on the
    // server and in this device's saved matches), so the table still opens on Ann's seat.
    await page.goto(leagueUrl);
    await waitText(page, '.league', 'You hold the owner link.');
    const ann = rows.filter({ hasText: 'Link for Ann' });
    await ann.getByRole('button', { name: 'New link' }).click();
    await ann.getByRole('button', { name: 'Yes, new link' }).click();
    await waitText(page, '.league-link-list', 'New link for Ann ready');
    await page.goto(`${h.server.url}${matchPath}`);
    await waitText(page, 'section.tableau.mine', 'Your area');
    expect(h.problems).toEqual([]);
  });
});
