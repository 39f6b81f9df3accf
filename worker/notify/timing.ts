/**
 * Quiet hours and the digest applied to a due outbox row, called by
 * deliver.ts before a mail is admitted and before a push is sent: the seat's preferences in force
 * (from its mailbox's Durable Object; a seat without an address: the defaults in its own zone,
 * `defaultPrefs`),
 * the deadline the row is about, and `mailTiming` (quiet.ts) decide whether it goes now, waits
 * (its due time moves to the end of the quiet hours) or is dropped (`digest`).
 */
import type { MailPrefs } from '../protocol/zones';
import { mailboxStub } from './address';
import type { ZonedPrefs } from './address-prefs';
import { type DueRow, finishRow, keepRow, type OutboxRow } from './outbox';
import { turnDeadline } from './plan';
import { defaultPrefs, mailTiming, type TimedKind, type Timing, type TimingInput } from './quiet';
import type { MailScope, NotifySeat } from './scope';

/** A seat with the settings its match keeps in `prefs` (worker/match/rows.ts SeatPrefs). */
type SeatWithPrefs = NotifySeat & { prefs?: { timeZone?: string; mailPrefs?: MailPrefs } };

const TIMED: Record<string, TimedKind> = { yourTurn: 'turn', reminder: 'reminder', responseWindow: 'window' };

/** The zone a seat reported in its match, or null. */
export function seatZone(seat: NotifySeat): string | null {
  return (seat as SeatWithPrefs).prefs?.timeZone ?? null;
}

/** The preferences in force for the row's seat, in its zone. */
async function prefsOf(n: MailScope, seat: SeatWithPrefs): Promise<ZonedPrefs> {
  const zone = seatZone(seat);
  const stub = seat.email ? (await mailboxStub(n.ctx.env, seat.email)).stub : null;
  if (stub) return stub.prefsFor({ matchId: n.ctx.match()!.matchId, seat: seat.seat }, zone);
  return defaultPrefs(zone);
}

/** A due row's timing question (`mailTiming` without the preferences): its kind, channel and deadline. */
export type TimingAsk = Omit<TimingInput, 'prefs' | 'timeZone'>;

/** What `mailTiming` is asked about the due row `row` of `seat` at `now` (ms). */
export function timingAsk(n: MailScope, row: OutboxRow, now: number): TimingAsk {
  const data = JSON.parse(row.data) as { kind: string; between?: boolean };
  const kind = TIMED[row.kind === 'push' ? data.kind : row.kind] ?? 'other';
  const deadlineMs =
    kind === 'window'
      ? n.ctx.windowDeadline()
      : kind === 'other'
        ? null
        : turnDeadline(n, data.between ? 'handOver' : row.seat);
  return { kind, channel: row.kind === 'push' ? 'push' : 'mail', deadlineMs, nowMs: now };
}

/**
 * Applies a timing that is not `send` to the due row `row`: held (its due time moves to the end of
 * the quiet hours, error `quiet`; a row in memory is stored so) or dropped (`digest`; a row in
 * memory stays unwritten). Returns true when it did (the row does not go now), false for `send`.
 */
export function applyTiming(n: MailScope, row: DueRow, t: Timing): boolean {
  if (t.action === 'send') return false;
  if (t.action === 'drop') finishRow(n.ctx.sql, row, 'dropped', t.reason);
  else keepRow(n.ctx.sql, row, { due_at: t.untilMs, error: 'quiet' });
  return true;
}

/**
 * Applies the seat's quiet hours and digest to the due row `row` (a mail, or a push) at `now`
 * (ms): returns true when the row was held (its due time moved, error `quiet`) or dropped
 * (`digest`), false when it goes now. A mail about to be admitted asks its address object once
 * instead (`admitOnTime`, deliver.ts).
 */
export async function heldOrDropped(n: MailScope, row: DueRow, now: number): Promise<boolean> {
  const seat = n.ctx.seats()[row.seat] as SeatWithPrefs | undefined;
  if (!seat) return false;
  const z = await prefsOf(n, seat);
  return applyTiming(n, row, mailTiming({ ...timingAsk(n, row, now), prefs: z.prefs, timeZone: z.timeZone }));
}
