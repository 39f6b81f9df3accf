/**
 * CLI: `npm run bench:bots -- [options]` times the expert's decisions in Node (µs resolution) and
 * calibrates the bots' work budget (worker/bots/budget.ts). It plays expert against basic hands and,
 * for every expert decision with a real choice, runs the decision five times with a fresh budget (it
 * is deterministic) and keeps the fastest run, timed by this process's CPU time (`process.cpuUsage`,
 * µs; a shared machine's waits do not count) and by the wall clock. It prints:
 * - p50/p99/max µs of all decisions, of the searching ones, and of a decision with an empty budget;
 * - the least-squares fit of CPU time against units spent, over the searching decisions run with
 *   ¼, ½ and the whole budget: its slope gives `UNITS_PER_MS`, its intercept the fixed part.
 *
 * Options (defaults in brackets):
 *   --hands N     hands to play [100]
 *   --seats N     seats, one player a team [2]
 *   --preset NAME rules preset [classic]
 *   --units N     budget of each decision in units [REQUEST_UNITS]
 *   --seed TEXT   base seed [bench-bots]
 */
import { performance } from 'node:perf_hooks';
import { lastSearch } from '../worker/bots/expert';
import { chooseMove, REQUEST_UNITS, requestBudget, UNITS_PER_MS } from '../worker/bots/index';
import {
  actingSeat,
  applyMove,
  createMatch,
  type GameEvent,
  PRESET_NAMES,
  type PresetName,
  viewFor,
} from '../worker/engine/index';
import { option } from './cli-option';

const hands = Number(option('hands', '100'));
const seats = Number(option('seats', '2'));
const preset = option('preset', 'classic') as PresetName;
const units = Number(option('units', String(REQUEST_UNITS)));
const seed = option('seed', 'bench-bots');
if (!(PRESET_NAMES as readonly string[]).includes(preset)) throw new Error(`unknown preset ${preset}`);

/** One timed expert decision: fastest CPU and wall µs of five runs, units charged, whether it searched. */
interface Sample {
  us: number;
  wallUs: number;
  units: number;
  searched: boolean;
  /** CPU µs of the same decision with an empty budget (the fallback). */
  emptyUs: number;
}

/** Fastest of `times` runs: CPU µs (user + system) and wall µs. */
function fastest(run: () => void, times: number): { cpu: number; wall: number } {
  let cpu = Number.POSITIVE_INFINITY;
  let wall = Number.POSITIVE_INFINITY;
  for (let k = 0; k < times; k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    run();
    wall = Math.min(wall, (performance.now() - t0) * 1000);
    const c = process.cpuUsage(c0);
    cpu = Math.min(cpu, c.user + c.system);
  }
  return { cpu, wall };
}

/** (units spent, CPU µs) of searching decisions run with a part of the budget, for the fit. */
const points: Array<{ units: number; us: number }> = [];

const samples: Sample[] = [];
for (let h = 0; h < hands; h++) {
  const handSeed = `${seed}:${h}`;
  const created = createMatch({ rules: preset, seats, seed: handSeed, firstSeat: h % seats });
  if (!created.ok) throw new Error(JSON.stringify(created.problems));
  let state = created.state;
  const log: GameEvent[] = [...created.events];
  for (let guard = 0; guard < 5000; guard++) {
    const seat = actingSeat(state);
    if (seat === null) break;
    const view = viewFor(state, seat);
    const level = seat === h % seats ? 'basic' : 'expert';
    const opts = { level, seed: `${handSeed}/${seat}`, log } as const;
    const move = chooseMove(view, { ...opts, budget: requestBudget(units) });
    if (level === 'expert' && view.legalMoves.length > 1) {
      const t = fastest(() => chooseMove(view, { ...opts, budget: requestBudget(units) }), 5);
      const spent = lastSearch.units;
      const searched = lastSearch.steps > 0;
      const empty = fastest(() => chooseMove(view, { ...opts, budget: requestBudget(0) }), 3);
      samples.push({ us: t.cpu, wallUs: t.wall, units: spent, searched, emptyUs: empty.cpu });
      if (searched) {
        points.push({ units: spent, us: t.cpu });
        for (const part of [0.25, 0.5]) {
          const p = fastest(() => chooseMove(view, { ...opts, budget: requestBudget(units * part) }), 3);
          points.push({ units: lastSearch.units, us: p.cpu });
        }
      }
    }
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(`illegal bot move: ${r.error.code}`);
    state = r.state;
    log.push(...r.events);
  }
}

function quantiles(xs: number[]): string {
  if (xs.length === 0) return 'none';
  const s = xs.slice().sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `p50 ${q(0.5).toFixed(1)} µs, p99 ${q(0.99).toFixed(1)} µs, max ${s[s.length - 1].toFixed(1)} µs (n=${s.length})`;
}

const searching = samples.filter((s) => s.searched);
// Least squares: µs = a + b * units over the searching decisions at every budget tried.
const n = points.length;
const mx = points.reduce((t, p) => t + p.units, 0) / n;
const my = points.reduce((t, p) => t + p.us, 0) / n;
let sxy = 0;
let sxx = 0;
for (const p of points) {
  sxy += (p.units - mx) * (p.us - my);
  sxx += (p.units - mx) ** 2;
}
const slope = sxy / sxx;
const intercept = my - slope * mx;
console.log(
  `${preset}, ${seats} players, ${hands} hands, budget ${units} units a decision (UNITS_PER_MS ${UNITS_PER_MS})`,
);
console.log(`  expert decisions with a choice, CPU: ${quantiles(samples.map((s) => s.us))}`);
console.log(`  expert decisions with a choice, wall: ${quantiles(samples.map((s) => s.wallUs))}`);
console.log(`  searching decisions, CPU: ${quantiles(searching.map((s) => s.us))}`);
console.log(`  same decisions with an empty budget, CPU: ${quantiles(samples.map((s) => s.emptyUs))}`);
console.log(
  `  units spent by searching decisions: ${quantiles(searching.map((s) => s.units)).replaceAll('µs', 'u')}`,
);
console.log(
  `  CPU ns per unit of searching decisions: ${quantiles(searching.map((s) => (1000 * s.us) / s.units)).replaceAll('µs', 'ns')}`,
);
console.log(
  `  fit CPU µs = a + b·units (n=${n}): a ${intercept.toFixed(1)} µs, b ${slope.toFixed(4)} µs/unit => ${(1000 / slope).toFixed(0)} units per ms`,
);
