/**
 * The match's timers on the schedule: the turn deadline of a human seat (or between hands), the
 * response window of an `ask` seat, the delayed bot move, and the expiry of unstarted and finished
 * matches. `updateDeadlines` points them at the current state after every change; alarm.ts handles
 * them when they are due.
 */
import type { GameEvent, MatchState } from '../engine/index';
import type { MatchContext } from './context';
import { actorOf, inTurn } from './turns';

const DAY_MS = 86_400_000;
/** Unstarted matches are deleted this long after creation (ms). */
export const LOBBY_TTL_MS = 7 * DAY_MS;
/** Finished matches are deleted this long after the end (ms). */
export const FINISHED_TTL_MS = 90 * DAY_MS;

/** Schedule kinds owned by the match (others go to the notifier). */
export const KINDS = { turn: 'turn', window: 'window', bot: 'bot', expire: 'expire' } as const;

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

/** Points the turn, window and bot items at the current state; ends the match when it is over. */
export function updateDeadlines(m: MatchContext, now: number, events: readonly GameEvent[]): void {
  const meta = m.meta!;
  const state = meta.state;
  if (meta.status === 'playing' && state?.phase === 'matchOver') {
    meta.status = 'finished';
    meta.finishedAt = now;
    m.schedule.schedule(KINDS.expire, '', now + FINISHED_TTL_MS);
  }
  if (meta.status !== 'playing' || !state) {
    meta.turnDeadline = null;
    m.schedule.cancel(KINDS.turn);
    m.schedule.cancel(KINDS.window);
    m.schedule.cancel(KINDS.bot);
    return;
  }
  const a = actorOf(state);
  const humanActs = a !== null && !m.botControlled(a);
  // Response window of a human `ask` seat.
  if (state.phase === 'respond' && humanActs) {
    const id = windowId(state);
    const old = m.schedule.get<WindowPayload>(KINDS.window, '');
    if (!old || old.payload.id !== id || old.payload.seat !== a) {
      const at = now + meta.config.responseWindowMinutes * 60_000;
      m.schedule.schedule(KINDS.window, '', at, { seat: a, id } satisfies WindowPayload);
    }
  } else {
    m.schedule.cancel(KINDS.window);
  }
  // Turn deadline of a human seat, or the next-hand deadline between hands. It lives in the meta
  // row (written by every move anyway); the schedule keeps one wake-up no later than it, moved
  // only when the deadline comes earlier, so a new turn costs no extra row written.
  const hours = meta.config.turnDeadlineHours;
  const turnSeat = inTurn(state) && humanActs ? a : state.phase === 'handOver' ? -1 : null;
  if (hours > 0 && turnSeat !== null) {
    const old = meta.turnDeadline;
    const restarted = events.some((e) => e.type === 'extraTurn' || e.type === 'handStarted');
    if (!old || old.seat !== turnSeat || old.hand !== state.handNumber || restarted) {
      meta.turnDeadline = { seat: turnSeat, hand: state.handNumber, atMs: now + hours * 3_600_000 };
    }
    const at = meta.turnDeadline!.atMs;
    const wake = m.schedule.get(KINDS.turn, '');
    if (!wake || wake.atMs > at || wake.atMs <= now) m.schedule.schedule(KINDS.turn, '', at);
  } else {
    // A wake-up left behind finds no deadline and stops.
    meta.turnDeadline = null;
  }
  // A bot (or the last step between all-bot hands) moves after a short delay.
  const botActs =
    (a !== null && !humanActs) ||
    (state.phase === 'handOver' && m.seats.every((s) => m.botControlled(s.seat)));
  if (botActs && m.botDelayMs() > 0) {
    // (An item due now is the one being handled: the next bot move gets a new one.)
    const item = m.schedule.get(KINDS.bot, '');
    if (!item || item.atMs <= now) m.schedule.schedule(KINDS.bot, '', now + m.botDelayMs());
  } else {
    m.schedule.cancel(KINDS.bot);
  }
}
