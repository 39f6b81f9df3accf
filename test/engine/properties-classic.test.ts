/**
 * Property tests over random games of the classic preset with every seating it plays (its longest
 * games; the other presets are in properties.test.ts). What each game checks: property-case.ts.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { gameCases, RUNS, runCase } from './property-case';
import { presetSeatings, seatingLabel } from './random-game';

describe('random classic games keep every invariant', () => {
  for (const { preset, seating } of presetSeatings().filter((c) => c.preset === 'classic')) {
    it(seatingLabel(preset, seating), () => {
      // Multi-hand matches to 5000 are long: play them with a lower match target so that each run
      // still ends with matchOver after several hands.
      fc.assert(fc.property(gameCases({ preset, options: { matchTarget: 1500 } }, seating), runCase), {
        numRuns: RUNS,
      });
    });
  }
});
