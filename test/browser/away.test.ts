/**
 * End-to-end in Debian chromium against the real Worker (vacation days): at 360 px Bob
 * says "I'm away until" a day from his settings and Ann's table shows "Bob is away until …", then
 * "I'm back" takes it away; Bob lets the computer play for him and takes his seat back from the
 * table's button; the create form offers the vacation days and the timeouts before the computer
 * keeps a seat. Nothing gets wider than the screen; the screens are captured at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, linkToken } from './api';
import { e2eHooks, player, waitText } from './browser';

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

    await bob.getByRole('button', { name: /Settings/ }).click();
    await waitText(bob, 'fieldset.away', 'Vacation days left: 10');
    await bob.getByLabel("I'm away until").fill(osloDay(3));
    await bob.locator('fieldset.away button[type="submit"]').click();
    await waitText(bob, 'fieldset.away', 'You are away until');
    await waitText(ann, '.chip', 'Bob is away until');
    expect(await width(bob)).toBeLessThanOrEqual(360);
    await h.shots.screen(bob, 'settings-away');

    await bob.getByRole('button', { name: "I'm back" }).click();
    await ann.waitForFunction(() => !document.body.textContent?.includes('Bob is away until'));
    const info = await apiCall(h, `/api/matches/${m.matchId}`, { token: linkToken(m.seats[1].url) });
    expect(info.body.settings.awayUntil).toBeNull();

    await bob.getByLabel('Let the computer play for me until I come back').check();
    await waitText(bob, '.prompt', 'The computer plays your seat, as you asked');
    await waitText(ann, '.chip', 'computer plays for now');
    expect(await width(bob)).toBeLessThanOrEqual(360);
    await h.shots.screen(bob, 'play-for-me');
    await bob.getByRole('button', { name: 'Take my seat back' }).click();
    await bob.waitForFunction(() => !document.querySelector('.prompt'));
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
