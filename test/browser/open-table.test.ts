/**
 * End-to-end in Debian chromium (the open table): a stranger finds an open match
 * from the home page's link, takes the free seat with a name alone and plays a card; and a creator
 * opens a match to strangers from the create form, nobody comes, and when the wait is over (the
 * match's clock moved on and its alarm run through the test seams) computer players fill the free
 * seats and the match starts, leaving the list. Nothing gets wider than the screen; the list has no
 * serious or critical axe violation; captured at 360 and 1280 px. Quick match with nothing that fits
 * opens a new open match with the player at seat 0.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MatchInfo } from '../../worker/protocol/views';
import { apiCall } from './api';
import { axeAtBothWidths } from './axe';
import { e2eHooks, player, waitText } from './browser';

const h = e2eHooks();

const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Creates an open match from another address than the browser's (the creator is someone else). */
async function openMatch(body: Record<string, unknown>): Promise<{ matchId: string; hostUrl: string }> {
  const res = await fetch(`${h.server.url}/api/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'CF-Connecting-IP': '198.51.100.77' },
    body: JSON.stringify(body),
  });
  const created = (await res.json()) as { matchId: string; hostUrl: string };
  expect(res.status, JSON.stringify(created)).toBe(201);
  return created;
}

describe('the open table', () => {
  it('a stranger finds an open match and plays', async () => {
    const m = await openMatch({
      title: 'Open for all',
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Host', language: 'fr' }, { kind: 'open' }],
      firstSeat: 1,
      turnDeadlineHours: 24,
      open: { waitMinutes: 60 },
      testStack: {
        seed: 'open-table-e2e',
        position: {
          hands: {
            '0': ['d25', 'd50', 'd75', 'd100', 'd200', 'd25'],
            '1': ['roll', 'd25', 'd50', 'd75', 'd100', 'd200'],
          },
          turn: 1,
        },
      },
    });
    const page = await player(h, 'stranger', 360);
    await page.goto(`${h.server.url}/`);
    await page.getByRole('link', { name: 'Nobody to play with? Join the open table' }).click();
    await waitText(page, '.open-row h3', 'Open for all');
    const row = page.locator('.open-row', { hasText: 'Open for all' });
    expect(await row.textContent()).toContain('1 of 2 taken, 1 free');
    expect(await row.textContent()).toContain('Host');
    expect(await row.textContent()).toContain('French');
    expect(await width(page)).toBeLessThanOrEqual(360);
    await h.shots.screen(page, 'open-list');
    // A main screen: no serious or critical axe violation at either width.
    expect(await axeAtBothWidths(page, 'open table')).toEqual([]);

    // A seat without a name is not asked for.
    await row.getByRole('button', { name: 'Take a seat' }).click();
    await waitText(page, '[role=alert]', 'Type your name first.');
    await page.getByLabel('Your name').fill('Stranger');
    await row.getByRole('button', { name: 'Take a seat' }).click();
    await page.waitForURL(`**/m/${m.matchId}`);
    await waitText(page, 'section.tableau.mine', 'Your area');
    await waitText(page, '.statusbar', 'Your turn');
    await page.locator('ul.hand button', { hasText: 'Roll' }).first().click();
    await page.locator('.hand-area .actions button', { hasText: 'Play on my area' }).first().click();
    await page.waitForFunction(() => !document.querySelector('.hand .pending'));
    await waitText(page, '.statusbar', 'Host');
    expect(await width(page)).toBeLessThanOrEqual(360);
    await h.shots.screen(page, 'open-stranger-plays');

    const host = new URLSearchParams(new URL(m.hostUrl).hash.slice(1)).get('host');
    const info = (await apiCall(h, `/api/matches/${m.matchId}`, { token: host ?? '' })).body as MatchInfo;
    expect(info.status).toBe('playing');
    expect(info.seats.map((s) => [s.name, s.kind])).toEqual([
      ['Host', 'human'],
      ['Stranger', 'human'],
    ]);
    expect(
      (await apiCall(h, '/api/open')).body.matches.map((l: { matchId: string }) => l.matchId),
    ).not.toContain(m.matchId);
    expect(h.problems).toEqual([]);
  });

  it('bots fill an open match after its wait', async () => {
    const ann = await player(h, 'ann', 1280);
    await ann.goto(`${h.server.url}/`);
    await ann.getByLabel('Your name').first().fill('Ann');
    await ann.getByLabel('Name of the match (optional)').fill('Nobody came');
    await ann.getByLabel('Open to strangers: list this match on the open table').check();
    await ann.getByLabel('Wait for strangers').selectOption('5');
    await h.shots.screen(ann, 'open-create-option');
    await ann.getByRole('button', { name: 'Create match' }).click();
    await ann.waitForURL('**/m/*');
    const matchId = new URL(ann.url()).pathname.split('/').pop() ?? '';

    const watcher = await player(h, 'watcher', 360);
    await watcher.goto(`${h.server.url}/open`);
    await waitText(watcher, '.open-row h3', 'Nobody came');
    await h.shots.screen(watcher, 'open-list-waiting');

    // The wait passes on the match's clock; its alarm fills the free seats.
    expect((await apiCall(h, `/dev/clock/${matchId}`, { body: { ms: 5 * 60_000 } })).status).toBe(200);
    expect((await apiCall(h, `/dev/open/alarm/${matchId}`, { body: {} })).status).toBe(200);
    const info = (await apiCall(h, `/api/matches/${matchId}`)).body as MatchInfo;
    expect(info.status).toBe('playing');
    expect(info.seats.slice(1).every((s) => s.kind === 'bot')).toBe(true);
    await waitText(ann, 'section.tableau.mine', 'Your area');
    await h.shots.screen(ann, 'open-bots-filled');

    await watcher.getByRole('button', { name: 'Refresh' }).click();
    await watcher.waitForFunction(
      () => ![...document.querySelectorAll('.open-row h3')].some((e) => e.textContent === 'Nobody came'),
    );
    expect(await width(watcher)).toBeLessThanOrEqual(360);
    expect(h.problems).toEqual([]);
  });

  it('Quick match opens a new open match when none fits, with the player at seat 0', async () => {
    const page = await player(h, 'quinn', 360);
    await page.goto(`${h.server.url}/open`);
    await page.getByLabel('Your name').fill('Quinn');
    await page.getByLabel('Preset').selectOption('dujardin');
    await page.getByLabel('Time for each turn').selectOption('168');
    await page.getByRole('button', { name: 'Quick match' }).click();
    await page.waitForURL('**/m/*');
    const matchId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const listing = (await apiCall(h, '/api/open')).body.matches.find(
      (l: { matchId: string }) => l.matchId === matchId,
    );
    expect(listing).toMatchObject({
      preset: 'dujardin',
      players: ['Quinn'],
      turnDeadlineHours: 168,
      free: 1,
    });
    expect(await width(page)).toBeLessThanOrEqual(360);
    expect(h.problems).toEqual([]);
  });
});
