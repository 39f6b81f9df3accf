/**
 * Workers project: the Worker and the match Durable Object tested inside workerd with
 * @cloudflare/vitest-plugin. The test seams (stacked deck, benchmark counters) are switched on here
 * through miniflare bindings only; wrangler.toml never sets TEST_SEAMS. Bots move inside the request
 * (BOT_DELAY_MS = 0) unless a test asks otherwise, and the move and read limits are raised for whole
 * matches.
 */

import { fileURLToPath } from 'node:url';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        // The daily e-mail-address budget is raised for the many matches of the suite; its own test
        // (test/worker/mail-budget.test.ts) passes low limits through the app's env. The daily mail
        // cap is off for the suite (the fake sender is named `resend`: its default would be 100 a
        // day); test/worker/mail-quota.test.ts sets it per match through the notifier's test hooks.
        bindings: {
          TEST_SEAMS: '1',
          BOT_DELAY_MS: '0',
          PUBLIC_URL: 'https://mb.test',
          MAIL_ADDRESSES_PER_CLIENT_DAY: '100000',
          MAIL_ADDRESSES_PER_DAY: '100000',
          MAIL_DAILY_CAP: 'off',
        },
        ratelimits: {
          CREATE_LIMITER: { namespace_id: '41001', simple: { limit: 10, period: 60 } },
          MOVE_LIMITER: { namespace_id: '41002', simple: { limit: 100000, period: 60 } },
          READ_LIMITER: { namespace_id: '41003', simple: { limit: 100000, period: 60 } },
          // The read limit as wrangler.toml deploys it, for test/worker/read-limit.test.ts (which
          // checks the two figures agree) to pass in the app's env.
          READ_LIMITER_AS_DEPLOYED: { namespace_id: '41903', simple: { limit: 300, period: 60 } },
        },
      },
    }),
  ],
  // Project files live in test/; paths below are relative to the repository root.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'workers',
    include: ['test/worker/**/*.test.ts'],
    testTimeout: 120_000,
    // Every core, after the unit project (test/vitest.config.ts).
    maxWorkers: '100%',
    sequence: { groupOrder: 2 },
  },
});
