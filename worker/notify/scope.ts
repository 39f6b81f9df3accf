/**
 * What the notifier's modules share: the match's bindings, storage, schedule and rows as the
 * notifier sees them (`NotifierContext`), the test hooks, and the clock. Also the types of the
 * notifier's hooks (`Change`, `NotifierTestHooks`).
 */
import type { Env } from '../env';
import type { Reply } from '../match/replies';
import type { Schedule } from '../match/schedule';
import type { Meta, SeatRow } from '../match/storage';
import type { MailSender } from './types';

/** What a notifier may use: the match's bindings, SQL storage, schedule and current rows. */
export interface NotifierContext {
  env: Env;
  sql: SqlStorage;
  schedule: Schedule;
  /** The current meta row and seats (read at call time). */
  meta(): Meta | null;
  seats(): SeatRow[];
  /** The public origin for links (e.g. "https://mb.example.org"). */
  origin(): string;
  /** Seats with an authenticated open WebSocket now. */
  connected(): ReadonlySet<number>;
}

/** One accepted change, as seen by the notifier. */
export interface Change {
  /** Why it happened: a move, the match starting, a claim, a settings change, a timeout, … */
  reason: 'created' | 'claimed' | 'started' | 'move' | 'settings' | 'seat' | 'timeout' | 'bot' | 'rematch';
  /** The seat that caused it, if any. */
  seat: number | null;
}

/** Test-only replacements (accepted only with the test seams on). */
export interface NotifierTestHooks {
  sender?: MailSender;
  fetch?: typeof fetch;
  now?: () => number;
  /** VAPID settings to use instead of the env's. */
  vapid?: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;
}

/** The notifier as its modules see it: its context, its test hooks and its clock (ms). */
export interface MailScope {
  readonly ctx: NotifierContext;
  readonly hooks: NotifierTestHooks;
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
