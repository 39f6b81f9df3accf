/**
 * The offline practice mode: what a practice match is on this device (its setup and its
 * move log, enough to rebuild every state and to replay the match) and the calls the page makes to
 * the Web Worker that runs the engine and the bots (practice.worker.ts → host.ts). Types only, plus
 * the checks of a stored record: nothing here knows a rule.
 */
import type { JournalPage } from '../../../worker/match/journal';
import type { Actor, LoggedEvent, MatchInfo } from '../../../worker/protocol/views';
import type { BotLevel } from '../lib/create-memory';
import type { GameEvent, Move } from '../lib/types';

/** A practice bot's strength: the levels of an online match's bots. */
export type PracticeLevel = BotLevel;

/** Bots a practice match has besides the player (1–5, so 2–6 seats). */
export const PRACTICE_BOTS = { min: 1, max: 5 } as const;

/**
 * A practice match as chosen on the form: the rules (a preset name, or a preset with option changes:
 * the engine's `RulesInput`), the seating, each seat's name (the player is seat 0) and bot level
 * (`levels[0]` is unused), who starts, the player's coup-fourré choice and the seed of every shuffle
 * (made on this device; the seed never leaves it).
 */
export interface PracticeSetup {
  /** Version of this record's shape. */
  v: 1;
  /** Names the match on this device (22 base64url characters, like an online match id). */
  id: string;
  rules: string | { preset: string; options?: Record<string, unknown> };
  seats: number;
  teamSize: 1 | 2;
  names: string[];
  levels: PracticeLevel[];
  firstSeat: number;
  responseMode: 'auto' | 'ask';
  seed: string;
  /** When the match was set up (ms since the epoch). */
  createdAt: number;
}

/**
 * One move of the log, in play order: `row` counts the changes (the player's move and every automatic
 * move after it share one row, as a server log row), `at` is its time (ms since the epoch).
 */
export interface PracticeStep {
  row: number;
  at: number;
  seat: number;
  actor: Actor;
  move: Move;
}

/** A practice match as kept on this device: enough to rebuild it (and, finished, to replay it). */
export interface PracticeRecord {
  setup: PracticeSetup;
  log: PracticeStep[];
  /** Set once the match is over (ms since the epoch). */
  finishedAt?: number;
}

/**
 * What a call that moved the match gives back: the player's MatchInfo, the change's public events in
 * play order (for the one-by-one replay of the bots' moves), the new steps to append to the stored
 * log, and the time of each bot decision of the change (ms, measured in the Web Worker).
 */
export interface PracticeUpdate {
  info: MatchInfo;
  events: GameEvent[];
  steps: PracticeStep[];
  thinkMs: number[];
}

/**
 * The practice mode's own error codes: `practice.setup_invalid` the engine refused the setup's rules
 * and seating; `practice.log_invalid` a stored log no longer replays (a damaged record);
 * `practice.not_open` a move before the match was opened.
 */
export const PRACTICE_ERROR_CODES = [
  'practice.setup_invalid',
  'practice.log_invalid',
  'practice.not_open',
] as const;
export type PracticeErrorCode = (typeof PRACTICE_ERROR_CODES)[number];

/**
 * An expected failure of a call, with a stable code (words in web/src/lib/error-words/): one of
 * `PRACTICE_ERROR_CODES`, or the engine's code for a refused move (`version.stale` for a stale one).
 */
export interface PracticeError {
  code: string;
  message: string;
}

/** The calls the Web Worker answers (host.ts `PracticeHost`), by name. */
export interface PracticeCalls {
  /** Builds the match from its setup and replays `log` (a resumed match), then lets the bots play up to the player. */
  open(record: PracticeRecord, now: number): PracticeUpdate | PracticeError;
  /** The player's move at `version`; the bots answer up to the player's next decision. */
  move(move: Move, version: number, now: number): PracticeUpdate | PracticeError;
  /** One hand's public events, as `GET /journal?hand=N` answers (the latest hand without `hand`). */
  journal(hand?: number): JournalPage;
  /** The public events after log row `after`, as `GET /log?after=` answers. */
  log(after: number): { events: LoggedEvent[] };
}

/** A call from the page: its number (for the answer), the call's name and arguments. */
export type PracticeRequest = {
  [K in keyof PracticeCalls]: { id: number; call: K; args: Parameters<PracticeCalls[K]> };
}[keyof PracticeCalls];

/** The Web Worker's answer to request `id`: the call's result, or a crash's message. */
export type PracticeReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string };

/** True when `x` is a `PracticeError` (a result of `open`/`move` that changed nothing). */
export function isPracticeError(x: unknown): x is PracticeError {
  return typeof x === 'object' && x !== null && 'code' in x && !('info' in x);
}

/** True when `x` has the shape of a stored `PracticeRecord` of version 1 (a damaged record is dropped). */
export function isPracticeRecord(x: unknown): x is PracticeRecord {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Partial<PracticeRecord>;
  const s = r.setup as Partial<PracticeSetup> | undefined;
  return (
    !!s &&
    s.v === 1 &&
    typeof s.id === 'string' &&
    typeof s.seed === 'string' &&
    typeof s.seats === 'number' &&
    Array.isArray(s.names) &&
    Array.isArray(s.levels) &&
    Array.isArray(r.log)
  );
}
