/**
 * When things happen by themselves: the match's timers on its one alarm. The turn deadline of a
 * human seat (or between hands), the response window of an `ask` seat, the delayed bot move (the
 * rest of a run cut by its bot budget, or one turn of a match with no human left to act), and
 * the expiry of unstarted and finished matches. After every change the commit path asks for the
 * deadline after it (`turnDeadlineAfter`) and points the schedule at the state (`updateTimers`),
 * both from the change's one timestamp (whole ms), the one its notifications are planned at;
 * the alarm (`runAlarm`) handles what is due, each handler re-checking the state first (an alarm
 * is never early, but may run twice), and commits what it does through the commit path.
 */
import { type GameEvent, type MatchState, othersActed, whoActs } from '../engine/index';
import { commit } from './commit';
import type { MatchContext } from './context';
import { LEAGUE_TELL, scheduleLeagueTell, tellLeague } from './league-tell';
import { fillOpenSeats } from './open-seat';
import type { TurnDeadline } from './rows';
import type { ScheduleItem } from './schedule';
import { countTimeout, vacationDeadline } from './vacation';

const DAY_MS = 86_400_000;
/** Unstarted matches are deleted this long after creation (ms). */
export const LOBBY_TTL_MS = 7 * DAY_MS;
/** Finished matches are deleted this long after the end (ms). */
export const FINISHED_TTL_MS = 90 * DAY_MS;

/** Schedule kinds owned by the match (others go to the notifier). */
export const KINDS = {
  turn: 'turn',
  window: 'window',
  bot: 'bot',
  expire: 'expire',
  // -- open table --
  /** An open match's wait is over: bots fill its free seats and it starts (open-seat.ts). */
  openFill: 'openFill',
} as const;

/** The payload of a `window` item: the asked seat and which question it is (`windowId`). */
export interface WindowPayload {
  seat: number;
  id: string;
}

/** Identifies one response-window question (the same window asks each pending seat in turn). */
export function windowId(state: MatchState): string {
  const w = state.window!;
  return `${state.handNumber}:${w.attacker}:${w.hazard}:${w.pending.join('.')}:${state.deck.length}`;
}

/** Ends the match when the engine says it is over: status `finished` at `now` (ms), and its expiry. */
export function finishIfOver(m: MatchContext, now: number): void {
  if (m.meta!.status !== 'playing' || m.state?.phase !== 'matchOver') return;
  m.updateMeta({ status: 'finished', finishedAt: now });
  m.schedule.schedule(KINDS.expire, '', now + FINISHED_TTL_MS);
  scheduleLeagueTell(m, now); // leagues
}

/** The human seat that must act now, if any, and what it is doing. */
function humanActing(m: MatchContext, state: MatchState): { seat: number; window: boolean } | null {
  const w = whoActs(state);
  if ((w.kind !== 'turn' && w.kind !== 'window') || m.botControlled(w.seat)) return null;
  return { seat: w.seat, window: w.kind === 'window' };
}

/**
 * The turn deadline after a change at `now` (ms): a human seat's turn, or the time by which someone
 * must start the next hand; unchanged while the same turn goes on, new when a turn or hand starts
 * (an extra turn after a safety starts anew, and so does the same seat's turn after other seats
 * moved in the change: a bot run). Null without deadlines, outside play, or while a bot acts.
 * A turn of a player away on vacation is frozen (vacation.ts `vacationDeadline`).
 */
export function turnDeadlineAfter(
  m: MatchContext,
  events: readonly GameEvent[],
  now: number,
): TurnDeadline | null {
  return vacationDeadline(m, m.meta!.turnDeadline, plainDeadlineAfter(m, events, now), now);
}

/** `turnDeadlineAfter` without vacations. */
function plainDeadlineAfter(m: MatchContext, events: readonly GameEvent[], now: number): TurnDeadline | null {
  const meta = m.meta!;
  const state = meta.state;
  const hours = meta.config.turnDeadlineHours;
  if (meta.status !== 'playing' || !state || hours <= 0) return null;
  const human = humanActing(m, state);
  const turnSeat = human && !human.window ? human.seat : null;
  if (turnSeat === null && state.phase !== 'handOver') return null;
  const old = meta.turnDeadline;
  // A turn of the same seat after a run of other seats' moves in this change is a new turn.
  const restarted =
    events.some((e) => e.type === 'extraTurn' || e.type === 'handStarted') ||
    (turnSeat !== null && othersActed(events, turnSeat));
  const same =
    old !== null &&
    old.hand === state.handNumber &&
    (turnSeat === null ? old.kind === 'handOver' : old.kind === 'turn' && old.seat === turnSeat);
  if (same && !restarted) return old;
  // Whole ms: a fractional hour (1.1 h) must not leave a deadline between two milliseconds.
  const atMs = now + Math.round(hours * 3_600_000);
  return turnSeat === null
    ? { kind: 'handOver', hand: state.handNumber, atMs }
    : { kind: 'turn', seat: turnSeat, hand: state.handNumber, atMs };
}

/** Points the window, turn and bot items at the current state (after `turnDeadlineAfter`). */
export function updateTimers(m: MatchContext, now: number): void {
  const meta = m.meta!;
  const state = meta.state;
  if (meta.status !== 'playing' || !state) {
    for (const kind of [KINDS.turn, KINDS.window, KINDS.bot]) m.schedule.cancel(kind);
    return;
  }
  const human = humanActing(m, state);
  // Response window of a human `ask` seat.
  if (human?.window) {
    const id = windowId(state);
    const old = m.schedule.get<WindowPayload>(KINDS.window, '');
    if (!old || old.payload.id !== id || old.payload.seat !== human.seat) {
      const at = now + Math.round(meta.config.responseWindowMinutes * 60_000);
      m.schedule.schedule(KINDS.window, '', at, { seat: human.seat, id } satisfies WindowPayload);
    }
  } else {
    m.schedule.cancel(KINDS.window);
  }
  // The deadline lives in the meta row and the log rows; the schedule keeps one wake-up no later
  // than it, moved only when the deadline comes earlier, so a new turn costs no extra row written.
  // (A wake-up left behind finds no deadline and stops.)
  if (meta.turnDeadline) {
    const at = meta.turnDeadline.atMs;
    const wake = m.schedule.get(KINDS.turn, '');
    if (!wake || wake.atMs > at || wake.atMs <= now) m.schedule.schedule(KINDS.turn, '', at);
  }
  // A bot still to act after the change moves on the `bot` alarm after the bot delay: when no human
  // is left to act (one turn per alarm, a human pace; or the last step between all-bot hands), or
  // when the change's run spent its bot budget (the alarm plays the rest as a run again).
  const w = whoActs(state);
  const botActs =
    ((w.kind === 'turn' || w.kind === 'window') && human === null) ||
    (state.phase === 'handOver' && m.seats.every((s) => m.botControlled(s.seat)));
  if (botActs) {
    // (An item due now is the one being handled: the next bot move gets a new one.)
    const item = m.schedule.get(KINDS.bot, '');
    // (At least 1 ms later, so the handled item's removal never takes its successor with it.)
    if (!item || item.atMs <= now) m.schedule.schedule(KINDS.bot, '', now + Math.max(1, m.botDelayMs()));
  } else {
    m.schedule.cancel(KINDS.bot);
  }
}

/** The alarm: handles the due items, then points the alarm at the next one. */
export async function runAlarm(m: MatchContext): Promise<void> {
  if (!m.meta) {
    // No match here (deleted): nothing can be due.
    await m.ctx.storage.deleteAlarm();
    return;
  }
  m.schedule.alarmFired();
  const now = m.now();
  for (const item of m.schedule.due(now)) {
    if (!m.meta) return;
    const handled = await onDue(m, item, now);
    if (!handled) await m.notifier.onDue(item);
    if (!m.meta) return;
    m.schedule.done(item);
  }
  await m.schedule.syncAlarm();
}

/** Handles one due item of the match's own kinds; false for any other kind. */
async function onDue(m: MatchContext, item: ScheduleItem, now: number): Promise<boolean> {
  const meta = m.meta!;
  const state = meta.state;
  const playing = meta.status === 'playing' && state !== null;
  switch (item.kind) {
    case KINDS.expire:
      // Scheduled at creation (lobby), cancelled at the start, scheduled again at the end: a due
      // item in any other status is stale.
      if (meta.status === 'lobby' || meta.status === 'finished') await m.destroy();
      return true;
    case KINDS.openFill:
      fillOpenSeats(m);
      return true;
    case KINDS.bot:
      if (playing) commit(m, { reason: 'bot', seat: null, opening: { kind: 'botTurn' } });
      return true;
    case KINDS.turn: {
      const d = meta.turnDeadline;
      if (!playing || !d) return true;
      if (d.atMs > now) {
        // An early wake-up (the deadline moved on since): sleep until the real deadline.
        m.schedule.schedule(KINDS.turn, '', d.atMs);
        return true;
      }
      if (state.handNumber !== d.hand) return true;
      if (d.kind === 'handOver') {
        if (state.phase === 'handOver')
          commit(m, { reason: 'timeout', seat: null, opening: { kind: 'handTimeout' } });
        return true;
      }
      const w = whoActs(state);
      if (w.kind !== 'turn' || w.seat !== d.seat) return true;
      const opening = { kind: 'turnTimeout', seat: d.seat, onDeadline: meta.config.onDeadline } as const;
      // The timeoutsToBot-th timeout in a row: a bot keeps the seat from now on (mailed once, as a seat change).
      const kept = countTimeout(m, d.seat);
      commit(m, { reason: kept ? 'seat' : 'timeout', seat: d.seat, opening });
      return true;
    }
    case KINDS.window: {
      const p = item.payload as WindowPayload;
      const w = playing ? whoActs(state) : null;
      if (w?.kind !== 'window' || w.seat !== p.seat || windowId(state!) !== p.id) return true;
      commit(m, {
        reason: 'timeout',
        seat: p.seat,
        opening: { kind: 'windowAnswer', seat: p.seat, actor: 'timeout' },
      });
      return true;
    }
    case LEAGUE_TELL: // leagues
      await tellLeague(m, item);
      return true;
    default:
      return false;
  }
}
