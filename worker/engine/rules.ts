/**
 * Rule options, the four presets (as data) and the validation of a rules setting with its seating.
 * RULES.md §10 (presets), §3–§9 (what each option changes).
 */

/** Preset names. RULES.md §10. */
export const PRESET_NAMES = ['hasbro-2016', 'classic', 'partnership', 'dujardin'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** Scoring tables. RULES.md §9. */
export const SCORING_TABLES = ['h16', 'classic', 'dujardin'] as const;
export type ScoringTable = (typeof SCORING_TABLES)[number];

/**
 * Every rule option of RULES.md. All are shown to every player before a match starts and stored
 * with the match.
 */
export interface RuleOptions {
  /** §3 [H16]: a player may take the top discard instead of drawing from the draw pile. */
  drawFromDiscard: boolean;
  /** §3: `reshuffle` [H16] (at most twice per hand, then as playOut) or `playOut` [NO, OLD, FR]. */
  emptyDeck: 'reshuffle' | 'playOut';
  /** §4: a remedy must be followed by a Roll before driving again [OLD, FR]. */
  rollAfterRemedy: boolean;
  /** §5: battle hazards only on a rolling player [NO, FR], or on anyone not under a battle hazard [H16]. */
  hazardTarget: 'rolling' | 'notHazarded';
  /** §5 [OLD]: a battle hazard may go on another battle hazard (needs hazardTarget = notHazarded). */
  hazardStacking: boolean;
  /** §5 [H16 FAQ]: a player/team that never rolled this hand may not play battle hazards. */
  attackerMustHaveStarted: boolean;
  /** §4, §8: no distance may pass the goal [NO, FR, OLD]; off: reaching the goal or more ends the hand [H16]. */
  exactFinish: boolean;
  /** §8: the trip length in km; a multiple of 25 from 100 to 5000. */
  goal: number;
  /** §9: which scoring table applies. */
  scoring: ScoringTable;
  /** §9: match target in points (5000 in classic play); 0 means a single-hand match [H16]. */
  matchTarget: number;
  /** §7 fast game [H16 variant]: answer a hazard at once with its remedy, out of turn. */
  quickRemedy: boolean;
  /** §7 fast game [H16 variant]: after drawing, discard any number of cards and draw back to six. */
  mulligan: boolean;
  /** §8 (Parker Brothers / "allonge"): reaching exactly 700 may extend the trip to 1000. Goal 700 only. */
  extension: boolean;
  /**
   * §8: who wins a played-out hand when the closest players/teams tie: `none` (no hand winner, no
   * winner's bonus [FR]) or `shared` (all of them win the hand).
   */
  playOutTie: 'none' | 'shared';
}

export type OptionName = keyof RuleOptions;

/** Every option name, in the order they are shown to players. */
export const OPTION_NAMES = [
  'drawFromDiscard',
  'emptyDeck',
  'rollAfterRemedy',
  'hazardTarget',
  'hazardStacking',
  'attackerMustHaveStarted',
  'exactFinish',
  'goal',
  'scoring',
  'matchTarget',
  'quickRemedy',
  'mulligan',
  'extension',
  'playOutTie',
] as const satisfies readonly OptionName[];

/** The values an enumerated option may take (booleans and numbers are checked by type). */
export const OPTION_VALUES: Partial<Record<OptionName, readonly string[]>> = {
  emptyDeck: ['reshuffle', 'playOut'],
  hazardTarget: ['rolling', 'notHazarded'],
  scoring: SCORING_TABLES,
  playOutTie: ['none', 'shared'],
};

/** How seats may be arranged: individual players, or teams of `teamSize` sitting alternately. */
export interface Seating {
  /** Number of seats, 2–8. */
  seats: number;
  /** 1 for individual play, 2 (or 3) for partnerships. */
  teamSize: number;
}

/** A preset: a named bundle of option values plus the seatings its source plays. RULES.md §10. */
export interface Preset {
  name: PresetName;
  /** The source tag, e.g. `[H16]`. */
  source: string;
  /** One line for players choosing rules. */
  summary: string;
  options: RuleOptions;
  /** The seatings the source describes. */
  seatings: readonly Seating[];
  /** Goal override by seating (e.g. 700 for 2–3 individual players in `partnership`). */
  goalFor?: (seating: Seating) => number | undefined;
  /** Goals the host may pick instead of `options.goal` for a seating (e.g. 700 in `dujardin` with 4 or 8). */
  optionalGoals?: (seating: Seating) => readonly number[];
}

const OFF = {
  hazardStacking: false,
  attackerMustHaveStarted: false,
  quickRemedy: false,
  mulligan: false,
  extension: false,
  playOutTie: 'none',
} as const;

function seatings(individual: number[], teams: Array<[number, number]>): Seating[] {
  return [
    ...individual.map((seats) => ({ seats, teamSize: 1 })),
    ...teams.map(([seats, teamSize]) => ({ seats, teamSize })),
  ];
}

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
    seatings: seatings(
      [2, 3, 4, 5, 6],
      [
        [4, 2],
        [6, 2],
      ],
    ),
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
    seatings: seatings(
      [2, 3, 4, 5, 6],
      [
        [4, 2],
        [6, 2],
      ],
    ),
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
    seatings: seatings([2, 3], [[4, 2]]),
    goalFor: (s) => (s.teamSize === 1 && s.seats <= 3 ? 700 : undefined),
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
    seatings: seatings(
      [2, 3, 4],
      [
        [6, 2],
        [8, 2],
      ],
    ),
    optionalGoals: (s) => (s.seats === 4 || s.seats === 8 ? [700] : []),
  },
};

/** The rules of one match: the preset it started from and every option's value. */
export interface Rules {
  preset: PresetName;
  options: RuleOptions;
}

/** What a host asks for: a preset name, or a preset plus single option changes ("custom rules"). */
export type RulesInput = PresetName | { preset: PresetName; options?: Partial<Record<string, unknown>> };

/** One problem with a rules setting or seating. `field` names the option (or `seats`/`teams`). */
export interface RulesProblem {
  field: string;
  message: string;
}

function describeSeatings(p: Preset): string {
  const ind = p.seatings.filter((s) => s.teamSize === 1).map((s) => s.seats);
  const teams = p.seatings.filter((s) => s.teamSize > 1).map((s) => `${s.seats} in teams of ${s.teamSize}`);
  return [ind.length ? `${ind.join(', ')} individual players` : '', ...teams].filter(Boolean).join('; ');
}

/**
 * Resolves a rules input for a seating into the match's rules, or lists every problem found:
 * unknown preset or option, a value of the wrong type, a goal that is no multiple of 25, a seating
 * the preset does not play, an extension without goal 700, stacking with `hazardTarget = rolling`.
 * RULES.md §10 ("a host may start from a preset and change single options").
 */
export function resolveRules(input: RulesInput, seating: Seating): ResolvedRules {
  if (typeof input !== 'string') return resolveRulesUncached(input, seating);
  // A bare preset resolves the same way every time; matches share the (never changed) result.
  const key = `${input}|${seating.seats}|${seating.teamSize}`;
  let hit = presetCache.get(key);
  if (hit === undefined) {
    hit = resolveRulesUncached(input, seating);
    if (hit.ok) Object.freeze(Object.freeze(hit.rules).options);
    if (presetCache.size < 256) presetCache.set(key, hit);
  }
  return hit;
}

/** The result of resolveRules. */
export type ResolvedRules = { ok: true; rules: Rules } | { ok: false; problems: RulesProblem[] };
const presetCache = new Map<string, ResolvedRules>();

function resolveRulesUncached(input: RulesInput, seating: Seating): ResolvedRules {
  const problems: RulesProblem[] = [];
  const presetName = typeof input === 'string' ? input : input?.preset;
  const preset = (PRESET_NAMES as readonly string[]).includes(presetName as string)
    ? PRESETS[presetName as PresetName]
    : undefined;
  if (!preset) {
    return {
      ok: false,
      problems: [
        {
          field: 'preset',
          message: `unknown preset "${String(presetName)}"; use one of ${PRESET_NAMES.join(', ')}`,
        },
      ],
    };
  }
  const options: RuleOptions = { ...preset.options };
  const presetGoal = preset.goalFor?.(seating);
  if (presetGoal !== undefined) options.goal = presetGoal;

  const changes = typeof input === 'string' ? {} : (input.options ?? {});
  for (const [name, value] of Object.entries(changes)) {
    if (!(OPTION_NAMES as readonly string[]).includes(name)) {
      problems.push({ field: name, message: `unknown option "${name}"` });
      continue;
    }
    const key = name as OptionName;
    const allowed = OPTION_VALUES[key];
    const expected = typeof preset.options[key];
    if (allowed) {
      if (!allowed.includes(value as string)) {
        problems.push({ field: key, message: `${key} must be one of ${allowed.join(', ')}` });
        continue;
      }
    } else if (typeof value !== expected) {
      problems.push({ field: key, message: `${key} must be a ${expected}` });
      continue;
    }
    (options as unknown as Record<string, unknown>)[key] = value;
  }

  problems.push(...seatingProblems(preset, seating));
  if (
    !Number.isInteger(options.goal) ||
    options.goal % 25 !== 0 ||
    options.goal < 100 ||
    options.goal > 5000
  ) {
    problems.push({ field: 'goal', message: 'goal must be a multiple of 25 km from 100 to 5000' });
  }
  if (!Number.isInteger(options.matchTarget) || options.matchTarget < 0 || options.matchTarget > 100000) {
    problems.push({
      field: 'matchTarget',
      message: 'matchTarget must be 0 (one hand) or a whole number of points',
    });
  }
  if (options.extension && options.goal !== 700) {
    problems.push({ field: 'extension', message: 'extension needs goal 700 (the trip is extended to 1000)' });
  }
  return problems.length ? { ok: false, problems } : { ok: true, rules: { preset: preset.name, options } };
}

/** The seating checks of one preset (RULES.md §10 "players" row). */
function seatingProblems(preset: Preset, seating: Seating): RulesProblem[] {
  const { seats, teamSize } = seating;
  if (!Number.isInteger(seats) || seats < 2 || seats > 8) {
    return [{ field: 'seats', message: 'a match has 2 to 8 seats' }];
  }
  if (teamSize > 1 && seats % teamSize !== 0) {
    return [{ field: 'teams', message: `${seats} seats cannot be split into teams of ${teamSize}` }];
  }
  if (!preset.seatings.some((s) => s.seats === seats && s.teamSize === teamSize)) {
    const what = teamSize > 1 ? `${seats} players in teams of ${teamSize}` : `${seats} individual players`;
    return [
      {
        field: 'seats',
        message: `${preset.name} is not played by ${what}; it is played by ${describeSeatings(preset)}`,
      },
    ];
  }
  return [];
}
