/**
 * Finds string literals that name a folder of one machine: a literal (quoted, or a template's text
 * before its first `${`) that starts with a filesystem root where only one machine's files live. Such
 * a path breaks on every other machine (a fresh clone, CI); a test writes only inside the
 * repository's ignored folders or the system temp dir (`os.tmpdir()`), and screenshots go where an
 * environment variable says (test/browser/browser.ts `capture`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The roots refused at the start of a literal (`/home/`, `/tmp/`, …; built so that this list is no such literal). */
export const MACHINE_ROOTS = ['home', 'root', 'work', 'tmp', 'var', 'opt', 'mnt', 'Users'].map(
  (d) => `/${d}/`,
);

/** Literals allowed although they start with a refused root (none today: `/usr/bin/chromium` is not under one). */
const ALLOWED = new Set(['/usr/bin/chromium']);

/** One offending literal: repository path, 1-based line, the literal's text. */
export interface MachinePath {
  file: string;
  line: number;
  text: string;
}

/** The machine paths among the string literals of `source` (TypeScript or TSX), reported as `file`. */
export function machinePathsIn(file: string, source: string): MachinePath[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: MachinePath[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      const text = node.text;
      if (!ALLOWED.has(text) && MACHINE_ROOTS.some((r) => text.startsWith(r))) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        found.push({ file, line, text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every TypeScript file under `folders` of `root` (node_modules and dist left out), as repository paths. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts|cts)$/.test(name) && !name.endsWith('.d.ts')) out.push(relative(root, full));
    }
  };
  for (const f of folders) walk(join(root, f));
  return out.sort();
}

/** The machine paths of every source file under `folders` of `root`. */
export function machinePaths(root: string, folders: readonly string[]): MachinePath[] {
  return sourceFiles(root, folders).flatMap((f) => machinePathsIn(f, readFileSync(join(root, f), 'utf8')));
}
