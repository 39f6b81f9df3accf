/**
 * Lighthouse audit of the app's pages (`npm run bench:lighthouse [-- --runs 3 --pages home,table]`):
 * builds the client and starts the Worker as the browser tests do (test/browser/server.ts: the
 * production build under `wrangler dev`, the stacked-deck seam on, bots moving at once), creates a
 * classic match against a bot where it is the player's turn (scripts/bench-match.ts), and audits with
 * Lighthouse's node API, in Debian chromium launched by chrome-launcher (/usr/bin/chromium, or
 * CHROMIUM_PATH), each of these pages:
 * - `home`: `/`;
 * - `rules`: `/rules`;
 * - `practice`: `/practice` (the practice form: no practice match is stored in a fresh profile);
 * - `table`: the seated player's seat link (the live match table, the player to play).
 *
 * Lighthouse's default profile: mobile form factor (a 412×823 phone screen), simulated throttling
 * (slow 4G, 4× CPU slowdown), storage and cache cleared before each audit (a cold load).
 *
 * Printed per page: the medians over `--runs` audits (3 by default) of the four category scores
 * (performance, accessibility, best-practices, seo, 0..1), cumulative layout shift, total blocking
 * time, largest contentful paint, first contentful paint and speed index (ms); then every audit that
 * failed (score below 0.9) in any run, id and title, with the number of runs it failed in.
 * `--pages` picks the pages (comma-separated names, all four by default); `--save DIR` also writes
 * each run's full report as DIR/<page>-<run>.json (open it in Lighthouse's viewer, or read its
 * `long-tasks`, `bootup-time` and `mainthread-work-breakdown` audits for what blocks the page).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../test/browser/server';
import { createBenchMatch } from './bench-match';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a.startsWith('--')) args.set(a.slice(2), process.argv[i + 1] ?? '1');
}
const RUNS = Number(args.get('runs') ?? 3);
const PAGE_NAMES = ['home', 'rules', 'practice', 'table'] as const;
type PageName = (typeof PAGE_NAMES)[number];
const PAGES = (args.get('pages') ?? PAGE_NAMES.join(',')).split(',') as PageName[];
for (const p of PAGES) {
  if (!PAGE_NAMES.includes(p)) throw new Error(`unknown page ${p}; known: ${PAGE_NAMES.join(', ')}`);
}
/** `--save DIR`: where each run's full report (JSON) goes. */
const SAVE = args.get('save');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** An audit below this score is listed as failed. */
const PASS = 0.9;

/** What one audit run gives: the category scores, the metrics and the failed audits. */
interface Audit {
  scores: Record<(typeof CATEGORIES)[number], number>;
  cls: number;
  tbt: number;
  lcp: number;
  fcp: number;
  si: number;
  failed: Array<{ id: string; title: string }>;
}

/** A run Lighthouse itself reports as failed (`lhr.runtimeError`), e.g. a trace without its navigation. */
class LighthouseError extends Error {}

/** One Lighthouse audit of `url` in the chromium listening on `port`; its full report to `save` when given. */
async function audit(url: string, port: number, save?: string): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (save) writeFileSync(save, JSON.stringify(lhr));
  if (lhr.runtimeError)
    throw new LighthouseError(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? Number.NaN]),
  ) as Audit['scores'];
  const failed = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < PASS &&
        (a.scoreDisplayMode === 'binary' ||
          a.scoreDisplayMode === 'numeric' ||
          a.scoreDisplayMode === 'metricSavings'),
    )
    .map((a) => ({ id: a.id, title: a.title }));
  return {
    scores,
    cls: metric('cumulative-layout-shift'),
    tbt: metric('total-blocking-time'),
    lcp: metric('largest-contentful-paint'),
    fcp: metric('first-contentful-paint'),
    si: metric('speed-index'),
    failed,
  };
}

/** How many times an audit is tried when Lighthouse reports a failed recording (NO_NAVSTART and the like). */
const TRIES = 3;

/** `audit`, tried again (TRIES in all) when Lighthouse asks for it: its trace of a busy machine can fail. */
async function auditAgain(url: string, port: number, save?: string): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, save);
    } catch (e) {
      if (!(e instanceof LighthouseError) || attempt >= TRIES) throw e;
      console.log(`  (${e.message}: tried again)`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Prints one page's medians and its failed audits (see the header). */
function report(name: string, runs: Audit[]): void {
  const m = (f: (a: Audit) => number) => median(runs.map(f));
  const scores = CATEGORIES.map((c) => `${c} ${m((a) => a.scores[c]).toFixed(2)}`).join(', ');
  const ms = (f: (a: Audit) => number) => `${Math.round(m(f))} ms`;
  console.log(
    `${name}: ${scores}; CLS ${m((a) => a.cls).toFixed(3)}, TBT ${ms((a) => a.tbt)}, ` +
      `LCP ${ms((a) => a.lcp)}, FCP ${ms((a) => a.fcp)}, SI ${ms((a) => a.si)} (median of ${runs.length})`,
  );
  const failed = new Map<string, { title: string; count: number }>();
  for (const { id, title } of runs.flatMap((a) => a.failed)) {
    const seen = failed.get(id) ?? { title, count: 0 };
    seen.count++;
    failed.set(id, seen);
  }
  if (!failed.size) console.log('  no failed audits');
  for (const [id, { title, count }] of failed)
    console.log(`  failed: ${id} — ${title} (${count}/${runs.length})`);
}

async function main(): Promise<void> {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
  });
  try {
    console.log(`lighthouse: mobile profile, simulated throttling, ${RUNS} run(s) a page, ${server.url}`);
    const urls: Record<PageName, () => Promise<string>> = {
      home: async () => `${server.url}/`,
      rules: async () => `${server.url}/rules`,
      practice: async () => `${server.url}/practice`,
      table: async () => (await createBenchMatch(server, 'bench-lighthouse')).seats[0].url!,
    };
    for (const name of PAGES) {
      const url = await urls[name]();
      const runs: Audit[] = [];
      for (let run = 0; run < RUNS; run++)
        runs.push(await auditAgain(url, chrome.port, SAVE && join(SAVE, `${name}-${run + 1}.json`)));
      report(name, runs);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}

await main();
