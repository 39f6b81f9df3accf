/**
 * End-to-end in Debian chromium: the journal marks what happened since this device last showed the
 * match, and the table opens with a "since you left" summary in the your-turn mail's words. Two
 * players: Bob looks at the table and leaves, Ann plays a Stop on him, Bob comes back. While Bob
 * stays, Ann's next move is announced in the journal's polite live region (and only there).
 * Captured at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall as apiCall_, linkToken, playAs } from './api';
import { e2eHooks, player as playerPage, waitText } from './browser';

const h = e2eHooks();

/** A new player's page (its own storage, English, Oslo time). */
const player = (label: string, width: number): Promise<Page> => playerPage(h, label, width);

const tokenOf = (url: string | null) => linkToken(url);
const apiCall = (path: string, init?: { token?: string; body?: unknown }) => apiCall_(h, path, init);
const move = (matchId: string, token: string, mv: unknown, id: string) => playAs(h, matchId, token, mv, id);

describe('the journal after an absence', () => {
  it('marks what is new, opens with "since you left", and announces only the new lines', async () => {
    const created = await apiCall('/api/matches', {
      body: {
        title: 'Journal',
        rules: 'classic',
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'human', name: 'Bob' },
        ],
        firstSeat: 0,
        testStack: {
          seed: 'journal-e2e',
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
    expect(created.status).toBe(201);
    const m = created.body as Created;
    const [ann, bob] = [tokenOf(m.seats[0].url), tokenOf(m.seats[1].url)];

    // Bob looks at the table: nothing is new to him on a first visit.
    const page = await player('bob', 360);
    await page.goto(m.seats[1].url!);
    await waitText(page, '.statusbar', 'Ann');
    await page.waitForSelector('.journal h3');
    expect(await page.locator('.since').count()).toBe(0);
    await page.goto(`${h.server.url}/`);

    // Ann plays a Stop on Bob while he is away.
    await move(m.matchId, ann, { type: 'play', card: 'stop', target: 1 }, 'ann-stop');

    // Bob comes back.
    await page.goto(`${h.server.url}/m/${m.matchId}`);
    await waitText(page, '.since', 'Since you left:');
    await waitText(page, '.since li', 'Ann played Stop on you.');
    const marked = page.locator('.journal li.new');
    await marked.first().waitFor();
    expect(await marked.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Ann played Stop on Bob.')]),
    );
    expect(await page.locator('.journal li.new .badge').first().textContent()).toBe('New');
    // Each line says when: the time element carries the absolute time.
    const when = page.locator('.journal li time').first();
    expect(await when.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await when.getAttribute('title')).toMatch(/\d/);
    await h.shots.screen(page, 'journal-since-you-left');

    // The journal's live region is the page's only one that speaks of others' moves: it says just
    // the new line when Ann moves again, not the whole list.
    await move(m.matchId, bob, { type: 'play', card: 'roll' }, 'bob-roll');
    await move(m.matchId, ann, { type: 'play', card: 'd100' }, 'ann-100');
    const live = page.locator('.journal [aria-live="polite"]');
    await waitText(page, '.journal [aria-live="polite"]', 'Ann drove 100 km.');
    expect((await live.textContent())?.trim()).toBe('Ann drove 100 km.');
    // A turn is one line: Ann's draws are folded into the moves they preceded (README: draws folded).
    const texts = await page.locator('.journal li').allTextContents();
    expect(texts.filter((t) => t.includes('Ann drew'))).toEqual([]);
    expect(texts.filter((t) => t.includes('Ann drove 100 km.'))).toHaveLength(1);
    const others = await page.$$eval('[aria-live]', (els) =>
      els
        .filter((e) => !e.closest('.journal'))
        .map((e) => e.textContent ?? '')
        .filter((t) => t.includes('100 km') || t.includes('Stop')),
    );
    expect(others).toEqual([]);

    // The same words again are said again: each announcement is a new node of the live region.
    await page.evaluate(() => {
      const region = document.querySelector('.journal [aria-live="polite"]')!;
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) said.push(n.textContent ?? '');
      }).observe(region, { childList: true, subtree: true, characterData: true });
    });
    await move(m.matchId, bob, { type: 'play', card: 'd25' }, 'bob-25');
    await move(m.matchId, ann, { type: 'play', card: 'd100' }, 'ann-100-again');
    await page.waitForFunction(() =>
      (window as unknown as { said: string[] }).said.includes('Ann drove 100 km.'),
    );

    // Seen: a reload shows no summary any more.
    await page.reload();
    await page.waitForSelector('.journal h3');
    await page.waitForTimeout(300);
    expect(await page.locator('.since').count()).toBe(0);
    await h.shots.screen(page, 'journal-after');
    expect(h.problems).toEqual([]);
  });
});
