/**
 * Engine benchmark (`npm run bench`): random complete hands per second for 2 and 4 seats under
 * `classic` and `hasbro-2016`, and µs per `legalMoves` and per `applyMove`.
 *
 * Two ways of playing a random hand are timed, both pure for the caller (the dealt state is never
 * changed):
 * - `applyMove`: the per-move API the server uses — `legalMoves`, pick one uniformly, `applyMove`
 *   returns a new immutable state and the public events;
 * - `playOut`: the simulation API bots use — the same legal moves and move handlers, advanced in place
 *   on one private copy of the state, without events.
 * A hand is dealt by `createMatch` (included in the time) and played until it is over. Rates are per
 * second of this process's CPU time (one thread), so other load on the machine distorts them less.
 * Options: --seconds N (time per measurement, default 3).
 */
import {
  actingSeat,
  applyMove,
  createMatch,
  legalMoves,
  type MatchState,
  type Move,
  type PresetName,
  playOut,
} from '../worker/engine/index';
import { nextFloat, seedRng } from '../worker/engine/rng';

const arg = process.argv.indexOf('--seconds');
const seconds = arg > 0 ? Number(process.argv[arg + 1]) : 3;

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1e6;
}

function deal(preset: PresetName, seats: number, n: number): MatchState {
  const c = createMatch({ rules: preset, seats, seed: `bench-${n}` });
  if (!c.ok) throw new Error('setup');
  return c.state;
}

/** Hands per CPU-second through legalMoves + applyMove; also moves per hand. */
function perMoveApi(preset: PresetName, seats: number, ms: number) {
  const rng = seedRng('choices');
  let hands = 0;
  let moves = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    let s = deal(preset, seats, hands);
    for (let seat = actingSeat(s); seat !== null; seat = actingSeat(s)) {
      const legal = legalMoves(s, seat);
      const r = applyMove(s, seat, legal[Math.floor(nextFloat(rng) * legal.length)]);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
      moves++;
    }
    hands++;
  }
  return { handsPerSecond: hands / cpuSeconds(c0), movesPerHand: moves / hands };
}

/** Hands per CPU-second through playOut. */
function simulationApi(preset: PresetName, seats: number, ms: number) {
  const rng = seedRng('choices');
  const choose = (_s: MatchState, _seat: number, moves: readonly Move[]) =>
    moves[Math.floor(nextFloat(rng) * moves.length)];
  let hands = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    const dealt = deal(preset, seats, hands);
    const before = hands === 0 ? JSON.stringify(dealt) : '';
    playOut(dealt, choose, 'hand');
    if (hands === 0 && JSON.stringify(dealt) !== before) throw new Error('playOut changed its input');
    hands++;
  }
  return hands / cpuSeconds(c0);
}

/** µs per legalMoves and per applyMove, over positions collected from random hands. */
function microBench(preset: PresetName, seats: number) {
  const rng = seedRng('micro');
  const positions: Array<{ s: MatchState; seat: number; move: Move }> = [];
  for (let h = 0; positions.length < 20_000; h++) {
    let s = deal(preset, seats, h);
    for (let seat = actingSeat(s); seat !== null; seat = actingSeat(s)) {
      const legal = legalMoves(s, seat);
      const move = legal[Math.floor(nextFloat(rng) * legal.length)];
      positions.push({ s, seat, move });
      const r = applyMove(s, seat, move);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
  }
  const reps = 5;
  let sink = 0;
  let c0 = process.cpuUsage();
  for (let k = 0; k < reps; k++) for (const p of positions) sink += legalMoves(p.s, p.seat).length;
  const legalUs = (cpuSeconds(c0) * 1e6) / (reps * positions.length);
  c0 = process.cpuUsage();
  for (let k = 0; k < reps; k++) for (const p of positions) sink += applyMove(p.s, p.seat, p.move).ok ? 1 : 0;
  const applyUs = (cpuSeconds(c0) * 1e6) / (reps * positions.length);
  return { legalUs, applyUs, sink };
}

console.log(
  `Mille Bornes engine benchmark — Node ${process.version}, one thread, CPU time, ${seconds} s per measurement\n`,
);
console.log(
  'preset        seats  hands/s applyMove  hands/s playOut  moves/hand  µs legalMoves  µs applyMove',
);
/** Random hands per CPU-second through `playOut` (the bots' simulation API), by preset and seats. */
const playOutRates: string[] = [];
for (const preset of ['classic', 'hasbro-2016'] as const) {
  for (const seats of [2, 4]) {
    perMoveApi(preset, seats, 300);
    simulationApi(preset, seats, 300);
    const { handsPerSecond, movesPerHand } = perMoveApi(preset, seats, seconds * 1000);
    const sim = simulationApi(preset, seats, seconds * 1000);
    const { legalUs, applyUs } = microBench(preset, seats);
    console.log(
      `${preset.padEnd(13)} ${String(seats).padStart(5)}  ${handsPerSecond.toFixed(0).padStart(17)}  ${sim.toFixed(0).padStart(15)}  ${movesPerHand.toFixed(1).padStart(10)}  ${legalUs.toFixed(2).padStart(13)}  ${applyUs.toFixed(2).padStart(12)}`,
    );
    playOutRates.push(`${preset} ${seats} seats ${sim.toFixed(0)}`);
  }
}
// The result line (CI's smoke run checks it): what a deeper bot search depends on.
console.log(`\nrandom hands per CPU-second (playOut): ${playOutRates.join(', ')}`);
