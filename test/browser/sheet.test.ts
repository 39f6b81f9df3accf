/**
 * End-to-end in Debian chromium against the real Worker (`wrangler dev`) for the score sheet, the
 * rules at the table and "your turn" in the tab: a classic match (one change: points to win 10000,
 * so that it lasts) of Ann and five computer players, played over four hands. Ann's moves go through
 * the API (the first legal play, else a draw or a discard: the test only needs hands to end) while
 * her page shows the table at 360 px; after every hand the page's score sheet lists every hand so
 * far, itemized, and the rules panel is one tap away. The tab's title and icon follow her turn.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MatchInfo, Move } from '../../web/src/lib/types';
import type { Created } from '../../worker/protocol/views';
import { e2eHooks, waitText, watchPage } from './browser';

const h = e2eHooks();
const HANDS = 4;

/** One API call (JSON body, optional bearer token), waiting out a rate limit (429) if one is hit. */
async function api(method: string, path: string, token?: string, body?: unknown): Promise<Response> {
  for (;;) {
    const res = await fetch(`${h.server.url}/api/matches${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status !== 429) return res;
    await new Promise((r) => setTimeout(r, 5_000));
  }
}

/** The token a link carries in its fragment (`#seat=…`, `#host=…`). */
const tokenOf = (url: string | null, key: string) =>
  new URLSearchParams(new URL(url ?? '').hash.slice(1)).get(key)!;

/** Ann's seat as an API client: reads her view and sends her moves. */
class Seat {
  info!: MatchInfo;
  private n = 0;
  constructor(
    readonly matchId: string,
    readonly token: string,
  ) {}

  private call(method: string, path: string, body?: unknown): Promise<Response> {
    return api(method, `/${this.matchId}${path}`, this.token, body);
  }

  async read(): Promise<MatchInfo> {
    const res = await this.call('GET', '');
    expect(res.status).toBe(200);
    this.info = (await res.json()) as MatchInfo;
    return this.info;
  }

  async send(move: Move): Promise<void> {
    const res = await this.call('POST', '/moves', {
      version: this.info.view!.version,
      moveId: `m${this.n++}`,
      move,
    });
    const body = (await res.json()) as { info: MatchInfo };
    expect(res.status, JSON.stringify(body)).toBe(200);
    this.info = body.info;
  }

  /** Plays until the hand is over: the first legal play, else a draw, else the first legal move. */
  async playHand(): Promise<void> {
    for (
      let i = 0;
      i < 400 && this.info.view!.phase !== 'handOver' && this.info.view!.phase !== 'matchOver';
      i++
    ) {
      const moves = this.info.view!.legalMoves;
      if (!moves.length) {
        await new Promise((r) => setTimeout(r, 200));
        await this.read();
        continue;
      }
      await this.send(
        moves.find((m) => m.type === 'play') ?? moves.find((m) => m.type === 'draw') ?? moves[0],
      );
    }
    expect(this.info.view!.phase).toBe('handOver');
  }
}

/** Every score table of the open dialog as rows of cell texts. */
function dialogTables(page: Page): Promise<string[][][]> {
  return page.$$eval('dialog table.scores', (tables) =>
    tables.map((t) =>
      [...t.querySelectorAll('tr')].map((tr) =>
        [...tr.querySelectorAll('th,td')].map((c) => (c.textContent ?? '').trim()),
      ),
    ),
  );
}

/** True when the page is no wider than its window (a table may scroll inside the sheet, never the page). */
function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('a classic match over four hands', () => {
  it('shows every hand in the score sheet, the rules at the table, and the turn in the tab', async () => {
    const res = await api('POST', '', undefined, {
      title: 'Sheet night',
      rules: { preset: 'classic', options: { matchTarget: 10000 } },
      seats: [
        { kind: 'human', name: 'Ann' },
        ...['Robo', 'Cyd', 'Dot', 'Eva', 'Fin'].map((name) => ({ kind: 'bot', name, botLevel: 'basic' })),
      ],
    });
    expect(res.status).toBe(201);
    const m = (await res.json()) as Created;
    const ann = new Seat(m.matchId, tokenOf(m.seats[0].url, 'seat'));
    if ((await ann.read()).status === 'lobby') {
      const started = await api('POST', `/${m.matchId}/start`, tokenOf(m.hostUrl, 'host'), {});
      expect(started.status).toBe(200);
    }
    expect((await ann.read()).status).toBe('playing');

    const context = await h.browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'en-US' });
    const page = watchPage(h, 'ann', await context.newPage());
    await page.goto(m.seats[0].url!);
    await page.waitForSelector('.statusbar');

    // Before the first hand ends: the sheet says so; no match total yet.
    await page.getByRole('button', { name: 'Score sheet' }).click();
    await waitText(page, 'dialog[open]', 'No hand is over yet');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog', { state: 'detached' });
    expect(await page.locator('.match-total').count()).toBe(0);

    // The rules panel: one tap from the table, Escape closes it, the focus goes back to its button.
    const rulesButton = page.getByRole('button', { name: 'Rules of this match' });
    await rulesButton.click();
    await waitText(page, 'dialog[open] h2', 'Rules of this match');
    await waitText(page, 'dialog .changed-options', 'Points to win the match');
    await waitText(page, 'dialog .changed-options', '10000');
    const stop = await page.$$eval('dialog table.card-ref tr', (trs) =>
      trs
        .map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent))
        .find((r) => r[0] === 'Stop'),
    );
    expect(stop).toEqual(['Stop', 'Roll', 'Right of Way']);
    expect(await page.locator('dialog .src-legend dt [aria-hidden="true"]').allTextContents()).toContain(
      '[NO]',
    );
    const tag = page.locator('dialog .rules-panel button.src').first();
    expect(await tag.getAttribute('aria-label')).toMatch(/^Source OLD: the older editions/);
    // What a screen reader meets in the legend: the code letter by letter, never the word "no".
    const spoken = await page.locator('dialog .src-legend').ariaSnapshot();
    expect(spoken).toContain('N O');
    expect(spoken).not.toContain('[NO]');
    expect(await fitsWidth(page)).toBe(true);
    await h.shots.screen(page, 'rules-panel');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog', { state: 'detached' });
    expect(await rulesButton.evaluate((b) => b === document.activeElement)).toBe(true);

    for (let hand = 1; hand <= HANDS; hand++) {
      // Whoever starts, the bots play at once: the hand waits for Ann, and the tab says so.
      await ann.read();
      if (ann.info.view!.legalMoves.length) {
        await page.waitForFunction(() => document.title === '(1) Your turn · Sheet night — Mille Bornes');
        const href = await page.$eval('link[rel="icon"]', (l) => l.getAttribute('href'));
        expect(href?.startsWith('data:image/svg+xml,')).toBe(true);
      }
      await ann.playHand();
      await waitText(page, '#end-title', `Hand ${hand} is over`);
      // Between hands it is nobody's turn: the plain title and icon come back.
      await page.waitForFunction(() => document.title === 'Sheet night — Mille Bornes');
      expect(await page.$eval('link[rel="icon"]', (l) => l.getAttribute('href'))).toBe('/favicon.svg');

      const sheetButton = page.getByRole('button', { name: 'Score sheet' });
      await sheetButton.click();
      await waitText(page, 'dialog[open] h2', 'Score sheet');
      await page.waitForFunction(
        (n) => document.querySelectorAll('dialog table.scores').length === n + 1,
        hand,
      );
      const [overview, ...hands] = await dialogTables(page);
      const results = ann.info.view!.results;
      expect(results).toHaveLength(hand);
      expect(overview[0]).toEqual(['Hand', 'Ann', 'Robo', 'Cyd', 'Dot', 'Eva', 'Fin']);
      expect(overview.slice(1, -1)).toEqual(
        results.map((r) => [`Hand ${r.hand}`, ...r.scores.map((s) => String(s.total))]),
      );
      expect(overview.at(-1)).toEqual(['Match total', ...ann.info.view!.scores.map(String)]);
      const captions = await page.locator('dialog table.scores caption').allTextContents();
      expect(captions.slice(1).map((c) => c.split(':')[0])).toEqual(results.map((r) => `Hand ${r.hand}`));
      hands.forEach((rows, i) => {
        expect(rows[0]).toEqual(['Score', 'Ann', 'Robo', 'Cyd', 'Dot', 'Eva', 'Fin']);
        expect(rows).toContainEqual(['Distance', ...results[i].scores.map((s) => String(s.distance))]);
        expect(rows).toContainEqual(['Hand total', ...results[i].scores.map((s) => String(s.total))]);
        expect(rows.at(-1)?.[0]).toBe('Running total');
      });
      expect(hands.at(-1)!.at(-1)).toEqual(['Running total', ...ann.info.view!.scores.map(String)]);
      // Six columns at 360 px: the sheet scrolls inside, the page never does.
      expect(await fitsWidth(page)).toBe(true);
      if (hand === HANDS) await h.shots.screen(page, 'score-sheet');
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog', { state: 'detached' });
      expect(await sheetButton.evaluate((b) => b === document.activeElement)).toBe(true);
      await waitText(page, '.match-total', 'Match total');
      if (hand === HANDS) {
        await h.shots.screen(page, 'end-of-hand');
        break;
      }
      const next = ann.info.view!.legalMoves.find((mv) => mv.type === 'nextHand');
      expect(next).toBeDefined();
      await ann.send(next!);
      await waitText(page, '.statusbar', `Hand ${hand + 1}`);
      if (hand === 1) await h.shots.screen(page, 'table-with-total');
    }
    expect(h.problems).toEqual([]);
    await context.close();
  });
});
