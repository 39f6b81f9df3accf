/**
 * CLI: `npm run deviations -- [--deals N] [--rate R] [--seats N] [--team-size N] [--preset NAME]
 * [--seed TEXT] [--min N]` shows where the expert policy (`EXPERT`'s weights, worker/bots/policy.ts) could do
 * better, by one-step deviations in its own hands. It plays `--deals` hands with the policy in every
 * seat. At a share `--rate` of the decisions with a choice it plays the true deal on to the end of
 * the hand twice, with the same randomness: once after the policy's move and once after a random
 * other legal move (another discard when the policy discards is skipped: which card goes is a
 * different question). It prints one row per (the policy's move, the other move, the seat's team's
 * km left: near ≤ 200, mid ≤ 500, far) with at least `--min` cases: how often the two outcomes
 * differ, how often the other move did better where they differ, and the other move's mean gain in
 * hands won (1, ½, 0) with its standard error, clustered by hand (the cases of one hand are not
 * independent). A row whose gain is positive by several standard errors is a kind of decision the
 * policy gets wrong; with about 70 rows, one at 2 standard errors is what chance gives. Playing on the true deal (not a sample of the
 * hidden cards) is fair because the seat could not tell it from any other deal it might be: over
 * many decisions the gain is the expected gain of the seat's own view.
 */

import { parseArgs as parseCli } from 'node:util';
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
import { handWon } from './arena-metrics';

interface Args {
  deals: number;
  rate: number;
  seats: number;
  teamSize: number;
  preset: PresetName;
  seed: string;
  min: number;
}

function fail(message: string): never {
  console.error(`deviations: ${message}`);
  process.exit(2);
}

function parseArgs(): Args {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseCli({
      args: process.argv.slice(2),
      strict: true,
      options: Object.fromEntries(
        ['deals', 'rate', 'seats', 'team-size', 'preset', 'seed', 'min'].map((k) => [k, { type: 'string' }]),
      ) as Record<string, { type: 'string' }>,
    }) as { values: Record<string, string | undefined> });
  } catch (e) {
    fail((e as Error).message);
  }
  const whole = (name: string, fallback: number, least: number, most: number): number => {
    const v = values[name];
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v) || Number(v) < least || Number(v) > most)
      fail(`--${name} takes a whole number from ${least} to ${most}, not "${v}"`);
    return Number(v);
  };
  const rate = values.rate ?? '0.3';
  if (!/^(0?\.\d+|1(\.0*)?)$/.test(rate) || Number(rate) <= 0)
    fail(`--rate takes a number in (0, 1], not "${rate}"`);
  const preset = (values.preset ?? 'classic') as PresetName;
  if (!PRESET_NAMES.includes(preset)) fail(`unknown preset "${preset}"; use ${PRESET_NAMES.join(', ')}`);
  const seed = values.seed ?? 'deviations';
  if (seed === '') fail('--seed takes a text');
  return {
    deals: whole('deals', 5000, 1, 10_000_000),
    rate: Number(rate),
    seats: whole('seats', 2, 2, 8),
    teamSize: whole('team-size', 1, 1, 2),
    preset,
    seed,
    min: whole('min', 200, 1, 10_000_000),
  };
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

/**
 * One row's tally. The standard error is clustered by hand: `hand`, `handSum` and `handCases` gather
 * the current hand's cases; `flush` adds them to the sums over hands (`sumSq`: Σ S², `sumNS`: Σ n·S,
 * `sumNN`: Σ n², `hands`: the hands with a case).
 */
interface Row {
  n: number;
  differ: number;
  better: number;
  sum: number;
  hand: number;
  handSum: number;
  handCases: number;
  hands: number;
  sumSq: number;
  sumNS: number;
  sumNN: number;
}

function flush(row: Row): void {
  if (row.handCases === 0) return;
  row.hands++;
  row.sumSq += row.handSum * row.handSum;
  row.sumNS += row.handCases * row.handSum;
  row.sumNN += row.handCases * row.handCases;
  row.handSum = 0;
  row.handCases = 0;
}

/** The mean gain of a row and its standard error clustered by hand (0 with fewer than 2 hands). */
function meanAndError(row: Row): { mean: number; se: number } {
  const mean = row.sum / row.n;
  if (row.hands < 2) return { mean, se: 0 };
  // Σ_h (S_h − mean·n_h)² / N², scaled by H / (H − 1).
  const spread = row.sumSq - 2 * mean * row.sumNS + mean * mean * row.sumNN;
  const variance = (Math.max(0, spread) / (row.n * row.n)) * (row.hands / (row.hands - 1));
  return { mean, se: Math.sqrt(variance) };
}

/** How many standard errors a row's gain is above 0 (0 when its error is 0: too few hands to tell). */
function zOf(x: { mean: number; se: number }): number {
  return x.se > 0 ? x.mean / x.se : 0;
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
      teamSize: args.teamSize,
      seed: `${args.seed}${d}`,
      firstSeat: d % args.seats,
    });
    if (!created.ok) fail(created.problems.map((p) => p.message).join('; '));
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
          const end = finish(r.state, makeRand(seed));
          return handWon(end.results[end.results.length - 1], team);
        };
        const gain = after(other) - after(chosen);
        const left = state.goal - state.tableaux[team].km;
        const zone = left <= 200 ? 'near' : left <= 500 ? 'mid' : 'far';
        const key = `${label(chosen)} | ${label(other)} | ${zone}`;
        const row =
          rows.get(key) ??
          ({
            n: 0,
            differ: 0,
            better: 0,
            sum: 0,
            hand: d,
            handSum: 0,
            handCases: 0,
            hands: 0,
            sumSq: 0,
            sumNS: 0,
            sumNN: 0,
          } as Row);
        if (row.hand !== d) {
          flush(row);
          row.hand = d;
        }
        row.n++;
        if (gain !== 0) row.differ++;
        if (gain > 0) row.better++;
        row.sum += gain;
        row.handSum += gain;
        row.handCases++;
        rows.set(key, row);
        judged++;
        return chosen;
      },
      'hand',
    );
  }
  for (const row of rows.values()) flush(row);
  const seconds = (performance.now() - started) / 1000;
  const seating = args.teamSize > 1 ? ` in teams of ${args.teamSize}` : '';
  console.log(
    `${args.preset}, ${args.seats} seats${seating}: ${judged} deviations judged in ${args.deals} hands (${seconds.toFixed(1)} s)`,
  );
  console.log('policy | other | km left: cases, outcomes differ, other better where they differ, gain ± se');
  const shown = [...rows]
    .filter(([, r]) => r.n >= args.min)
    .map(([key, r]) => ({ key, r, ...meanAndError(r) }))
    .sort((a, b) => zOf(b) - zOf(a) || b.mean - a.mean);
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
      ? `best deviation: ${best.key}, ${zOf(best).toFixed(1)} standard errors`
      : `best deviation: none with at least ${args.min} cases`,
  );
}

main();
