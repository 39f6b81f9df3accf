/**
 * The bots' warm-up: expert decisions on fixed deals, their moves thrown away, so that a fresh isolate
 * has compiled the bots' and the engine's hot code before its first request needs it. Measured with
 * `npm run bench:bot-cpu`: without it the first searches of a process cost 2–5 times their units
 * (the interpreter and the JIT's first tiers), the very first one about 12 ms of CPU for 1,000 units;
 * after 4,000 units of warm-up the slowest search of the cold process took 5.4 ms, after 8,000 4.9 ms
 * (warm: up to about 4.5 ms). The match Durable Object's module runs it once at load
 * (worker/match/durable.ts), where the CPU is the isolate's start-up and not a request's. It reads no clock and touches nothing a later decision reads (each decision
 * resets `lastSearch`), so every later move stays the same for its view and seed.
 */
import {
  actingSeat,
  applyMove,
  createMatch,
  type GameEvent,
  type RulesInput,
  viewFor,
} from '../engine/index';
import { requestBudget } from './budget';
import { chooseMove } from './index';

/** The tables of the warm-up, in turn: the common case first, then more seats and the mulligan's moves. */
const WARM_TABLES: ReadonlyArray<{ rules: RulesInput; seats: number }> = [
  { rules: 'classic', seats: 2 },
  { rules: 'classic', seats: 4 },
  { rules: 'classic', seats: 3 },
  { rules: { preset: 'hasbro-2016', options: { mulligan: true, quickRemedy: true } }, seats: 2 },
];

/** The units the warm-up spends in all (about 45 ms of a cold isolate's CPU on the reference machine). */
export const WARM_UP_UNITS = 6000;

/**
 * Plays expert hands on the fixed deals of `WARM_TABLES` until `units` work units were spent
 * (at most 30 hands), throwing the moves away; returns the units spent.
 */
export function warmUpBots(units: number = WARM_UP_UNITS): number {
  let spent = 0;
  for (let hand = 0; hand < 30 && spent < units; hand++) {
    const table = WARM_TABLES[hand % WARM_TABLES.length];
    const created = createMatch({ rules: table.rules, seats: table.seats, seed: `warm-up:${hand}` });
    if (!created.ok) return spent;
    let state = created.state;
    const log: GameEvent[] = [...created.events];
    for (let guard = 0; guard < 3000 && spent < units; guard++) {
      const seat = actingSeat(state);
      if (seat === null) break;
      const budget = requestBudget();
      const move = chooseMove(viewFor(state, seat), {
        level: 'expert',
        seed: 'warm-up',
        budget,
        log,
      });
      spent += requestBudget().left - budget.left;
      const r = applyMove(state, seat, move);
      if (!r.ok) return spent;
      state = r.state;
      log.push(...r.events);
    }
  }
  return spent;
}
