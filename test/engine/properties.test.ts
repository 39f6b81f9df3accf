/**
 * Property tests over thousands of random games (fast-check): every preset but classic
 * (properties-classic.test.ts, its own file so that the two run side by side) with every seating it
 * plays, with random coup-fourré choices, plus custom option sets. What each game checks:
 * property-case.ts.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { RulesInput, Seating } from '../../worker/engine/index';
import { gameCases, RUNS, runCase } from './property-case';
import { presetSeatings, seatingLabel } from './random-game';

describe('random games keep every invariant', () => {
  for (const { preset, seating } of presetSeatings().filter((c) => c.preset !== 'classic')) {
    it(seatingLabel(preset, seating), () => {
      // Multi-hand matches to 5000 are long: play them with a lower match target so that each run
      // still ends with matchOver after several hands.
      const rules: RulesInput =
        preset === 'hasbro-2016' ? preset : { preset, options: { matchTarget: 1500 } };
      fc.assert(fc.property(gameCases(rules, seating), runCase), { numRuns: RUNS });
    });
  }

  const custom: Array<[string, RulesInput, Seating]> = [
    [
      'hasbro-2016 fast game (quick remedy + mulligan)',
      { preset: 'hasbro-2016', options: { quickRemedy: true, mulligan: true } },
      { seats: 3, teamSize: 1 },
    ],
    [
      'hasbro-2016 fast game in teams',
      { preset: 'hasbro-2016', options: { quickRemedy: true, mulligan: true } },
      { seats: 4, teamSize: 2 },
    ],
    [
      'hazard stacking',
      { preset: 'hasbro-2016', options: { hazardStacking: true } },
      { seats: 2, teamSize: 1 },
    ],
    [
      'hazard stacking on rolling targets (classic)',
      { preset: 'classic', options: { hazardStacking: true } },
      { seats: 3, teamSize: 1 },
    ],
    [
      'attacker must have started, roll after remedy',
      { preset: 'hasbro-2016', options: { attackerMustHaveStarted: true, rollAfterRemedy: true } },
      { seats: 4, teamSize: 1 },
    ],
    [
      'extension from 700',
      { preset: 'partnership', options: { extension: true, matchTarget: 2500 } },
      { seats: 2, teamSize: 1 },
    ],
    [
      'dujardin 700 with extension, shared ties',
      {
        preset: 'dujardin',
        options: { goal: 700, extension: true, playOutTie: 'shared', matchTarget: 2500 },
      },
      { seats: 4, teamSize: 1 },
    ],
    [
      'classic with reshuffle and inexact finish',
      {
        preset: 'classic',
        options: { emptyDeck: 'reshuffle', exactFinish: false, drawFromDiscard: true, matchTarget: 2500 },
      },
      { seats: 2, teamSize: 1 },
    ],
    ['classic played to 5000', 'classic', { seats: 2, teamSize: 1 }],
  ];
  for (const [label, rules, seating] of custom) {
    it(label, () => {
      fc.assert(fc.property(gameCases(rules, seating), runCase), {
        numRuns: Math.max(10, Math.floor(RUNS / 2)),
      });
    });
  }
});
