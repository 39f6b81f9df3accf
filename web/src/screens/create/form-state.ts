/**
 * The create form's state: the host's choices as signals (starting from what this device remembers,
 * lib/create-memory.ts), what they come to (the seating and the preset's defaults for it, looked up
 * in the shared rules data), the request they build and what is remembered for the next match. The
 * parts of the form (CreateForm.tsx and its fieldsets) read and write these signals.
 */
import { type Signal, useSignal } from '@preact/signals';
import {
  type OptionName,
  PRESETS,
  type PresetName,
  presetOptions,
  type RuleOptions,
} from '../../../../worker/shared/rules-data';
import { lang } from '../../i18n';
import { type BotLevel, type CreateMemory, loadCreateMemory, startPreset } from '../../lib/create-memory';
import type { CreateMatch, ResponseMode, SeatRequest } from '../../lib/types';

/** Who sits in a seat other than the host's: an invited player (by link, or by mail) or a bot. */
export type SeatKind = 'open' | 'bot';

/** The host's choice for one seat after their own. */
export interface SeatChoice {
  kind: SeatKind;
  name: string;
  botLevel: BotLevel;
  /** An invited player's address: the seat is theirs and the invitation is mailed ('' for a link). */
  email: string;
}

/** A way to sit: the number of seats and the team size (1: everyone plays alone). RULES.md §2, §10. */
export interface SeatingChoice {
  seats: number;
  teamSize: 1 | 2;
}

/** Who starts the first hand: drawn at random, or one seat (0 is the host). RULES.md §2. */
export type FirstSeat = 'random' | number;

/** The seatings `preset` plays (RULES.md §10), in the data's order: individual ones first. */
export function presetSeatings(preset: PresetName): SeatingChoice[] {
  return PRESETS[preset].seatings.map((s) => ({ seats: s.seats, teamSize: s.teamSize === 2 ? 2 : 1 }));
}

/**
 * The seating `preset` is made for: its first seating with the preset's own goal (Partnership: four
 * players in two teams; its 2- and 3-player seatings play to 700 km, RULES.md §8).
 */
export function mainSeating(preset: PresetName): SeatingChoice {
  const own = PRESETS[preset].seatings.find((s) => s.goal === undefined) ?? PRESETS[preset].seatings[0];
  return { seats: own.seats, teamSize: own.teamSize === 2 ? 2 : 1 };
}

/** Whether `preset` plays `seating` with its own goal (no goal of its own for that seating). */
function playsAsMade(preset: PresetName, seating: SeatingChoice): boolean {
  return PRESETS[preset].seatings.some(
    (s) => s.seats === seating.seats && s.teamSize === seating.teamSize && s.goal === undefined,
  );
}

/**
 * The seating after choosing `preset`: the current one when the preset plays it with its own goal,
 * else the preset's main seating (so Partnership never starts as a 2-player match by accident).
 */
export function seatingForPreset(preset: PresetName, current: SeatingChoice): SeatingChoice {
  return playsAsMade(preset, current) ? current : mainSeating(preset);
}

/** The form's signals, one per choice, plus the submission's progress. */
export interface CreateFormState {
  preset: Signal<PresetName>;
  /** The seating asked for (one the preset plays: `formChoice` falls back to its main one). */
  seating: Signal<SeatingChoice>;
  /** Who starts the first hand (a seat beyond the seating counts as random). */
  firstSeat: Signal<FirstSeat>;
  /** Remember the creator's name, address and choices on this device (lib/create-memory.ts). */
  remember: Signal<boolean>;
  myName: Signal<string>;
  myEmail: Signal<string>;
  title: Signal<string>;
  /** Seats 2 to 8; only the first `seats - 1` are used. */
  seats: Signal<SeatChoice[]>;
  /** Options the host changed from the preset's defaults. */
  overrides: Signal<Partial<RuleOptions>>;
  /** Turn deadline in hours (0: none). */
  deadline: Signal<number>;
  /** Response window in minutes. */
  windowMin: Signal<number>;
  onDeadline: Signal<'bot' | 'skip'>;
  /** Vacation days per player (0..30). */
  vacationDays: Signal<number>;
  /** Turn timeouts in a row after which the computer keeps the seat (0: never). */
  timeoutsToBot: Signal<number>;
  /** The host's own coup-fourré choice (RULES.md §7). */
  responseMode: Signal<ResponseMode>;
  busy: Signal<boolean>;
  /** The words of the last failed submission. */
  err: Signal<string | null>;
  /** The same request without addresses, offered after the daily budget of addresses refused one. */
  retry: Signal<CreateMatch | null>;
  /** A match created with invitation addresses: what became of them (shown before opening it). */
  done: Signal<Invitations | null>;
  // -- open table --
  /** List the match on the open table for strangers. */
  open: Signal<boolean>;
  /** Minutes to wait for strangers before bots fill the open seats (5 to 1440). */
  openWait: Signal<number>;
}

/**
 * What became of the invitation addresses of a created match: `mailed` "Bob (bob@example.org), …"
 * ('' for none); `unsent` the invited seats this server mails nothing to (it has no mail sender),
 * with the seat link to share instead.
 */
export interface Invitations {
  matchId: string;
  mailed: string;
  unsent: { name: string; url: string }[];
}

/** Seats 2 to 8 as remembered (kinds and strengths; names and addresses start empty). */
function startSeats(memory: CreateMemory): SeatChoice[] {
  return Array.from({ length: 7 }, (_, i) => {
    const seat = memory.seats?.[i];
    return { kind: seat?.kind ?? 'open', name: '', botLevel: seat?.botLevel ?? 'basic', email: '' };
  });
}

/** The form's signals, starting from this device's remembered choices or the defaults (a hook: call once per form). */
export function useCreateForm(): CreateFormState {
  const m = loadCreateMemory();
  const preset = startPreset(m);
  return {
    preset: useSignal<PresetName>(preset),
    seating: useSignal<SeatingChoice>(m.seating ?? mainSeating(preset)),
    firstSeat: useSignal<FirstSeat>('random'),
    remember: useSignal(true),
    myName: useSignal(m.name ?? ''),
    myEmail: useSignal(m.email ?? ''),
    title: useSignal(''),
    seats: useSignal<SeatChoice[]>(startSeats(m)),
    overrides: useSignal<Partial<RuleOptions>>(m.overrides ?? {}),
    deadline: useSignal<number>(m.deadline ?? 72),
    windowMin: useSignal<number>(m.windowMin ?? 720),
    onDeadline: useSignal<'bot' | 'skip'>(m.onDeadline ?? 'bot'),
    vacationDays: useSignal<number>(m.vacationDays ?? 7),
    timeoutsToBot: useSignal<number>(m.timeoutsToBot ?? 2),
    responseMode: useSignal<ResponseMode>(m.responseMode ?? 'auto'),
    busy: useSignal(false),
    err: useSignal<string | null>(null),
    retry: useSignal<CreateMatch | null>(null),
    done: useSignal<Invitations | null>(null),
    open: useSignal(false),
    openWait: useSignal(30),
  };
}

/** What the choices come to now: the seating the preset plays and the rules for it. */
export interface FormChoice {
  teamSize: 1 | 2;
  /** The number of seats: the seating asked for if the preset plays it, else its main one. */
  seats: number;
  /** The seatings the preset plays (the form offers only these). */
  seatings: SeatingChoice[];
  /** Who starts: 'random', or a seat of this seating. */
  firstSeat: FirstSeat;
  /** The preset's option values for this seating (RULES.md §10). */
  defaults: RuleOptions;
  /** `defaults` with the host's changes. */
  effective: RuleOptions;
}

/** Reads the form's choices (RULES.md §10 seatings; the goal per seating comes from PRESETS). */
export function formChoice(form: CreateFormState): FormChoice {
  const preset = form.preset.value;
  const seatings = presetSeatings(preset);
  const asked = form.seating.value;
  const plays = seatings.some((s) => s.seats === asked.seats && s.teamSize === asked.teamSize);
  const { seats, teamSize } = plays ? asked : mainSeating(preset);
  const first = form.firstSeat.value;
  const firstSeat = first !== 'random' && first < seats ? first : 'random';
  const defaults = presetOptions(preset, { seats, teamSize });
  return {
    teamSize,
    seats,
    seatings,
    firstSeat,
    defaults,
    effective: { ...defaults, ...form.overrides.value },
  };
}

/**
 * The POST /api/matches body the choices build: the host in seat 1 (with the current language), the
 * other seats, and the rules as the bare preset unless some option differs from its default.
 */
export function createRequest(form: CreateFormState, choice: FormChoice): CreateMatch {
  const seatList: SeatRequest[] = [
    {
      kind: 'human',
      name: form.myName.value.trim() || undefined,
      email: form.myEmail.value.trim() || undefined,
      language: lang.value,
      responseMode: form.responseMode.value,
    },
    ...form.seats.value.slice(0, choice.seats - 1).map(seatRequest),
  ];
  const changed = Object.fromEntries(
    Object.entries(form.overrides.value).filter(([k, v]) => choice.defaults[k as OptionName] !== v),
  );
  return {
    title: form.title.value.trim() || undefined,
    rules: Object.keys(changed).length ? { preset: form.preset.value, options: changed } : form.preset.value,
    teamSize: choice.teamSize,
    seats: seatList,
    firstSeat: choice.firstSeat,
    turnDeadlineHours: form.deadline.value,
    responseWindowMinutes: form.windowMin.value,
    onDeadline: form.onDeadline.value,
    vacationDays: form.vacationDays.value,
    timeoutsToBot: form.timeoutsToBot.value,
    ...(form.open.value ? { open: { waitMinutes: form.openWait.value } } : {}),
  };
}

/**
 * One seat after the host's as the request wants it: a player invited by mail is a `human` seat with
 * the address (the server mails them the invitation with their own seat link, in the host's language).
 */
function seatRequest(s: SeatChoice): SeatRequest {
  const name = s.name.trim() || undefined;
  const email = s.email.trim();
  if (s.kind === 'bot') return { kind: 'bot', botLevel: s.botLevel, name };
  return email ? { kind: 'human', name, email, language: lang.value } : { kind: 'open', name };
}

/** The seats of a request invited by mail, as `{seat, email}` (seat numbers from 0, the host's). */
export function mailedSeats(body: CreateMatch): { seat: number; email: string }[] {
  return body.seats.flatMap((s, seat) => (seat > 0 && s.email ? [{ seat, email: s.email }] : []));
}

/**
 * What this device remembers of a created match (lib/create-memory.ts): the creator's own name and
 * address and the choices; never another player's name or address.
 */
export function memoryOf(form: CreateFormState, choice: FormChoice): CreateMemory {
  return {
    name: form.myName.value.trim(),
    email: form.myEmail.value.trim(),
    preset: form.preset.value,
    overrides: form.overrides.value,
    seating: { seats: choice.seats, teamSize: choice.teamSize },
    seats: form.seats.value.map((s) => ({ kind: s.kind, botLevel: s.botLevel })),
    deadline: form.deadline.value,
    windowMin: form.windowMin.value,
    onDeadline: form.onDeadline.value,
    vacationDays: form.vacationDays.value,
    timeoutsToBot: form.timeoutsToBot.value,
    responseMode: form.responseMode.value,
  };
}
