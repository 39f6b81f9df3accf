/**
 * End-to-end in Debian chromium against the real Worker (vacation days): at 360 px Bob
 * says "I'm away until" a day from his settings (a dialog with a Close button; Escape closes it too,
 * the focus back on the Settings button) and Ann's table shows "Bob is away until …", at 1280 px in
 * Bob's area and at 360×740 on Bob's compact line without opening it, then "I'm back" takes it away; Bob lets the computer play for him and takes his seat back from the
 * table's button; the create form offers the vacation days and the timeouts before the computer
 * keeps a seat. Nothing gets wider than the screen; the screens are captured at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, linkToken } from './api';
import { capture, e2eHooks, player, waitText } from './browser';

const h = e2eHooks();
const DAY = 86_400_000;

const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A day `days` from now as the date input takes it, in the players' time zone (Europe/Oslo). */
function osloDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(Date.now() + days * DAY);
}

describe('away and back', () => {
  it('away until a day, shown to the others; I’m back; play for me, and the seat taken back', async () => {
    const created = await apiCall(h, '/api/matches', {
      body: {
        title: 'Summer',
        rules: 'classic',
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'human', name: 'Bob' },
        ],
        firstSeat: 0,
        vacationDays: 10,
      },
    });
    expect(created.status).toBe(201);
    const m = created.body as { matchId: string; seats: Array<{ url: string }> };
    const ann = await player(h, 'ann', 1280);
    await ann.goto(m.seats[0].url);
    await waitText(ann, 'section.tableau.mine', 'Your area');
    const bob = await player(h, 'bob', 360);
    await bob.goto(m.seats[1].url);
    await waitText(bob, 'section.tableau.mine', 'Your area');

    const annPhone = await player(h, 'ann-phone', 360);
    await annPhone.setViewportSize({ width: 360, height: 740 });
    await annPhone.goto(m.seats[0].url);
    await waitText(annPhone, 'section.tableau.mine', 'Your area');

    // The settings open as a dialog over the table, its Close button in sight.
    const settingsButton = bob.getByRole('button', { name: /Settings/ });
    await settingsButton.click();
    const dialog = bob.getByRole('dialog', { name: 'Settings for Bob' });
    await dialog.waitFor();
    await waitText(bob, 'fieldset.away', 'Vacation days left: 10');
    const close = dialog.getByRole('button', { name: 'Close' });
    const closeBox = (await close.boundingBox())!;
    expect(closeBox.y).toBeGreaterThanOrEqual(0);
    expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(800);
    await close.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await settingsButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await settingsButton.click();
    await bob.getByLabel("I'm away until").fill(osloDay(3));
    await bob.locator('fieldset.away button[type="submit"]').click();
    await waitText(bob, 'fieldset.away', 'You are away until');
    await waitText(ann, '.chip', 'Bob is away until');
    expect(await width(bob)).toBeLessThanOrEqual(360);
    await h.shots.screen(bob, 'settings-away');
    // On a phone the line of Bob's area says it, closed, in sight.
    const line = annPhone.locator('button.area-line');
    await waitText(annPhone, 'button.area-line .al-away', 'Bob is away until');
    expect(await line.getAttribute('aria-expanded')).toBe('false');
    expect(await annPhone.locator('button.area-line .al-away').isVisible()).toBe(true);
    const away = (await annPhone.locator('button.area-line .al-away').boundingBox())!;
    const dock = (await annPhone.locator('.hand-area.dock').boundingBox())!;
    expect(away.y + away.height).toBeLessThanOrEqual(dock.y);
    expect(await width(annPhone)).toBeLessThanOrEqual(360);
    await capture(h.shots, annPhone, 'away-line', { widths: [360], height: 740, fullPage: false });

    await bob.getByRole('button', { name: "I'm back" }).click();
    await ann.waitForFunction(() => !document.body.textContent?.includes('Bob is away until'));
    await annPhone.waitForFunction(() => !document.querySelector('.al-away'));
    const info = await apiCall(h, `/api/matches/${m.matchId}`, { token: linkToken(m.seats[1].url) });
    expect(info.body.settings.awayUntil).toBeNull();

    await bob.getByLabel('Let the computer play for me until I come back').check();
    await waitText(bob, '.prompt', 'The computer plays your seat, as you asked');
    await waitText(ann, '.chip', 'computer plays for now');
    expect(await width(bob)).toBeLessThanOrEqual(360);
    await h.shots.screen(bob, 'play-for-me');
    // Escape closes the settings; the notice under them has the way back.
    await bob.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await bob.getByRole('button', { name: 'Take my seat back' }).click();
    await bob.waitForFunction(() => !document.querySelector('.prompt'));
    await settingsButton.click();
    expect(await bob.getByLabel('Let the computer play for me until I come back').isChecked()).toBe(false);
    expect(h.problems).toEqual([]);
  });

  it('the create form offers vacation days and the timeouts before the computer keeps a seat', async () => {
    const page = await player(h, 'host', 360);
    await page.goto(`${h.server.url}/`);
    await page.getByLabel('Vacation days per player').selectOption('14');
    await page.getByLabel('The computer keeps the seat after').selectOption('3');
    expect(await width(page)).toBeLessThanOrEqual(360);
    await h.shots.screen(page, 'create-away');
    await page.getByLabel('Your name').fill('Host');
    await page.getByRole('button', { name: 'Create match' }).click();
    await waitText(page, 'h2', 'Waiting for players');
    const seatToken = await page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('mb.matches') ?? '[]') as Array<{
            matchId: string;
            seatToken: string;
          }>
        )[0],
    );
    const info = await apiCall(h, `/api/matches/${seatToken.matchId}`, { token: seatToken.seatToken });
    expect(info.body.config).toMatchObject({ vacationDays: 14, timeoutsToBot: 3 });
    expect(h.problems).toEqual([]);
  });
});
