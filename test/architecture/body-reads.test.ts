/**
 * One reader of request bodies (item 2): worker/routes/body.ts reads every body, in full
 * and under the size limit, and answers a body that fails to arrive with 400. Any other direct read
 * of a request body (hono's `c.req.json()`, `parseBody()`, a hono `json`/`form` validator, the raw
 * stream) would bring back the 500 of an interrupted upload, so this scan finds them in worker/,
 * and each pattern is shown to fire on a planted file (so the test can fail).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

/** The one file allowed to read a request body. */
const READER = 'worker/routes/body.ts';

/** Direct reads of an incoming request's body. */
const BODY_READS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  {
    what: "hono's body helpers",
    pattern: /\.req\.(text|json|arrayBuffer|formData|blob|bytes|parseBody)\s*\(/,
  },
  {
    what: "a Request's body methods",
    pattern: /\b(request|req|raw)\s*\.\s*(text|json|arrayBuffer|formData|blob|bytes)\s*\(/,
  },
  { what: "the raw request's stream", pattern: /\.raw\s*\.\s*body\b/ },
  {
    what: 'a stream reader on a request body',
    pattern: /\b(request|req)\s*\.\s*body\s*\??\.\s*(getReader|pipeTo|pipeThrough|tee)\b/,
  },
  { what: 'a hono body validator', pattern: /[vV]alidator\(\s*['"](json|form)['"]/ },
];

/** `path: line: what` for every direct body read in the .ts files under `dir`, except in READER. */
function bodyReads(base: string, dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && relative(base, path) !== READER) {
        readFileSync(path, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            for (const read of BODY_READS) {
              if (read.pattern.test(line)) found.push(`${relative(base, path)}:${i + 1}: ${read.what}`);
            }
          });
      }
    }
  };
  walk(join(base, dir));
  return found;
}

describe('request bodies', () => {
  it('are read only by worker/routes/body.ts', () => {
    expect(bodyReads(root, 'worker')).toEqual([]);
  });

  it('the reader itself reads the raw stream (the scan looks for the right thing)', () => {
    const reader = readFileSync(join(root, READER), 'utf8');
    expect(BODY_READS.some((r) => r.pattern.test(reader))).toBe(true);
  });

  const planted = [
    'const body = await c.req.json();',
    'const text = await c.req.text();',
    'const form = { ...(await c.req.parseBody()) };',
    'const raw = await c.req.raw.text();',
    'const data = await request.json();',
    'const bytes = await request.arrayBuffer();',
    'const reader = c.req.raw.body.getReader();',
    'const reader = request.body?.getReader();',
    "app.post('/x', validator('json', (v) => v), handler);",
    "app.post('/x', vValidator('form', Schema), handler);",
  ];
  for (const line of planted) {
    it(`finds a planted read: ${line}`, () => {
      const base = mkdtempSync(join(tmpdir(), 'body-reads-'));
      try {
        const folder = join(base, 'worker', 'routes');
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, 'planted.ts'), `// planted\n${line}\n`);
        writeFileSync(join(folder, 'body.ts'), `${line}\n`); // the reader's own reads are allowed
        const found = bodyReads(base, 'worker');
        expect(found.length).toBeGreaterThan(0);
        for (const f of found) expect(f).toMatch(/^worker\/routes\/planted\.ts:2: /);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    });
  }
});
