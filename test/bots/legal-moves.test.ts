/**
 * Bots only ever return one of `view.legalMoves`, at every level, for every preset and seating
 * (RULES.md §10), with coup-fourré windows asked (`ask`) and answered automatically, and with the
 * fast-game and extension options on.
 */
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../worker/bots/index';
import { PRESETS, type PresetName, type ResponseMode, type RulesInput } from '../../worker/engine/index';
import { playHand } from './support';

const tables: Array<{ name: string; rules: RulesInput; seats: number; teamSize: number }> = [];
for (const preset of Object.keys(PRESETS) as PresetName[]) {
  for (const s of PRESETS[preset].seatings) {
    tables.push({
      name: `${preset} ${s.seats}x${s.teamSize}`,
      rules: preset,
      seats: s.seats,
      teamSize: s.teamSize,
    });
  }
}
tables.push(
  {
    name: 'hasbro-2016 fast game (quick remedy, mulligan)',
    rules: { preset: 'hasbro-2016', options: { quickRemedy: true, mulligan: true } },
    seats: 3,
    teamSize: 1,
  },
  {
    name: 'partnership 700 with extension',
    rules: { preset: 'partnership', options: { extension: true } },
    seats: 2,
    teamSize: 1,
  },
  {
    name: 'classic with stacking and attacker-must-have-started',
    rules: {
      preset: 'classic',
      options: { hazardTarget: 'notHazarded', hazardStacking: true, attackerMustHaveStarted: true },
    },
    seats: 4,
    teamSize: 1,
  },
);

describe('bots return only legal moves', () => {
  for (const t of tables) {
    it(`in ${t.name}`, () => {
      for (let round = 0; round < 3; round++) {
        const levels = Array.from({ length: t.seats }, (_, s) => LEVELS[(s + round) % LEVELS.length]);
        const responses = Array.from(
          { length: t.seats },
          (_, s): ResponseMode => ((s + round) % 2 ? 'ask' : 'auto'),
        );
        const played = playHand(
          {
            rules: t.rules,
            seats: t.seats,
            teamSize: t.teamSize,
            seed: `legal-${t.name}-${round}`,
            responses,
            firstSeat: round % t.seats,
          },
          levels,
          `bots-${round}`,
        );
        expect(played.offList).toEqual([]);
        expect(['handOver', 'matchOver']).toContain(played.state.phase);
      }
    });
  }
});
