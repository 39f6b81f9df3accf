/**
 * CLI: `npm run deviations -- [--deals N] [--rate R] [--seats N] [--preset NAME] [--seed TEXT]
 * [--min N]` shows where the expert policy (`EXPERT`'s weights, worker/bots/policy.ts) could do
 * better, by one-step deviations in its own hands. It plays `--deals` hands with the policy in every
 * seat. At a share `--rate` of the decisions with a choice it plays the true deal on to the end of
 * the hand twice, with the same randomness: once after the policy's move and once after a random
 * other legal move (another discard when the policy discards is skipped: which card goes is a
 * different question). It prints one row per (the policy's move, the other move, the seat's team's
 * km left: near ≤ 200, mid ≤ 500, far) with at least `--min` cases: how often the two outcomes
 * differ, how often the other move did better where they differ, and the other move's mean gain in
 * hands won (1, ½, 0) with its standard error. A row whose gain is positive by several standard
 * errors is a kind of decision the policy gets wrong. Playing on the true deal (not a sample of the
 * hidden cards) is fair because the seat could not tell it from any other deal it might be: over
 * many decisions the gain is the expected gain of the seat's own view.
 */
import { situationOf } from '../worker/bots/expert';
import { policyMove } from '../worker/bots/policy';
import { EXPERT } from '../worker/bots/profiles';
import { makeRand, type Rand } from '../worker/bots/rng';
import {
  applyMove,
  cardKind,
  createMatch,
  type MatchState,
  type Move,
  PRESET_NAMES,
  type PresetName,
  playOut,
  teamOf,
} from '../worker/engine/index';
import { option } from './cli-option';

interface Args {
  deals: number;
  rate: number;
  seats: number;
  preset: PresetName;
  seed: string;
  min: number;
}

function fail(message: string): never {
  console.error(`deviations: ${message}`);
  process.exit(2);
}

function parseArgs(): Args {
  const num = (name: string, fallback: number, ok: (n: number) => boolean): number => {
    const v = option(name, '');
    if (v === '') return fallback;
    const n = Number(v);
    if (!ok(n)) fail(`--${name} ${v} is out of range`);
    return n;
  };
  const preset = option('preset', 'classic') as PresetName;
  if (!PRESET_NAMES.includes(preset)) fail(`unknown preset ${preset}; use ${PRESET_NAMES.join(', ')}`);
  return {
    deals: num('deals', 5000, (n) => Number.isInteger(n) && n > 0),
    rate: num('rate', 0.3, (n) => n > 0 && n <= 1),
    seats: num('seats', 2, (n) => Number.isInteger(n) && n >= 2 && n <= 6),
    preset,
    seed: option('seed', 'deviations'),
    min: num('min', 200, (n) => Number.isInteger(n) && n >= 1),
  };
}

/** 1, ½ or 0: `team`'s hand score against the best other team's in the hand just finished. */
function won(state: MatchState, team: number): number {
  const totals = state.results[state.results.length - 1].scores.map((s) => s.total);
  const best = Math.max(...totals.filter((_, i) => i !== team));
  return totals[team] > best ? 1 : totals[team] === best ? 0.5 : 0;
}

/** A move's row label: the distance card, or the kind of card played, or the move's type. */
function label(m: Move): string {
  if (m.type === 'play') {
    const kind = cardKind(m.card);
    if (kind === 'distance') return m.card;
    if (kind === 'remedy') return m.card === 'roll' ? 'roll' : 'remedy';
    return kind ?? m.card;
  }
  return m.type;
}

/** The policy in every seat, from `state` to the end of the hand. */
function finish(state: MatchState, rand: Rand): MatchState {
  const w = EXPERT.weights;
  return playOut(
    state,
    (s, seat, moves) =>
      moves.length === 1 ? moves[0] : policyMove(situationOf(s, seat, moves), s.discard, rand, w),
    'hand',
  ).state;
}

interface Row {
  n: number;
  differ: number;
  better: number;
  sum: number;
  squares: number;
}

function main(): void {
  const args = parseArgs();
  const rows = new Map<string, Row>();
  const started = performance.now();
  let judged = 0;
  for (let d = 0; d < args.deals; d++) {
    const created = createMatch({
      rules: args.preset,
      seats: args.seats,
      seed: `${args.seed}${d}`,
      firstSeat: d % args.seats,
    });
    if (!created.ok) fail(`createMatch: ${JSON.stringify(created.problems)}`);
    const rand = makeRand(`${args.seed}/play/${d}`);
    const pick = makeRand(`${args.seed}/pick/${d}`);
    playOut(
      created.state,
      (state, seat, moves) => {
        if (moves.length === 1) return moves[0];
        const chosen = policyMove(situationOf(state, seat, moves), state.discard, rand, EXPERT.weights);
        if (pick.next() >= args.rate) return chosen;
        const others = moves.filter(
          (m) => m !== chosen && !(m.type === 'discard' && chosen.type === 'discard'),
        );
        if (others.length === 0) return chosen;
        const other = others[pick.int(others.length)];
        const team = teamOf(state, seat);
        const seed = pick.u32();
        const after = (m: Move): number => {
          const r = applyMove(state, seat, m);
          if (!r.ok) fail(`a legal move was refused: ${r.error.code}`);
          return won(finish(r.state, makeRand(seed)), team);
        };
        const gain = after(other) - after(chosen);
        const left = state.goal - state.tableaux[team].km;
        const zone = left <= 200 ? 'near' : left <= 500 ? 'mid' : 'far';
        const key = `${label(chosen)} | ${label(other)} | ${zone}`;
        const row = rows.get(key) ?? { n: 0, differ: 0, better: 0, sum: 0, squares: 0 };
        row.n++;
        if (gain !== 0) row.differ++;
        if (gain > 0) row.better++;
        row.sum += gain;
        row.squares += gain * gain;
        rows.set(key, row);
        judged++;
        return chosen;
      },
      'hand',
    );
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${args.preset}, ${args.seats} seats: ${judged} deviations judged in ${args.deals} hands (${seconds.toFixed(1)} s)`,
  );
  console.log('policy | other | km left: cases, outcomes differ, other better where they differ, gain ± se');
  const shown = [...rows]
    .filter(([, r]) => r.n >= args.min)
    .map(([key, r]) => {
      const mean = r.sum / r.n;
      const variance = r.n > 1 ? Math.max(0, (r.squares - r.n * mean * mean) / (r.n - 1)) : 0;
      return { key, r, mean, se: Math.sqrt(variance / r.n) };
    })
    .sort((a, b) => b.mean / (b.se || 1) - a.mean / (a.se || 1));
  for (const { key, r, mean, se } of shown) {
    const differ = (100 * r.differ) / r.n;
    const better = (100 * r.better) / Math.max(1, r.differ);
    console.log(
      `  ${key.padEnd(30)} ${String(r.n).padStart(6)} ${differ.toFixed(1).padStart(5)}% ${better.toFixed(1).padStart(5)}% ${mean >= 0 ? '+' : ''}${mean.toFixed(4)} ± ${se.toFixed(4)}`,
    );
  }
  const best = shown[0];
  console.log(
    best
      ? `best deviation: ${best.key}, ${(best.mean / (best.se || 1)).toFixed(1)} standard errors`
      : `best deviation: none with at least ${args.min} cases`,
  );
}

main();
