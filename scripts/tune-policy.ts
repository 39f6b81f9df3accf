/**
 * CLI: `npm run tune -- [--against basic|v1] [--seats N] [--deals N] [--passes N] [--seed TEXT]
 * [--preset NAME] [--weights JSON] [--keys a,b] [--min N]` measures and fits the expert policy's
 * weights (worker/bots/policy.ts, starting from the `EXPERT` profile's) by play without search against
 * `basic` or against `v1` (the policy of the frozen `expert-v1`, profiles.ts): hands of the preset
 * (`classic` by default, 2 seats unless `--seats`), every deal played once with the tuned policy in
 * each seat, through the engine's fast `playOut`. It prints the win rate by points (ties ½), the share
 * of the completed trips, and the arena's endgame figures (scripts/arena-metrics.ts). Without
 * `--passes` it only measures; with it, it runs a coordinate search over `--keys` (every weight by
 * default; each ×0.6 and ×1.5 in turn, or 0 → 1, kept when the sum of the two rates rises by more than
 * `--min` points) and prints the best weights as JSON to paste into `EXPERT.weights`. Deals are the same
 * for every trial (common random numbers), so compare figures from one run only; confirm with the
 * arena (search on both sides) on another `--seed` before adopting it.
 */
import { basicMove } from '../worker/bots/basic';
import { situationOf } from '../worker/bots/expert';
import { type PolicyWeights, policyMove } from '../worker/bots/policy';
import { EXPERT, EXPERT_V1 } from '../worker/bots/profiles';
import { makeRand } from '../worker/bots/rng';
import { createMatch, PRESET_NAMES, type PresetName, playOut } from '../worker/engine/index';
import { describeTally, emptyTally, handWon, recordTrip, recordTurn, watchHand } from './arena-metrics';

interface Args {
  preset: PresetName;
  seats: number;
  against: 'basic' | 'v1';
  deals: number;
  passes: number;
  seed: string;
  min: number;
  keys: (keyof PolicyWeights)[];
  weights: PolicyWeights;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    preset: 'classic',
    seats: 2,
    against: 'basic',
    deals: 5000,
    passes: 0,
    seed: 'tune',
    min: 0.3,
    keys: Object.keys(EXPERT.weights) as (keyof PolicyWeights)[],
    weights: { ...EXPERT.weights },
  };
  for (let i = 0; i < argv.length; i += 2) {
    const value = argv[i + 1];
    if (value === undefined) fail(`${argv[i]} needs a value`);
    switch (argv[i]) {
      case '--deals':
        args.deals = Number(value);
        break;
      case '--passes':
        args.passes = Number(value);
        break;
      case '--seed':
        args.seed = value;
        break;
      case '--seats':
        args.seats = Number(value);
        if (![2, 3, 4].includes(args.seats)) fail('--seats takes 2, 3 or 4');
        break;
      case '--against':
        if (value !== 'basic' && value !== 'v1') fail('--against takes basic or v1');
        args.against = value;
        break;
      case '--preset':
        if (!(PRESET_NAMES as readonly string[]).includes(value)) fail(`unknown preset ${value}`);
        args.preset = value as PresetName;
        break;
      case '--min':
        args.min = Number(value);
        break;
      case '--keys':
        args.keys = value.split(',') as (keyof PolicyWeights)[];
        for (const key of args.keys) if (!(key in EXPERT.weights)) fail(`unknown weight ${key}`);
        break;
      case '--weights': {
        const given = JSON.parse(value) as Record<string, unknown>;
        for (const [key, v] of Object.entries(given)) {
          if (!(key in EXPERT.weights)) fail(`unknown weight ${key}`);
          if (typeof v !== 'number' || !Number.isFinite(v)) fail(`weight ${key} must be a number`);
          args.weights[key as keyof PolicyWeights] = v;
        }
        break;
      }
      default:
        fail(`unknown option ${argv[i]}`);
    }
  }
  if (!(args.deals > 0) || !(args.passes >= 0)) fail('--deals must be positive, --passes at least 0');
  return args;
}

function fail(message: string): never {
  console.error(`tune: ${message}`);
  process.exit(2);
}

/** What a measurement found: win rate by points and share of the trips (%), and the endgame line. */
interface Measured {
  points: number;
  trips: number;
  hands: number;
  endgame: string;
}

/**
 * Plays every deal once with the policy of weights `w` in each seat (each seat of the others plays
 * the opponent), one hand each, without search.
 */
function measure(args: Args, w: PolicyWeights): Measured {
  const { preset, seats, deals, seed } = args;
  let score = 0;
  let mineTrips = 0;
  let theirTrips = 0;
  const tallyMine = emptyTally();
  const tallyTheirs = emptyTally();
  for (let d = 0; d < deals; d++) {
    for (let policySeat = 0; policySeat < seats; policySeat++) {
      const created = createMatch({ rules: preset, seats, seed: `${seed}${d}`, firstSeat: d % seats });
      if (!created.ok) throw new Error('createMatch failed');
      const rand = makeRand(`${seed}${d}/${policySeat}`);
      const watch = watchHand(seats);
      const out = playOut(
        created.state,
        (state, seat, moves) => {
          if (moves.length === 1) return moves[0];
          const sit = situationOf(state, seat, moves);
          const move =
            seat === policySeat
              ? policyMove(sit, state.discard, rand, w)
              : args.against === 'v1'
                ? policyMove(sit, state.discard, rand, EXPERT_V1.weights)
                : basicMove(sit, rand);
          recordTurn(state, seat, move, moves, watch, seat === policySeat ? tallyMine : tallyTheirs);
          return move;
        },
        'hand',
      );
      const result = out.state.results[out.state.results.length - 1];
      recordTrip(result.tripBy, watch, (team) => (team === policySeat ? tallyMine : tallyTheirs));
      if (result.tripBy === policySeat) mineTrips++;
      else if (result.tripBy !== null) theirTrips++;
      score += handWon(result, policySeat);
    }
  }
  const hands = seats * deals;
  return {
    points: (100 * score) / hands,
    trips: (100 * mineTrips) / Math.max(1, mineTrips + theirTrips),
    hands,
    endgame: `${describeTally('tuned', tallyMine)}\n  ${describeTally(args.against, tallyTheirs)}`,
  };
}

/** The tuner's objective: the sum of the win rate by points and the share of the trips. */
const objective = (m: Measured) => m.points + m.trips;

function describe(m: Measured): string {
  return `points ${m.points.toFixed(2)}%, trips ${m.trips.toFixed(2)}% over ${m.hands} hands`;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const w = { ...args.weights };
  let best = measure(args, w);
  const ci = 1.96 * Math.sqrt((best.points * (100 - best.points)) / best.hands);
  console.log(`policy vs ${args.against}: ${describe(best)} (points ± ${ci.toFixed(2)})\n  ${best.endgame}`);
  for (let pass = 0; pass < args.passes; pass++) {
    let improved = false;
    for (const key of args.keys) {
      for (const factor of [0.6, 1.5]) {
        const before = w[key];
        w[key] = before === 0 ? (factor > 1 ? 1 : 0) : Math.round(before * factor * 100) / 100;
        if (w[key] === before) continue;
        const m = measure(args, w);
        if (objective(m) > objective(best) + args.min) {
          console.log(`  ${key}: ${before} -> ${w[key]}  ${describe(best)} -> ${describe(m)}`);
          best = m;
          improved = true;
          break;
        }
        w[key] = before;
      }
    }
    console.log(`pass ${pass + 1}: ${describe(best)}`);
    if (!improved) break;
  }
  if (args.passes > 0) console.log(JSON.stringify(w));
}

main();
