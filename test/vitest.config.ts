/**
 * Vitest entry: one project per kind of test. Each project has its own config file beside this
 * one (unit: engine, scenarios, bots, mail, web components in Node; workers: inside workerd;
 * browser: end-to-end in Debian chromium).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['test/vitest.*.config.ts'],
  },
});
