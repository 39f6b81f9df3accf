/**
 * Every finished hand's result records the goal in force when it ended (RULES.md §8): the rules'
 * goal, or 1000 after an extension from 700. The journal, the end-of-hand screen and the mail say
 * "Nobody reached <goal> km" from it.
 */
import { describe, expect, it } from 'vitest';
import { playRandomGame, presetSeatings } from './random-game';

describe('hand results carry their goal', () => {
  it('in random complete matches of every preset', () => {
    for (const [i, { preset, seating }] of presetSeatings().entries()) {
      const game = playRandomGame({
        rules: { preset, options: preset === 'classic' ? { extension: true, goal: 700 } : {} },
        seating,
        seed: `hand-goal-${i}`,
        choiceSeed: `choices-${i}`,
      });
      expect(game.final.phase).toBe('matchOver');
      for (const r of game.final.results) {
        const base = game.final.rules.options.goal;
        expect([base, 1000], `${preset} hand ${r.hand}`).toContain(r.goal);
        // A completed trip reached the goal of its hand; a played-out one did not.
        if (r.tripBy !== null) expect(r.scores[r.tripBy].distance).toBeGreaterThanOrEqual(r.goal!);
        else for (const s of r.scores) expect(s.distance).toBeLessThan(r.goal!);
      }
    }
  });

  it('is 1000 for a hand extended from 700', () => {
    let extended = 0;
    for (let i = 0; i < 40 && extended === 0; i++) {
      const game = playRandomGame({
        rules: { preset: 'classic', options: { extension: true, goal: 700, matchTarget: 0 } },
        seating: { seats: 2, teamSize: 1 },
        seed: `extended-${i}`,
        choiceSeed: `extended-choices-${i}`,
      });
      for (const r of game.final.results) if (r.goal === 1000) extended++;
      expect(game.final.results.every((r) => r.goal === 700 || r.goal === 1000)).toBe(true);
    }
    expect(extended).toBeGreaterThan(0);
  });
});
