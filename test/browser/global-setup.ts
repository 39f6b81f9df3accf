/**
 * Browser project's global setup: builds the web client once per run (instead of once per test
 * file) and provides its folder as `clientBuild`; each file's server serves its own copy of it
 * (startServer `prebuilt`), so a test that edits its assets touches no other file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClient } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's client build (see test/browser/global-setup.ts). */
    clientBuild: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'mb-e2e-build-'));
  await buildClient(dir);
  project.provide('clientBuild', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
