/**
 * What the create form remembers on this device for the next match: the creator's own name and
 * e-mail address and their last choices (preset, changed options, seating, seat kinds and computer
 * strengths, deadlines, coup-fourré choice), in localStorage under one versioned key. Other people's
 * names and addresses are never stored (they belong to one match). The language is kept by i18n
 * (`mb.lang`). Stored data of another version, or any field of the wrong shape, is ignored: the
 * form then starts from its defaults for that field.
 */

import type { BOT_LEVELS } from '../../../worker/protocol/fields';
import {
  MAX_ADDRESS_LENGTH,
  MAX_SEATS,
  NAME_MAX_CHARS,
  RESPONSE_WINDOW_MAX_MINUTES,
  TIMEOUTS_TO_BOT_MAX,
  TURN_DEADLINE_MAX_HOURS,
  VACATION_MAX_DAYS,
} from '../../../worker/shared/limits';
import {
  DEFAULT_PRESET,
  OPTION_NAMES,
  OPTION_VALUES,
  type OptionName,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  type RuleOptions,
} from '../../../worker/shared/rules-data';

/** The localStorage key; the version is also inside the value (`v`). */
export const CREATE_MEMORY_KEY = 'mb.create';
/** The stored shape's version: data of another version is ignored. */
export const CREATE_MEMORY_VERSION = 1;

/** A computer player's strength (the wire's `BOT_LEVELS`, worker/protocol/fields.ts). */
export type BotLevel = (typeof BOT_LEVELS)[number];
/** Every strength, in the order the form offers them. */
export const BOT_LEVEL_CHOICES = ['random', 'basic', 'expert'] as const satisfies readonly BotLevel[];

/** One seat after the host's as remembered: its kind and, for a computer, its strength (no name). */
export interface RememberedSeat {
  kind: 'open' | 'bot';
  botLevel: BotLevel;
}

/** The remembered choices; every field is optional (a field that failed its check is left out). */
export interface CreateMemory {
  name?: string;
  email?: string;
  preset?: PresetName;
  overrides?: Partial<RuleOptions>;
  seating?: { seats: number; teamSize: 1 | 2 };
  /** Seats 2 to 8 in order. */
  seats?: RememberedSeat[];
  /** Turn deadline in hours. */
  deadline?: number;
  /** Response window in minutes. */
  windowMin?: number;
  onDeadline?: 'bot' | 'skip';
  vacationDays?: number;
  timeoutsToBot?: number;
  responseMode?: 'auto' | 'ask';
}

type Checks = { [K in keyof CreateMemory]-?: (x: unknown) => x is NonNullable<CreateMemory[K]> };

const isText =
  (max: number) =>
  (x: unknown): x is string =>
    typeof x === 'string' && x.length <= max;
const isIn =
  <T>(list: readonly T[]) =>
  (x: unknown): x is T =>
    list.includes(x as T);
/** A whole number from `min` to `max`, the server's own range for the field. */
const isCount =
  (max: number, min = 0) =>
  (x: unknown): x is number =>
    Number.isInteger(x) && (x as number) >= min && (x as number) <= max;
const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Whether `value` fits option `name` (its type in every preset, and an enumerated option's values). */
function fitsOption(name: string, value: unknown): boolean {
  if (!(OPTION_NAMES as readonly string[]).includes(name)) return false;
  const like = PRESETS['hasbro-2016'].options[name as OptionName];
  const values = OPTION_VALUES[name as OptionName];
  return typeof value === typeof like && (!values || values.includes(String(value)));
}

const CHECKS: Checks = {
  name: isText(NAME_MAX_CHARS),
  email: isText(MAX_ADDRESS_LENGTH),
  preset: isIn(PRESET_NAMES),
  overrides: (x): x is Partial<RuleOptions> =>
    isObject(x) && Object.entries(x).every(([k, v]) => fitsOption(k, v)),
  seating: (x): x is { seats: number; teamSize: 1 | 2 } =>
    isObject(x) && isCount(MAX_SEATS)(x.seats) && (x.teamSize === 1 || x.teamSize === 2),
  seats: (x): x is RememberedSeat[] =>
    Array.isArray(x) &&
    x.length <= MAX_SEATS - 1 &&
    x.every((s) => isObject(s) && isIn(['open', 'bot'])(s.kind) && isIn(BOT_LEVEL_CHOICES)(s.botLevel)),
  deadline: isCount(TURN_DEADLINE_MAX_HOURS),
  windowMin: isCount(RESPONSE_WINDOW_MAX_MINUTES, 1),
  onDeadline: isIn(['bot', 'skip'] as const),
  vacationDays: isCount(VACATION_MAX_DAYS),
  timeoutsToBot: isCount(TIMEOUTS_TO_BOT_MAX),
  responseMode: isIn(['auto', 'ask'] as const),
};

/** The remembered choices of this device ({} when nothing, another version or no JSON is stored). */
export function loadCreateMemory(): CreateMemory {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(CREATE_MEMORY_KEY) ?? 'null');
  } catch {
    return {};
  }
  if (!isObject(stored) || stored.v !== CREATE_MEMORY_VERSION) return {};
  const out: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(CHECKS) as [keyof CreateMemory, (x: unknown) => boolean][]) {
    if (check(stored[key])) out[key] = stored[key];
  }
  return out as CreateMemory;
}

/**
 * The preset a form for new matches starts with (the create form, the open table, a new league):
 * this device's last choice, else `DEFAULT_PRESET`.
 */
export function startPreset(memory: CreateMemory = loadCreateMemory()): PresetName {
  return memory.preset ?? DEFAULT_PRESET;
}

/** Keeps `memory` on this device for the next match (storage refused, e.g. private mode: nothing kept). */
export function saveCreateMemory(memory: CreateMemory): void {
  try {
    localStorage.setItem(CREATE_MEMORY_KEY, JSON.stringify({ v: CREATE_MEMORY_VERSION, ...memory }));
  } catch {
    // Nothing is remembered; the form starts from its defaults next time.
  }
}

/** Forgets the remembered choices. */
export function forgetCreateMemory(): void {
  try {
    localStorage.removeItem(CREATE_MEMORY_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
