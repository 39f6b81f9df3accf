/**
 * The match Durable Object's test seams (used only when TEST_SEAMS is on, never in a deployed
 * Worker): SQL accounting and counters for the server benchmark, a clock that can run ahead, and a
 * per-object bot delay. Each RPC seam answers 404 when the seams are off.
 */
import { testSeamsEnabled } from '../env';
import type { MatchContext } from './context';
import { NOT_FOUND, type Reply } from './replies';

/**
 * The object's SQL storage, remembering every cursor so the benchmark can add up SQLite's own
 * `rowsWritten` counters for all writers (match, schedule, notifier); `time` gets each call's ms.
 */
export function countingSql(
  sql: SqlStorage,
  cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[],
  time: (ms: number) => void,
): SqlStorage {
  return new Proxy(sql, {
    get(target, prop) {
      if (prop === 'exec') {
        return (query: string, ...params: unknown[]) => {
          const t0 = performance.now();
          const cursor = target.exec(query, ...params);
          time(performance.now() - t0);
          cursors.push(cursor);
          return cursor;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Counters for the server benchmark: requests, rows written, time per request and in SQL/push (ms). */
export function benchStats(m: MatchContext): Reply {
  if (!testSeamsEnabled(m.env)) return NOT_FOUND;
  return {
    status: 200,
    body: {
      requests: m.stats.requests,
      rowsWritten: m.cursors.reduce((n, c) => n + c.rowsWritten, 0),
      rowsWrittenByMatch: m.store.rowsWritten + m.stats.scheduleRows,
      ms: m.stats.ms,
      sqlMs: m.stats.sqlMs,
      pushMs: m.stats.pushMs,
      version: m.meta?.state?.version ?? 0,
      logRows: m.meta ? m.store.lastSeq() : 0,
    },
  };
}

/** Moves the object's clock forward by `ms` (deadlines, expiry); replies `{ now }`. */
export function advanceClock(m: MatchContext, ms: number): Reply {
  if (!testSeamsEnabled(m.env)) return NOT_FOUND;
  m.clockOffsetMs += ms;
  return { status: 200, body: { now: m.now() } };
}

/** Sets the object's bot delay in ms (null: back to BOT_DELAY_MS). */
export function setBotDelay(m: MatchContext, ms: number | null): Reply {
  if (!testSeamsEnabled(m.env)) return NOT_FOUND;
  m.botDelayOverride = ms;
  return { status: 200 };
}
