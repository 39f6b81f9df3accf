/**
 * The four presets as data: each one's option values, source tag and the seatings its source plays,
 * with the goal the source sets for a seating (e.g. 700 km for two or three players in
 * `partnership`). Shared by the engine's `resolveRules` and the client's create form, which both
 * read a preset's defaults with `presetOptions`. RULES.md §10.
 */
import type { RuleOptions } from './options';

/** Preset names. RULES.md §10. */
export const PRESET_NAMES = ['hasbro-2016', 'classic', 'partnership', 'dujardin'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/**
 * The preset a new match, open table or league starts with when the device remembers no choice:
 * the one source of that default for every form of the client.
 */
export const DEFAULT_PRESET: PresetName = 'hasbro-2016';

/** How seats may be arranged: individual players, or teams of `teamSize` sitting alternately. */
export interface Seating {
  /** Number of seats, 2–8. */
  seats: number;
  /** 1 for individual play, 2 (or 3) for partnerships. */
  teamSize: number;
}

/** One seating a preset plays, with the goals its source sets for it. RULES.md §8, §10. */
export interface PresetSeating extends Seating {
  /** The goal in km when the source sets another one than the preset's `options.goal`. */
  goal?: number;
  /** Goals in km the host may pick instead of the preset's goal (e.g. 700 in `dujardin` with 4 or 8). */
  optionalGoals?: readonly number[];
}

/** A preset: a named bundle of option values plus the seatings its source plays. RULES.md §10. */
export interface Preset {
  name: PresetName;
  /** The source tag, e.g. `[H16]`. */
  source: string;
  /** One line for players choosing rules. */
  summary: string;
  options: RuleOptions;
  /** The seatings the source describes, individual ones first. */
  seatings: readonly PresetSeating[];
}

const OFF = {
  hazardStacking: false,
  attackerMustHaveStarted: false,
  quickRemedy: false,
  mulligan: false,
  extension: false,
  playOutTie: 'none',
} as const;

/** 2–6 individual players, or 4 or 6 in teams of two [H16, OLD]. */
const TWO_TO_SIX: readonly PresetSeating[] = [
  { seats: 2, teamSize: 1 },
  { seats: 3, teamSize: 1 },
  { seats: 4, teamSize: 1 },
  { seats: 5, teamSize: 1 },
  { seats: 6, teamSize: 1 },
  { seats: 4, teamSize: 2 },
  { seats: 6, teamSize: 2 },
];

/** The four presets, exactly as the table of RULES.md §10. */
export const PRESETS: Readonly<Record<PresetName, Preset>> = {
  'hasbro-2016': {
    name: 'hasbro-2016',
    source: '[H16]',
    summary: 'The 2016 edition: draw from the discard, a remedy is enough, reach 1000 or more, one hand.',
    options: {
      ...OFF,
      drawFromDiscard: true,
      emptyDeck: 'reshuffle',
      rollAfterRemedy: false,
      hazardTarget: 'notHazarded',
      exactFinish: false,
      goal: 1000,
      scoring: 'h16',
      matchTarget: 0,
    },
    seatings: TWO_TO_SIX,
  },
  classic: {
    name: 'classic',
    source: '[OLD]',
    summary: 'The classic editions: Roll after every remedy, exactly 1000, bonuses, play to 5000.',
    options: {
      ...OFF,
      drawFromDiscard: false,
      emptyDeck: 'playOut',
      rollAfterRemedy: true,
      hazardTarget: 'rolling',
      exactFinish: true,
      goal: 1000,
      scoring: 'classic',
      matchTarget: 5000,
    },
    seatings: TWO_TO_SIX,
  },
  partnership: {
    name: 'partnership',
    source: '[NO]',
    summary: 'Four players in two teams: a remedy is enough, exactly 1000, bonuses, play to 5000.',
    options: {
      ...OFF,
      drawFromDiscard: false,
      emptyDeck: 'playOut',
      rollAfterRemedy: false,
      hazardTarget: 'rolling',
      exactFinish: true,
      goal: 1000,
      scoring: 'classic',
      matchTarget: 5000,
    },
    seatings: [
      { seats: 2, teamSize: 1, goal: 700 },
      { seats: 3, teamSize: 1, goal: 700 },
      { seats: 4, teamSize: 2 },
    ],
  },
  dujardin: {
    name: 'dujardin',
    source: '[FR]',
    summary: 'The original French rules (1954): Feu Vert after every remedy, exactly 1000, its own bonuses.',
    options: {
      ...OFF,
      drawFromDiscard: false,
      emptyDeck: 'playOut',
      rollAfterRemedy: true,
      hazardTarget: 'rolling',
      exactFinish: true,
      goal: 1000,
      scoring: 'dujardin',
      matchTarget: 5000,
    },
    seatings: [
      { seats: 2, teamSize: 1 },
      { seats: 3, teamSize: 1 },
      { seats: 4, teamSize: 1, optionalGoals: [700] },
      { seats: 6, teamSize: 2 },
      { seats: 8, teamSize: 2, optionalGoals: [700] },
    ],
  },
};

/**
 * A preset's option values for a seating: its `options` with the goal its source sets for that
 * seating (RULES.md §8, §10), as a new object. A seating the preset does not play keeps
 * `options.goal`. A look-up in PRESETS, nothing more.
 */
export function presetOptions(name: PresetName, seating: Seating): RuleOptions {
  const { options, seatings } = PRESETS[name];
  const row = seatings.find((s) => s.seats === seating.seats && s.teamSize === seating.teamSize);
  return row?.goal === undefined ? { ...options } : { ...options, goal: row.goal };
}
