/**
 * Away and back (vacation days and a bot after repeated timeouts): a player says "I'm away
 * until <date>" and the clock of their turns stands still, using up their vacation days; after
 * `timeoutsToBot` turn timeouts in a row a bot keeps the seat; the player's own move or their link
 * brings them back. The state lives in the seat's `SeatPrefs` and in the turn deadline's `frozen`
 * span; the decider (decide.ts, deadline.ts) and the shell's settings (match/seats.ts) call the
 * small functions here. A freeze moves EVERY time of its turn by exactly its span (the deadline here; the turn's mail
 * and reminders in worker/notify/plan.ts), so the one-timestamp rule of deadline.ts still holds.
 */
import { AWAY_MAX_DAYS } from '../shared/limits';
import { isLastInPerson } from '../shared/seats';
import { defaultSeatName } from '../words/seat-names';
import type { Draft } from './draft';
import type { MatchConfig, MatchStatus, SeatRow, StandInReason, TurnDeadline } from './model';

const DAY_MS = 86_400_000;
/** Vacation days of a match stored before the setting existed. */
export const DEFAULT_VACATION_DAYS = 7;
/** Timeouts in a row before a bot keeps the seat, in a match stored before the setting existed. */
export const DEFAULT_TIMEOUTS_TO_BOT = 2;
/** "I'm away until" may name a time at most this far ahead (ms). */
export const AWAY_MAX_MS = AWAY_MAX_DAYS * DAY_MS;

/** The match's vacation days per player (0..30). */
export function vacationDaysOf(config: MatchConfig): number {
  return config.vacationDays ?? DEFAULT_VACATION_DAYS;
}

/** Turn timeouts in a row after which a bot keeps the seat (0 = never). */
export function timeoutsToBotOf(config: MatchConfig): number {
  return config.timeoutsToBot ?? DEFAULT_TIMEOUTS_TO_BOT;
}

/** The vacation a seat has left (ms): the match's days minus what its frozen turns used (an active freeze counts whole). */
export function vacationLeft(config: MatchConfig, row: SeatRow): number {
  return Math.max(0, vacationDaysOf(config) * DAY_MS - (row.prefs.vacationUsedMs ?? 0));
}

function vacationLeftMs(draft: Draft, seat: number): number {
  return vacationLeft(draft.meta.config, draft.seats[seat]);
}

/** True while the seat's player said they are away, at `now` (ms). */
function isAway(row: SeatRow, now: number): boolean {
  return row.prefs.awayUntil !== undefined && row.prefs.awayUntil > now;
}

/** The frozen span's length (ms), 0 without one. */
function spanOf(d: TurnDeadline | null): number {
  return d?.kind === 'turn' && d.frozen ? d.frozen.toMs - d.frozen.fromMs : 0;
}

/** Adds `deltaMs` (negative: gives days back) to the vacation `seat` used; one seat row written. */
function addUsed(draft: Draft, seat: number, deltaMs: number): void {
  const row = draft.seats[seat];
  const used = Math.max(0, (row.prefs.vacationUsedMs ?? 0) + deltaMs);
  draft.setSeat({ ...row, prefs: { ...row.prefs, vacationUsedMs: used } });
}

/**
 * Ends the freeze of deadline `d` at `now` if it still runs: the unused part goes back to the
 * player's days and the deadline comes earlier by as much. A freeze that ran to its end is kept whole.
 */
function endFreeze(draft: Draft, d: TurnDeadline, now: number): TurnDeadline {
  if (d.kind !== 'turn' || !d.frozen || d.frozen.toMs <= now) return d;
  const unused = d.frozen.toMs - now;
  addUsed(draft, d.seat, -unused);
  return { ...d, atMs: d.atMs - unused, frozen: { fromMs: d.frozen.fromMs, toMs: now } };
}

/**
 * Fits a turn deadline to its seat's away state at `now`: starts a freeze when the player is away
 * (until `awayUntil`, capped by the days left; the whole span is charged now and what is not used
 * is given back when the freeze ends early), ends it when they are back, re-fits it when they
 * changed the date. A player away again in the same turn freezes it again: the span grows by the
 * new stretch (its `fromMs` moves back by the earlier ones), so it is always the turn's whole shift.
 */
function fitFreeze(draft: Draft, d: Extract<TurnDeadline, { kind: 'turn' }>, now: number): TurnDeadline {
  const row = draft.seats[d.seat];
  const away = isAway(row, now);
  const f = d.frozen;
  let out: Extract<TurnDeadline, { kind: 'turn' }> = d;
  if (f && f.toMs > now) {
    const wanted = Math.min(row.prefs.awayUntil ?? 0, now + vacationLeftMs(draft, d.seat) + (f.toMs - now));
    if (away && wanted === f.toMs) return d;
    out = endFreeze(draft, d, now) as typeof d;
  }
  if (!away) return out;
  const left = vacationLeftMs(draft, d.seat);
  if (left <= 0) return out;
  const toMs = Math.min(draft.seats[d.seat].prefs.awayUntil!, now + left);
  addUsed(draft, d.seat, toMs - now);
  return { ...out, atMs: out.atMs + (toMs - now), frozen: { fromMs: now - spanOf(out), toMs } };
}

/**
 * The deadline after a change at `now` (ms), with vacations: `old` is the deadline before it and
 * `next` the one deadline.ts computed (the same object while the same turn goes on). A freeze of a
 * turn that ended stops (its unused part given back); the running turn's freeze follows its
 * player's away state.
 */
export function vacationDeadline(
  draft: Draft,
  old: TurnDeadline | null,
  next: TurnDeadline | null,
  now: number,
): TurnDeadline | null {
  if (old && old !== next) endFreeze(draft, old, now);
  return next?.kind === 'turn' ? fitFreeze(draft, next, now) : next;
}

/**
 * How far the running turn's queued mail and push move (worker/notify/plan.ts `shiftTurn`), like
 * its deadline and its reminders: by how much its frozen span grew or shrank between `before` and
 * `after`, the deadlines around the change. Null when nothing moves.
 */
export function turnShift(
  before: TurnDeadline | null,
  after: TurnDeadline | null,
): { seat: number; deltaMs: number } | null {
  if (after?.kind !== 'turn') return null;
  const same =
    before?.kind === 'turn' &&
    before.seat === after.seat &&
    before.hand === after.hand &&
    before.atMs - spanOf(before) === after.atMs - spanOf(after);
  const delta = spanOf(after) - (same ? spanOf(before) : 0);
  return delta === 0 ? null : { seat: after.seat, deltaMs: delta };
}

/**
 * The player is back in person (their own move, or their link taking the seat back): no stand-in,
 * no vacation, no timeouts in a row. Writes the seat row only when something changes.
 */
export function backInPerson(draft: Draft, seat: number): void {
  const row = draft.seats[seat];
  const { awayUntil, timeoutsInRow, standInReason, ...prefs } = row.prefs;
  if (!row.standIn && awayUntil === undefined && !timeoutsInRow && standInReason === undefined) return;
  draft.setSeat({ ...row, standIn: false, prefs });
}

/** True when every human seat but `seat` is played by a bot (bots never play a match alone). */
export function isLastHuman(seats: readonly SeatRow[], seat: number): boolean {
  return isLastInPerson(seats, seat);
}

/**
 * `row` as it starts a rematch: the player's choices kept (away until, mail settings), this match's
 * counters not (no stand-in, no vacation used, no timeouts in a row, the chat not muted nor its read
 * mark, no invitation still waiting for its guest's name: the rematch is dealt at once). A seat
 * whose player left is a computer player there, named like one (in that seat's language),
 * with no link or address:
 * the leaver's link does not reach it.
 */
export function seatForRematch(row: SeatRow): SeatRow {
  const {
    vacationUsedMs: _,
    timeoutsInRow: __,
    standInReason: ___,
    chatMuted: ____,
    invited: _____,
    // The rematch's chat starts again from id 1: this match's read mark means nothing there.
    chatReadId: ______,
    left,
    ...prefs
  } = row.prefs;
  if (left)
    return {
      ...row,
      kind: 'bot',
      name: defaultSeatName('bot', row.seat, row.language),
      tokenHash: null,
      email: null,
      emailNotifications: false,
      standIn: false,
      prefs: {},
    };
  return { ...row, standIn: false, prefs };
}

/** `row` with a stand-in bot, and why. */
export function withStandIn(row: SeatRow, reason: StandInReason): SeatRow {
  return { ...row, standIn: true, prefs: { ...row.prefs, standInReason: reason } };
}

/**
 * Counts a turn timeout of human seat `seat` (one seat row written; none when the match never hands
 * a seat to a bot for timeouts, `timeoutsToBot` 0). Returns true when it was the
 * `timeoutsToBot`-th in a row and a bot now keeps the seat; never for the last human seat (that turn
 * just times out, as before).
 */
export function countTimeout(draft: Draft, seat: number): boolean {
  const limit = timeoutsToBotOf(draft.meta.config);
  if (limit === 0) return false;
  const row = draft.seats[seat];
  const count = (row.prefs.timeoutsInRow ?? 0) + 1;
  const keep = count >= limit && !row.standIn && !isLastHuman(draft.seats, seat);
  const counted = { ...row, prefs: { ...row.prefs, timeoutsInRow: count } };
  draft.setSeat(keep ? withStandIn(counted, 'timeouts') : counted);
  return keep;
}

/** The away and play-for-me part of a settings change. */
export interface AwaySettings {
  /** ISO time; null: "I'm back". */
  awayUntil?: string | null;
  playForMe?: boolean;
}

/**
 * `row` with the away/play-for-me change applied (the caller writes it): the away date, or none;
 * the computer playing the seat ('self'), or the player taking it back.
 */
export function applyAway(row: SeatRow, s: AwaySettings): SeatRow {
  let out = row;
  if (s.awayUntil !== undefined) {
    const { awayUntil: _, ...prefs } = out.prefs;
    out = { ...out, prefs: s.awayUntil === null ? prefs : { ...prefs, awayUntil: Date.parse(s.awayUntil) } };
  }
  if (s.playForMe === true && !out.standIn) out = withStandIn(out, 'self');
  if (s.playForMe === false && out.standIn) {
    const { standInReason: _, timeoutsInRow: __, ...prefs } = out.prefs;
    out = { ...out, standIn: false, prefs };
  }
  return out;
}

/**
 * The seat's away time as everybody sees it: ISO while the player is away at `now` (ms) in a match
 * not yet over (`status`), else null.
 */
export function awayText(row: SeatRow, now: number, status: MatchStatus): string | null {
  return status !== 'finished' && isAway(row, now) ? new Date(row.prefs.awayUntil!).toISOString() : null;
}
