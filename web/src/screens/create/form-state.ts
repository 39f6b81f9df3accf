/**
 * The create form's state: the host's choices as signals, what they come to (the seating and the
 * preset's defaults for it, looked up in the shared rules data) and the request they build. The
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
import type { CreateMatch, ResponseMode, SeatRequest } from '../../lib/types';

/** Who sits in a seat other than the host's: an open seat (invitation) or a bot. */
export type SeatKind = 'open' | 'bot';

/** The host's choice for one seat after their own. */
export interface SeatChoice {
  kind: SeatKind;
  name: string;
  botLevel: 'random' | 'basic' | 'expert';
}

/** The form's signals, one per choice, plus the submission's progress. */
export interface CreateFormState {
  preset: Signal<PresetName>;
  /** Partnerships (teams of two) instead of individual play. */
  teams: Signal<boolean>;
  /** Number of seats asked for (kept when the preset does not play it; see `formChoice`). */
  count: Signal<number>;
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
}

/** The form's signals with their starting values (a hook: call once per form). */
export function useCreateForm(): CreateFormState {
  return {
    preset: useSignal<PresetName>('hasbro-2016'),
    teams: useSignal(false),
    count: useSignal(2),
    myName: useSignal(''),
    myEmail: useSignal(''),
    title: useSignal(''),
    seats: useSignal<SeatChoice[]>(
      Array.from({ length: 7 }, () => ({ kind: 'open' as SeatKind, name: '', botLevel: 'basic' as const })),
    ),
    overrides: useSignal<Partial<RuleOptions>>({}),
    deadline: useSignal<number>(72),
    windowMin: useSignal<number>(720),
    onDeadline: useSignal<'bot' | 'skip'>('bot'),
    vacationDays: useSignal<number>(7),
    timeoutsToBot: useSignal<number>(2),
    responseMode: useSignal<ResponseMode>('auto'),
    busy: useSignal(false),
    err: useSignal<string | null>(null),
  };
}

/** What the choices come to now: the seating the preset plays and the rules for it. */
export interface FormChoice {
  teamSize: 1 | 2;
  /** The seat counts the preset plays with this team size. */
  counts: number[];
  /** True when the preset plays some partnership. */
  canTeams: boolean;
  /** The number of seats: the one asked for if the preset plays it, else its first. */
  seats: number;
  /** The preset's option values for this seating (RULES.md §10). */
  defaults: RuleOptions;
  /** `defaults` with the host's changes. */
  effective: RuleOptions;
}

/** Reads the form's choices (RULES.md §10 seatings; the goal per seating comes from PRESETS). */
export function formChoice(form: CreateFormState): FormChoice {
  const p = PRESETS[form.preset.value];
  const teamSize = form.teams.value ? 2 : 1;
  const counts = p.seatings.filter((s) => s.teamSize === teamSize).map((s) => s.seats);
  const canTeams = p.seatings.some((s) => s.teamSize === 2);
  const seats = counts.includes(form.count.value) ? form.count.value : (counts[0] ?? 2);
  const defaults = presetOptions(form.preset.value, { seats, teamSize });
  return { teamSize, counts, canTeams, seats, defaults, effective: { ...defaults, ...form.overrides.value } };
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
    turnDeadlineHours: form.deadline.value,
    responseWindowMinutes: form.windowMin.value,
    onDeadline: form.onDeadline.value,
    vacationDays: form.vacationDays.value,
    timeoutsToBot: form.timeoutsToBot.value,
  };
}

/** One seat after the host's as the request wants it. */
function seatRequest(s: SeatChoice): SeatRequest {
  return s.kind === 'bot'
    ? { kind: 'bot', botLevel: s.botLevel, name: s.name.trim() || undefined }
    : { kind: 'open', name: s.name.trim() || undefined };
}
