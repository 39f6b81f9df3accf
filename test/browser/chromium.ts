/**
 * Launching Debian's chromium (/usr/bin/chromium, or CHROMIUM_PATH) through playwright-core, shared by
 * the browser tests (browser.ts) and the page benchmark (scripts/bench-page.ts); no test runner here.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches chromium headless; a clear error when it is not installed. */
export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium), as .ci/run does`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
