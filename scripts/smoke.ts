/**
 * CLI: `npm run smoke [-- SCRIPT ...]` runs every measuring npm script once in its smoke size
 * (scripts/smoke-table.ts), one at a time, printing each one's output as it comes. A run fails when it
 * exits non-zero or its output lacks one of its result lines. Ends with
 * `smoke: N of M scripts finished with their result lines` and exits 1 when any failed.
 */
import { spawn } from 'node:child_process';
import { SMOKE_RUNS, type SmokeRun } from './smoke-table';

/** Runs one smoke run; resolves to the problem, or null when it finished with its result lines. */
function runOne(run: SmokeRun): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', run.script, '--', ...run.args], {
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const keep = (d: Buffer, to: NodeJS.WriteStream) => {
      out += String(d);
      to.write(d);
    };
    child.stdout.on('data', (d: Buffer) => keep(d, process.stdout));
    child.stderr.on('data', (d: Buffer) => keep(d, process.stderr));
    child.on('error', (e) => resolve(`could not start: ${e.message}`));
    child.on('close', (code, signal) => {
      if (code !== 0) return resolve(`exited ${code ?? signal}`);
      const lines = out.split('\n').map((l) => l.trimEnd());
      const missing = run.results.filter((re) => !lines.some((l) => re.test(l)));
      resolve(missing.length ? `no result line ${missing.map(String).join(', ')}` : null);
    });
  });
}

const only = process.argv.slice(2);
const unknown = only.filter((name) => !SMOKE_RUNS.some((r) => r.script === name));
if (unknown.length) {
  console.error(
    `smoke: unknown script(s) ${unknown.join(', ')}; known: ${SMOKE_RUNS.map((r) => r.script).join(', ')}`,
  );
  process.exit(2);
}
const runs = only.length ? SMOKE_RUNS.filter((r) => only.includes(r.script)) : SMOKE_RUNS;
const report: string[] = [];
let ok = 0;
for (const run of runs) {
  const t0 = Date.now();
  console.log(`\n=== smoke: npm run ${run.script} -- ${run.args.join(' ')}`);
  const problem = await runOne(run);
  const s = ((Date.now() - t0) / 1000).toFixed(1);
  if (!problem) ok++;
  report.push(`  ${run.script.padEnd(13)} ${problem ? `FAILED: ${problem}` : 'ok'} (${s} s)`);
}
console.log(`\n${report.join('\n')}`);
console.log(`smoke: ${ok} of ${runs.length} scripts finished with their result lines`);
process.exit(ok === runs.length ? 0 : 1);
