/**
 * CLI: `npm run tune -- [--deals N] [--passes N] [--seed TEXT] [--preset NAME] [--weights JSON]`
 * measures and fits the expert policy's weights (worker/bots/policy.ts) by play against `basic`:
 * 2-player hands of the preset (`classic` by default), every deal played twice with the seats swapped,
 * through the engine's fast `playOut`. Without `--passes` it only measures the given (or default)
 * weights; with it, it runs a coordinate search (each weight ×0.6 and ×1.5 in turn, kept when the win
 * rate rises by more than `--min` points) and prints the best weights as JSON to paste into
 * `POLICY_WEIGHTS`. Deals are the same for every trial (common random numbers), so compare figures
 * from one run only; check the result on fresh deals (`--seed`) before adopting it.
 */
import { basicMove } from '../worker/bots/basic';
import { situationOf } from '../worker/bots/expert';
import { POLICY_WEIGHTS, type PolicyWeights, policyMove } from '../worker/bots/policy';
import { makeRand } from '../worker/bots/rng';
import { createMatch, PRESET_NAMES, type PresetName, playOut } from '../worker/engine/index';

interface Args {
  preset: PresetName;
  deals: number;
  passes: number;
  seed: string;
  min: number;
  weights: PolicyWeights;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    preset: 'classic',
    deals: 5000,
    passes: 0,
    seed: 'tune',
    min: 0.3,
    weights: { ...POLICY_WEIGHTS },
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
      case '--preset':
        if (!(PRESET_NAMES as readonly string[]).includes(value)) fail(`unknown preset ${value}`);
        args.preset = value as PresetName;
        break;
      case '--min':
        args.min = Number(value);
        break;
      case '--weights': {
        const given = JSON.parse(value) as Record<string, unknown>;
        for (const [key, v] of Object.entries(given)) {
          if (!(key in POLICY_WEIGHTS)) fail(`unknown weight ${key}`);
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

/** Win rate (%) of the policy with weights `w` against `basic` over `deals` deals, both seatings. */
function winRate(preset: PresetName, w: PolicyWeights, deals: number, seed: string): number {
  let score = 0;
  for (let d = 0; d < deals; d++) {
    for (const policySeat of [0, 1]) {
      const created = createMatch({ rules: preset, seats: 2, seed: `${seed}${d}`, firstSeat: d % 2 });
      if (!created.ok) throw new Error('createMatch failed');
      const rand = makeRand(`${seed}${d}/${policySeat}`);
      const out = playOut(
        created.state,
        (state, seat, moves) => {
          if (moves.length === 1) return moves[0];
          const sit = situationOf(state, seat, moves);
          return seat === policySeat ? policyMove(sit, state.discard, rand, w) : basicMove(sit, rand);
        },
        'hand',
      );
      const totals = out.state.results[out.state.results.length - 1].scores.map((s) => s.total);
      const mine = totals[policySeat];
      const theirs = totals[1 - policySeat];
      score += mine > theirs ? 1 : mine === theirs ? 0.5 : 0;
    }
  }
  return (100 * score) / (2 * deals);
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const w = { ...args.weights };
  let best = winRate(args.preset, w, args.deals, args.seed);
  const ci = 1.96 * Math.sqrt((best * (100 - best)) / (2 * args.deals));
  console.log(`policy vs basic: ${best.toFixed(2)}% ± ${ci.toFixed(2)} over ${2 * args.deals} hands`);
  const keys = Object.keys(w) as (keyof PolicyWeights)[];
  for (let pass = 0; pass < args.passes; pass++) {
    let improved = false;
    for (const key of keys) {
      for (const factor of [0.6, 1.5]) {
        const before = w[key];
        w[key] = Math.round(before * factor * 100) / 100;
        if (w[key] === before) continue;
        const rate = winRate(args.preset, w, args.deals, args.seed);
        if (rate > best + args.min) {
          console.log(`  ${key}: ${before} -> ${w[key]}  ${best.toFixed(2)}% -> ${rate.toFixed(2)}%`);
          best = rate;
          improved = true;
          break;
        }
        w[key] = before;
      }
    }
    console.log(`pass ${pass + 1}: ${best.toFixed(2)}%`);
    if (!improved) break;
  }
  if (args.passes > 0) console.log(JSON.stringify(w));
}

main();
