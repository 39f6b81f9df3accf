/**
 * CLI: `npm run oracle -- [--games N] [--samples N] [--rate R] [--preset NAME] [--seed TEXT]` judges
 * the expert policy's single decisions the slow way, to find what it gets wrong (how the policy's
 * weights and rules in worker/bots/policy.ts were found). It plays 2-player hands, the policy in seat 0
 * against `basic`; at a share `--rate` of seat 0's decisions with a choice it tries every distinct
 * legal move on `--samples` deals of the hidden cards (the opponent's hand and the draw pile shuffled
 * together, what seat 0 cannot tell apart), plays each to the end of the hand with the same two bots
 * and the same randomness for every move (common random numbers), and scores the hand won (1), tied
 * (½) or lost (0). It prints the mean regret (best move's win rate minus the policy's), the decisions
 * where another move is better by more than 3 standard errors, and the regret by kind of move chosen.
 */
import { basicMove } from '../worker/bots/basic';
import { situationOf } from '../worker/bots/expert';
import { policyMove } from '../worker/bots/policy';
import { makeRand, type Rand, shuffle } from '../worker/bots/rng';
import {
  applyMove,
  cardKind,
  cloneState,
  createMatch,
  type MatchState,
  type Move,
  PRESET_NAMES,
  type PresetName,
  playOut,
} from '../worker/engine/index';
import { handWon } from './arena-metrics';

interface Args {
  games: number;
  samples: number;
  rate: number;
  preset: PresetName;
  seed: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { games: 20, samples: 300, rate: 0.2, preset: 'classic', seed: 'oracle' };
  for (let i = 0; i < argv.length; i += 2) {
    const value = argv[i + 1];
    if (value === undefined) fail(`${argv[i]} needs a value`);
    switch (argv[i]) {
      case '--games':
        args.games = Number(value);
        break;
      case '--samples':
        args.samples = Number(value);
        break;
      case '--rate':
        args.rate = Number(value);
        break;
      case '--preset':
        if (!(PRESET_NAMES as readonly string[]).includes(value)) fail(`unknown preset ${value}`);
        args.preset = value as PresetName;
        break;
      case '--seed':
        args.seed = value;
        break;
      default:
        fail(`unknown option ${argv[i]}`);
    }
  }
  if (!(args.games > 0) || !(args.samples > 1) || !(args.rate > 0 && args.rate <= 1)) {
    fail('--games must be positive, --samples at least 2, --rate in (0, 1]');
  }
  return args;
}

function fail(message: string): never {
  console.error(`oracle: ${message}`);
  process.exit(2);
}

/** The policy in seat 0, `basic` in seat 1. */
function botMove(state: MatchState, seat: number, moves: readonly Move[], rand: Rand): Move {
  if (moves.length === 1) return moves[0];
  const sit = situationOf(state, seat, moves);
  return seat === 0 ? policyMove(sit, state.discard, rand) : basicMove(sit, rand);
}

/** 1, ½ or 0: seat 0's hand score against seat 1's in the hand just finished. */
function outcome(state: MatchState): number {
  return handWon(state.results[state.results.length - 1], 0);
}

function describe(move: Move): string {
  return move.type === 'play' || move.type === 'discard' ? `${move.type} ${move.card}` : move.type;
}

function kindOf(move: Move): string {
  return move.type === 'play' || move.type === 'discard' ? `${move.type} ${cardKind(move.card)}` : move.type;
}

/** Win rates of every candidate over the same `samples` deals, and each deal's result. */
function judge(state: MatchState, candidates: Move[], samples: number, rand: Rand): number[][] {
  const results: number[][] = candidates.map(() => []);
  for (let k = 0; k < samples; k++) {
    const deal = cloneState(state);
    const hidden = shuffle([...deal.deck, ...deal.hands[1]], rand);
    deal.hands[1] = hidden.slice(0, deal.hands[1].length);
    deal.deck = hidden.slice(deal.hands[1].length);
    const seed = rand.u32();
    candidates.forEach((move, i) => {
      const r = applyMove(deal, 0, move);
      if (!r.ok) throw new Error(`candidate refused: ${r.error.code}`);
      const playRand = makeRand(seed);
      const end = playOut(r.state, (s, seat, moves) => botMove(s, seat, moves, playRand), 'hand');
      results[i].push(outcome(end.state));
    });
  }
  return results;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const byKind = new Map<string, { n: number; regret: number }>();
  let points = 0;
  let totalRegret = 0;
  for (let g = 0; g < args.games; g++) {
    const created = createMatch({ rules: args.preset, seats: 2, seed: `${args.seed}${g}`, firstSeat: g % 2 });
    if (!created.ok) fail(`createMatch: ${JSON.stringify(created.problems)}`);
    const rand = makeRand(`${args.seed}/play/${g}`);
    const pick = makeRand(`${args.seed}/pick/${g}`);
    playOut(
      created.state,
      (state, seat, moves) => {
        const chosen = botMove(state, seat, moves, rand);
        if (seat !== 0 || moves.length === 1 || state.phase !== 'play' || pick.next() >= args.rate)
          return chosen;
        const distinct = new Map<string, Move>();
        for (const m of moves) distinct.set(JSON.stringify(m), m);
        const candidates = [...distinct.values()];
        if (candidates.length < 2) return chosen;
        const results = judge(
          state,
          candidates,
          args.samples,
          makeRand(`${args.seed}/deal/${g}/${state.version}`),
        );
        const rates = results.map((r) => r.reduce((a, b) => a + b, 0) / r.length);
        const c = candidates.indexOf(chosen);
        const b = rates.indexOf(Math.max(...rates));
        const regret = rates[b] - rates[c];
        const diffs = results[b].map((x, j) => x - results[c][j]);
        const variance = diffs.reduce((a, d) => a + (d - regret) ** 2, 0) / (diffs.length - 1);
        const se = Math.sqrt(variance / diffs.length);
        points++;
        totalRegret += regret;
        const cell = byKind.get(kindOf(chosen)) ?? { n: 0, regret: 0 };
        cell.n++;
        cell.regret += regret;
        byKind.set(kindOf(chosen), cell);
        if (regret > 3 * se && regret > 0) {
          const t = state.tableaux;
          console.log(
            `z=${(regret / se).toFixed(1)} regret ${regret.toFixed(3)}  km ${t[0].km}/${t[1].km}  deck ${state.deck.length}  ` +
              `hand ${state.hands[0].join(',')}  chose ${describe(chosen)}  best ${describe(candidates[b])}`,
          );
        }
        return chosen;
      },
      'hand',
    );
  }
  console.log(`${points} decisions judged, mean regret ${(totalRegret / Math.max(1, points)).toFixed(4)}`);
  for (const [kind, cell] of [...byKind].sort((x, y) => y[1].regret - x[1].regret)) {
    console.log(`  ${kind.padEnd(16)} ${cell.n} decisions, total regret ${cell.regret.toFixed(2)}`);
  }
}

main();
