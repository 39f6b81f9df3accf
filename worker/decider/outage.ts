/**
 * The end of an outage (issue #33): while the platform refused the match's writes past its daily
 * limit (worker/daily-limit.ts) nobody could move, so a turn deadline or an answer window that fell
 * inside it moves by its length and nobody times out because the server could not take their move.
 * The shell reports the outage (match/context.ts `startOutage`: its start is at most the time of the
 * last row the match stored, which survives a restart) and applies what this returns
 * (match/commit.ts `endOutage`), like the vacation's shifts (vacation.ts): the deadline, the timers,
 * and how far the running turn's mail and reminders move.
 */
import type { Timer, TimerOp, WindowPayload } from './change';
import { KINDS } from './change';
import type { TurnDeadline } from './model';

/** What ending an outage moves; all null and no timers when nothing fell inside it. */
export interface OutageShift {
  /** The turn deadline moved by the outage's length, or null: unchanged. */
  turnDeadline: TurnDeadline | null;
  /** The `turn` timer at the moved deadline and the `window` timer moved, in order. */
  timers: TimerOp[];
  /** The running turn's queued mail and reminders move by as much (notify `shiftTurn`), or null. */
  shiftTurn: { seat: number; deltaMs: number } | null;
}

/**
 * What an outage from `sinceMs` to `nowMs` (ms since the epoch, the match's clock) moves: the turn
 * deadline `deadline` and the answer window `window` when they fell inside it (at or after its
 * start, not after its end) move by its length (`nowMs − sinceMs`). A start earlier than the real
 * one only gives the players more time, never less.
 */
export function outageShift(
  deadline: TurnDeadline | null,
  window: Timer | undefined,
  sinceMs: number,
  nowMs: number,
): OutageShift {
  const length = nowMs - sinceMs;
  const inside = (atMs: number) => atMs >= sinceMs && atMs <= nowMs;
  const out: OutageShift = { turnDeadline: null, timers: [], shiftTurn: null };
  if (deadline && inside(deadline.atMs)) {
    out.turnDeadline = { ...deadline, atMs: deadline.atMs + length };
    out.timers.push({ op: 'schedule', kind: KINDS.turn, atMs: deadline.atMs + length });
    if (deadline.kind === 'turn') out.shiftTurn = { seat: deadline.seat, deltaMs: length };
  }
  if (window && inside(window.atMs))
    out.timers.push({
      op: 'schedule',
      kind: KINDS.window,
      atMs: window.atMs + length,
      payload: window.payload as WindowPayload,
    });
  return out;
}
