/**
 * Page benchmark on a simulated mid-range phone (`npm run bench:page [-- --runs 5 --moves 20]`):
 * builds the client and starts the Worker as the browser tests do (test/browser/server.ts: the
 * production build under `wrangler dev`, the stacked-deck seam on, bots moving at once), creates a
 * classic match against a bot where it is the player's turn, and opens the player's seat link in Debian
 * chromium driven through the DevTools protocol with: a cold cache (a new browser context per run,
 * `Network.clearBrowserCache`, `Network.setCacheDisabled`), a 4× CPU slowdown
 * (`Emulation.setCPUThrottlingRate`), slow 4G (`Network.emulateNetworkConditions`: 150 ms latency,
 * 1.6 Mbit/s = 200,000 bytes/s down and up) and a 360×740 phone viewport.
 *
 * Measured, all in ms from the navigation's start (`performance.timeOrigin`) unless said otherwise:
 * - first contentful paint: the `first-contentful-paint` paint entry;
 * - hand playable: the first time a tap on a card is accepted. A probe injected before the page's own
 *   scripts taps the first card marked legal (`ul.hand button.legal`) as soon as one is in the page,
 *   again after every change of the page while none is accepted; a tap is accepted when that card is
 *   selected (`aria-pressed="true"`) and its actions (`.hand-area .actions`) are shown. The time is
 *   when the probe sees them;
 * - tap to updated screen, per move (`--moves` of them, on the same page after the cold runs'
 *   last load, with the same slowdowns): from the tap on the action button to the next frame after the
 *   move's answer is on the screen (the card's pending mark gone), minus the server's own time from
 *   the move response's `Server-Timing: total` header when the move went over HTTP. Also shown split
 *   into the network's part (request sent to response end, minus the server's time) and the page's own
 *   work (the rest). A move over the socket (the page's way once its socket is authenticated) has no
 *   Server-Timing: its network part is the `move` frame's round trip, the server's time included;
 * - the mail link page's first contentful paint: a move's confirmation page from a turn mail
 *   (scripts/bench-mail-page.ts; the server runs with its local outbox), loaded cold `--runs` times
 *   with the same profile, and the requests it made after its HTML (none: its style is inline).
 * The first two are medians over `--runs` cold loads (5 by default); the last is p50/p99 over the moves.
 * `--locale fr-FR` loads the page in another language. Also printed: the initial script's gzip size (the entry scripts and their preloaded chunks); with `--waterfall`,
 * each cold run's requests.
 */
import type { Browser, Page } from 'playwright-core';
import { launch } from '../test/browser/chromium';
import { initialScript, startServer } from '../test/browser/server';
import { mailLinkPage } from './bench-mail-page';
import { createBenchMatch } from './bench-match';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a.startsWith('--')) args.set(a.slice(2), process.argv[i + 1] ?? '1');
}
const RUNS = Number(args.get('runs') ?? 5);
const MOVES = Number(args.get('moves') ?? 20);
/** `--locale fr-FR`: the browser's language (the page then loads that catalog before its first render). */
const LOCALE = args.get('locale') ?? 'en-US';
/** `--waterfall`: also print each cold run's requests (start and end, ms from the navigation). */
const WATERFALL = args.has('waterfall');
const PHONE = { width: 360, height: 740 };
/** Slow 4G as the issue gives it: 150 ms round trip, 1.6 Mbit/s each way. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 };
const CPU_SLOWDOWN = 4;

/**
 * The probe of "hand playable" (see the header), run before the page's own scripts. A string, not a
 * function: tsx would wrap a function's inner names in a helper the page does not have.
 */
const HAND_PROBE = `(() => {
  const check = () => {
    if (window.__handPlayable !== undefined) return;
    const selected = document.querySelector('ul.hand button.legal[aria-pressed="true"]');
    if (selected && document.querySelector('.hand-area .actions')) {
      window.__handPlayable = performance.now();
      return;
    }
    const card = document.querySelector('ul.hand button.legal');
    if (card && window.__handShown === undefined) window.__handShown = performance.now();
    if (card && !selected) card.click();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/**
 * The probe of moves over the socket (the page sends a move as a `move` frame once its socket is
 * authenticated): the time the frame is sent and the time its `moveResult` arrives, as
 * `window.__moveSent` / `window.__moveAnswered` (ms, the page's clock). A string, as HAND_PROBE.
 */
const SOCKET_PROBE = `(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.includes('"type":"move"')) {
      window.__moveSent = performance.now();
      const ws = this;
      const onMessage = (e) => {
        if (!String(e.data).includes('"moveResult"')) return;
        window.__moveAnswered = performance.now();
        ws.removeEventListener('message', onMessage);
      };
      ws.addEventListener('message', onMessage);
    }
    return send.call(this, data);
  };
})();`;

/** A new phone page with a cold cache, the CPU slowdown and slow 4G, the probe installed. */
async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: LOCALE,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  // tsx names inner functions through a `__name` helper; functions passed to `evaluate` need it too.
  await page.addInitScript('window.__name = (f) => f;');
  await page.addInitScript(HAND_PROBE);
  await page.addInitScript(SOCKET_PROBE);
  return page;
}

/** One cold load of the seat link: first contentful paint and hand playable (ms). */
async function coldLoad(page: Page, url: string): Promise<{ fcp: number; playable: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => (window as { __handPlayable?: number }).__handPlayable !== undefined,
    null,
    {
      timeout: 60_000,
      polling: 100,
    },
  );
  if (WATERFALL) {
    const rows = await page.evaluate(() =>
      [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')].map(
        (e) =>
          `    ${Math.round(e.startTime)}–${Math.round((e as PerformanceResourceTiming).responseEnd)} ms ${e.name.replace(location.origin, '')} (${(e as PerformanceResourceTiming).encodedBodySize} B)`,
      ),
    );
    console.log(rows.join('\n'));
    const shown = await page.evaluate(() => (window as { __handShown?: number }).__handShown ?? Number.NaN);
    console.log(`    first legal card in the page: ${Math.round(shown)} ms`);
  }
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    playable: (window as { __handPlayable?: number }).__handPlayable ?? Number.NaN,
  }));
}

/**
 * One move's times (ms): tap to updated screen, the server's time, the network's part, and the way
 * the move went. Over the socket the server's time is not told (a frame has no Server-Timing): it is
 * 0 here and stays inside the network's part (the frame's round trip).
 */
interface MoveTimes {
  total: number;
  server: number;
  network: number;
  via: 'http' | 'socket';
}

/**
 * Waits for the player's turn, selects a card (the first legal one, else the first card, to discard),
 * taps its first action and times the move (see the header). Null when the hand or match is over.
 */
async function timedMove(page: Page): Promise<MoveTimes | null> {
  await page.waitForFunction(
    () =>
      document.querySelector('#end-title') ||
      (!document.querySelector('.hand .pending') &&
        document.querySelector('.statusbar .your-turn') &&
        document.querySelector('ul.hand button.card')),
    null,
    { timeout: 30_000, polling: 50 },
  );
  if (await page.locator('#end-title').count()) return null;
  return page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    const card =
      document.querySelector<HTMLButtonElement>('ul.hand button.legal') ??
      document.querySelector<HTMLButtonElement>('ul.hand button.card');
    card?.click();
    for (let i = 0; i < 100 && !document.querySelector('.hand-area .actions button:not([disabled])'); i++)
      await frame();
    const action = document.querySelector<HTMLButtonElement>('.hand-area .actions button:not([disabled])');
    if (!action) throw new Error('no action offered for the selected card');
    performance.clearResourceTimings();
    const w = window as { __moveSent?: number; __moveAnswered?: number };
    w.__moveSent = undefined;
    w.__moveAnswered = undefined;
    const t0 = performance.now();
    action.click();
    // The answer is on the screen when the move's response has arrived and its pending mark is gone:
    // checked on every change of the page, and every 10 ms for a response that changes nothing.
    await new Promise<void>((resolve) => {
      const started = performance.now();
      const done = () => {
        const answered =
          w.__moveAnswered !== undefined ||
          performance.getEntriesByType('resource').some((e) => e.name.endsWith('/moves'));
        const late = performance.now() - started > 15_000;
        if (!late && (!answered || document.querySelector('.hand .pending'))) return;
        obs.disconnect();
        clearInterval(timer);
        resolve();
      };
      const obs = new MutationObserver(done);
      obs.observe(document.body, { subtree: true, childList: true, attributes: true });
      const timer = setInterval(done, 10);
    });
    await frame();
    const total = performance.now() - t0;
    const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/moves')) as
      | PerformanceResourceTiming
      | undefined;
    if (!entry && w.__moveSent !== undefined && w.__moveAnswered !== undefined)
      return { total, server: 0, network: w.__moveAnswered - w.__moveSent, via: 'socket' as const };
    const server = entry?.serverTiming.find((s) => s.name === 'total')?.duration ?? Number.NaN;
    const network = entry ? entry.responseEnd - entry.requestStart - server : Number.NaN;
    return { total, server, network, via: 'http' as const };
  });
}

/**
 * `RUNS` cold loads of a mail link's confirmation page (bench-mail-page.ts) on the phone profile:
 * prints each run's and the median first contentful paint, and its requests (a server-rendered page
 * needs only its HTML: a second request is a round trip more before the first paint on slow 4G).
 */
async function mailPageLoads(browser: Browser, url: string): Promise<void> {
  const fcps: number[] = [];
  let requests: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await phonePage(browser);
    await page.goto(url, { waitUntil: 'load' });
    // The paint entry may come after the load event on the slowed CPU.
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      null,
      {
        timeout: 30_000,
        polling: 50,
      },
    );
    const load = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      requests: performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    }));
    await page.context().close();
    console.log(`  mail link page, cold run ${run + 1}: first contentful paint ${ms(load.fcp)}`);
    fcps.push(load.fcp);
    requests = load.requests;
  }
  console.log(
    `mail link page: first contentful paint ${ms(quantile(fcps, 0.5))} (median of ${RUNS} cold runs; ` +
      `requests after the HTML: ${requests.length ? requests.join(', ') : 'none'})`,
  );
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const ms = (n: number) => `${Math.round(n)} ms`;

async function main(): Promise<void> {
  const server = await startServer({ mail: true });
  const browser = await launch();
  try {
    const script = initialScript(server.assets);
    console.log(
      `initial script: ${(script.gzipBytes / 1024).toFixed(1)} KB gzip (${script.files.join(' + ')})`,
    );
    console.log(
      `profile: cold cache, ${CPU_SLOWDOWN}× CPU slowdown, ${SLOW_4G.latency} ms latency, ` +
        `${(SLOW_4G.downloadThroughput * 8) / 1e6} Mbit/s, ${PHONE.width}×${PHONE.height}`,
    );
    const match = await createBenchMatch(server, 'bench-page');
    const url = match.seats[0].url!;
    const loads: Array<{ fcp: number; playable: number }> = [];
    let page: Page | null = null;
    for (let run = 0; run < RUNS; run++) {
      await page?.context().close();
      page = await phonePage(browser);
      const load = await coldLoad(page, url);
      console.log(
        `  cold run ${run + 1}: first contentful paint ${ms(load.fcp)}, hand playable ${ms(load.playable)}`,
      );
      loads.push(load);
    }
    console.log(
      `first contentful paint: ${ms(
        quantile(
          loads.map((l) => l.fcp),
          0.5,
        ),
      )}`,
    );
    console.log(
      `hand playable: ${ms(
        quantile(
          loads.map((l) => l.playable),
          0.5,
        ),
      )}`,
    );
    console.log(`(medians of ${RUNS} cold runs)`);
    await mailPageLoads(browser, await mailLinkPage(server, 'bench-page-mail'));

    const moves: MoveTimes[] = [];
    let seed = 0;
    let skipped = 0;
    while (page && moves.length < MOVES) {
      const times = await timedMove(page);
      if (times && Number.isFinite(times.server)) {
        moves.push(times);
        continue;
      }
      if (times) {
        // No move request was timed (the tap found the hand changing under it): count nothing, go on.
        skipped++;
        if (skipped > Math.max(MOVES, 10)) throw new Error('too many taps without a timed move request');
        continue;
      }
      // The hand is over: go on in a fresh match on the same (warm) page.
      const next = await createBenchMatch(server, `bench-page-${++seed}`);
      await page.goto(next.seats[0].url!);
    }
    const net = (m: MoveTimes) => m.total - m.server;
    const p = (f: (m: MoveTimes) => number, q: number) => ms(quantile(moves.map(f), q));
    if (skipped) console.log(`  (${skipped} taps without a timed move request were left out)`);
    console.log(`tap to updated screen: p50 ${p(net, 0.5)}, p99 ${p(net, 0.99)}`);
    const bySocket = moves.filter((m) => m.via === 'socket').length;
    console.log(
      `  (${moves.length} moves, ${bySocket} over the socket (their server time not told: kept in the network's part), ` +
        `${moves.length - bySocket} over HTTP (server time subtracted: server p50 ${p((m) => m.server, 0.5)}); ` +
        `of the rest, network p50 ${p((m) => m.network, 0.5)}, page work p50 ${p((m) => m.total - m.server - m.network, 0.5)}, ` +
        `p99 ${p((m) => m.total - m.server - m.network, 0.99)})`,
    );
    await page?.context().close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
