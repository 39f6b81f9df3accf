/**
 * End-to-end in Debian chromium against the real Worker: the home page's "my matches" after two
 * seat links were opened on one device. The match where it is the player's turn comes first and says
 * so in words; the other says whose turn it is. A match its host deletes leaves the list, with a
 * polite notice, when the page becomes visible again. Screens at 360 px and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { e2eHooks, waitText, watchPage } from './browser';

const h = e2eHooks();

async function create(title: string, firstSeat: number): Promise<Created> {
  const res = await fetch(`${h.server.url}/api/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      rules: 'classic',
      firstSeat,
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
      ],
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}

const tokenOf = (url: string | null) => new URLSearchParams(new URL(url ?? '', 'http://x').hash.slice(1));

/** The groups' headings and the titles of their rows, in page order. */
function listed(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.mine-group')].map((g) => ({
      heading: g.querySelector('h3, summary')?.textContent ?? '',
      titles: [...g.querySelectorAll('.mine-title')].map((a) => a.textContent ?? ''),
    })),
  );
}

describe('my matches on the home page', () => {
  it('lists your turn first with whose turn it is; a deleted match leaves with a notice', async () => {
    const waiting = await create('Monday game', 1);
    const yours = await create('Sunday game', 0);
    const ctx = await h.browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'en-US' });
    const page = watchPage(h, 'ann', await ctx.newPage());
    await page.clock.install();
    for (const m of [waiting, yours]) {
      await page.goto(m.seats[0].url!);
      await page.waitForSelector('section.tableau.mine');
    }
    await page.goto(`${h.server.url}/`);
    await waitText(page, '.mine-group.yourTurn', 'Sunday game');
    await waitText(page, '.mine-group.waiting', 'Bob to play');
    expect(await listed(page)).toEqual([
      { heading: 'Your turn (1)', titles: ['Sunday game'] },
      { heading: 'Waiting for others (1)', titles: ['Monday game'] },
    ]);
    const mine = page.locator('.mine-row.yours');
    expect(await mine.locator('strong').textContent()).toBe('Your turn');
    expect(await mine.textContent()).toContain('Hand 1');
    expect(await mine.textContent()).toContain('Ann (you), Bob');
    // The list comes before the create form on a phone, and fits its width.
    const order = await page.evaluate(() => {
      const list = document.querySelector('.my-matches');
      const form = document.querySelector('form');
      return list && form ? list.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Keyboard: the first row's link is reachable and named by the match.
    expect(await page.getByRole('link', { name: 'Sunday game' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Forget Sunday game on this device' }).count()).toBe(1);
    await h.shots.screen(page, 'home-my-matches');

    // The host deletes the Monday game; the page is shown again.
    const del = await fetch(`${h.server.url}/api/matches/${waiting.matchId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokenOf(waiting.hostUrl).get('host')}` },
    });
    expect(del.status).toBe(204);
    // The list is asked again when the page becomes visible, at most every 15 s.
    await page.clock.fastForward(16_000);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitText(page, '[role="status"]', 'Deleted or expired, removed from this device: Monday game');
    expect(await listed(page)).toEqual([{ heading: 'Your turn (1)', titles: ['Sunday game'] }]);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    const saved = await page.evaluate(() => localStorage.getItem('mb.matches') ?? '');
    expect(saved).not.toContain(waiting.matchId);
    await h.shots.screen(page, 'home-after-delete');
    expect(h.problems).toEqual([]);
    await ctx.close();
  });
});
