/**
 * End-to-end in Debian chromium: the practice mode and the service worker.
 * 1. After one visit online, the network is cut (the DevTools protocol's network emulation); the
 *    practice page opens from the service worker's cache, a match against two bots (an expert and a
 *    basic one, one hand of the 2016 rules) is set up and played, the page is reloaded mid-hand and
 *    the match resumes where it was (IndexedDB), then it is played to its end; the finished match is
 *    listed, opens again with its score, and its hand replays with every card shown (the replay
 *    viewer). The bots' decision times in the Web Worker are printed;
 *    axe finds no serious or critical violation on the practice screens at 360 and 1280 px.
 * 2. An online match whose network is cut says "offline" and comes back by itself, also when the
 *    page is opened offline (its shell from the cache, the link check tried again).
 * 3. The service worker serves the shell offline, never answers `/api/*` from a cache (nothing of the
 *    API is cached) nor a move link's `/turn/*` page with the shell, and after a new version of the worker takes over, a push still shows its
 *    notification (delivered through the DevTools protocol's `ServiceWorker.deliverPushMessage`).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall } from './api';
import { axeAtBothWidths } from './axe';
import { e2eHooks, player, waitText } from './browser';

const h = e2eHooks();

/** Cuts (or restores) the network of `page`'s context: DevTools emulation on the page, and every worker. */
async function setOffline(context: BrowserContext, cdp: CDPSession, offline: boolean): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await context.setOffline(offline);
}

/** Visits the site once and waits until the service worker controls the page (its cache is filled). */
async function firstVisit(page: Page): Promise<void> {
  await page.goto(`${h.server.url}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r));
  });
}

/** The practice session's view version and the bots' decision times so far (ms). */
function practiceState(page: Page): Promise<{ version: number; thinkMs: number[]; status: string }> {
  return page.evaluate(() => {
    const s = (
      window as unknown as {
        mbPractice: { info: { value: { status: string; view: { version: number } } }; thinkMs: number[] };
      }
    ).mbPractice;
    return { version: s.info.value.view.version, thinkMs: [...s.thinkMs], status: s.info.value.status };
  });
}

/**
 * The practice state once the computer players are done (its version unchanged for 500 ms, at most
 * 15 s): the bots play on in the background after the player's move, and a reload must come after
 * their last move was saved for "resumes where it was" to be the test's question.
 */
async function settledState(page: Page): Promise<{ version: number; thinkMs: number[]; status: string }> {
  let last = await practiceState(page);
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(500);
    const now = await practiceState(page);
    if (now.version === last.version) return now;
    last = now;
  }
  return last;
}

/**
 * Plays one decision of the player if there is one: the deck when the draw is a choice, else the
 * first card the table marks legal with its first action, else the next hand. False when there was
 * nothing to do yet.
 */
async function step(page: Page): Promise<boolean> {
  const deck = page.locator('.piles button.deck:not([disabled])');
  if (await deck.count()) {
    await deck.click();
    return true;
  }
  // A card the table marks legal, else (nothing playable) any card: its first action plays or discards it.
  const legal = page.locator('ul.hand button.legal');
  const any = page.locator('ul.hand button');
  const card = (await legal.count()) ? legal.first() : (await any.count()) ? any.first() : null;
  if (card && (await page.locator('.statusbar', { hasText: 'Your turn' }).count())) {
    await card.click();
    const action = page.locator('.hand-area .actions button:not([disabled])');
    if (await action.count()) {
      await action.first().click();
      return true;
    }
  }
  const next = page.locator('.end button.primary', { hasText: 'Deal the next hand' });
  if (await next.count()) {
    await next.click();
    return true;
  }
  return false;
}

/** Plays until `done` holds (or `max` decisions), waiting for the bots between decisions. */
async function playUntil(page: Page, done: () => Promise<boolean>, max: number): Promise<number> {
  let n = 0;
  while (n < max && !(await done())) {
    await page.waitForFunction(() => !document.querySelector('.hand .pending'));
    if (await step(page)) n++;
    else await page.waitForTimeout(50);
  }
  return n;
}

/** The p-th percentile (0..100) of `xs`. */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

describe('practice offline', () => {
  it('plays against two bots with the network cut, resumes after a reload mid-hand, and finishes', async () => {
    const page = await player(h, 'practice', 360);
    const context = page.context();
    await firstVisit(page);
    await page.evaluate(() => localStorage.setItem('mb.practice.delayMs', '0'));
    await waitText(page, '.practice-entry', 'Practice against the computer');
    await h.shots.screen(page, 'home-practice');
    expect(await axeAtBothWidths(page, 'home with practice')).toEqual([]);

    const cdp = await context.newCDPSession(page);
    await setOffline(context, cdp, true);
    const api = await page.evaluate(() =>
      fetch('/api/matches/AAAAAAAAAAAAAAAAAAAAAA').then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
    // A mail's move link is the server's page only: offline the browser says so, not the app's shell.
    const other = await context.newPage();
    const turn = await other.goto(`${h.server.url}/turn/AAAAAAAAAAAAAAAAAAAAAA/1.1.x.y`).then(
      () => 'shell',
      () => 'failed',
    );
    await other.close();
    expect(turn).toBe('failed');

    await page.goto(`${h.server.url}/practice`);
    await page.waitForSelector('form.practice-form');
    await page.locator('form.practice-form input[value="hasbro-2016"]').check();
    await page.locator('form.practice-form select[name="seating"]').selectOption('3');
    const levels = page.locator('form.practice-form select[name="level"]');
    await levels.nth(0).selectOption('expert');
    await levels.nth(1).selectOption('basic');
    await page.locator('form.practice-form select[name="first"]').selectOption('0');
    await h.shots.screen(page, 'practice-form');
    expect(await axeAtBothWidths(page, 'practice form')).toEqual([]);
    await page.locator('form.practice-form button[type="submit"]').click();
    await page.waitForSelector('.table-screen');
    await waitText(page, '.practice-saved', 'Saved on this device');

    // Some decisions, then a reload in the middle of the hand (still offline).
    await playUntil(page, async () => false, 8);
    await page.waitForFunction(() => !document.querySelector('.hand .pending'));
    const before = await settledState(page);
    expect(before.status).toBe('playing');
    await h.shots.screen(page, 'practice-table');
    expect(await axeAtBothWidths(page, 'practice table')).toEqual([]);
    const thinkMs = [...before.thinkMs];

    await page.reload();
    await page.waitForSelector('.table-screen');
    const after = await practiceState(page);
    expect(after.version).toBe(before.version);
    expect(after.status).toBe('playing');

    // To the end of the match (one hand).
    await playUntil(page, async () => (await page.locator('.end .winner').count()) > 0, 400);
    await waitText(page, '.end .winner', 'won');
    const end = await practiceState(page);
    thinkMs.push(...end.thinkMs);
    expect(end.status).toBe('finished');
    await h.shots.screen(page, 'practice-end');
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);

    // The finished match is kept on the device, and opens again with its score.
    await page.reload();
    await page.waitForSelector('.practice-finished li');
    await h.shots.screen(page, 'practice-finished');
    expect(await axeAtBothWidths(page, 'finished practice matches')).toEqual([]);
    await page.locator('.practice-finished li button').first().click();
    await page.waitForSelector('.end .winner');

    // Its hands replay like an online match's, still offline: every hand shown.
    await page.reload();
    await page.waitForSelector('.practice-finished li');
    await page.getByRole('button', { name: 'Review the match' }).first().click();
    await page.waitForSelector('.replay-seat');
    expect(await page.locator('.replay-seat').count()).toBe(3);
    expect(await page.locator('.replay-seat .replay-cards').count()).toBe(3);
    const count = page.locator('.replay-count');
    const first = await count.textContent();
    await page.getByRole('button', { name: 'Next step' }).click();
    await page.getByRole('button', { name: 'Next step' }).click();
    expect(await count.textContent()).not.toBe(first);
    await h.shots.screen(page, 'practice-replay');

    const line = `bot decision in the Web Worker: n=${thinkMs.length} p50=${percentile(thinkMs, 50).toFixed(2)} ms p99=${percentile(thinkMs, 99).toFixed(2)} ms max=${Math.max(...thinkMs).toFixed(2)} ms`;
    console.log(line);
    // PRACTICE_TIMES=<file>: the line and every sample (ms, JSON) are appended there, to pool several runs.
    if (process.env.PRACTICE_TIMES)
      appendFileSync(process.env.PRACTICE_TIMES, `${line}\n${JSON.stringify(thinkMs)}\n`);
    expect(thinkMs.length).toBeGreaterThan(0);
    expect(h.problems).toEqual([]);
  });
});

describe('the service worker', () => {
  it('serves the shell offline, never serves /api from its cache, and shows a push after an update', async () => {
    const page = await player(h, 'sw', 1280);
    const context = page.context();
    await context.grantPermissions(['notifications'], { origin: h.server.url });
    await firstVisit(page);
    // An API answer while online: the worker lets it through and keeps nothing of it.
    const online = await page.evaluate(() => fetch('/api/mail/push/key').then((r) => r.status));
    expect(online).toBe(200);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((u) => u.startsWith('/assets/practice.worker'))).toBe(true);
    expect(cached.filter((u) => /^\/api/i.test(u))).toEqual([]);

    const cdp = await context.newCDPSession(page);
    await setOffline(context, cdp, true);
    await page.goto(`${h.server.url}/`);
    await waitText(page, '.practice-entry', 'Practice against the computer');
    const api = await page.evaluate(() =>
      fetch('/api/mail/push/key').then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
    await setOffline(context, cdp, false);

    // A new version of the worker (one byte more) takes over at once.
    const file = join(h.server.assets, 'sw.js');
    appendFileSync(file, '\n// a new version\n');
    expect(readFileSync(file, 'utf8')).toContain('a new version');
    // The server reads its assets again once it sees the change.
    await expect
      .poll(() => page.evaluate(() => fetch('/sw.js', { cache: 'no-store' }).then((r) => r.text())), {
        timeout: 20_000,
      })
      .toContain('a new version');
    await cdp.send('ServiceWorker.enable');
    const registrations: Array<{ registrationId: string; scopeURL: string }> = [];
    const versions: Array<{
      registrationId: string;
      status: string;
      runningStatus: string;
      scriptURL: string;
    }> = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    cdp.on('ServiceWorker.workerVersionUpdated', (e) => versions.push(...e.versions));
    const updated = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      const old = reg.active;
      await reg.update();
      // skipWaiting: the new version may be active before update() resolves, or a little after.
      for (let i = 0; i < 100 && (reg.active === old || reg.active?.state !== 'activated'); i++)
        await new Promise((r) => setTimeout(r, 100));
      return reg.active !== old ? 'updated' : 'same';
    });
    expect(updated).toBe('updated');

    await expect.poll(() => registrations.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const registrationId = registrations.find((r) => r.scopeURL.startsWith(h.server.url))!.registrationId;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: h.server.url,
      registrationId,
      data: JSON.stringify({
        title: 'Your turn in Practice cup',
        body: 'Bob played',
        tag: 'm1',
        url: '/m/x',
      }),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
          ),
        { timeout: 10_000 },
      )
      .toContain('Your turn in Practice cup');
    expect(versions.some((v) => v.status === 'activated')).toBe(true);
    expect(h.problems).toEqual([]);
  });
});

describe('an online match without network', () => {
  it('says offline and reconnects by itself, also when opened offline', async () => {
    const created = await apiCall(h, '/api/matches', {
      body: {
        title: 'Cut cable',
        rules: 'classic',
        seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot' }],
        firstSeat: 0,
      },
    });
    expect(created.status).toBe(201);
    const m = created.body as Created;
    const page = await player(h, 'online', 360);
    const context = page.context();
    await firstVisit(page);
    await page.goto(m.seats[0].url!);
    await waitText(page, '.statusbar', 'Your turn');
    const cdp = await context.newCDPSession(page);
    await setOffline(context, cdp, true);
    await waitText(page, '.conn', 'Offline');
    await setOffline(context, cdp, false);
    // Back online the socket reconnects at once, or after its backoff (up to 30 s) when the dropped
    // socket was not closed yet as the 'online' event came (seen once in about eight full runs).
    await waitText(page, '.conn', 'Live', 45_000);
    // Opened while offline: the page (from the worker's cache) says so and keeps trying.
    await setOffline(context, cdp, true);
    await page.goto(`${h.server.url}/m/${m.matchId}`);
    await waitText(page, '.conn', 'Offline');
    await h.shots.screen(page, 'online-offline');
    await setOffline(context, cdp, false);
    await waitText(page, '.statusbar', 'Your turn', 20_000);
    expect(h.problems).toEqual([]);
  });
});
