/**
 * No source file names a folder of one machine (machine-paths.ts): the tree runs on a fresh clone
 * anywhere. The check fires on such a path and lets routes and the chromium default through.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINE_ROOTS, machinePaths, machinePathsIn, sourceFiles } from './machine-paths';

const root = join(__dirname, '..', '..');
const FOLDERS = ['test', 'scripts', 'worker', 'web'];

describe('machine paths in the source', () => {
  it('no string literal in test/, scripts/, worker/ or web/ starts with a machine folder', () => {
    expect(sourceFiles(root, FOLDERS).length).toBeGreaterThan(300);
    const found = machinePaths(root, FOLDERS).map((p) => `${p.file}:${p.line} ${p.text}`);
    expect(found).toEqual([]);
  });

  for (const r of MACHINE_ROOTS) {
    it(`catches a literal under ${r}`, () => {
      const quoted = `const A = '${r}notes/artifacts-21';`;
      const template = `const B = \`${r}notes/\${name}.png\`;`;
      expect(machinePathsIn('x.ts', quoted)).toHaveLength(1);
      expect(machinePathsIn('x.ts', template)).toHaveLength(1);
    });
  }

  it('catches one in a TSX file and gives its line', () => {
    const path = `/${'home'}/me/x.png`; // built, so that this file holds no such literal itself
    const found = machinePathsIn('x.tsx', `const a = 1;\nexport const C = () => <img src={'${path}'} />;\n`);
    expect(found).toEqual([{ file: 'x.tsx', line: 2, text: path }]);
  });

  it('lets routes, the temp dir from the OS and the chromium default through', () => {
    const source = [
      "const route = '/m/abc';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'const api = `/api/matches/${id}`;',
      "const dir = join(tmpdir(), 'mb-e2e-');",
      "const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';",
      '// a comment may say /work/notes',
      "const word = 'tmp/';",
    ].join('\n');
    expect(machinePathsIn('x.ts', source)).toEqual([]);
  });
});
