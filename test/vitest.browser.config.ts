/**
 * Browser project: end-to-end tests in Debian chromium driven by playwright-core against the real
 * Worker (`wrangler dev`, started by the tests themselves; see test/browser/server.ts).
 */
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Project files live in test/; paths below are relative to the repository root.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'browser',
    include: ['test/browser/**/*.test.ts'],
    // The client is built once per run and copied for each file's server.
    globalSetup: ['test/browser/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
    // Two files at a time (their time is mostly waiting for pages and servers; each file starts its
    // own server on a free port, server.ts, and its own chromium: more would cost memory), after the
    // other projects, never beside a property test (test/vitest.config.ts).
    maxWorkers: 2,
    sequence: { groupOrder: 3 },
  },
});
