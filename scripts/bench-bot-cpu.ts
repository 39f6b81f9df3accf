/**
 * CLI: `npm run bench:bot-cpu -- [options]` measures the CPU tail of the expert bot as the server
 * meets it: ONE fresh process plays many hands (expert vs basic and expert vs expert, 2, 3 and 4 seats,
 * classic and hasbro-2016 with mulligan and quick remedy, one table after the other), and times by
 * this thread's CPU time (scripts/thread-cpu.ts, exact µs; waiting for a shared core and V8's
 * background compiler and GC threads do not count)
 * - every expert decision with a real choice, from the very first one of the cold process, as made
 *   (once, with the budget the server would give it);
 * - every request: seat 0 is the "human" (played by its level, untimed as a request); after each of
 *   its moves the bots play their run as worker/decider/automatic.ts does (one `BotBudget` of the
 *   decider, `matchSearchUnits` per search, `mustWait` cuts the run and the rest goes to a fresh
 *   budget: an alarm request). A request's CPU is its bot part: each bot decision's view, hand log
 *   and `chooseMove`, and the engine's `applyMove` of the move.
 * It prints count, p50, p99, p99.9, max and the count over 8 ms for decisions and requests, the same
 * for the first 2,000 decisions (cold) and the rest, and the slowest decisions with what they did.
 *
 * Options (defaults in brackets):
 *   --decisions N  play until at least N expert decisions with a choice were timed [50000]
 *   --hands N      or: stop after N hands (whichever first) [unlimited]
 *   --seed TEXT    base seed [bench-bot-cpu]
 *   --top N        slowest decisions listed [12]
 *   --parts N      then measure each part of a decision against its charge over N more hands
 *                  (scripts/bot-parts.ts) [0]
 *   --warm N       units of the bots' warm-up before the first hand, as the worker runs it at module
 *                  load (worker/bots/warm-up.ts) [WARM_UP_UNITS]; 0: none
 */

import { lastSearch } from '../worker/bots/expert';
import { chooseMove, type Level, REQUEST_UNITS, requestBudget, UNITS_PER_MS } from '../worker/bots/index';
import { WARM_UP_UNITS, warmUpBots } from '../worker/bots/warm-up';
import { fromHandStart } from '../worker/decider/automatic';
import { BotBudget, matchSearchUnits } from '../worker/decider/bot-budget';
import {
  actingSeat,
  applyMove,
  createMatch,
  type GameEvent,
  type MatchState,
  type RulesInput,
  viewFor,
} from '../worker/engine/index';
import { measureParts } from './bot-parts';
import { option } from './cli-option';
import { threadCpuClock } from './thread-cpu';

const wanted = Number(option('decisions', '50000'));
const maxHands = Number(option('hands', 'Infinity'));
const seed = option('seed', 'bench-bot-cpu');
const top = Number(option('top', '12'));
const warm = Number(option('warm', String(WARM_UP_UNITS)));
const parts = Number(option('parts', '0'));

/** One table of the rotation: rules, seats and each seat's level (seat 0 is the "human"). */
interface Table {
  name: string;
  rules: RulesInput;
  levels: Level[];
}
const mulligan: RulesInput = { preset: 'hasbro-2016', options: { mulligan: true, quickRemedy: true } };
const TABLES: Table[] = [
  { name: 'classic 2 expert-expert', rules: 'classic', levels: ['expert', 'expert'] },
  { name: 'classic 2 basic-expert', rules: 'classic', levels: ['basic', 'expert'] },
  { name: 'classic 4 expert x4', rules: 'classic', levels: ['expert', 'expert', 'expert', 'expert'] },
  { name: 'classic 4 basic-expert', rules: 'classic', levels: ['basic', 'expert', 'basic', 'expert'] },
  { name: 'classic 3 basic+2 experts', rules: 'classic', levels: ['basic', 'expert', 'expert'] },
  { name: 'mulligan 2 expert-expert', rules: mulligan, levels: ['expert', 'expert'] },
  { name: 'mulligan 4 expert x4', rules: mulligan, levels: ['expert', 'expert', 'expert', 'expert'] },
];

/** This thread's CPU time, µs (exact; scripts/thread-cpu.ts). */
const cpuNow = threadCpuClock();
/** µs of this thread's CPU since `t0`. */
function since(t0: number): number {
  return cpuNow() - t0;
}

/** One timed expert decision with a real choice. */
interface Decision {
  us: number;
  ordinal: number;
  table: string;
  phase: string;
  moves: number;
  units: number;
  samples: number;
  steps: number;
  deck: number;
}
const decisions: Decision[] = [];
/** Each request's bot CPU µs, with its number of bot decisions. */
const requests: Array<{ us: number; bots: number; table: string; ordinal: number }> = [];

/** A move of `seat` at `level` with `budget`, timed and recorded when it is an expert's real choice. */
function decide(
  state: MatchState,
  seat: number,
  level: Level,
  log: readonly GameEvent[],
  table: Table,
  budget: BotBudget | null,
  searchUnits: number,
): { move: ReturnType<typeof chooseMove> | null; us: number } {
  const t0 = cpuNow();
  const view = viewFor(state, seat);
  if (budget && !budget.allows(view, level, searchUnits)) return { move: null, us: since(t0) };
  const handLog = level === 'expert' ? fromHandStart(log) : undefined;
  const c0 = cpuNow();
  const move = chooseMove(view, {
    level,
    seed: `${seed}:${seat}`,
    budget: budget ? budget.work : requestBudget(),
    searchUnits,
    ...(handLog ? { log: handLog } : {}),
  });
  const us = since(c0);
  const total = since(t0);
  budget?.charge();
  if (level === 'expert' && view.legalMoves.length > 1) {
    decisions.push({
      us,
      ordinal: decisions.length,
      table: table.name,
      phase: view.phase,
      moves: view.legalMoves.length,
      units: lastSearch.units,
      samples: lastSearch.samples,
      steps: lastSearch.steps,
      deck: view.deckSize,
    });
  }
  return { move, us: total };
}

const w0 = cpuNow();
const warmed = warm > 0 ? warmUpBots(warm) : 0;
const warmUs = since(w0);

let hands = 0;
while (decisions.length < wanted && hands < maxHands) {
  const table = TABLES[hands % TABLES.length];
  const seats = table.levels.length;
  const created = createMatch({
    rules: table.rules,
    seats,
    seed: `${seed}:${hands}`,
    firstSeat: Math.floor(hands / TABLES.length) % seats,
  });
  if (!created.ok) throw new Error(JSON.stringify(created.problems));
  let state = created.state;
  const log: GameEvent[] = [...created.events];
  const units = matchSearchUnits(table.levels.slice(1));
  const play = (seat: number, move: NonNullable<ReturnType<typeof chooseMove>>) => {
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(`illegal bot move: ${r.error.code}`);
    state = r.state;
    log.push(...r.events);
  };
  // A request: the bots' run after the human's move (or an alarm's, after a cut run).
  let request: { budget: BotBudget; us: number; bots: number } | null = null;
  const close = () => {
    if (request && request.bots > 0) {
      requests.push({ us: request.us, bots: request.bots, table: table.name, ordinal: decisions.length });
    }
    request = null;
  };
  for (let guard = 0; guard < 5000; guard++) {
    const seat = actingSeat(state);
    if (seat === null) break;
    if (seat === 0) {
      close();
      const { move } = decide(state, 0, table.levels[0], log, table, null, units);
      if (move) play(0, move);
      continue;
    }
    request ??= { budget: new BotBudget(), us: 0, bots: 0 };
    const { move, us } = decide(state, seat, table.levels[seat], log, table, request.budget, units);
    request.us += us;
    if (!move) {
      // The run was cut: the rest goes to an alarm, a request with a fresh budget.
      close();
      continue;
    }
    const t0 = cpuNow();
    play(seat, move);
    request.us += since(t0);
    request.bots++;
  }
  close();
  hands++;
}

/** p-quantile of sorted `s`. */
function q(s: number[], p: number): number {
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}
function summary(label: string, xs: number[]): void {
  if (xs.length === 0) return void console.log(`${label}: none`);
  const s = xs.slice().sort((a, b) => a - b);
  const ms = (us: number) => (us / 1000).toFixed(2);
  const over = s.filter((x) => x > 8000).length;
  console.log(
    `${label}: n=${s.length} p50 ${ms(q(s, 0.5))} ms, p99 ${ms(q(s, 0.99))} ms, p99.9 ${ms(q(s, 0.999))} ms, max ${ms(s[s.length - 1])} ms, over 8 ms ${over}`,
  );
}

console.log(`warm-up: ${warmed} units, ${(warmUs / 1000).toFixed(1)} ms of CPU`);
console.log(`${hands} hands over ${TABLES.length} tables (${TABLES.map((t) => t.name).join('; ')})`);
summary(
  'expert decisions (CPU)',
  decisions.map((d) => d.us),
);
summary(
  '  first 2000 (cold)',
  decisions.slice(0, 2000).map((d) => d.us),
);
summary(
  '  after them',
  decisions.slice(2000).map((d) => d.us),
);
for (const t of TABLES)
  summary(
    `  ${t.name}`,
    decisions.filter((d) => d.table === t.name).map((d) => d.us),
  );
const searching = decisions.filter((d) => d.steps > 0);
const perUnit = searching.map((d) => d.us / d.units).sort((a, b) => a - b);
if (perUnit.length > 0) {
  const p99 = q(perUnit, 0.99);
  console.log(
    `searching decisions: n=${perUnit.length}, µs a unit p50 ${q(perUnit, 0.5).toFixed(2)}, p99 ${p99.toFixed(2)}, max ${perUnit[perUnit.length - 1].toFixed(2)} (UNITS_PER_MS ${UNITS_PER_MS}: ${(1000 / UNITS_PER_MS).toFixed(2)}); a request's ${REQUEST_UNITS} units at the p99 rate: ${((REQUEST_UNITS * p99) / 1000).toFixed(1)} ms`,
  );
}
summary(
  'requests with bots (CPU)',
  requests.map((r) => r.us),
);
summary(
  '  first 500 (cold)',
  requests.slice(0, 500).map((r) => r.us),
);
console.log(`slowest ${top} decisions:`);
for (const d of decisions
  .slice()
  .sort((a, b) => b.us - a.us)
  .slice(0, top)) {
  console.log(
    `  ${(d.us / 1000).toFixed(2)} ms #${d.ordinal} ${d.table} ${d.phase} moves ${d.moves} units ${d.units.toFixed(0)} samples ${d.samples} steps ${d.steps} deck ${d.deck}`,
  );
}
console.log(`slowest ${Math.min(top, 5)} requests:`);
for (const r of requests
  .slice()
  .sort((a, b) => b.us - a.us)
  .slice(0, Math.min(top, 5))) {
  console.log(
    `  ${(r.us / 1000).toFixed(2)} ms ${r.bots} bot moves, ${r.table}, after decision #${r.ordinal}`,
  );
}
if (parts > 0) {
  const partTables = TABLES.map((t) => ({ name: t.name, rules: t.rules, seats: t.levels.length }));
  for (const line of measureParts(partTables, parts, cpuNow)) console.log(line);
}
