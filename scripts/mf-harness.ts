/**
 * The harness the server scripts share (`bench:server`, `load`): the Worker bundled as a deploy
 * would bundle it (`wrangler deploy --dry-run`), started with the `miniflare` package's API
 * (SQLite-backed Durable Objects, as on the free plan), an HTTP call through it, the seat token of a
 * link, and the check that the production configuration refuses the test seams.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

/** The origin the scripts' requests use (never resolved: miniflare answers them). */
export const ORIGIN = 'http://bench.local';

/** Bundles the Worker into a temporary directory; returns the path of its one ES module. Throws when wrangler fails. */
export function bundle(): string {
  if (!existsSync('dist/index.html')) {
    // wrangler needs the assets directory; a local placeholder (dist/ is never committed).
    mkdirSync('dist', { recursive: true });
    writeFileSync('dist/index.html', '<!doctype html><title>Mille Bornes</title>\n');
  }
  const out = mkdtempSync(join(tmpdir(), 'mb-bundle-'));
  // The bundle is read while the process runs; nothing of it is left in the temp dir afterwards.
  process.once('exit', () => rmSync(out, { recursive: true, force: true }));
  const r = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', out], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  if (r.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${r.stdout}\n${r.stderr}`);
  const path = join(out, 'index.js');
  console.log(`bundle: ${path} (${(statSync(path).size / 1024).toFixed(1)} KiB)`);
  return path;
}

/**
 * Starts the bundle at `scriptPath` with wrangler.toml's bindings plus `bindings` (string vars), and
 * generous rate limits. `persist`: a directory for the Durable Objects' storage (survives a restart).
 */
export function start(scriptPath: string, bindings: Record<string, string>, persist?: string): Miniflare {
  const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
  // The bundle is one ES module: wrangler's module rules (for unbundled sources) do not apply.
  const { modulesRules: _rules, ...rest } = workerOptions as typeof workerOptions & {
    modulesRules?: unknown;
  };
  const options = {
    ...rest,
    modules: true,
    scriptPath,
    modulesRoot: dirname(scriptPath),
    bindings: { ...(workerOptions.bindings ?? {}), ...bindings },
    ...(persist ? { resourcePersistencePath: persist } : {}),
    ratelimits: {
      CREATE_LIMITER: { namespace_id: '41001', simple: { limit: 100_000, period: 60 as const } },
      MOVE_LIMITER: { namespace_id: '41002', simple: { limit: 1_000_000, period: 60 as const } },
    },
  };
  // biome-ignore lint/suspicious/noExplicitAny: wrangler's and miniflare's option types are the same shape from two packages
  return new Miniflare(convertV4MiniflareOptions(options as any));
}

/**
 * `call` bound to one runtime, as the bench's parts take it (bench-server.ts): a JSON `body` (POST)
 * or a GET, a bearer `token`; the status and the parsed body.
 */
export type BoundCall = (
  path: string,
  init?: { body?: unknown; token?: string },
) => Promise<{ status: number; body: unknown }>;

/**
 * A request through the Worker: JSON `body` (POST unless `method`), a bearer `token`, extra
 * `headers`; the status, the parsed body (its text when not JSON) and the response headers.
 */
export async function call(
  mf: Miniflare,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': '203.0.113.1', ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await mf.dispatchFetch(`${ORIGIN}${path}`, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  // A body that is not JSON (the runtime's own error page for a Worker that crashed) is kept as its
  // text: a 5xx must reach the caller as an answer, not as a parse error taken for no answer.
  let body: ReturnType<typeof JSON.parse> = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

/**
 * Throws unless the production configuration (no TEST_SEAMS) refuses the stacked deck, ignores a
 * match id asked for in `X-Test-Match-Id` and has no /dev routes (the fault seam's `POST /dev/faults`
 * among them: the match is still answered after asking for the fault, and a mail still goes out after
 * asking for the `mail` fault, the provider's daily quota: the local outbox, allowed without the
 * seams for a localhost origin, stores the invitation).
 */
export async function checkSeam(scriptPath: string): Promise<void> {
  const mf = start(scriptPath, {
    DEV_OUTBOX: '1',
    PUBLIC_URL: 'http://localhost:8787',
    MAIL_GRACE_SECONDS: '0',
  });
  try {
    const r = await call(mf, '/api/matches', {
      body: { rules: 'classic', seats: [{ kind: 'human' }, { kind: 'human' }], testStack: { seed: 'x' } },
    });
    const asked = 'SeamCheckSeamCheckSeam';
    const named = await call(mf, '/api/matches', {
      body: { rules: 'classic', seats: [{ kind: 'human' }, { kind: 'human' }] },
      headers: { 'X-Test-Match-Id': asked },
    });
    const dev = await call(mf, '/dev/stats/AAAAAAAAAAAAAAAAAAAAAA');
    const fault = await call(mf, '/dev/faults', {
      body: { writes: 'daily_limit', calls: 'daily_limit', mail: 'daily_limit' },
    });
    const after = await call(mf, `/api/matches/${named.body.matchId}`);
    const invited = await call(mf, '/api/matches', {
      body: {
        rules: 'classic',
        seats: [{ kind: 'human' }, { kind: 'human', email: 'seam-check@example.org' }],
      },
    });
    const mailed = invited.status === 201 && (await outboxGets(mf, 'seam-check@example.org', 15_000));
    if (
      r.status !== 400 ||
      named.status !== 201 ||
      named.body.matchId === asked ||
      dev.status !== 404 ||
      fault.status !== 404 ||
      after.status !== 200 ||
      !mailed
    ) {
      throw new Error(
        `production bundle accepted a test seam: create ${r.status}, named create ${named.status} ${named.body?.matchId}, /dev ${dev.status}, /dev/faults ${fault.status} then ${after.status}, invitation ${invited.status} ${mailed ? 'mailed' : 'not mailed'}`,
      );
    }
    console.log(
      'seam check: the production bundle refuses testStack (400), ignores X-Test-Match-Id and has no /dev routes (404, /dev/faults too: no fault; a mail goes out after asking for the mail fault)',
    );
  } finally {
    await mf.dispose();
  }
}

/** True once the local outbox holds a mail to `to` (polled until `ms` have passed: the alarm sends it). */
async function outboxGets(mf: Miniflare, to: string, ms: number): Promise<boolean> {
  const ns = await mf.getDurableObjectNamespace('DEV_MAIL');
  const outbox = ns.get(ns.idFromName('outbox')) as unknown as {
    list(limit: number): Promise<Array<{ to: string }>>;
  };
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    if ((await outbox.list(20)).some((m) => m.to === to)) return true;
  }
  return false;
}

/** The seat or host token in a link's fragment (`#seat=…`). */
export function tokenOf(url: string | null): string {
  return /#(?:seat|host)=([A-Za-z0-9_-]+)$/.exec(url ?? '')![1];
}
