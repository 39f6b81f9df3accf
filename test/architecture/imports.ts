/**
 * The project's import rules (docs/ARCHITECTURE.md "Parts and imports"), as data, and a scanner
 * that lists every import of the source tree and the ones that break a rule. Read by
 * imports.test.ts; `violations` is also given made-up imports there, to prove each rule can fire.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** One import of a source file. `target` is a repository path for relative imports, else the bare specifier. */
export interface Import {
  from: string;
  target: string;
  /** `import type` / `export type`: erased at build time. */
  typeOnly: boolean;
  /** `import('…')`: loaded on demand. */
  dynamic: boolean;
}

/** A rule: files under `part` must not make the imports `forbidden` says, for `why`. */
export interface ImportRule {
  part: string;
  why: string;
  forbidden(i: Import): boolean;
}

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
const isPackage = (i: Import) =>
  !i.target.startsWith('worker/') &&
  !i.target.startsWith('web/') &&
  !i.target.startsWith('test/') &&
  !i.target.startsWith('scripts/');

/** The "never" rules. */
export const IMPORT_RULES: readonly ImportRule[] = [
  {
    part: 'worker/engine',
    why: 'the engine is pure rules: it imports only itself, the shared rules data and the pure synchronous HMAC of @noble/hashes (the keyed hand seeds), no platform or other package',
    forbidden: (i) =>
      !i.target.startsWith('@noble/hashes/') &&
      (isPackage(i) || !(under(i.target, 'worker/engine') || under(i.target, 'worker/shared'))),
  },
  {
    part: 'worker/shared',
    why: 'the shared rules data is data: it imports only itself',
    forbidden: (i) => isPackage(i) || !under(i.target, 'worker/shared'),
  },
  {
    part: 'worker/words',
    why: 'the words the page and the mail share are pure: only themselves, the rules data, engine types and wire protocol types',
    forbidden: (i) =>
      isPackage(i) ||
      !(
        under(i.target, 'worker/words') ||
        under(i.target, 'worker/shared') ||
        (i.typeOnly && (under(i.target, 'worker/engine') || under(i.target, 'worker/protocol')))
      ),
  },
  {
    part: 'worker/bots',
    why: 'bots decide through the engine alone (plus types of the wire protocol)',
    forbidden: (i) =>
      isPackage(i) ||
      !(
        under(i.target, 'worker/bots') ||
        under(i.target, 'worker/engine') ||
        under(i.target, 'worker/shared') ||
        (i.typeOnly && under(i.target, 'worker/protocol'))
      ),
  },
  {
    part: 'worker/decider',
    why: 'the decider is pure: the engine, the bots, the shared data and words, and types of the wire protocol and the notifier; never the Durable Object shell, the routes or the platform',
    forbidden: (i) =>
      isPackage(i) ||
      !(
        under(i.target, 'worker/decider') ||
        under(i.target, 'worker/engine') ||
        under(i.target, 'worker/bots') ||
        under(i.target, 'worker/shared') ||
        under(i.target, 'worker/words') ||
        (i.typeOnly &&
          (i.target === 'worker/protocol.ts' ||
            under(i.target, 'worker/protocol') ||
            under(i.target, 'worker/notify')))
      ),
  },
  {
    part: 'worker/chat',
    why: "a chat's rows and checks serve a match and a league alike: never the match shell, a league, the routes or the notifier",
    forbidden: (i) =>
      under(i.target, 'worker/match') ||
      under(i.target, 'worker/league') ||
      under(i.target, 'worker/routes') ||
      under(i.target, 'worker/notify') ||
      i.target === 'worker/index.ts',
  },
  {
    part: 'worker/notify',
    why: 'notifications never reach into the match server or the routes: the match hands them a NotifierContext',
    forbidden: (i) =>
      under(i.target, 'worker/match') || under(i.target, 'worker/routes') || i.target === 'worker/index.ts',
  },
  {
    part: 'worker/match',
    why: 'the Durable Object never calls back into the routes (and reaches a league only through its binding)',
    forbidden: (i) =>
      under(i.target, 'worker/routes') || i.target === 'worker/index.ts' || under(i.target, 'worker/league'),
  },
  {
    part: 'worker/league',
    why: 'the league Durable Object never calls back into the routes',
    forbidden: (i) => under(i.target, 'worker/routes') || i.target === 'worker/index.ts',
  },
  {
    part: 'worker',
    why: 'the Worker never imports the client, the tests or the scripts',
    forbidden: (i) => under(i.target, 'web') || under(i.target, 'test') || under(i.target, 'scripts'),
  },
  {
    part: 'web',
    why: 'the client imports worker types, the shared rules data and words; the engine, the bots and the decider only on demand (practice mode)',
    forbidden: (i) =>
      under(i.target, 'worker') &&
      !i.typeOnly &&
      !under(i.target, 'worker/shared') &&
      !under(i.target, 'worker/words') &&
      !(
        i.dynamic &&
        (under(i.target, 'worker/engine') ||
          under(i.target, 'worker/bots') ||
          under(i.target, 'worker/decider'))
      ),
  },
];

/** Routes are the Worker's edge: only worker/index.ts and the routes themselves import them. */
export const ROUTES_RULE: ImportRule = {
  part: 'worker',
  why: 'only worker/index.ts mounts the routes',
  forbidden: (i) =>
    under(i.target, 'worker/routes') && !under(i.from, 'worker/routes') && i.from !== 'worker/index.ts',
};

const STATIC = /^\s*(import|export)\s+(type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Resolves `spec` imported by repository file `from` to a repository path (with its extension). */
function resolve(root: string, from: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const base = normalize(join(dirname(from), spec));
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx', '.js']) {
    const candidate = `${base}${ext}`;
    try {
      if (statSync(join(root, candidate)).isFile()) return candidate;
    } catch {
      // try the next ending
    }
  }
  return base;
}

/** True for `import type …`, `export type …`, and `import { type A, type B } from …` (erased at build time). */
function isTypeOnly(statement: string): boolean {
  if (/^\s*(import|export)\s+type\s/.test(statement)) return true;
  const named = statement.match(/^\s*import\s*\{([^}]*)\}\s*from/);
  if (!named) return false;
  const names = named[1]
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

/** The imports of one source text, as repository file `from`. */
export function importsIn(root: string, from: string, text: string): Import[] {
  const out: Import[] = [];
  for (const m of text.matchAll(STATIC)) {
    out.push({ from, target: resolve(root, from, m[3]), typeOnly: isTypeOnly(m[0]), dynamic: false });
  }
  for (const m of text.matchAll(DYNAMIC))
    out.push({ from, target: resolve(root, from, m[1]), typeOnly: false, dynamic: true });
  return out;
}

/** Every .ts/.tsx file below `folder` (repository paths), node_modules and dist left out. */
export function sourceFiles(root: string, folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
    }
  };
  walk(folder);
  return out;
}

/** Every import of the files below `folders`. */
export function allImports(root: string, folders: readonly string[]): Import[] {
  return folders.flatMap((f) =>
    sourceFiles(root, f).flatMap((file) => importsIn(root, file, readFileSync(join(root, file), 'utf8'))),
  );
}

/** The imports that break a rule, each with the rule's reason. */
export function violations(imports: readonly Import[]): Array<Import & { why: string }> {
  const rules = [...IMPORT_RULES, ROUTES_RULE];
  return imports.flatMap((i) =>
    rules.filter((r) => under(i.from, r.part) && r.forbidden(i)).map((r) => ({ ...i, why: r.why })),
  );
}

/**
 * The cycles of value imports among `imports` (type-only and on-demand imports left out, as a
 * bundle sees them): each a list of files that import one another round (Tarjan's strongly
 * connected components of more than one file, or a file that imports itself). Empty: none.
 */
export function valueImportCycles(imports: readonly Import[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const i of imports) {
    if (i.typeOnly || i.dynamic) continue;
    edges.set(i.from, [...(edges.get(i.from) ?? []), i.target]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const to of edges.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let f: string;
    do {
      f = stack.pop()!;
      onStack.delete(f);
      component.push(f);
    } while (f !== file);
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) out.push(component.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return out;
}
