/**
 * Away and back (vacation days and a bot after repeated timeouts): a player says "I'm away
 * until <date>" and the clock of their turns stands still, using up their vacation days; after
 * `timeoutsToBot` turn timeouts in a row a bot keeps the seat; the player's own move or their link
 * brings them back. The state lives in the seat's `SeatPrefs` and in the turn deadline's `frozen`
 * span; the commit path (commit.ts, timers.ts) and the settings (seats.ts) call the small functions
 * here. A freeze moves EVERY time of its turn by exactly its span (the deadline here; the turn's mail
 * and reminders in worker/notify/plan.ts), so the one-timestamp rule of timers.ts still holds.
 */
import type { Reply } from '../reply';
import { error } from '../reply';
import { isLastInPerson } from '../shared/seats';
import { defaultSeatName } from '../words/seat-names';
import type { MatchContext } from './context';
import type { MatchConfig, MatchStatus, SeatRow, StandInReason, TurnDeadline } from './rows';

const DAY_MS = 86_400_000;
/** Vacation days of a match stored before the setting existed. */
export const DEFAULT_VACATION_DAYS = 7;
/** Timeouts in a row before a bot keeps the seat, in a match stored before the setting existed. */
export const DEFAULT_TIMEOUTS_TO_BOT = 2;
/** "I'm away until" may name a time at most this far ahead (ms). */
export const AWAY_MAX_MS = 30 * DAY_MS;

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

function vacationLeftMs(m: MatchContext, seat: number): number {
  return vacationLeft(m.meta!.config, m.seats[seat]);
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
function addUsed(m: MatchContext, seat: number, deltaMs: number): void {
  const row = m.seats[seat];
  const used = Math.max(0, (row.prefs.vacationUsedMs ?? 0) + deltaMs);
  m.setSeat({ ...row, prefs: { ...row.prefs, vacationUsedMs: used } });
}

/**
 * Ends the freeze of deadline `d` at `now` if it still runs: the unused part goes back to the
 * player's days and the deadline comes earlier by as much. A freeze that ran to its end is kept whole.
 */
function endFreeze(m: MatchContext, d: TurnDeadline, now: number): TurnDeadline {
  if (d.kind !== 'turn' || !d.frozen || d.frozen.toMs <= now) return d;
  const unused = d.frozen.toMs - now;
  addUsed(m, d.seat, -unused);
  return { ...d, atMs: d.atMs - unused, frozen: { fromMs: d.frozen.fromMs, toMs: now } };
}

/**
 * Fits a turn deadline to its seat's away state at `now`: starts a freeze when the player is away
 * (until `awayUntil`, capped by the days left; the whole span is charged now and what is not used
 * is given back when the freeze ends early), ends it when they are back, re-fits it when they
 * changed the date. A player away again in the same turn freezes it again: the span grows by the
 * new stretch (its `fromMs` moves back by the earlier ones), so it is always the turn's whole shift.
 */
function fitFreeze(m: MatchContext, d: Extract<TurnDeadline, { kind: 'turn' }>, now: number): TurnDeadline {
  const row = m.seats[d.seat];
  const away = isAway(row, now);
  const f = d.frozen;
  let out: Extract<TurnDeadline, { kind: 'turn' }> = d;
  if (f && f.toMs > now) {
    const wanted = Math.min(row.prefs.awayUntil ?? 0, now + vacationLeftMs(m, d.seat) + (f.toMs - now));
    if (away && wanted === f.toMs) return d;
    out = endFreeze(m, d, now) as typeof d;
  }
  if (!away) return out;
  const left = vacationLeftMs(m, d.seat);
  if (left <= 0) return out;
  const toMs = Math.min(m.seats[d.seat].prefs.awayUntil!, now + left);
  addUsed(m, d.seat, toMs - now);
  return { ...out, atMs: out.atMs + (toMs - now), frozen: { fromMs: now - spanOf(out), toMs } };
}

/**
 * The deadline after a change at `now` (ms), with vacations: `old` is the deadline before it and
 * `next` the one timers.ts computed (the same object while the same turn goes on). A freeze of a
 * turn that ended stops (its unused part given back); the running turn's freeze follows its
 * player's away state.
 */
export function vacationDeadline(
  m: MatchContext,
  old: TurnDeadline | null,
  next: TurnDeadline | null,
  now: number,
): TurnDeadline | null {
  if (old && old !== next) endFreeze(m, old, now);
  return next?.kind === 'turn' ? fitFreeze(m, next, now) : next;
}

/**
 * After the change's notifications are planned: when the running turn's frozen span grew or shrank
 * (`before` → `after`, the deadlines around the change at `now`), its queued mail and push move by
 * as much (worker/notify/plan.ts `shiftTurn`), like its deadline and its reminders.
 */
export function shiftTurnTimes(
  m: MatchContext,
  before: TurnDeadline | null,
  after: TurnDeadline | null,
  now: number,
): void {
  if (after?.kind !== 'turn') return;
  const same =
    before?.kind === 'turn' &&
    before.seat === after.seat &&
    before.hand === after.hand &&
    before.atMs - spanOf(before) === after.atMs - spanOf(after);
  const delta = spanOf(after) - (same ? spanOf(before) : 0);
  if (delta !== 0) m.notifier.shiftTurn(after.seat, delta, now);
}

/**
 * The player is back in person (their own move, or their link taking the seat back): no stand-in,
 * no vacation, no timeouts in a row. Writes the seat row only when something changes.
 */
export function backInPerson(m: MatchContext, seat: number): void {
  const row = m.seats[seat];
  const { awayUntil, timeoutsInRow, standInReason, ...prefs } = row.prefs;
  if (!row.standIn && awayUntil === undefined && !timeoutsInRow && standInReason === undefined) return;
  m.setSeat({ ...row, standIn: false, prefs });
}

/** True when every human seat but `seat` is played by a bot (bots never play a match alone). */
export function isLastHuman(m: MatchContext, seat: number): boolean {
  return isLastInPerson(m.seats, seat);
}

/**
 * `row` as it starts a rematch: the player's choices kept (away until, mail settings), this match's
 * counters not (no stand-in, no vacation used, no timeouts in a row, the chat not muted). A seat
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
export function countTimeout(m: MatchContext, seat: number): boolean {
  const limit = timeoutsToBotOf(m.meta!.config);
  if (limit === 0) return false;
  const row = m.seats[seat];
  const count = (row.prefs.timeoutsInRow ?? 0) + 1;
  const keep = count >= limit && !row.standIn && !isLastHuman(m, seat);
  const counted = { ...row, prefs: { ...row.prefs, timeoutsInRow: count } };
  m.setSeat(keep ? withStandIn(counted, 'timeouts') : counted);
  return keep;
}

/** The away and play-for-me part of a settings change. */
export interface AwaySettings {
  /** ISO time; null: "I'm back". */
  awayUntil?: string | null;
  playForMe?: boolean;
}

/**
 * Refuses an away/play-for-me change at `now` (ms) before anything is written: 400
 * `settings.away_range` unless `awayUntil` is in the future and at most 30 days ahead; 409
 * `match.not_playing` for "play for me" in the lobby or a finished match (as the host's
 * `giveToBot`); 409 `match.finished` for "away until" once the match is over; 409
 * `seat.last_human` when the computer would play every human seat.
 */
export function awayRefusal(m: MatchContext, seat: number, s: AwaySettings, now: number): Reply | null {
  if (s.awayUntil) {
    const at = Date.parse(s.awayUntil);
    if (!(at > now && at <= now + AWAY_MAX_MS))
      return error(400, 'settings.away_range', 'Away until must be in the future and at most 30 days ahead.');
    // Before the start a player may plan an absence; after the end there is nothing to be away from.
    if (m.meta!.status === 'finished')
      return error(409, 'match.finished', 'The match is over: nobody is away from it any more.');
  }
  if (s.playForMe && !m.seats[seat].standIn && m.meta!.status !== 'playing')
    return error(409, 'match.not_playing', 'The computer plays a seat only while the match is played.');
  if (s.playForMe && !m.seats[seat].standIn && isLastHuman(m, seat))
    return error(409, 'seat.last_human', 'At least one player must keep their seat; bots do not play alone.');
  return null;
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
