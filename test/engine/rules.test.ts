/** Rule options and presets: the four presets exactly as RULES.md §10, custom options, refusals. */
import { describe, expect, it } from 'vitest';
import { createMatch, OPTION_NAMES, PRESET_NAMES, PRESETS, resolveRules } from '../../worker/engine/index';

const solo = (seats: number) => ({ seats, teamSize: 1 });

describe('presets are data, as the table of RULES.md §10', () => {
  it('has the four presets with every option set', () => {
    expect(PRESET_NAMES).toEqual(['hasbro-2016', 'classic', 'partnership', 'dujardin']);
    for (const name of PRESET_NAMES)
      expect(Object.keys(PRESETS[name].options).sort()).toEqual([...OPTION_NAMES].sort());
  });
  it('hasbro-2016: discard draw, reshuffle, remedy is enough, not-hazarded targets, open finish, h16, one hand', () => {
    expect(PRESETS['hasbro-2016'].options).toMatchObject({
      drawFromDiscard: true,
      emptyDeck: 'reshuffle',
      rollAfterRemedy: false,
      hazardTarget: 'notHazarded',
      exactFinish: false,
      goal: 1000,
      scoring: 'h16',
      matchTarget: 0,
      quickRemedy: false,
      mulligan: false,
    });
  });
  it('classic: play-out, Roll after remedy, rolling targets, exact 1000, classic scoring to 5000', () => {
    expect(PRESETS.classic.options).toMatchObject({
      drawFromDiscard: false,
      emptyDeck: 'playOut',
      rollAfterRemedy: true,
      hazardTarget: 'rolling',
      exactFinish: true,
      goal: 1000,
      scoring: 'classic',
      matchTarget: 5000,
    });
  });
  it('partnership: remedy is enough, 700 for 2–3 individual players, 1000 in teams', () => {
    expect(PRESETS.partnership.options).toMatchObject({
      rollAfterRemedy: false,
      hazardTarget: 'rolling',
      scoring: 'classic',
    });
    const r2 = resolveRules('partnership', solo(2));
    const r4 = resolveRules('partnership', { seats: 4, teamSize: 2 });
    expect(r2.ok && r2.rules.options.goal).toBe(700);
    expect(r4.ok && r4.rules.options.goal).toBe(1000);
  });
  it('dujardin: Feu Vert after remedies, dujardin scoring, 700 by choice', () => {
    expect(PRESETS.dujardin.options).toMatchObject({
      rollAfterRemedy: true,
      scoring: 'dujardin',
      exactFinish: true,
    });
    const r = resolveRules({ preset: 'dujardin', options: { goal: 700 } }, solo(4));
    expect(r.ok && r.rules.options.goal).toBe(700);
  });
  it('every option but the preset values defaults to off', () => {
    for (const name of PRESET_NAMES) {
      expect(PRESETS[name].options).toMatchObject({
        hazardStacking: false,
        attackerMustHaveStarted: false,
        extension: false,
      });
    }
  });
});

describe('custom rules and refusals', () => {
  it('changes single options on top of a preset', () => {
    const r = resolveRules(
      { preset: 'hasbro-2016', options: { quickRemedy: true, mulligan: true } },
      solo(3),
    );
    expect(r.ok && r.rules.options).toMatchObject({
      quickRemedy: true,
      mulligan: true,
      drawFromDiscard: true,
    });
  });
  it('lists every problem of an invalid combination at once', () => {
    const r = resolveRules(
      { preset: 'classic', options: { goal: 990, colour: 'red', emptyDeck: 'sometimes', extension: true } },
      { seats: 5, teamSize: 2 },
    );
    expect(r.ok).toBe(false);
    const fields = r.ok ? [] : r.problems.map((p) => p.field).sort();
    expect(fields).toEqual(['colour', 'emptyDeck', 'extension', 'goal', 'teams']);
  });
  it('refuses seatings a preset does not play and seat counts outside 2–8', () => {
    expect(resolveRules('dujardin', solo(5)).ok).toBe(false);
    expect(resolveRules('partnership', { seats: 6, teamSize: 2 }).ok).toBe(false);
    expect(resolveRules('classic', solo(9)).ok).toBe(false);
    expect(resolveRules('classic', solo(1)).ok).toBe(false);
    expect(resolveRules('dujardin', { seats: 8, teamSize: 2 }).ok).toBe(true);
  });
  it('refuses options of the wrong type, and accepts stacking with rolling targets ([OLD] is classic)', () => {
    const r = resolveRules(
      { preset: 'classic', options: { hazardStacking: true, exactFinish: 'yes' } },
      solo(2),
    );
    expect(r.ok ? [] : r.problems.map((p) => p.field).sort()).toEqual(['exactFinish']);
    expect(resolveRules({ preset: 'classic', options: { hazardStacking: true } }, solo(2)).ok).toBe(true);
  });
  it('refuses an unknown preset', () => {
    expect(resolveRules('monopoly' as never, solo(2)).ok).toBe(false);
  });
  it('createMatch passes the problems on and checks the first seat', () => {
    const r = createMatch({ rules: 'classic', seats: 2, seed: 's', firstSeat: 3 });
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual(['firstSeat']);
  });
});
