/**
 * What a log row says in public: its events, each with its row's time, version and actor (the
 * journal and `GET /log`), and its activity ("Bob played 2 h ago" in my matches: the move's type,
 * never a card). Pure functions over a `LogRow`; the log table itself is log.ts.
 */
import type { ResponseMode } from '../engine/index';
import type { ActivityKind } from '../protocol/summaries';
import type { Actor, LoggedEvent } from '../protocol/views';
import type { LeavePayload, LogRow, LogStep } from './rows';

/** A match's last change as "my matches" tells it: who (seat, actor), what kind, when (ms since the epoch). */
export interface Activity {
  seat: number;
  actor: Actor;
  kind: ActivityKind;
  at: number;
}

/**
 * The activity of a row: its first step that is not the server's own (a player's, a bot's or a
 * timeout's move; the automatic draws that follow it are not news), or its first step; a setting
 * row is `responseMode`, a leave `leave`. Only the move's type: never a card.
 */
export function activityOf(row: Pick<LogRow, 'kind' | 'seat' | 'actor' | 'payload' | 'at'>): Activity {
  if (row.kind === 'leave') return { seat: row.seat, actor: row.actor, kind: 'leave', at: row.at };
  if (row.kind === 'responseMode' || !Array.isArray(row.payload) || row.payload.length === 0)
    return { seat: row.seat, actor: row.actor, kind: 'responseMode', at: row.at };
  const step = row.payload.find((s) => s.actor !== 'server') ?? row.payload[0];
  return { seat: step.seat, actor: step.actor, kind: step.move.type, at: row.at };
}

/** One row's public events, each with the row's seq, time and state version and the step's actor. */
export function loggedEvents(row: LogRow): LoggedEvent[] {
  const at = new Date(row.at).toISOString();
  const base = { seq: row.seq, at, version: row.version };
  if (row.kind === 'responseMode') {
    const mode = (row.payload as { mode: ResponseMode }).mode;
    return [{ ...base, by: row.actor, event: { type: 'responseMode', seat: row.seat, mode } }];
  }
  const events: LoggedEvent[] = [];
  let k = 0;
  let steps = row.payload as LogStep[];
  if (row.kind === 'leave') {
    // The leave itself, then the forfeit's events (the row's events the steps do not account for).
    const p = row.payload as LeavePayload;
    events.push({
      ...base,
      by: row.actor,
      event: { type: 'left', seat: p.left.seat, outcome: p.left.outcome },
    });
    steps = p.steps;
    k = row.events.length - steps.reduce((n, s) => n + s.events, 0);
    for (const event of row.events.slice(0, k)) events.push({ ...base, by: 'player', event });
  }
  for (const step of steps) {
    for (const event of row.events.slice(k, k + step.events)) events.push({ ...base, by: step.actor, event });
    k += step.events;
  }
  return events;
}
