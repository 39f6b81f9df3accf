/**
 * Starts the real Worker for the browser tests: builds the web client into a temporary folder (not
 * dist/, which other test projects may be reading at the same time) and runs `wrangler dev` on a
 * free local port serving that folder, with the test seams on (stacked deck), bots moving at once
 * (BOT_DELAY_MS=0) and a fresh local storage directory. The process is ours and stopped by pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = join(import.meta.dirname, '..', '..');

/** A running Worker. */
export interface TestServer {
  url: string;
  /** The folder of the client build being served. */
  assets: string;
  stop(): Promise<void>;
  /** What wrangler printed (for failure reports). */
  output(): string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Builds the client with web/vite.config.ts into `outDir`. */
export async function buildClient(outDir: string): Promise<void> {
  // Vitest sets NODE_ENV=test, which would make Vite bundle Preact's development build.
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(root, 'web', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = before;
  }
}

/**
 * The script of the first paint in a client build folder: the entry named by index.html and the chunks
 * it preloads (`<link rel="modulepreload">`), with their summed gzip size in bytes.
 */
export function initialScript(dist: string): { files: string[]; gzipBytes: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script[^>]*src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error(`no entry script in ${dist}/index.html`);
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/(assets\/[^"]+\.js)"/g)].map(
    (x) => x[1],
  );
  const files = [entry, ...preloaded];
  return { files, gzipBytes: files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).length, 0) };
}

/**
 * Builds, starts `wrangler dev` and waits until it answers. `mail`: mails go to the local outbox
 * (`DEV_OUTBOX`, links under the server's own origin), read at /dev/mail. `botDelayMs`: the pace of
 * bot moves (BOT_DELAY_MS; 0, bots at once, unless told).
 */
export async function startServer(opts: { mail?: boolean; botDelayMs?: number } = {}): Promise<TestServer> {
  const assets = mkdtempSync(join(tmpdir(), 'mb-e2e-dist-'));
  await buildClient(assets);
  const port = await freePort();
  const persist = mkdtempSync(join(tmpdir(), 'mb-e2e-'));
  let out = '';
  const child: ChildProcess = spawn(
    join(root, 'node_modules', '.bin', 'wrangler'),
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--persist-to',
      persist,
      '--assets',
      assets,
      '--var',
      'TEST_SEAMS:1',
      '--var',
      `BOT_DELAY_MS:${opts.botDelayMs ?? 0}`,
      ...(opts.mail ? ['--var', 'DEV_OUTBOX:1', '--var', `PUBLIC_URL:http://127.0.0.1:${port}`] : []),
      '--show-interactive-dev-session=false',
    ],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }, stdio: 'pipe' },
  );
  // If the test process ends without afterAll (a crash, a killed run), do not leave wrangler behind.
  const killOnExit = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`wrangler dev did not start in 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    assets,
    output: () => out,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(persist, { recursive: true, force: true });
      rmSync(assets, { recursive: true, force: true });
    },
  };
}
