/** Unit project: pure TypeScript tests in Node (engine, scenarios, bots, mail composition, shared words). */
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Project files live in test/; paths below are relative to the repository root.
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'unit',
    include: [
      'test/engine/**/*.test.ts',
      'test/bots/**/*.test.ts',
      'test/mail/**/*.test.ts',
      'test/shared/**/*.test.ts',
      'test/web/**/*.test.{ts,tsx}',
      'test/architecture/**/*.test.ts',
    ],
    testTimeout: 120_000,
    // Every core, first (test/vitest.config.ts says why these are set here).
    maxWorkers: '100%',
    sequence: { groupOrder: 1 },
  },
});
