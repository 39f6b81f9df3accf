/**
 * Chromium for the end-to-end tests (Debian's /usr/bin/chromium through playwright-core), plus
 * screenshots through one helper, `capture`: every screen is taken at 360 px and 1280 px and kept in
 * memory. They are written only where the environment says: every capture into the folder named by
 * `E2E_SCREENSHOTS` (one subfolder per test), and, when a test fails without it, the failed test's
 * captures into the repository's ignored `test-artifacts/`. Nothing is written anywhere else.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { launch } from './chromium';
import { startServer, type TestServer } from './server';

export { launch };

const root = join(import.meta.dirname, '..', '..');

/** The folder `E2E_SCREENSHOTS` names (relative to the repository root), or null when unset. */
export function screenshotFolder(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = env.E2E_SCREENSHOTS?.trim();
  if (!dir) return null;
  return isAbsolute(dir) ? dir : join(root, dir);
}

/** How `capture` takes a screen: the widths in px (default 360 and 1280), full page or the viewport. */
export interface CaptureOptions {
  widths?: readonly number[];
  /** The whole page (default) or only what the viewport shows. */
  fullPage?: boolean;
  /** The viewport height in px while capturing (default 800). */
  height?: number;
}

/** Screenshots taken during one test: kept in memory, written by `save`. */
export class Shots {
  private readonly taken: Array<{ name: string; png: Buffer }> = [];
  private readonly pages = new Map<string, Page>();

  /** Remembers a page so that its last state is captured on failure. */
  watch(label: string, page: Page): Page {
    this.pages.set(label, page);
    return page;
  }

  /** Captures a screen at 360 px and at 1280 px wide (full page): `capture` into this test's shots. */
  async screen(page: Page, name: string): Promise<void> {
    await capture(this, page, name);
  }

  /** Keeps one PNG under `name` (capture's part). */
  keep(name: string, png: Buffer): void {
    this.taken.push({ name, png });
  }

  /**
   * Writes every capture (and the last state of each watched page) as `<name>.png` under
   * `<folder>/<test>/`; returns that folder.
   */
  async save(folder: string, test: string): Promise<string> {
    const dir = join(folder, test.replace(/[^A-Za-z0-9_-]+/g, '-'));
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

/**
 * The one screenshot helper of the browser tests: `page` at each width (`opts`), kept in `shots` as
 * `<name>-<width>` (written by the test's hooks, see the file comment); the viewport is restored.
 */
export async function capture(
  shots: Shots,
  page: Page,
  name: string,
  opts: CaptureOptions = {},
): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  const widths = opts.widths ?? [360, 1280];
  for (const width of widths) {
    await page.setViewportSize({ width, height: opts.height ?? 800 });
    shots.keep(`${name}-${width}`, await page.screenshot({ fullPage: opts.fullPage ?? true }));
  }
  await page.setViewportSize(size);
}

/** What the tests of one browser test file share; the hooks of `e2eHooks` fill it. */
export interface E2E {
  /** One `npm start`-like server for the file. */
  server: TestServer;
  browser: Browser;
  /** This test's screenshots (written as the file comment says). */
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
    h.server = await startServer({ ...opts, prebuilt: inject('clientBuild') });
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
    const failed = ctx.task.result?.state === 'fail';
    const folder = screenshotFolder() ?? (failed ? join(root, 'test-artifacts') : null);
    if (folder) console.log(`screenshots: ${await h.shots.save(folder, ctx.task.name)}`);
    if (failed) console.log(h.server.output().slice(-4000));
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
