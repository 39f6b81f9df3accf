/**
 * End-to-end in Debian chromium: a steady table. Over the table page's load, the socket connecting
 * ("Connecting…" → "Live") and a move answered by two computer players (replayed one by one, the bot
 * delay apart), the cumulative layout shift stays at most 0.05 at 360×740 and at 1280×800 (a
 * `PerformanceObserver` of `layout-shift` entries, buffered, those without recent input summed), and
 * the status headline is never blank in any frame once it has said something; the "since you left"
 * summary arriving after the table moves nothing either, and on a phone it leaves "Your area" in sight
 * above the docked hand until "Got it" takes it away. A finished match names
 * its winner in the headline, no longer offers to take a seat back from the computer, and puts the
 * answer to a rematch above the score table. Captured at the tested width, and the end screen at 360
 * and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall, linkToken, playAs } from './api';
import { capture, e2eHooks, player, waitText, watchPage } from './browser';

/** Bots move at this pace (ms): the page replays their moves one by one. */
const DELAY = 300;
const h = e2eHooks({ botDelayMs: DELAY });

/** The largest cumulative layout shift allowed (Lighthouse's "good" is 0.1). */
const MAX_CLS = 0.05;

/** What the page recorded: the layout shifts without recent input, and the headline's text per frame. */
interface Record_ {
  cls: number;
  shifts: Array<{ value: number; at: number; nodes: string[] }>;
  /** Every headline text seen in a frame, in order (repeats collapsed). */
  headlines: string[];
}

/** Installed before the page's own scripts: the layout-shift observer and a per-frame headline sampler. */
function recorder(): void {
  const w = window as unknown as { rec: Record_ };
  w.rec = { cls: 0, shifts: [], headlines: [] };
  const name = (n: Node | null) => {
    if (!n || !(n instanceof Element)) return String(n?.nodeName ?? '?');
    return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.className ? `.${String(n.className).split(' ').join('.')}` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Array<
      PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }
    >) {
      if (e.hadRecentInput) continue;
      w.rec.cls += e.value;
      w.rec.shifts.push({
        value: e.value,
        at: e.startTime,
        nodes: (e.sources ?? []).map((s) => name(s.node)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const sample = () => {
    const el = document.querySelector('.statusbar .headline');
    if (el) {
      const text = el.textContent ?? '';
      const seen = w.rec.headlines;
      if (seen[seen.length - 1] !== text) seen.push(text);
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

/** A page of its own (own storage, English, Oslo time) at `width`×`height`, recording from the start. */
async function openPage(label: string, width: number, height: number): Promise<Page> {
  const context = await h.browser.newContext({
    viewport: { width, height },
    locale: 'en-US',
    timezoneId: 'Europe/Oslo',
  });
  await context.addInitScript(recorder);
  return watchPage(h, label, await context.newPage());
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { rec: Record_ }).rec);

/** The shifts in words, for a failure message. */
const explain = (r: Record_) =>
  JSON.stringify(r.shifts.map((s) => [s.value.toFixed(4), Math.round(s.at), s.nodes]));

/** Ann (first) against two computer players, every area rolling, Ann holding distance cards. */
async function againstTwoBots(title: string): Promise<Created> {
  const r = await apiCall(h, '/api/matches', {
    body: {
      title,
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'bot', name: 'Robo One' },
        { kind: 'bot', name: 'Robo Two' },
      ],
      firstSeat: 0,
      testStack: {
        seed: `steady-${title}`,
        position: {
          hands: { '0': ['d25', 'd50', 'd75', 'd100', 'd200', 'roll'] },
          tableaux: { '0': { battle: ['roll'] }, '1': { battle: ['roll'] }, '2': { battle: ['roll'] } },
        },
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Created;
}

describe('the table does not move', () => {
  for (const [width, height] of [
    [360, 740],
    [1280, 800],
  ] as const) {
    it(`keeps the layout shift at most ${MAX_CLS} at ${width}×${height} over the load, the socket and a move`, async () => {
      const m = await againstTwoBots(`Steady ${width}`);
      const page = await openPage(`ann${width}`, width, height);
      await page.goto(m.seats[0].url!);
      await waitText(page, '.conn', 'Live');
      await waitText(page, '.statusbar .headline', 'Your turn');
      // The first seconds: the journal, the dock's parts and the socket's first frames arrive.
      await page.waitForTimeout(3_000);
      const loaded = await recorded(page);
      console.log(`CLS at ${width}×${height} after the load: ${loaded.cls.toFixed(4)} ${explain(loaded)}`);
      expect(loaded.cls, explain(loaded)).toBeLessThanOrEqual(MAX_CLS);
      await capture(h.shots, page, `table-${width}`, { widths: [width], height, fullPage: false });

      // A move: the two computer players answer, replayed one by one, and it is Ann's turn again.
      await page.locator('ul.hand button.legal').first().click();
      await page.locator('.hand-area .actions button.primary').first().click();
      await page.waitForFunction(() => !document.querySelector('.hand .pending'));
      await page.waitForFunction(
        () => document.querySelectorAll('.journal li').length > 0 && !!document.querySelector('.your-turn'),
        undefined,
        { timeout: 20_000 },
      );
      await page.waitForTimeout(2_000);
      const moved = await recorded(page);
      console.log(`CLS at ${width}×${height} after a move: ${moved.cls.toFixed(4)} ${explain(moved)}`);
      expect(moved.cls, explain(moved)).toBeLessThanOrEqual(MAX_CLS);
      // The headline said something in every frame once it had words, also while the bots' moves replayed.
      const first = moved.headlines.findIndex((x) => x !== '');
      expect(moved.headlines.slice(first), JSON.stringify(moved.headlines)).not.toContain('');
      expect(moved.headlines.some((x) => x.includes('Robo'))).toBe(true);
      await capture(h.shots, page, `after-move-${width}`, { widths: [width], height, fullPage: false });
      expect(h.problems).toEqual([]);
    });
  }
});

describe('the "since you left" summary', () => {
  it('arrives over the table without moving it, at 360×740', async () => {
    const r = await apiCall(h, '/api/matches', {
      body: {
        title: 'Since',
        rules: 'classic',
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'human', name: 'Bob' },
        ],
        firstSeat: 0,
        testStack: {
          seed: 'steady-since',
          position: { hands: { 0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'] } },
        },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const m = r.body as Created;
    const page = await openPage('bob-since', 360, 740);
    await page.goto(m.seats[1].url!);
    await waitText(page, '.statusbar .headline', "Ann's turn");
    await page.waitForSelector('.journal h3');
    await page.goto(`${h.server.url}/`);
    await playAs(h, m.matchId, linkToken(m.seats[0].url), { type: 'play', card: 'roll' }, 's1');
    await page.goto(`${h.server.url}/m/${m.matchId}`);
    await waitText(page, '.since li', 'Ann');
    await page.waitForTimeout(1_500);
    const rec = await recorded(page);
    console.log(`CLS with "since you left" at 360×740: ${rec.cls.toFixed(4)} ${explain(rec)}`);
    expect(rec.cls, explain(rec)).toBeLessThanOrEqual(MAX_CLS);
    // It lies over the piles only: "Your area" stays in sight, between the summary and the dock.
    const box = async (sel: string) => (await page.locator(sel).boundingBox())!;
    const [since, mine, dock] = [
      await box('.since'),
      await box('section.tableau.mine h2'),
      await box('.hand-area.dock'),
    ];
    expect(since.y + since.height).toBeLessThanOrEqual(mine.y);
    expect(mine.y + mine.height).toBeLessThanOrEqual(dock.y);
    await capture(h.shots, page, 'since-you-left', { fullPage: false, height: 740 });
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.locator('.since').waitFor({ state: 'detached' });
    expect(h.problems).toEqual([]);
  });
});

describe('a finished match', () => {
  it('names the winner, offers no seat back from the computer, and puts the rematch answer first', async () => {
    // Ann and Bob, a hand to 100 km: Roll, Roll, then Bob hands his seat to the computer, and Ann's
    // 100 km ends the match.
    const r = await apiCall(h, '/api/matches', {
      body: {
        title: 'Finished',
        rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } },
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'human', name: 'Bob' },
        ],
        firstSeat: 0,
        testStack: {
          seed: 'steady-finished',
          position: {
            hands: {
              0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'],
              1: ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
            },
          },
        },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const m = r.body as Created;
    const [ann, bob] = [linkToken(m.seats[0].url), linkToken(m.seats[1].url)];
    await playAs(h, m.matchId, ann, { type: 'play', card: 'roll' }, 'a1');
    await playAs(h, m.matchId, bob, { type: 'play', card: 'roll' }, 'b1');
    const away = await apiCall(h, `/api/matches/${m.matchId}/settings`, {
      token: bob,
      body: { playForMe: true },
    });
    expect(away.status, JSON.stringify(away.body)).toBe(200);
    await playAs(h, m.matchId, ann, { type: 'play', card: 'd100' }, 'a2');
    const offered = await apiCall(h, `/api/matches/${m.matchId}/rematch`, { token: ann, body: {} });
    expect(offered.status, JSON.stringify(offered.body)).toBe(202);

    const page = await player(h, 'bob', 360);
    await page.goto(m.seats[1].url!);
    await waitText(page, '.statusbar .headline', 'Ann won the match!');
    await waitText(page, '.rematch-offer', 'Ann offers a rematch');
    expect(await page.locator('.prompt').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Take my seat back' }).count()).toBe(0);
    expect(await page.locator('.chip', { hasText: 'computer plays' }).count()).toBe(0);
    const accept = (await page.locator('.rematch-offer button', { hasText: 'Accept' }).boundingBox())!;
    const scores = (await page.locator('.end table.scores').first().boundingBox())!;
    expect(accept.y + accept.height).toBeLessThanOrEqual(scores.y);
    // On a phone the answer is on the first screen.
    expect(accept.y + accept.height).toBeLessThanOrEqual(800);
    await capture(h.shots, page, 'finished-offer');
    expect(h.problems).toEqual([]);
  });
});
