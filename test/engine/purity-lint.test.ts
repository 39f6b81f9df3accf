/**
 * The architecture rule "worker/engine imports nothing outside worker/engine" is a Biome lint rule
 * (biome.json, noRestrictedImports). This test proves it fires on such an import and stays quiet on a
 * local one, by linting source text as if it were a file in worker/engine.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
/** Lints `source` as worker/engine/probe.ts in a scratch copy of the project's Biome setup. */
function lintAsEngineFile(source: string): { code: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'engine-lint-'));
  try {
    copyFileSync(join(root, 'biome.json'), join(dir, 'biome.json'));
    mkdirSync(join(dir, 'worker', 'engine'), { recursive: true });
    writeFileSync(join(dir, 'worker', 'engine', 'probe.ts'), source);
    const r = spawnSync(join(root, 'node_modules', '.bin', 'biome'), ['lint', 'worker/engine/probe.ts'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return { code: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the engine purity lint rule', () => {
  for (const bad of [
    "import { readFileSync } from 'node:fs';",
    "import { DurableObject } from 'cloudflare:workers';",
    "import { Hono } from 'hono';",
    "import { x } from '../match/x';",
  ]) {
    it(`fires on: ${bad}`, () => {
      const r = lintAsEngineFile(`${bad}\nexport const used = [${bad.match(/\{ (\w+) \}/)![1]}];\n`);
      expect(r.out).toContain('worker/engine is pure');
      expect(r.code).not.toBe(0);
    });
  }
  it('allows imports inside worker/engine', () => {
    const r = lintAsEngineFile("import { CARD_IDS } from './cards';\nexport const used = [CARD_IDS];\n");
    expect(r.out).not.toContain('worker/engine is pure');
  });
});
