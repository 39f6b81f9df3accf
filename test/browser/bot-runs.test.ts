/**
 * End-to-end in Debian chromium: a human plays against three bots with a bot delay. The
 * server plays the bots' moves in the human's request and pushes them as one change with its events;
 * the page shows them one after the other: the journal's live region announces each bot's move in
 * seat order, the bot delay apart, and the page says "Your turn" only after the last one.
 */
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall, linkToken, playAs } from './api';
import { e2eHooks, player, waitText } from './browser';

const DELAY = 900;
const h = e2eHooks({ botDelayMs: DELAY });

/** What the journal's live region said, and when (ms of the page's clock), with the status bar then. */
interface Said {
  t: number;
  text: string;
  status: string;
}

describe('a run of bot moves on the page', () => {
  it('shows the three bots one after the other, the bot delay apart, then the turn', async () => {
    const created = await apiCall(h, '/api/matches', {
      body: {
        title: 'Bot run',
        rules: 'classic',
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'bot', name: 'Robo One' },
          { kind: 'bot', name: 'Robo Two' },
          { kind: 'bot', name: 'Robo Three' },
        ],
        firstSeat: 0,
        testStack: {
          seed: 'bot-run-e2e',
          position: {
            hands: { '0': ['d25', 'd50', 'd75', 'd100', 'd200', 'roll'] },
            tableaux: {
              '0': { battle: ['roll'] },
              '1': { battle: ['roll'] },
              '2': { battle: ['roll'] },
              '3': { battle: ['roll'] },
            },
          },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const m = created.body as Created;
    const ann = linkToken(m.seats[0].url);

    const page = await player(h, 'ann', 1280);
    await page.goto(m.seats[0].url!);
    await waitText(page, '.statusbar', 'Your turn');
    await page.waitForSelector('.journal h3');
    await page.evaluate(() => {
      const region = document.querySelector('.journal [aria-live="polite"]')!;
      const said: Said[] = [];
      (window as unknown as { said: Said[] }).said = said;
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes) {
            const text = n.textContent ?? '';
            if (text)
              said.push({
                t: performance.now(),
                text,
                status: document.querySelector('.statusbar')?.textContent ?? '',
              });
          }
      }).observe(region, { childList: true, subtree: true, characterData: true });
    });

    await playAs(h, m.matchId, ann, { type: 'play', card: 'd25' }, 'ann-25');
    await page.waitForFunction(() => (window as unknown as { said: Said[] }).said.length >= 3, undefined, {
      timeout: 20_000,
    });
    await waitText(page, '.statusbar', 'Your turn');
    const said = await page.evaluate(() => (window as unknown as { said: Said[] }).said);
    // One announcement per bot, in seat order.
    expect(said.map((s) => s.text.match(/Robo \w+/)?.[0])).toEqual(['Robo One', 'Robo Two', 'Robo Three']);
    // One after the other, the bot delay apart (not all at once).
    for (let i = 1; i < said.length; i++) expect(said[i].t - said[i - 1].t).toBeGreaterThan(DELAY * 0.7);
    // The turn comes back to Ann only with the last bot's move.
    expect(said.slice(0, 2).every((s) => !s.status.includes('Your turn'))).toBe(true);
    expect(h.problems).toEqual([]);
  });
});
