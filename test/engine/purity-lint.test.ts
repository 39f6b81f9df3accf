/**
 * The architecture rules "worker/engine imports nothing outside worker/engine but the shared rules
 * data" and "worker/shared imports nothing outside its folder" are Biome lint rules (biome.json,
 * noRestrictedImports). This test proves they fire on such an import and stay quiet on an allowed
 * one, by linting source text as if it were a file in worker/engine or worker/shared/rules-data.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
/** Lints `source` as `folder`/probe.ts in a scratch copy of the project's Biome setup. */
function lintAsFile(source: string, folder = 'worker/engine'): { code: number | null; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'engine-lint-'));
  try {
    copyFileSync(join(root, 'biome.json'), join(dir, 'biome.json'));
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'probe.ts'), source);
    const r = spawnSync(join(root, 'node_modules', '.bin', 'biome'), ['lint', `${folder}/probe.ts`], {
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
      const r = lintAsFile(`${bad}\nexport const used = [${bad.match(/\{ (\w+) \}/)![1]}];\n`);
      expect(r.out).toContain('worker/engine is pure');
      expect(r.code).not.toBe(0);
    });
  }
  it('allows imports inside worker/engine', () => {
    const r = lintAsFile("import { CARD_IDS } from './cards';\nexport const used = [CARD_IDS];\n");
    expect(r.out).not.toContain('worker/engine is pure');
  });
  it('allows the shared rules data', () => {
    const r = lintAsFile(
      "import { CARD_IDS } from '../shared/rules-data';\nexport const used = [CARD_IDS];\n",
    );
    expect(r.out).not.toContain('worker/engine is pure');
  });
});

describe('the shared rules data lint rule', () => {
  for (const bad of ["import { Hono } from 'hono';", "import { x } from '../../engine/cards';"]) {
    it(`fires on: ${bad}`, () => {
      const source = `${bad}\nexport const used = [${bad.match(/\{ (\w+) \}/)![1]}];\n`;
      const r = lintAsFile(source, 'worker/shared/rules-data');
      expect(r.out).toContain('worker/shared is data');
      expect(r.code).not.toBe(0);
    });
  }
  it('allows imports inside its folder', () => {
    const r = lintAsFile(
      "import { CARD_IDS } from './cards';\nexport const used = [CARD_IDS];\n",
      'worker/shared/rules-data',
    );
    expect(r.out).not.toContain('worker/shared is data');
  });
});
