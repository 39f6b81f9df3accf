/**
 * A bot sees only its seat's view: two matches that differ only in what the seat cannot see (the
 * other hands, the draw pile's order) get the same move at every level; a frozen view, or one that
 * went through JSON, works as well; determinized states agree with the view they were built from.
 * Also: determinism for a seed, and the expert's step budget.
 */
import { describe, expect, it } from 'vitest';
import { expertFixedUnits } from '../../worker/bots/budget';
import { lastSearch, tuning } from '../../worker/bots/expert';
import { buildState, chooseMove, LEVELS, readLog, SEARCH_UNITS, UNITS_PER_MS } from '../../worker/bots/index';
import { policyMove } from '../../worker/bots/policy';
import { makeRand } from '../../worker/bots/rng';
import {
  actingSeat,
  applyMove,
  CARD_COUNTS,
  CARD_IDS,
  type CardId,
  createMatch,
  type GameEvent,
  type MatchState,
  type MatchView,
  viewFor,
} from '../../worker/engine/index';
import { lateState, playHand } from './support';

function census(s: MatchState): Map<CardId, number> {
  const m = new Map<CardId, number>();
  const add = (cards: readonly CardId[]) => {
    for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  };
  add(s.deck);
  add(s.discard);
  add(s.box);
  for (const h of s.hands) add(h);
  for (const t of s.tableaux) add([...t.battle, ...t.speed, ...t.distance, ...t.safeties]);
  return m;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe('bots never read hidden information', () => {
  it('choose the same move whatever the other hands and the draw pile hold', () => {
    const mine: CardId[] = ['accident', 'd100', 'd50', 'gasoline', 'repairs', 'd25', 'driving_ace'];
    const make = (theirs: CardId[], deck: CardId[]) => {
      const c = createMatch({
        rules: 'classic',
        seats: 2,
        seed: 'hidden',
        position: {
          hands: { 0: mine, 1: theirs },
          tableaux: {
            0: { battle: ['roll'], distance: ['d100'] },
            1: { battle: ['roll'], distance: ['d200'] },
          },
          deck,
          unplaced: 'box',
          turn: 0,
          phase: 'play',
        },
      });
      if (!c.ok) throw new Error(JSON.stringify(c.problems));
      return c.state;
    };
    const a = make(
      ['extra_tank', 'puncture_proof', 'd200', 'd200', 'stop', 'stop'],
      ['d75', 'roll', 'd100', 'flat_tire'],
    );
    const b = make(['d25', 'd25', 'roll', 'roll', 'spare_tire', 'd75'], ['stop', 'stop', 'd25', 'd50']);
    const va = viewFor(a, 0);
    const vb = viewFor(b, 0);
    expect(va).toEqual(vb);
    for (const level of LEVELS) {
      for (const seed of ['s1', 's2', 's3']) {
        expect(chooseMove(va, { level, seed, budgetMs: 2 })).toEqual(
          chooseMove(vb, { level, seed, budgetMs: 2 }),
        );
      }
    }
  });

  it('work from a frozen view and from a view that went through JSON', () => {
    const c = createMatch({ rules: 'hasbro-2016', seats: 3, seed: 'frozen' });
    if (!c.ok) throw new Error('create');
    let s = c.state;
    const log: GameEvent[] = [...c.events];
    for (let i = 0; i < 60 && actingSeat(s) !== null; i++) {
      const seat = actingSeat(s)!;
      const view = deepFreeze(viewFor(s, seat));
      const wire = JSON.parse(JSON.stringify(view)) as MatchView;
      const opts = { level: 'expert' as const, seed: 'f', budgetMs: 1, log: deepFreeze([...log]) };
      const move = chooseMove(view, opts);
      expect(chooseMove(wire, opts)).toEqual(move);
      const r = applyMove(s, seat, move);
      if (!r.ok) throw new Error(r.error.code);
      s = r.state;
      log.push(...r.events);
    }
  });

  it('build determinized states that show the seat exactly its own view', () => {
    for (const preset of ['classic', 'hasbro-2016'] as const) {
      const c = createMatch({
        rules: preset,
        seats: 3,
        seed: `det-${preset}`,
        responses: ['auto', 'ask', 'auto'],
      });
      if (!c.ok) throw new Error('create');
      let s = c.state;
      const log: GameEvent[] = [...c.events];
      const rand = makeRand('det');
      for (let i = 0; i < 400 && actingSeat(s) !== null; i++) {
        const seat = actingSeat(s)!;
        const view = viewFor(s, seat);
        for (const withLog of [true, false]) {
          const k = readLog(view, withLog ? log : undefined);
          const built = buildState(view, k, rand);
          expect(built).not.toBeNull();
          expect(viewFor(built!, seat)).toEqual(view);
          const counts = census(built!);
          for (const id of CARD_IDS) expect(counts.get(id) ?? 0).toBe(CARD_COUNTS[id]);
          // With the log, the discard pile is known card for card.
          if (withLog) expect(built!.discard).toEqual(s.discard);
        }
        const move = chooseMove(view, { level: 'basic', seed: `d${i}` });
        const r = applyMove(s, seat, move);
        if (!r.ok) throw new Error(r.error.code);
        s = r.state;
        log.push(...r.events);
      }
    }
  });

  it('never give a seat a safety it showed it does not hold', () => {
    // Seat 1 answers automatically and took an Accident without a coup fourré: it lacks Driving Ace.
    const c = createMatch({
      rules: 'classic',
      seats: 2,
      seed: 'lacks',
      position: {
        hands: {
          0: ['accident', 'd100', 'd50', 'gasoline', 'repairs', 'd25', 'd75'],
          1: ['d25', 'd50', 'd75', 'roll', 'stop', 'stop'],
        },
        tableaux: { 0: { battle: ['roll'] }, 1: { battle: ['roll'], distance: ['d100'] } },
        turn: 0,
        phase: 'play',
      },
    });
    if (!c.ok) throw new Error('create');
    const r = applyMove(c.state, 0, { type: 'play', card: 'accident', target: 1 });
    if (!r.ok) throw new Error(r.error.code);
    const log = [...c.events, ...r.events];
    const view = viewFor(r.state, 0);
    const k = readLog(view, log);
    expect(k.lacks[1]).toEqual(['driving_ace']);
    const rand = makeRand('lacks');
    for (let i = 0; i < 200; i++) expect(buildState(view, k, rand)!.hands[1]).not.toContain('driving_ace');
  });
});

describe('bots are deterministic for a seed', () => {
  it('play the same hand twice move for move', () => {
    const setup = {
      rules: 'classic' as const,
      seats: 3,
      seed: 'twice',
      responses: ['auto', 'ask', 'auto'] as const,
    };
    const first = playHand(
      { ...setup, responses: [...setup.responses] },
      ['expert', 'basic', 'random'],
      'same',
    );
    const second = playHand(
      { ...setup, responses: [...setup.responses] },
      ['expert', 'basic', 'random'],
      'same',
    );
    expect(second.moves).toEqual(first.moves);
    expect(second.state).toEqual(first.state);
  });
});

describe('the expert spends its budget and stops', () => {
  it('counts engine steps, not clock time: a bigger budget searches more, never past its cap', () => {
    const view = viewFor(lateState('budget'), 0);
    const steps: number[] = [];
    const fixed = expertFixedUnits(view.legalMoves.length, tuning.unitsPerMove);
    for (const budgetMs of [2, 5]) {
      chooseMove(view, { level: 'expert', seed: 'b', budgetMs });
      // 2 players, no reshuffle: one unit a step; the decision's fixed part is charged first.
      const cap = Math.min(budgetMs * UNITS_PER_MS - fixed, SEARCH_UNITS);
      // A sample (every candidate played out once) starts only while half of the last one's cost fits.
      expect(lastSearch.sampleCost).toBeGreaterThan(0);
      expect(lastSearch.sampleCost).toBeLessThanOrEqual(lastSearch.candidates * (tuning.depth + 8) + 12);
      expect(lastSearch.steps).toBeGreaterThanOrEqual(cap - lastSearch.sampleCost);
      expect(lastSearch.steps).toBeLessThanOrEqual(cap);
      expect(lastSearch.units).toBe(lastSearch.steps + fixed);
      steps.push(lastSearch.samples);
    }
    expect(steps[1]).toBeGreaterThan(steps[0]);
  });
});

describe('the expert searches only near the end of the hand', () => {
  it('plays its policy move without a search early in the hand', () => {
    const c = createMatch({
      rules: 'classic',
      seats: 2,
      seed: 'early',
      position: {
        hands: { 0: ['accident', 'd100', 'd50', 'gasoline', 'repairs', 'd25', 'driving_ace'], 1: ['d25'] },
        tableaux: {
          0: { battle: ['roll'], distance: ['d100'] },
          1: { battle: ['roll'], distance: ['d200'] },
        },
        turn: 0,
        phase: 'play',
      },
    });
    if (!c.ok) throw new Error('create');
    const view = viewFor(c.state, 0);
    const move = chooseMove(view, { level: 'expert', seed: 'e', budgetMs: 5 });
    expect(lastSearch.steps).toBe(0);
    expect(move).toEqual(policyMove(view, c.state.discard));
  });
});
