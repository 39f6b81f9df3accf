/**
 * CLI: `npm run arena -- [options]` plays bots against bots, one hand per deal, and prints per
 * preset and seating: hands played, the win rate of level A's team with its 95% confidence interval,
 * average hand points of A and of the others, and ms per decision (p50/p99) of each level.
 *
 * A hand is won by the team with the highest hand score (a tie for the highest counts ½). Every deal is
 * played once per seat rotation (level A in each team's seats in turn), so both sides get the same cards.
 * Each bot sees only `viewFor(state, seat)` and the public events of the match so far.
 *
 * Options (defaults in brackets):
 *   --a LEVEL        level of the tested team [expert]
 *   --b LEVEL        level of every other team [basic]; `expert-v1` is the frozen expert of issue 33
 *                    (profiles.ts)
 *   --preset NAME    one preset, or `all` [classic]
 *   --seats LIST     seat counts, e.g. 2,3,4 [2]
 *   --teams          also play the preset's team seatings for those seat counts
 *   --hands N        hands per preset and seating (rounded up to whole rotations) [200]
 *   --budget MS      expert budget per decision [5]
 *   --search-units N the most one expert search spends, in work units [SEARCH_UNITS, 1000]; a match
 *                    server with 3 expert bots gives each `searchUnitsFor(3)` (698)
 *   --seed TEXT      base seed [arena]
 *   --matrix         the standard table: random/basic/expert pairings on every preset and seating, few hands
 */
import { performance } from 'node:perf_hooks';
import { chooseMove, ARENA_LEVELS as LEVELS, type ArenaLevel as Level } from '../worker/bots/index';
import { EXPERT } from '../worker/bots/profiles';
import {
  actingSeat,
  applyMove,
  createMatch,
  type GameEvent,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  viewFor,
} from '../worker/engine/index';
import {
  describeTally,
  type EndgameTally,
  emptyTally,
  handWon,
  recordTrip,
  recordTurn,
  watchHand,
} from './arena-metrics';

interface Args {
  a: Level;
  b: Level;
  presets: PresetName[];
  seats: number[];
  teams: boolean;
  hands: number;
  budget: number;
  searchUnits: number | undefined;
  seed: string;
  matrix: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    a: 'expert',
    b: 'basic',
    presets: ['classic'],
    seats: [2],
    teams: false,
    hands: 200,
    budget: 5,
    searchUnits: undefined,
    seed: 'arena',
    matrix: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${key} needs a value`);
      return v;
    };
    const level = (v: string): Level => {
      if (!(LEVELS as readonly string[]).includes(v)) fail(`unknown level ${v}; use ${LEVELS.join(', ')}`);
      return v as Level;
    };
    switch (key) {
      case '--a':
        args.a = level(value());
        break;
      case '--b':
        args.b = level(value());
        break;
      case '--preset': {
        const v = value();
        if (v === 'all') args.presets = [...PRESET_NAMES];
        else if ((PRESET_NAMES as readonly string[]).includes(v)) args.presets = [v as PresetName];
        else fail(`unknown preset ${v}`);
        break;
      }
      case '--seats':
        args.seats = value()
          .split(',')
          .map((s) => Number(s));
        if (args.seats.some((n) => !Number.isInteger(n) || n < 2 || n > 8)) fail('--seats takes numbers 2-8');
        break;
      case '--teams':
        args.teams = true;
        break;
      case '--hands':
        args.hands = Number(value());
        if (!Number.isInteger(args.hands) || args.hands < 1) fail('--hands takes a positive whole number');
        break;
      case '--budget':
        args.budget = Number(value());
        if (!(args.budget > 0)) fail('--budget takes a positive number of ms');
        break;
      case '--search-units':
        args.searchUnits = Number(value());
        if (!(Number.isInteger(args.searchUnits) && args.searchUnits >= 0))
          fail('--search-units takes a whole number of units');
        break;
      case '--seed':
        args.seed = value();
        break;
      case '--matrix':
        args.matrix = true;
        break;
      default:
        fail(`unknown option ${key}`);
    }
  }
  return args;
}

function fail(message: string): never {
  console.error(`arena: ${message}`);
  process.exit(2);
}

/** One table to play: a preset, a seating, the two levels. */
interface Table {
  preset: PresetName;
  seats: number;
  teamSize: number;
  a: Level;
  b: Level;
  hands: number;
}

interface TableResult {
  hands: number;
  /** Per hand: 1 win, ½ shared top, 0 loss, for level A's team. */
  outcomes: number[];
  pointsA: number;
  pointsB: number;
  /** Hands whose trip level A's team completed / another team completed. */
  tripsA: number;
  tripsB: number;
  /** Hands and A's wins, by who completed the trip: A, B (another team) or none. */
  byTrip: Record<string, { hands: number; won: number }>;
  /** Wall-clock ms per decision with a real choice, by level. */
  ms: Record<string, number[]>;
  /** Ms per decision, fastest of five runs, for every 10th decision with a real choice, by level. */
  quiet: Record<string, number[]>;
  /** Endgame figures (arena-metrics.ts) of level A's team and of the others. */
  endA: EndgameTally;
  endB: EndgameTally;
}

/** Plays one hand of a table; level A sits in team `aTeam`. Returns A's outcome and the points. */
function playHand(
  t: Table,
  seed: string,
  firstSeat: number,
  aTeam: number,
  budget: number,
  res: TableResult,
  searchUnits?: number,
): void {
  const created = createMatch({ rules: t.preset, seats: t.seats, teamSize: t.teamSize, seed, firstSeat });
  if (!created.ok) throw new Error(`createMatch: ${JSON.stringify(created.problems)}`);
  let state = created.state;
  const log: GameEvent[] = [...created.events];
  const teamCount = t.seats / t.teamSize;
  const levelOf = (seat: number) => (seat % teamCount === aTeam ? t.a : t.b);
  const watch = watchHand(teamCount);
  const tallyOf = (team: number) => (team === aTeam ? res.endA : res.endB);
  for (let guard = 0; guard < 5000; guard++) {
    const seat = actingSeat(state);
    if (seat === null) break;
    const view = viewFor(state, seat);
    const level = levelOf(seat);
    const t0 = performance.now();
    const move = chooseMove(view, { level, seed: `${seed}/${seat}`, budgetMs: budget, searchUnits, log });
    const dt = performance.now() - t0;
    // Decisions with a single legal move (most draws) cost nothing; time the real choices.
    if (view.legalMoves.length > 1) {
      (res.ms[level] ??= []).push(dt);
      // The decision is deterministic: every 10th one is run four times more, and the fastest of the
      // five runs is its cost without the time this process spent waiting for a busy CPU.
      if (res.ms[level].length % 10 === 0) {
        let fastest = dt;
        for (let k = 0; k < 4; k++) {
          const t1 = performance.now();
          chooseMove(view, { level, seed: `${seed}/${seat}`, budgetMs: budget, searchUnits, log });
          fastest = Math.min(fastest, performance.now() - t1);
        }
        (res.quiet[level] ??= []).push(fastest);
      }
    }
    recordTurn(state, seat, move, view.legalMoves, watch, tallyOf(seat % teamCount));
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(`bot ${level} made an illegal move ${JSON.stringify(move)}: ${r.error.code}`);
    state = r.state;
    log.push(...r.events);
  }
  const result = state.results[state.results.length - 1];
  if (!result) throw new Error('hand did not end');
  const totals = result.scores.map((s) => s.total);
  const mine = totals[aTeam];
  const others = totals.filter((_, i) => i !== aTeam);
  const won = handWon(result, aTeam);
  res.outcomes.push(won);
  res.pointsA += mine;
  res.pointsB += others.reduce((s, v) => s + v, 0) / others.length;
  recordTrip(result.tripBy, watch, tallyOf);
  const kind = result.tripBy === aTeam ? 'A' : result.tripBy === null ? 'none' : 'B';
  const cell = (res.byTrip[kind] ??= { hands: 0, won: 0 });
  cell.hands++;
  cell.won += won;
  if (result.tripBy === aTeam) res.tripsA++;
  else if (result.tripBy !== null) res.tripsB++;
  res.hands++;
}

function playTable(t: Table, args: Args): TableResult {
  const res: TableResult = {
    hands: 0,
    outcomes: [],
    pointsA: 0,
    pointsB: 0,
    tripsA: 0,
    tripsB: 0,
    byTrip: {},
    ms: {},
    quiet: {},
    endA: emptyTally(),
    endB: emptyTally(),
  };
  const teamCount = t.seats / t.teamSize;
  const deals = Math.ceil(t.hands / teamCount);
  for (let d = 0; d < deals; d++) {
    const seed = `${args.seed}:${t.preset}:${t.seats}x${t.teamSize}:${d}`;
    for (let aTeam = 0; aTeam < teamCount; aTeam++)
      playHand(t, seed, d % t.seats, aTeam, args.budget, res, args.searchUnits);
  }
  return res;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function summary(t: Table, r: TableResult): string {
  const n = r.outcomes.length;
  const mean = r.outcomes.reduce((s, v) => s + v, 0) / n;
  const variance = r.outcomes.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, n - 1);
  const half = 1.96 * Math.sqrt(variance / n);
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const wins = r.outcomes.filter((v) => v === 1).length;
  const ties = r.outcomes.filter((v) => v === 0.5).length;
  const timing = (table: Record<string, number[]>) =>
    Object.entries(table)
      .map(([level, xs]) => {
        const s = xs.slice().sort((x, y) => x - y);
        return `${level} ${quantile(s, 0.5).toFixed(3)}/${quantile(s, 0.99).toFixed(3)}/${s[s.length - 1].toFixed(1)} (n=${s.length})`;
      })
      .join('; ');
  const seating = t.teamSize > 1 ? `${t.seats} in teams of ${t.teamSize}` : `${t.seats} players`;
  return [
    `${t.preset}, ${seating}: ${t.a} vs ${t.b}, ${n} hands`,
    `  ${t.a} wins ${pct(mean)} ± ${pct(half)} (95% CI ${pct(mean - half)}–${pct(mean + half)}; ${wins} won, ${ties} tied, ${n - wins - ties} lost; even would be ${pct(1 / (t.seats / t.teamSize))})`,
    `  avg hand points: ${t.a} ${(r.pointsA / n).toFixed(0)}, ${t.b} ${(r.pointsB / n).toFixed(0)}; trips completed: ${t.a} ${r.tripsA}, ${t.b} ${r.tripsB} (${t.a} ${pct(r.tripsA / Math.max(1, r.tripsA + r.tripsB))} of them)`,
    `  ${t.a} wins by who completed the trip: ${Object.entries(r.byTrip)
      .map(([k, c]) => `${k === 'A' ? t.a : k === 'B' ? t.b : 'nobody'} ${c.won}/${c.hands}`)
      .join(', ')}`,
    `  ${describeTally(t.a, r.endA)}`,
    `  ${describeTally(t.b, r.endB)}`,
    `  ms per decision with a choice (fastest of 5 runs, every 10th), p50/p99/max: ${timing(r.quiet)}`,
    `  ms per decision with a choice (wall clock, all), p50/p99/max: ${timing(r.ms)}`,
  ].join('\n');
}

function tables(args: Args): Table[] {
  const out: Table[] = [];
  const pairs: Array<[Level, Level]> = args.matrix
    ? [
        ['basic', 'random'],
        ['expert', 'basic'],
      ]
    : [[args.a, args.b]];
  const presets = args.matrix ? [...PRESET_NAMES] : args.presets;
  for (const preset of presets) {
    for (const s of PRESETS[preset].seatings) {
      const wanted = args.matrix || (args.seats.includes(s.seats) && (s.teamSize === 1 || args.teams));
      if (!wanted) continue;
      for (const [a, b] of pairs) {
        out.push({
          preset,
          seats: s.seats,
          teamSize: s.teamSize,
          a,
          b,
          hands: args.matrix ? 24 : args.hands,
        });
      }
    }
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
if (process.env.BOT_TUNING) Object.assign(EXPERT.search, JSON.parse(process.env.BOT_TUNING));
if (process.env.BOT_WEIGHTS) Object.assign(EXPERT.weights, JSON.parse(process.env.BOT_WEIGHTS));
const list = tables(args);
if (list.length === 0) fail('no preset plays that seating; see RULES.md §10');
for (const t of list) {
  const started = performance.now();
  const r = playTable(t, args);
  console.log(summary(t, r));
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
