/**
 * Chromium for the end-to-end tests (Debian's /usr/bin/chromium through playwright-core), plus
 * screenshots: every screen is captured at 360 px and 1280 px; the captures are written to
 * test-artifacts/ when a test fails (or always with E2E_SCREENSHOTS=1).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launch } from './chromium';
import { startServer, type TestServer } from './server';

export { launch };

const root = join(import.meta.dirname, '..', '..');

/** Screenshots taken during one test, written out on failure. */
export class Shots {
  private readonly taken: Array<{ name: string; png: Buffer }> = [];
  private readonly pages = new Map<string, Page>();

  /** Remembers a page so that its last state is captured on failure. */
  watch(label: string, page: Page): Page {
    this.pages.set(label, page);
    return page;
  }

  /** Captures a screen at 360 px and at 1280 px wide (full page), then restores the width. */
  async screen(page: Page, name: string): Promise<void> {
    const size = page.viewportSize() ?? { width: 1280, height: 800 };
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      this.taken.push({ name: `${name}-${width}`, png: await page.screenshot({ fullPage: true }) });
    }
    await page.setViewportSize(size);
  }

  /** Writes every capture (and the last state of each watched page) under test-artifacts/<test>/. */
  async save(test: string): Promise<string> {
    const dir = join(root, 'test-artifacts', test.replace(/[^A-Za-z0-9_-]+/g, '-'));
    mkdirSync(dir, { recursive: true });
    for (const [label, page] of this.pages) {
      if (page.isClosed()) continue;
      try {
        await this.screen(page, `last-${label}`);
      } catch {
        // The page may be gone; keep what we have.
      }
    }
    for (const { name, png } of this.taken) writeFileSync(join(dir, `${name}.png`), png);
    return dir;
  }
}

/** What the tests of one browser test file share; the hooks of `e2eHooks` fill it. */
export interface E2E {
  /** One `npm start`-like server for the file. */
  server: TestServer;
  browser: Browser;
  /** This test's screenshots (saved when it fails, or always with E2E_SCREENSHOTS=1). */
  shots: Shots;
  /** Page errors and CSP violations seen during this test; every test ends with none. */
  problems: string[];
}

/**
 * Registers a browser test file's hooks: a server (`mail`: with the local outbox, startServer) and a
 * browser for the file, fresh screenshots and problems for each test, and on a failure the
 * screenshots and the server's last output.
 */
export function e2eHooks(opts: { mail?: boolean; botDelayMs?: number } = {}): E2E {
  const h = { problems: [] as string[] } as E2E;
  beforeAll(async () => {
    h.server = await startServer(opts);
    h.browser = await launch();
  });
  afterAll(async () => {
    await h.browser?.close();
    await h.server?.stop();
  });
  beforeEach(() => {
    h.shots = new Shots();
    h.problems = [];
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' || process.env.E2E_SCREENSHOTS === '1') {
      const dir = await h.shots.save(ctx.task.name);
      console.log(`screenshots: ${dir}`);
      if (ctx.task.result?.state === 'fail') console.log(h.server.output().slice(-4000));
    }
  });
  return h;
}

/**
 * Records `page`'s errors and Content-Security-Policy violations ("Refused to …" on the console) in
 * `h.problems` under `label`, and its screenshots in `h.shots`. Returns the page.
 */
export function watchPage(h: E2E, label: string, page: Page): Page {
  page.on('pageerror', (e) => {
    console.log(`[${label}] page error: ${e.message}`);
    h.problems.push(`${label}: ${e.message}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Refused to|Content Security Policy/i.test(m.text()))
      h.problems.push(`${label}: ${m.text()}`);
  });
  return h.shots.watch(label, page);
}

/** A new player: its own browser context (own storage), English, a fixed time zone; watched as `label`. */
export async function player(h: E2E, label: string, width: number): Promise<Page> {
  const context = await h.browser.newContext({
    viewport: { width, height: 800 },
    locale: 'en-US',
    timezoneId: 'Europe/Oslo',
  });
  return watchPage(h, label, await context.newPage());
}

/** Waits until an element matching `selector` contains `text` (ms `timeout`). */
export async function waitText(page: Page, selector: string, text: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    ([sel, txt]) => [...document.querySelectorAll(sel)].some((e) => e.textContent?.includes(txt)),
    [selector, text] as const,
    { timeout },
  );
}
