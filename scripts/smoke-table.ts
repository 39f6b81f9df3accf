/**
 * The smoke size of every npm script that measures something (run once by CI through
 * scripts/smoke.ts, so that none rots): the script's arguments for a short run, and the result lines
 * its output must hold. A new measuring script is added here, or test/shared/smoke-table.test.ts fails.
 */

/** One smoke run: `npm run <script> -- <args>`, which must exit 0 with a line matching each of `results`. */
export interface SmokeRun {
  script: string;
  args: readonly string[];
  results: readonly RegExp[];
}

/**
 * The measuring scripts of package.json: the benches, the arena, the tuner, the oracle, the
 * one-step deviations, scenarios,
 * the load test and the transcript of scripted matches.
 */
export const MEASURING_SCRIPT = /^(bench($|:)|arena$|tune$|oracle$|deviations$|scenario$|load$|transcript$)/;

export const SMOKE_RUNS: readonly SmokeRun[] = [
  { script: 'scenario', args: ['test/scenarios'], results: [/^\d+ passed, 0 failed$/] },
  {
    script: 'bench',
    args: ['--seconds', '0.2'],
    results: [/^random hands per CPU-second \(playOut\): classic 2 seats \d+, .*hasbro-2016 4 seats \d+$/],
  },
  { script: 'bench:bots', args: ['--hands', '2'], results: [/units per ms$/] },
  {
    script: 'bench:bot-cpu',
    args: ['--hands', '12', '--parts', '7'],
    results: [
      /^parts \(warm, fastest of 5; a unit stands for [\d.]+ µs\):$/,
      /^expert decisions \(CPU\): n=\d+ .* max [\d.]+ ms, over 8 ms \d+$/,
      /^requests with bots \(CPU\): n=\d+ /,
    ],
  },
  {
    script: 'arena',
    args: ['--hands', '4', '--b', 'expert-v1'],
    results: [/^\s*expert wins [\d.]+% ±/, /^\s*expert-v1: rolling turns within 200 km without distance /],
  },
  {
    script: 'tune',
    args: ['--deals', '4'],
    results: [
      /^policy vs basic: points [\d.]+%, trips [\d.]+% over 8 hands \(points ± [\d.]+\)$/,
      /^\s*tuned: rolling turns within 200 km without distance /,
    ],
  },
  {
    script: 'oracle',
    args: ['--games', '1', '--samples', '5'],
    results: [/^\d+ decisions judged, mean regret /],
  },
  {
    script: 'deviations',
    args: ['--deals', '20', '--min', '1'],
    results: [/^classic, 2 seats: \d+ deviations judged in 20 hands/, /^best deviation: /],
  },
  {
    script: 'bench:server',
    args: ['--matches', '1', '--seats', '4', '--humans', '1', '--bots', '3', '--bot', 'expert'],
    results: [/^rows written per human decision: [\d.]+$/, /^free plan: \d+ complete matches\/day$/],
  },
  {
    script: 'bench:page',
    args: ['--runs', '1', '--moves', '2'],
    results: [/^tap to updated screen: p50 \d+ ms/, /^mail link page: first contentful paint \d+ ms/],
  },
  {
    script: 'bench:lighthouse',
    args: ['--runs', '1', '--pages', 'table'],
    results: [
      /^table: performance [\d.]+, accessibility [\d.]+, best-practices [\d.]+, seo [\d.]+; CLS [\d.]+, TBT \d+ ms, LCP \d+ ms/,
    ],
  },
  {
    script: 'load',
    // With the simulated daily limit and its reset (the same run's other faults as without it).
    args: ['--seconds', '10', '--matches', '10', '--quota-fault'],
    results: [
      /^limit: .* \d+ moves refused at the limit and sent again after the reset, 0 still refused at the end, 0 timeouts after the outage$/,
      /^load: \d+ moves, 0 5xx, 0 lost, 0 doubled, 0 mismatches$/,
    ],
  },
  { script: 'transcript', args: [], results: [/^transcript: \d+ requests, \d+ mails, sha256 [0-9a-f]{64}$/] },
];
