/**
 * Vitest entry: one project per kind of test. Each project has its own config file beside this
 * one (unit: engine, scenarios, bots, mail, web components in Node; workers: inside workerd;
 * browser: end-to-end in Debian chromium).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['test/vitest.*.config.ts'],
    // Every core: Vitest's default leaves one free (one file at a time on a 2-core CI machine). The
    // browser project still runs its files one after another (its own config); the other projects'
    // files run beside them.
    maxWorkers: '100%',
  },
});
