/**
 * The clock of a reader: wall-clock hours in an IANA time zone (the shared
 * `wallClock` of worker/words/when.ts, daylight saving included), the next digest hour, the end of quiet hours, and the one
 * decision of when a queued mail or push goes out under a seat's mail preferences (`mailTiming`).
 * Pure: no platform imports, times in ms since the epoch.
 */
import type { MailPrefs } from '../protocol/zones';
import { wallClock } from '../words/when';

/** The preferences of a seat that set none: a mail per turn, quiet from 22:00 to 07:00. */
export const DEFAULT_MAIL_PREFS: MailPrefs = { digestHour: null, quiet: { from: 22, to: 7 } };

/** The zone used when a seat never reported one. */
export const DEFAULT_TIME_ZONE = 'UTC';

const HOUR_MS = 3_600_000;

/**
 * The preferences of a seat that set none, in its reported zone: the defaults. Without a zone the
 * player's night is unknown, so no quiet hours apply (rather than UTC's night).
 */
export function defaultPrefs(zone: string | null): { prefs: MailPrefs; timeZone: string } {
  if (zone === null) return { prefs: { digestHour: null, quiet: null }, timeZone: DEFAULT_TIME_ZONE };
  return { prefs: DEFAULT_MAIL_PREFS, timeZone: zone };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `atMs` (ms, whole minutes). */
function offsetMs(atMs: number, timeZone: string): number {
  const w = wallClock(atMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return asUtc - Math.floor(atMs / 60_000) * 60_000;
}

/**
 * The instant at which `timeZone`'s wall clock shows `hour`:00 on the given day (`day` may run past
 * the month's end: Date.UTC carries it). An hour skipped by a clock change gives the instant an
 * hour later on the wall clock (the clock jumps over it).
 */
export function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - offsetMs(guess, timeZone);
  return guess - offsetMs(first, timeZone);
}

/** The first instant strictly after `nowMs` at which `timeZone`'s wall clock shows `hour`:00. */
export function nextHourAt(nowMs: number, hour: number, timeZone: string): number {
  const w = wallClock(nowMs, timeZone);
  for (let d = 0; d < 3; d++) {
    const at = instantOf(w.year, w.month, w.day + d, hour, timeZone);
    if (at > nowMs) return at;
  }
  return nowMs + 24 * HOUR_MS;
}

/** True when the wall-clock hour at `atMs` lies in the quiet hours `quiet` (equal hours: none). */
export function inQuietHours(atMs: number, quiet: MailPrefs['quiet'], timeZone: string): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  const h = wallClock(atMs, timeZone).hour;
  return quiet.from < quiet.to ? h >= quiet.from && h < quiet.to : h >= quiet.from || h < quiet.to;
}

/** When the quiet period around `atMs` ends (the next `quiet.to`:00), or null when `atMs` is not in one. */
export function quietEndAt(atMs: number, quiet: MailPrefs['quiet'], timeZone: string): number | null {
  if (!quiet || !inQuietHours(atMs, quiet, timeZone)) return null;
  return nextHourAt(atMs, quiet.to, timeZone);
}

/** What a queued message is, for `mailTiming`: a turn or hand-over mail, a reminder, a response window, or another. */
export const TIMED_KINDS = ['turn', 'reminder', 'window', 'other'] as const;
export type TimedKind = (typeof TIMED_KINDS)[number];

/** One queued message as `mailTiming` weighs it. Times in ms since the epoch. */
export interface TimingInput {
  kind: TimedKind;
  channel: 'mail' | 'push';
  /** The deadline the message is about (the turn's, the hand's, the response window's), if any. */
  deadlineMs: number | null;
  nowMs: number;
  prefs: MailPrefs;
  timeZone: string;
}

/** The decision: send now, hold until `untilMs` (the row's due time moves), or drop (`digest`). */
export type Timing =
  | { action: 'send' }
  | { action: 'hold'; untilMs: number }
  | { action: 'drop'; reason: 'digest' };

/**
 * When a queued message goes out:
 * - with the daily digest chosen, a turn or hand-over mail is dropped (`digest`: the digest lists
 *   it); a reminder or response-window mail goes out on its own only when its deadline falls
 *   before the next digest, else it is dropped too. Pushes are not affected by the digest;
 * - inside the quiet hours, a mail or push waits until they end, unless the deadline it is about
 *   falls inside the same quiet period (then it goes now).
 */
export function mailTiming(t: TimingInput): Timing {
  const { prefs, timeZone, nowMs, deadlineMs } = t;
  if (t.channel === 'mail' && prefs.digestHour !== null && t.kind !== 'other') {
    if (t.kind === 'turn') return { action: 'drop', reason: 'digest' };
    const digestAt = nextHourAt(nowMs, prefs.digestHour, timeZone);
    if (deadlineMs === null || deadlineMs >= digestAt) return { action: 'drop', reason: 'digest' };
  }
  const end = quietEndAt(nowMs, prefs.quiet, timeZone);
  if (end === null) return { action: 'send' };
  if (deadlineMs !== null && deadlineMs > nowMs && deadlineMs <= end) return { action: 'send' };
  return { action: 'hold', untilMs: end };
}
