/**
 * Runs every rule scenario in test/scenarios/ (shared/SCENARIOS.md format) through the same runner as
 * `npm run scenario`, one test per file, and checks the runner itself refuses broken files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenarioText } from '../../scripts/scenario/runner';

const dir = join(__dirname, '..', 'scenarios');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('rule scenarios', () => {
  it('there are at least 100 of them', () => {
    expect(files.length).toBeGreaterThanOrEqual(100);
  });
  for (const file of files) {
    it(file, () => {
      const outcome = runScenarioText(readFileSync(join(dir, file), 'utf8'), file);
      expect(outcome.message ?? 'PASS').toBe('PASS');
      expect(outcome.passed).toBe(true);
    });
  }
});

describe('the scenario runner', () => {
  const base = {
    name: 'x',
    rules: 'classic',
    players: 2,
    setup: { hands: { 0: ['d25'] }, deck: ['d50'], unplaced: 'box' },
    steps: [{ seat: 0, move: { type: 'draw' } }],
  };
  const run = (s: unknown) => runScenarioText(JSON.stringify(s), 'inline');

  it('passes a consistent scenario and fails a wrong check', () => {
    expect(run({ ...base, expect: { handSizes: { 0: 2 }, phase: 'play' } }).passed).toBe(true);
    const wrong = run({ ...base, expect: { handSizes: { 0: 3 } } });
    expect(wrong.passed).toBe(false);
    expect(wrong.message).toContain('handSizes.0');
  });
  it('fails, never crashes, on broken files', () => {
    expect(runScenarioText('{', 'broken').message).toContain('not valid JSON');
    expect(run({ ...base, rules: 'nope' }).message).toContain('not a valid scenario');
    expect(run({ ...base, expect: { unknownCheck: 1 } }).passed).toBe(false);
    expect(run({ ...base, setup: { hands: { 0: ['right_of_way', 'right_of_way'] } } }).message).toContain(
      'right_of_way is used 2 times',
    );
    expect(
      run({
        ...base,
        teams: [
          [0, 1],
          [2, 3],
        ],
        players: undefined,
      }).message,
    ).toContain('alternate');
  });
  it('accepts teams listed in any order, and fails a check that names no readable move', () => {
    const teams = {
      ...base,
      players: undefined,
      teams: [
        [3, 1],
        [0, 2],
      ],
      setup: { hands: { 0: ['d25'], 1: [], 2: [], 3: [] }, deck: ['d50'], unplaced: 'box' },
    };
    expect(run(teams).passed).toBe(true);
    const typo = run({ ...base, expect: { illegal: { 0: [{ type: 'play', card: 'd_100' }] } } });
    expect(typo.passed).toBe(false);
    expect(typo.message).toContain('is not a move');
    // An odd but readable move is a real check: it is simply not legal.
    expect(
      run({ ...base, expect: { illegal: { 0: [{ type: 'play', card: 'd25', target: 1 }] } } }).passed,
    ).toBe(true);
  });
  it('reports a rejected move that was expected to pass, naming the step and code', () => {
    const r = run({ ...base, steps: [{ seat: 1, move: { type: 'draw' } }] });
    expect(r.message).toBe('step 1: expected ok, got rejected (turn.not_yours)');
  });
});
