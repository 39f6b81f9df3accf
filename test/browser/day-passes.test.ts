/**
 * End-to-end in Debian chromium: coming back after a day. Ann and Bob play by link; Bob looks at the
 * table and leaves. A day passes on the test clock (the match's Durable Object clock through
 * `POST /dev/clock/:id`, the page's clock through playwright's clock) and Ann plays a Stop on Bob on
 * the way. When Bob opens the home page, "my matches" lists the match first as his turn with Ann's
 * last move in hours; the table's tab title says it is his turn; the journal marks the new events
 * and opens with the "since you left" summary. Captured at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall as apiCall_, linkToken, playAs } from './api';
import { e2eHooks, player, waitText } from './browser';

const h = e2eHooks();
const HOUR = 3_600_000;

const tokenOf = (url: string | null) => linkToken(url);
const apiCall = (path: string, init?: { token?: string; body?: unknown }) => apiCall_(h, path, init);

/** Moves the match's clock and the page's clock forward by `ms`. */
async function pass(page: Page, matchId: string, ms: number): Promise<void> {
  const r = await apiCall(`/dev/clock/${matchId}`, { body: { ms } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const serverNow = (r.body as { now: number }).now;
  await page.clock.setSystemTime(serverNow);
}

describe('coming back after a day', () => {
  it('shows whose turn it is at home, in the tab title and in the journal', async () => {
    const created = await apiCall('/api/matches', {
      body: {
        title: 'Long game',
        rules: 'classic',
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'human', name: 'Bob' },
        ],
        firstSeat: 0,
        turnDeadlineHours: 72,
        testStack: {
          seed: 'day-passes-e2e',
          position: {
            hands: {
              '0': ['stop', 'd100', 'd100', 'd25', 'd50', 'd75'],
              '1': ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
            },
            tableaux: { '0': { battle: ['roll'] }, '1': { battle: ['roll'] } },
          },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const m = created.body as Created;
    const ann = tokenOf(m.seats[0].url);

    const page = await player(h, 'bob', 360);
    await page.clock.install();
    // Bob opens his link: Ann's turn. The title names the match, with no "your turn".
    await page.goto(m.seats[1].url!);
    await waitText(page, '.statusbar', 'Ann');
    await page.waitForSelector('.journal h3');
    expect(await page.title()).toBe('Long game — Mille Bornes');
    await page.goto(`${h.server.url}/`);
    await waitText(page, '.mine-row', 'Long game');
    expect(await page.locator('.mine-row.yours').count()).toBe(0);

    // 20 hours later Ann plays a Stop on Bob; Bob comes back four hours after that.
    await pass(page, m.matchId, 20 * HOUR);
    await playAs(h, m.matchId, ann, { type: 'play', card: 'stop', target: 1 }, 'ann-stop');
    await pass(page, m.matchId, 4 * HOUR);

    // Home: the match is listed first as Bob's turn, with Ann's move four hours ago.
    await page.goto(`${h.server.url}/`);
    const row = page.locator('.mine-row.yours');
    await row.waitFor();
    expect(await row.locator('strong').first().textContent()).toBe('Your turn');
    expect(await row.textContent()).toContain('Long game');
    expect(await row.textContent()).toContain('Ann played 4 hours ago');
    await h.shots.screen(page, 'day-passes-home');

    // The table: the tab says it is Bob's turn; the journal marks Ann's move and summarises it.
    await page.goto(`${h.server.url}/m/${m.matchId}`);
    await waitText(page, '.since li', 'Ann played Stop on you.');
    await page.waitForFunction(() => document.title === '(1) Your turn · Long game — Mille Bornes');
    const marked = page.locator('.journal li.new');
    await marked.first().waitFor();
    expect(await marked.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Ann played Stop on Bob.')]),
    );
    expect(await page.locator('.journal li.new time').first().textContent()).toContain('4 hours ago');
    await h.shots.screen(page, 'day-passes-table');

    // While Bob watches, his own move and Ann's next one are not "since you left" nor marked new:
    // the journal's live region tells them.
    const bob = tokenOf(m.seats[1].url);
    await playAs(h, m.matchId, bob, { type: 'play', card: 'roll' }, 'bob-roll');
    await playAs(h, m.matchId, ann, { type: 'play', card: 'd100' }, 'ann-100');
    await waitText(page, '.journal [aria-live="polite"]', 'Ann drove 100 km.');
    expect(await page.locator('.since li').allTextContents()).toEqual(['Ann played Stop on you.']);
    const fresh = await page.locator('.journal li.new').allTextContents();
    expect(fresh.join(' ')).not.toContain('100 km');
    expect(fresh.join(' ')).not.toContain('Bob played Roll');
    expect(h.problems).toEqual([]);
  });
});
