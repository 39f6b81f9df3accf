/**
 * The stored rows of one match's Durable Object: the model's types (worker/decider/model.ts) and
 * the readers of the JSON columns that older matches may hold in an older shape.
 */

import type { SeatPrefs, TurnDeadline } from '../decider/model';
import { storedZone } from '../protocol/zones';

export * from '../decider/model';

/**
 * Reads a seat's stored `prefs` (JSON, or null for none). A time zone stored before zones were
 * checked strictly (`+05:30`, `europe/oslo`) is left out: the seat reads as one that never reported
 * a zone (UTC in mails), and its page sends the browser's zone again.
 */
export function readSeatPrefs(json: string | null): SeatPrefs {
  if (!json) return {};
  const prefs = JSON.parse(json) as SeatPrefs;
  if (prefs.timeZone !== undefined && storedZone(prefs.timeZone) === null) delete prefs.timeZone;
  return prefs;
}

/**
 * Reads a stored deadline: today's tagged form, or the form stored before it, `{ seat, hand, atMs }`
 * where seat -1 meant between hands. Null for null or anything unreadable.
 */
export function readTurnDeadline(json: unknown): TurnDeadline | null {
  if (!json || typeof json !== 'object') return null;
  const d = json as { kind?: string; seat?: number; hand: number; atMs: number };
  if (d.kind === 'turn' || d.kind === 'handOver') return d as TurnDeadline;
  if (typeof d.seat !== 'number') return null;
  return d.seat < 0
    ? { kind: 'handOver', hand: d.hand, atMs: d.atMs }
    : { kind: 'turn', seat: d.seat, hand: d.hand, atMs: d.atMs };
}
