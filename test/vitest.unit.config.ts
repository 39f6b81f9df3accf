/** Unit project: pure TypeScript tests that run in Node (engine, scenarios, bots, mail composition). */
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'unit',
    include: ['test/engine/**/*.test.ts', 'test/bots/**/*.test.ts', 'test/mail/**/*.test.ts', 'test/web/**/*.test.{ts,tsx}'],
    testTimeout: 120_000,
  },
});
