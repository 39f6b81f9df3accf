/**
 * Starts the real Worker for the browser tests: builds the web client into a temporary folder (not
 * dist/, which other test projects may be reading at the same time) and runs `wrangler dev` on a
 * free local port serving that folder, with the test seams on (stacked deck), bots moving at once
 * (BOT_DELAY_MS=0) and a fresh local storage directory. The process is ours and stopped by pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/** A port free on 127.0.0.1 now (the OS's choice); another process may take it before it is used. */
export function freePort(): Promise<number> {
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
 * The script of the first paint in a client build folder: every entry script index.html names (the
 * early one that starts a match page's first fetch, then the main one) and the chunks they preload
 * (`<link rel="modulepreload">`), each file once, with their summed gzip size in bytes.
 */
export function initialScript(dist: string): { files: string[]; gzipBytes: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*src="\/(assets\/[^"]+\.js)"/g)].map((x) => x[1]);
  if (!entries.length) throw new Error(`no entry script in ${dist}/index.html`);
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/(assets\/[^"]+\.js)"/g)].map(
    (x) => x[1],
  );
  const files = [...new Set([...entries, ...preloaded])];
  return { files, gzipBytes: files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).length, 0) };
}

/**
 * How `startServer` runs the Worker; `choosePort` (default: a port free now) is for the test of the
 * retry; `prebuilt`: a client build folder to copy instead of building one (the browser project's
 * global setup builds once per run).
 */
export interface ServerOptions {
  mail?: boolean;
  botDelayMs?: number;
  choosePort?: () => Promise<number>;
  prebuilt?: string;
}

/** How many ports `startServer` tries when another process takes the one it chose. */
const PORT_TRIES = 5;

/** True when wrangler's output says a socket it wanted was taken (EADDRINUSE). */
export function addressInUse(output: string): boolean {
  return /Address already in use|EADDRINUSE/i.test(output);
}

/** A `wrangler dev` child on `port`, its output so far and whether it answers (see `launchWrangler`). */
interface Wrangler {
  child: ChildProcess;
  url: string;
  output(): string;
}

/**
 * Builds (or copies `prebuilt`), starts `wrangler dev` and waits until it answers. `mail`: mails go to the local outbox
 * (`DEV_OUTBOX`, links under the server's own origin), read at /dev/mail. `botDelayMs`: the pace of
 * bot moves (BOT_DELAY_MS; 0, bots at once, unless told). The port is chosen free just before the
 * start, and another process can take it in between: wrangler then exits with "Address already in
 * use", and the start is tried again on a new port (PORT_TRIES in all). Throws with wrangler's output
 * when it exits for another reason or does not answer in 90 s.
 */
export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  const assets = mkdtempSync(join(tmpdir(), 'mb-e2e-dist-'));
  if (opts.prebuilt) cpSync(opts.prebuilt, assets, { recursive: true });
  else await buildClient(assets);
  const persist = mkdtempSync(join(tmpdir(), 'mb-e2e-'));
  let running: Wrangler | null = null;
  for (let attempt = 1; !running; attempt++) {
    try {
      running = await launchWrangler(await (opts.choosePort ?? freePort)(), persist, assets, opts);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt >= PORT_TRIES) {
        rmSync(persist, { recursive: true, force: true });
        rmSync(assets, { recursive: true, force: true });
        throw e;
      }
    }
  }
  const { child, url, output } = running;
  const killOnExit = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);
  return {
    url,
    assets,
    output,
    async stop() {
      process.off('exit', killOnExit);
      await stopChild(child);
      rmSync(persist, { recursive: true, force: true });
      rmSync(assets, { recursive: true, force: true });
    },
  };
}

/** wrangler exited because a port it wanted was taken: try another. */
class PortTaken extends Error {}

/**
 * Spawns `wrangler dev` on `port` (test seams on, storage in `persist`, serving `assets`) and waits
 * until `/` answers. Throws `PortTaken` when wrangler exits because an address was in use, another
 * error (with its output) when it exits otherwise or does not answer in 90 s.
 */
async function launchWrangler(
  port: number,
  persist: string,
  assets: string,
  opts: ServerOptions,
): Promise<Wrangler> {
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
  // If the test process ends while wrangler starts (a crash, a killed run), do not leave it behind.
  const killOnExit = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', killOnExit);
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  try {
    for (;;) {
      // Ended by a signal, its exit code stays null: `signalCode` tells.
      if (child.exitCode !== null || child.signalCode !== null) {
        if (addressInUse(out)) throw new PortTaken(`port ${port} taken:\n${out}`);
        throw new Error(`wrangler dev exited (${child.exitCode ?? child.signalCode}):\n${out}`);
      }
      // wrangler may stay up while one of its sockets failed: stop it and take another port.
      if (addressInUse(out)) {
        await stopChild(child);
        throw new PortTaken(`port ${port} taken:\n${out}`);
      }
      // Only once wrangler says it is ready: before that, whatever answers on the port is not ours.
      if (/Ready on/i.test(out)) {
        try {
          const res = await fetch(`${url}/`);
          if (res.ok) return { child, url, output: () => out };
        } catch {
          // not listening yet
        }
      }
      if (Date.now() > deadline) {
        await stopChild(child);
        throw new Error(`wrangler dev did not start in 90 s:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    process.off('exit', killOnExit);
  }
}

/** Stops a child: SIGTERM, then SIGKILL after 5 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
