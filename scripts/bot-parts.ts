/**
 * The cost of each part of an expert decision, warm, fastest of 5 runs by this thread's CPU clock,
 * against the units it is charged (for scripts/bench-bot-cpu.ts `--parts`): the fixed part (reading
 * the log, scoring the legal moves: the whole decision with an empty budget), dealing a
 * sample (`buildState`), and a playout step (the expert policy for every seat to the end of the hand)
 * relative to a 2-player classic one, next to what `stepCost` charges.
 */
import { expertFixedUnits, UNITS_PER_MS } from '../worker/bots/budget';
import { buildState, readLog } from '../worker/bots/determinize';
import { expertSearches, situationOf, stepCost } from '../worker/bots/expert';
import { chooseMove, requestBudget } from '../worker/bots/index';
import { policyMove } from '../worker/bots/policy';
import { EXPERT } from '../worker/bots/profiles';
import { makeRand } from '../worker/bots/rng';
import { fromHandStart } from '../worker/decider/automatic';
import {
  actingSeat,
  applyMove,
  createMatch,
  type GameEvent,
  type MoveChooser,
  playOut,
  type RulesInput,
  viewFor,
} from '../worker/engine/index';

/** Per table: the fixed part's µs a move and in all, `buildState` µs, playout µs a step, units a step. */
interface PartCosts {
  fixedPerMove: number[];
  fixedUs: number[];
  fixedUnits: number[];
  sampleUs: number[];
  stepUs: number[];
  stepUnits: number;
}

/**
 * Plays `hands` expert hands over `tables` (in turn) and measures every decision with a choice (its
 * fixed part) and every searching one (a sample and a whole playout from it); returns report lines.
 */
export function measureParts(
  tables: ReadonlyArray<{ name: string; rules: RulesInput; seats: number }>,
  hands: number,
  cpuNow: () => number,
): string[] {
  const fastest = (run: () => void) => {
    let best = Number.POSITIVE_INFINITY;
    for (let k = 0; k < 5; k++) {
      const t0 = cpuNow();
      run();
      best = Math.min(best, cpuNow() - t0);
    }
    return best;
  };
  const costs = new Map<string, PartCosts>();
  for (let h = 0; h < hands; h++) {
    const table = tables[h % tables.length];
    const c = createMatch({ rules: table.rules, seats: table.seats, seed: `parts:${h}` });
    if (!c.ok) throw new Error(JSON.stringify(c.problems));
    let state = c.state;
    const log: GameEvent[] = [...c.events];
    for (let guard = 0; guard < 5000; guard++) {
      const seat = actingSeat(state);
      if (seat === null) break;
      const view = viewFor(state, seat);
      const handLog = fromHandStart(log);
      const move = chooseMove(view, { level: 'expert', seed: 'p', budget: requestBudget(), log: handLog });
      const n = view.legalMoves.length;
      if (n > 1) {
        let t = costs.get(table.name);
        if (!t) {
          const stepUnits = stepCost(view, EXPERT.search);
          t = { fixedPerMove: [], fixedUs: [], fixedUnits: [], sampleUs: [], stepUs: [], stepUnits };
          costs.set(table.name, t);
        }
        const empty = { level: 'expert', seed: 'p', log: handLog } as const;
        const us = fastest(() => chooseMove(view, { ...empty, budget: requestBudget(0) }));
        t.fixedUs.push(us);
        if (n > 20) t.fixedPerMove.push(us / n);
        t.fixedUnits.push(expertFixedUnits(n, EXPERT.search.unitsPerMove));
        if (expertSearches(view)) {
          const k = readLog(view, handLog);
          const rand = makeRand('s');
          t.sampleUs.push(fastest(() => buildState(view, k, rand)));
          const sample = buildState(view, k, makeRand('t'));
          if (sample) {
            const policyRand = makeRand('u');
            let steps = 0;
            const choose: MoveChooser = (s, who, moves) => {
              steps++;
              if (moves.length === 1) return moves[0];
              return policyMove(situationOf(s, who, moves), s.discard, policyRand, EXPERT.weights);
            };
            const playUs = fastest(() => {
              steps = 0;
              playOut(sample, choose, 'hand', 120);
            });
            if (steps >= 10) t.stepUs.push(playUs / steps);
          }
        }
      }
      const r = applyMove(state, seat, move);
      if (!r.ok) throw new Error(r.error.code);
      state = r.state;
      log.push(...r.events);
    }
  }
  const q = (xs: number[], p: number) => {
    const s = xs.slice().sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : Number.NaN;
  };
  const unitUs = 1000 / UNITS_PER_MS;
  const base = costs.values().next().value;
  const baseStep = base ? q(base.stepUs, 0.5) : Number.NaN;
  const lines = [`parts (warm, fastest of 5; a unit stands for ${unitUs.toFixed(2)} µs):`];
  for (const [name, t] of costs) {
    const worst = t.fixedUs.map((us, i) => us / (t.fixedUnits[i] * unitUs));
    lines.push(
      `  ${name}: fixed part max ${q(t.fixedUs, 1).toFixed(0)} µs (${t.fixedPerMove.length ? `over 20 moves: ${q(t.fixedPerMove, 1).toFixed(2)} µs a move at most` : 'at most 20 moves'}), its charge covers it ${q(worst, 1) <= 1 ? 'always' : `up to ${q(worst, 1).toFixed(2)}x`}; sample p50 ${q(t.sampleUs, 0.5).toFixed(1)} µs, max ${q(t.sampleUs, 1).toFixed(1)}; step p50 ${q(t.stepUs, 0.5).toFixed(2)} µs, p90 ${q(t.stepUs, 0.9).toFixed(2)} = ${(q(t.stepUs, 0.5) / baseStep).toFixed(2)}x the first table's, charged ${t.stepUnits.toFixed(2)} units`,
    );
  }
  return lines;
}
