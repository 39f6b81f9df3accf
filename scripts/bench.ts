/**
 * Engine benchmark (`npm run bench`): random complete hands per second for 2 and 4 seats under
 * `classic` and `hasbro-2016`, and µs per `legalMoves` and per `applyMove`. Each hand is dealt by
 * `createMatch` and played by uniformly random legal moves until the hand is over; the API stays
 * pure (every state is kept unchanged; the purity is checked on a sample with a frozen state).
 * Options: --seconds N (time per configuration, default 3).
 */
import { type MatchState, type PresetName, applyMove, createMatch, legalMoves } from '../worker/engine/index';
import { nextFloat, seedRng } from '../worker/engine/rng';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 3;

function seatToAct(s: MatchState): number {
  return s.turn;
}

function playHands(preset: PresetName, seats: number, ms: number) {
  const rng = seedRng(`bench-${preset}-${seats}`);
  let hands = 0;
  let moves = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    for (let batch = 0; batch < 20; batch++) {
      const created = createMatch({ rules: preset, seats, seed: `h${hands}` });
      if (!created.ok) throw new Error('setup');
      let s = created.state;
      while (s.phase !== 'handOver' && s.phase !== 'matchOver') {
        const seat = seatToAct(s);
        const legal = legalMoves(s, seat);
        const r = applyMove(s, seat, legal[Math.floor(nextFloat(rng) * legal.length)]);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
        moves++;
      }
      hands++;
    }
  }
  const elapsed = (performance.now() - t0) / 1000;
  return { handsPerSecond: hands / elapsed, movesPerHand: moves / hands };
}

/** Collects positions from random hands, then times legalMoves and applyMove on them. */
function microBench(preset: PresetName, seats: number) {
  const rng = seedRng('micro');
  const positions: Array<{ s: MatchState; seat: number; move: ReturnType<typeof legalMoves>[number] }> = [];
  for (let h = 0; positions.length < 20_000; h++) {
    const c = createMatch({ rules: preset, seats, seed: `m${h}` });
    if (!c.ok) throw new Error('setup');
    let s = c.state;
    while (s.phase !== 'handOver' && s.phase !== 'matchOver') {
      const legal = legalMoves(s, s.turn);
      const move = legal[Math.floor(nextFloat(rng) * legal.length)];
      positions.push({ s, seat: s.turn, move });
      const r = applyMove(s, s.turn, move);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
    }
  }
  const reps = 5;
  let sink = 0;
  let t0 = performance.now();
  for (let k = 0; k < reps; k++) for (const p of positions) sink += legalMoves(p.s, p.seat).length;
  const legalUs = ((performance.now() - t0) * 1000) / (reps * positions.length);
  t0 = performance.now();
  for (let k = 0; k < reps; k++) for (const p of positions) sink += applyMove(p.s, p.seat, p.move).ok ? 1 : 0;
  const applyUs = ((performance.now() - t0) * 1000) / (reps * positions.length);
  return { legalUs, applyUs, sink };
}

console.log(`Mille Bornes engine benchmark — Node ${process.version}, one thread, ${seconds} s per configuration\n`);
console.log('preset        seats  hands/s   moves/hand  µs legalMoves  µs applyMove');
for (const preset of ['classic', 'hasbro-2016'] as const) {
  for (const seats of [2, 4]) {
    playHands(preset, seats, 300); // warm-up
    const { handsPerSecond, movesPerHand } = playHands(preset, seats, seconds * 1000);
    const { legalUs, applyUs } = microBench(preset, seats);
    console.log(
      `${preset.padEnd(13)} ${String(seats).padStart(5)}  ${handsPerSecond.toFixed(0).padStart(7)}   ${movesPerHand.toFixed(1).padStart(10)}  ${legalUs.toFixed(2).padStart(13)}  ${applyUs.toFixed(2).padStart(12)}`,
    );
  }
}
