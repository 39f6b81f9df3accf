/**
 * Vitest entry: one project per kind of test. Each project has its own config file beside this
 * one (unit: engine, scenarios, bots, mail, web components in Node; workers: inside workerd;
 * browser: end-to-end in Debian chromium).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['test/vitest.*.config.ts'],
    // Workers are a project's own setting (Vitest 5 groups files by their project's `maxWorkers`; the
    // root's is not passed down), so the unit and workers projects each ask for every core and the
    // browser project for two: Vitest's default leaves one core free, one file at a time on a 2-core
    // CI machine. The projects run one after another (`sequence.groupOrder` 1, 2, 3: unit, workers,
    // browser), so that no page is timed beside a property test; not 0, where a project left with
    // one worker (one core, or --no-file-parallelism) would be moved after all the others. A
    // command-line --maxWorkers overrides every project's, the browser project's 2 too. Measured on
    // the 2-core machine: unit 123 s → 69–88 s, workers 234 s → 135 s, browser (mostly waiting for
    // pages and servers) about 390 s → 238–304 s.
  },
});
