/**
 * The validation of a rules setting with its seating. The presets and options themselves are data
 * in worker/shared/rules-data, re-exported here. RULES.md §10 (presets), §3–§9 (what each option
 * changes).
 */
import {
  OPTION_NAMES,
  OPTION_VALUES,
  type OptionName,
  PRESET_NAMES,
  PRESETS,
  type Preset,
  type PresetName,
  presetOptions,
  type RuleOptions,
  type Seating,
} from '../shared/rules-data';

// Re-exported so that everything importing the rules data from the engine keeps working.
export { type PresetSeating, SCORING_TABLES, type ScoringTable } from '../shared/rules-data';
export type { OptionName, Preset, PresetName, RuleOptions, Seating };
export { OPTION_NAMES, OPTION_VALUES, PRESET_NAMES, PRESETS, presetOptions };

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
 * unknown preset or option, a value of the wrong type or not among the option's values, a goal
 * that is no multiple of 25 km from 100 to 5000, a `matchTarget` that is no whole number from 0 to
 * 100000, a seating the preset does not play, an extension without goal 700. (`hazardStacking`
 * goes with either `hazardTarget`: docs/INTERPRETATIONS.md, hazard targets.)
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
  const options: RuleOptions = presetOptions(preset.name, seating);

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
