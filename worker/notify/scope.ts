/**
 * What the notifier's modules share: what the notifier may know of its match and ask of it
 * (`NotifierContext`, provided by the match Durable Object; the notifier never reads the match's
 * tables), the test hooks and the clock. Also the types of the notifier's hooks (`Change`,
 * `NotifierTestHooks`).
 */

import type { GameEvent, MatchState } from '../engine/index';
import type { Env } from '../env';
import type { LazyTable } from '../lazy-table';
import type { Reply } from '../reply';
import type { MailPause } from './catch-up';
import type { NewChat } from './chat-lines';
import type { MailPlay } from './mail-position';
import type { DueRow } from './outbox';
import type { MailSender } from './types';

/** The match as the notifier sees it (read at call time). */
export interface NotifyMatch {
  matchId: string;
  /** The first match of its rematch chain (its own id for a first match); mutes are per chain. */
  chainId: string;
  status: 'lobby' | 'playing' | 'finished';
  config: { title: string; onDeadline: 'bot' | 'skip'; timeoutsToBot?: number };
  state: MatchState | null;
  rematchId: string | null;
  /** The human seats that must still answer the open rematch offer; none without one. */
  rematchWaiting?: readonly number[];
  /**
   * The running deadline (ms since the epoch): a seat's turn, or between hands. `frozen`: the
   * vacation that stopped the turn's clock; every time of the turn is later by `toMs - fromMs`.
   */
  turnDeadline:
    | { kind: 'turn'; seat: number; atMs: number; frozen?: { fromMs: number; toMs: number } }
    | { kind: 'handOver'; atMs: number }
    | null;
}

/** One seat as the notifier sees it. */
export interface NotifySeat {
  seat: number;
  name: string;
  kind: 'human' | 'bot' | 'open';
  standIn: boolean;
  email: string | null;
  language: string;
  emailNotifications: boolean;
  /** The seat's further settings the notifier reads: why a bot stands in, the player's time zone (IANA). */
  prefs: {
    standInReason?: 'host' | 'timeouts' | 'self';
    timeZone?: string;
    /** The player left the match: the seat gets no more mail. */
    left?: { outcome: 'bot' | 'skip' | 'end' };
    /** An invited guest who never chose a name (`unnamed`): their mails greet nobody by the placeholder. */
    invited?: 'named' | 'unnamed';
  };
}

/** The part of the match's schedule the notifier uses: its own `mail` item. Times in ms since the epoch. */
export interface NotifySchedule {
  schedule(kind: string, key: string, atMs: number, payload?: unknown): void;
  cancel(kind: string, key?: string): void;
}

/**
 * What a notifier may use: the bindings, the object's SQL storage for its own tables (`mail_outbox`,
 * `push_subs`), the schedule, and what it asks of the match.
 */
export interface NotifierContext {
  env: Env;
  sql: SqlStorage;
  schedule: NotifySchedule;
  /** The match, or null when none lives here. */
  match(): NotifyMatch | null;
  seats(): readonly NotifySeat[];
  /**
   * The match's clock (ms since the epoch), the notifier's too: it sends by it, and the times of a
   * turn come from the change that started the turn, timed by it.
   */
  now(): number;
  /** The public origin for links (e.g. "https://mb.example.org"). */
  origin(): string;
  /**
   * Whether a person is looking at `seat`'s page at `nowMs` (ms, the match clock): a page of the seat
   * is visible and was used within the last minutes (worker/match/presence.ts). An open socket alone
   * is not presence.
   */
  present(seat: number, nowMs: number): boolean;
  /** Whether `seat` asked for its mails even while present ("always e-mail me"). */
  alwaysEmail(seat: number): boolean;
  /** The open response window's deadline (ms since the epoch), or null. */
  windowDeadline(): number | null;
  /** The public events since `seat`'s own last move (what a your-turn mail tells). */
  eventsSinceLastTurn(seat: number): GameEvent[];
  /**
   * The chat's new lines for `seat`'s mails: the other seats' shown messages since its own
   * last move, the newest few (chat-lines.ts `NewChat`); none when the seat muted the chat. Reads only.
   */
  chatSinceLastTurn(seat: number): NewChat;
  /** True when `seat`'s player moved after state version `version`. */
  movedSince(seat: number, version: number): boolean;
  /**
   * The latest change that started a turn of `seat` by the log: another seat acted in it or a hand
   * started (decider/deadline.ts `newTurnStarted`). Its state version after it and its time (ms
   * since the epoch), or null when the log shows none. Reads only.
   */
  turnStart(seat: number): { version: number; atMs: number } | null;
  /**
   * A seat link for a mail, under `origin`: a fresh token that opens the seat like its own link (the
   * match keeps only its hash, with the seats) until the seat's address changes.
   */
  mintSeatLink(seat: number, origin: string): Promise<string>;
  /**
   * What `seat`'s turn mail shows of its turn (issue 34): the position from its own view and the
   * suggested moves as move links under `origin` (minting them writes nothing); null when the seat
   * has nothing to do, asked for no hand in its mails, or there is no deployment secret. Absent: never.
   */
  mailPlay?(seat: number, origin: string): Promise<MailPlay | null>;
}

/** Who asks a mail request: their seat (or null) and whether they hold the host link. */
export interface NotifyCaller {
  seat: number | null;
  host: boolean;
}

/** Why a change happened: a move, the match starting, a claim, a settings change, a timeout, … */
export const CHANGE_REASONS = [
  'created',
  'claimed',
  'started',
  'move',
  'settings',
  'seat',
  'timeout',
  'bot',
  'rematch',
  // -- rematch by consent --
  /** A rematch offer was made: the other humans are mailed (the answers are `rematch`). */
  'rematchOffer',
  'leave',
] as const;
export type ChangeReason = (typeof CHANGE_REASONS)[number];

/** One accepted change, as seen by the notifier. */
export interface Change {
  reason: ChangeReason;
  /** The seat that caused it, if any. */
  seat: number | null;
}

/**
 * Test-only replacements (accepted only with the test seams on). The clock is not one of them: the
 * notifier reads the match's (which tests move through the match's test seams).
 */
export interface NotifierTestHooks {
  sender?: MailSender;
  fetch?: typeof fetch;
  /** VAPID settings to use instead of the env's. */
  vapid?: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;
  /** MAIL_DAILY_CAP as this match would read it from the env (worker/notify/mail-quota.ts). */
  mailCap?: string;
}

/** The notifier as its modules see it: its context, its test hooks and its clock (ms; the match's). */
export interface MailScope {
  readonly ctx: NotifierContext;
  /** The push subscriptions' table (`push_subs`), made on the first subscription. */
  readonly pushSubs: LazyTable;
  readonly hooks: NotifierTestHooks;
  /** Until when the match's mail waits for a daily quota's reset (catch-up.ts; in memory only). */
  readonly mailPause: MailPause;
  /**
   * Mails due at once, planned by the change being made, that have no row (plan.ts `queue`): sent
   * from memory once the change is stored (notifier.ts `sendPending`).
   */
  readonly pending: DueRow[];
  /**
   * What delivery still has to write about a mail or push that went out while the platform refused
   * the match's writes past its daily limit, by outbox key (deliver.ts `recorded`; in memory only):
   * the next delivery writes it instead of sending again.
   */
  readonly unrecorded: Map<string, () => void>;
  now(): number;
}

/** The schedule kind of the outbox's wake-up (one item, at the earliest due time). */
export const MAIL_ITEM = 'mail';

/** The VAPID settings for pushes: the test hook's, else the env's. */
export function pushEnv(n: MailScope): Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'> {
  return n.hooks.vapid ?? n.ctx.env;
}

/** An error reply without extra fields. */
export function err(status: number, code: string, message: string): Reply {
  return { status, body: { error: { code, message } } };
}
