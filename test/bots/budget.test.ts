/**
 * The bots' work budget (worker/bots/budget.ts): a decision never spends more units than its budget
 * has left, one budget is shared by the successive decisions of a request, an empty budget still
 * gives a legal and sensible move, and the expert is deterministic for a view and seed (it reads no
 * clock).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DECISION_UNITS,
  expertFixedUnits,
  FIXED_PART_MOVES,
  RUN_RESERVE_UNITS,
} from '../../worker/bots/budget';
import { lastSearch, searchAffordable } from '../../worker/bots/expert';
import {
  type BotBudget,
  botSearches,
  chooseMove,
  mustWait,
  REQUEST_UNITS,
  requestBudget,
  SEARCH_UNITS,
  searchUnitsFor,
} from '../../worker/bots/index';
import { policyMove } from '../../worker/bots/policy';
import { EXPERT } from '../../worker/bots/profiles';
import { warmUpBots } from '../../worker/bots/warm-up';
import {
  actingSeat,
  applyMove,
  createMatch,
  type GameEvent,
  type MatchView,
  viewFor,
} from '../../worker/engine/index';
import { lateState } from './support';

/** A budget that records every value `left` takes (to prove it never goes below 0). */
function watched(units: number): { budget: BotBudget; seen: number[] } {
  const seen: number[] = [];
  let left = units;
  const budget = {
    get left() {
      return left;
    },
    set left(v: number) {
      seen.push(v);
      left = v;
    },
  };
  return { budget, seen };
}

describe('the expert is deterministic', () => {
  it('gives the same move and spends the same units twice for the same view and seed', () => {
    const view = viewFor(lateState('units'), 0);
    const first = chooseMove(view, { level: 'expert', seed: 'same', budget: requestBudget() });
    const firstSearch = { ...lastSearch };
    const second = chooseMove(view, { level: 'expert', seed: 'same', budget: requestBudget() });
    expect(second).toEqual(first);
    expect(lastSearch).toEqual(firstSearch);
    expect(firstSearch.samples).toBeGreaterThan(0);
    expect(view.legalMoves).toContainEqual(first);
  });
});

describe('a budget of N units is never exceeded', () => {
  it('holds for one searching decision at every budget size', () => {
    const view = viewFor(lateState('units'), 0);
    for (const units of [0, 5, 60, 300, 1000, REQUEST_UNITS, 3 * REQUEST_UNITS]) {
      const { budget, seen } = watched(units);
      const move = chooseMove(view, { level: 'expert', seed: `n${units}`, budget });
      expect(view.legalMoves).toContainEqual(move);
      for (const v of seen) expect(v).toBeGreaterThanOrEqual(0);
      expect(units - budget.left).toBe(lastSearch.units);
      expect(lastSearch.units).toBeLessThanOrEqual(units);
      if (units >= REQUEST_UNITS) expect(lastSearch.samples).toBeGreaterThan(0);
    }
  });

  it('holds for a whole hand of expert decisions sharing one budget, searching less once it runs low', () => {
    for (const units of [400, REQUEST_UNITS]) {
      const c = createMatch({ rules: 'classic', seats: 2, seed: `shared${units}`, firstSeat: 0 });
      if (!c.ok) throw new Error('create');
      let state = c.state;
      const log: GameEvent[] = [...c.events];
      const { budget, seen } = watched(units);
      let counted = 0;
      let starved = 0;
      for (let guard = 0; guard < 3000; guard++) {
        const seat = actingSeat(state);
        if (seat === null) break;
        const view = viewFor(state, seat);
        const before = budget.left;
        const waits = mustWait(view, 'expert', budget);
        const move = chooseMove(view, { level: 'expert', seed: 's', budget, log });
        if (view.legalMoves.length > 1) {
          counted += lastSearch.units;
          expect(lastSearch.units).toBeLessThanOrEqual(before);
          if (waits) starved++;
          if (before === 0) expect(lastSearch.steps).toBe(0);
        }
        const r = applyMove(state, seat, move);
        if (!r.ok) throw new Error(r.error.code);
        state = r.state;
        log.push(...r.events);
      }
      expect(state.results.length).toBe(1);
      for (const v of seen) expect(v).toBeGreaterThanOrEqual(0);
      expect(counted).toBe(units - budget.left);
      expect(counted).toBeLessThanOrEqual(units);
      // The hand outlasts the budget: later searching decisions found less than a search left.
      expect(budget.left).toBeLessThan(SEARCH_UNITS);
      expect(starved).toBeGreaterThan(0);
    }
  });
});

describe('an empty budget still gives a sensible move', () => {
  it("the expert plays its policy's move without a search, charged nothing", () => {
    const state = lateState('units');
    const view = viewFor(state, 0);
    const budget = requestBudget(0);
    const move = chooseMove(view, { level: 'expert', seed: 'e', budget });
    expect(lastSearch.steps).toBe(0);
    expect(lastSearch.units).toBe(0);
    expect(budget.left).toBe(0);
    expect(move).toEqual(policyMove(view, state.discard));
  });

  it('basic charges its fixed part, random nothing', () => {
    const view = viewFor(lateState('units'), 0);
    const budget = requestBudget(10);
    chooseMove(view, { level: 'basic', seed: 'b', budget });
    expect(budget.left).toBe(10 - DECISION_UNITS.basic);
    chooseMove(view, { level: 'random', seed: 'r', budget });
    expect(budget.left).toBe(10 - DECISION_UNITS.basic);
  });
});

describe('a searching decision is the same in a run of bot moves or alone', () => {
  it('spends SEARCH_UNITS at most, so what the request spent before does not change the move', () => {
    const view = viewFor(lateState('units'), 0);
    const alone = chooseMove(view, { level: 'expert', seed: 'run', budget: requestBudget() });
    const aloneSearch = { ...lastSearch };
    expect(aloneSearch.units).toBeLessThanOrEqual(SEARCH_UNITS + DECISION_UNITS.expert);
    // Later in a request: other decisions spent part of the budget, a whole search still fits.
    const budget = requestBudget(SEARCH_UNITS + DECISION_UNITS.expert);
    expect(mustWait(view, 'expert', budget)).toBe(false);
    expect(chooseMove(view, { level: 'expert', seed: 'run', budget })).toEqual(alone);
    expect(lastSearch).toEqual(aloneSearch);
    // Less than a whole search left: the server should leave the decision to the next request.
    expect(mustWait(view, 'expert', budget)).toBe(true);
    expect(mustWait(view, 'basic', budget)).toBe(false);
    expect(mustWait(view, 'expert', requestBudget())).toBe(false);
  });
});

describe('a match with several expert bots shares a request among their searches', () => {
  it('gives each search an equal share, so three experts searching in a row fit one request', () => {
    expect(searchUnitsFor(0)).toBe(SEARCH_UNITS);
    expect(searchUnitsFor(1)).toBe(SEARCH_UNITS);
    expect(searchUnitsFor(2)).toBe(
      Math.min(SEARCH_UNITS, Math.floor((REQUEST_UNITS - RUN_RESERVE_UNITS) / 2) - DECISION_UNITS.expert),
    );
    const share = searchUnitsFor(3);
    expect(share).toBe(Math.floor((REQUEST_UNITS - RUN_RESERVE_UNITS) / 3) - DECISION_UNITS.expert);
    // Three whole searches and eight other expert decisions' fixed parts fit one request.
    expect(3 * (share + DECISION_UNITS.expert) + 8 * DECISION_UNITS.expert).toBeLessThanOrEqual(
      REQUEST_UNITS,
    );
    // Three searching decisions of three expert seats in one request, each after the others spent.
    const budget = requestBudget();
    const moves = [];
    for (const seed of ['e1', 'e2', 'e3']) {
      const view = viewFor(lateState(`share-${seed}`), 0);
      expect(botSearches(view, 'expert')).toBe(true);
      expect(mustWait(view, 'expert', budget, share)).toBe(false);
      const before = budget.left;
      moves.push(chooseMove(view, { level: 'expert', seed, budget, searchUnits: share }));
      expect(before - budget.left).toBeLessThanOrEqual(share + DECISION_UNITS.expert);
      // The same decision alone, with a fresh budget and the same share: the same move and search.
      const aloneSearch = { ...lastSearch };
      expect(
        chooseMove(view, { level: 'expert', seed, budget: requestBudget(), searchUnits: share }),
      ).toEqual(moves.at(-1));
      expect(lastSearch).toEqual(aloneSearch);
    }
    expect(budget.left).toBeGreaterThanOrEqual(0);
  });
});

describe('botSearches tells the match server which decisions may search', () => {
  it('is true for an expert near the end of the hand only', () => {
    const late = viewFor(lateState('units'), 0);
    expect(botSearches(late, 'expert')).toBe(true);
    expect(botSearches(late, 'basic')).toBe(false);
    const c = createMatch({ rules: 'classic', seats: 2, seed: 'early', firstSeat: 0 });
    if (!c.ok) throw new Error('create');
    const first = viewFor(c.state, 0);
    const draw = applyMove(c.state, 0, first.legalMoves[0]);
    if (!draw.ok) throw new Error(draw.error.code);
    const early = viewFor(draw.state, 0);
    expect(early.legalMoves.length).toBeGreaterThan(1);
    expect(botSearches(early, 'expert')).toBe(false);
  });
});

describe('no clock in the bots', () => {
  it("no file of worker/bots reads a clock (a deployed Worker's stands still during CPU work)", () => {
    const dir = join(__dirname, '../../worker/bots');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text, f).not.toMatch(/performance\s*\.\s*now|Date\s*\.\s*now|new Date\(/);
    }
  });
});

/** The first view of a basic-played hasbro-2016 hand with the mulligan where a seat has over 60 legal moves. */
function mulliganView(
  seed: string,
  wanted: (view: MatchView) => boolean = () => true,
): { view: MatchView; log: GameEvent[] } {
  const rules = { preset: 'hasbro-2016', options: { mulligan: true, quickRemedy: true } } as const;
  const c = createMatch({ rules, seats: 2, seed, firstSeat: 0 });
  if (!c.ok) throw new Error('create');
  let state = c.state;
  const log: GameEvent[] = [...c.events];
  for (let guard = 0; guard < 3000; guard++) {
    const seat = actingSeat(state);
    if (seat === null) break;
    const view = viewFor(state, seat);
    if (view.legalMoves.length > 60 && wanted(view)) return { view, log };
    const r = applyMove(state, seat, chooseMove(view, { level: 'basic', seed, log }));
    if (!r.ok) throw new Error(r.error.code);
    state = r.state;
    log.push(...r.events);
  }
  throw new Error('no mulligan view');
}

describe('the units a decision spends grow with its work (issue 35)', () => {
  it('charges the fixed part per legal move scored beyond the base (expert-v1 keeps its flat charge)', () => {
    const { view, log } = mulliganView('many');
    const n = view.legalMoves.length;
    expect(n).toBeGreaterThan(60);
    const fixed = expertFixedUnits(n, EXPERT.search.unitsPerMove);
    expect(fixed).toBe(DECISION_UNITS.expert + Math.ceil(0.3 * (n - FIXED_PART_MOVES)));
    for (const [level, units] of [
      ['expert', fixed],
      ['expert-v1', DECISION_UNITS.expert],
    ] as const) {
      const budget = requestBudget();
      chooseMove(view, { level, seed: 'm', budget, log });
      if (lastSearch.steps === 0) expect(REQUEST_UNITS - budget.left).toBe(units);
      expect(lastSearch.units).toBeGreaterThanOrEqual(units);
    }
    // A view with few moves costs the base only.
    const late = viewFor(lateState('units'), 0);
    expect(late.legalMoves.length).toBeLessThanOrEqual(FIXED_PART_MOVES);
    expect(expertFixedUnits(late.legalMoves.length, EXPERT.search.unitsPerMove)).toBe(DECISION_UNITS.expert);
  });

  it('waits for the next request when the budget cannot pay this view’s fixed part and a search', () => {
    const { view } = mulliganView('wait', (v) => botSearches(v, 'expert'));
    const fixed = expertFixedUnits(view.legalMoves.length, EXPERT.search.unitsPerMove);
    expect(fixed).toBeGreaterThan(DECISION_UNITS.expert);
    // A share large enough to search with the mulligan's dear steps.
    const share = 10 * SEARCH_UNITS;
    expect(searchAffordable(view, share)).toBe(true);
    expect(mustWait(view, 'expert', requestBudget(share + fixed), share)).toBe(false);
    expect(mustWait(view, 'expert', requestBudget(share + fixed - 1), share)).toBe(true);
    // expert-v1 keeps its flat fixed part.
    expect(mustWait(view, 'expert-v1', requestBudget(share + DECISION_UNITS.expert), share)).toBe(false);
  });

  it('does not hold a decision whose share could never pay a search (the move is the policy’s anyway)', () => {
    // hasbro-2016 with the mulligan, 2 seats: a step costs 1.4 x 5 units, so 1,000 units never race
    // two candidates; holding such a decision for a fresh budget would cut a run for nothing.
    const { view, log } = mulliganView('wait', (v) => botSearches(v, 'expert'));
    expect(searchAffordable(view, SEARCH_UNITS)).toBe(false);
    const fixed = expertFixedUnits(view.legalMoves.length, EXPERT.search.unitsPerMove);
    const fresh = requestBudget();
    const alone = chooseMove(view, { level: 'expert', seed: 'held', budget: fresh, log });
    expect(REQUEST_UNITS - fresh.left).toBe(fixed);
    expect(lastSearch.samples).toBe(0);
    // With only its fixed part left it decides at once, and the same.
    const low = requestBudget(fixed);
    expect(mustWait(view, 'expert', low)).toBe(false);
    expect(chooseMove(view, { level: 'expert', seed: 'held', budget: low, log })).toEqual(alone);
    expect(low.left).toBe(0);
  });

  it('charges a mulligan step mulliganStep times a plain one, and every engine move of a search is charged', () => {
    // A late hasbro-2016 position with the mulligan, searched with a large share so that it plays out.
    const rules = { preset: 'hasbro-2016', options: { mulligan: true, quickRemedy: true } } as const;
    const state = lateState('mull', { rules });
    const view = viewFor(state, 0);
    for (const [level, step] of [
      ['expert', 1.4 * EXPERT.search.mulliganStep],
      ['expert-v1', 1.4 * 3],
    ] as const) {
      const budget = requestBudget(20000);
      chooseMove(view, { level, seed: 'ms', budget, searchUnits: 10000 });
      expect(lastSearch.steps).toBeGreaterThan(0);
      const fixed = expertFixedUnits(
        view.legalMoves.length,
        level === 'expert' ? EXPERT.search.unitsPerMove : 0,
      );
      expect(lastSearch.units - fixed).toBeCloseTo(lastSearch.steps * step, 6);
      // Units bound the work: each sample dealt, candidate applied and playout move made is charged.
      expect(lastSearch.samples + lastSearch.playouts + lastSearch.playoutMoves).toBeLessThanOrEqual(
        lastSearch.steps,
      );
    }
    expect(EXPERT.search.mulliganStep).toBeGreaterThan(3);
  });
});

describe('the warm-up at module load (worker/bots/warm-up.ts)', () => {
  it('spends about its units and changes no later decision', () => {
    const view = viewFor(lateState('warm'), 0);
    const before = chooseMove(view, { level: 'expert', seed: 'w', budget: requestBudget() });
    const search = { ...lastSearch };
    const spent = warmUpBots(3000);
    expect(spent).toBeGreaterThanOrEqual(3000);
    expect(spent).toBeLessThan(3000 + REQUEST_UNITS);
    expect(chooseMove(view, { level: 'expert', seed: 'w', budget: requestBudget() })).toEqual(before);
    expect(lastSearch).toEqual(search);
  });
});
