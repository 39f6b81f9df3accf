/**
 * Every measuring npm script has a smoke run in scripts/smoke-table.ts (CI runs them all), and each
 * smoke run names a script of package.json with at least one result line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEASURING_SCRIPT, SMOKE_RUNS } from '../../scripts/smoke-table';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('the smoke table', () => {
  it('has a run for every measuring script of package.json', () => {
    const measuring = Object.keys(pkg.scripts).filter((s) => MEASURING_SCRIPT.test(s));
    expect(measuring).toEqual(
      expect.arrayContaining(['bench', 'bench:server', 'bench:page', 'load', 'scenario', 'transcript']),
    );
    expect(measuring.filter((s) => !SMOKE_RUNS.some((r) => r.script === s))).toEqual([]);
  });

  it('names only scripts that exist, each once, each with a result line', () => {
    const names = SMOKE_RUNS.map((r) => r.script);
    expect(names.filter((n) => !(n in pkg.scripts))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    for (const r of SMOKE_RUNS) expect(r.results.length, r.script).toBeGreaterThan(0);
  });

  it('counts a new bench as measuring', () => {
    expect(MEASURING_SCRIPT.test('bench:mail')).toBe(true);
    expect(MEASURING_SCRIPT.test('build')).toBe(false);
    expect(MEASURING_SCRIPT.test('smoke')).toBe(false);
  });
});
