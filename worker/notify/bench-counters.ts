/**
 * Benchmark counters of the per-address Durable Objects (test seams only, never in a deployed
 * Worker): the RPC calls made to each address's object, counted where its stubs are made
 * (`addressStubIn`), and a SQL wrapper that adds up SQLite's own `rowsWritten`. Read through
 * `GET /dev/address-stats/:key` by `npm run bench:server`. Kept apart from worker/match's test seams:
 * notifications never import the match.
 */

/** RPC calls per address key and method, in this isolate (every Durable Object of the Worker shares it locally). */
const calls = new Map<string, Record<string, number>>();

/** The calls counted so far to the object of address key `key`: in all, and per method name. */
export function addressCalls(key: string): { requests: number; byMethod: Record<string, number> } {
  const byMethod = calls.get(key) ?? {};
  return { requests: Object.values(byMethod).reduce((a, b) => a + b, 0), byMethod };
}

/** Wraps `stub` so each method call on it counts one request to address `key`'s object. */
export function countingStub<T extends object>(stub: T, key: string): T {
  return new Proxy(stub, {
    get: (target, prop) => {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return (...args: unknown[]) => {
        const byMethod = calls.get(key) ?? {};
        byMethod[prop] = (byMethod[prop] ?? 0) + 1;
        calls.set(key, byMethod);
        // Reflect.apply: an RPC method's own `apply` would be taken for a remote method.
        return Reflect.apply(value, target, args);
      };
    },
  });
}

/** One SQL statement as the benchmark groups it: whitespace collapsed. */
function statementOf(query: string): string {
  return query.replace(/\s+/g, ' ').trim();
}

/**
 * Rows written through `sql` (SQLite's counters), per statement, and `setAlarm` calls (billed as
 * rows written).
 */
export class RowCounter {
  private readonly cursors: Array<{
    query: string;
    cursor: SqlStorageCursor<Record<string, SqlStorageValue>>;
  }> = [];
  alarmWrites = 0;

  /** The rows written so far by the cursors of `wrap`'s storage. */
  get rowsWritten(): number {
    return this.cursors.reduce((n, c) => n + c.cursor.rowsWritten, 0);
  }

  /** The rows written so far, per statement (whitespace collapsed); statements that wrote none are left out. */
  byStatement(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const { query, cursor } of this.cursors) {
      if (cursor.rowsWritten === 0) continue;
      const q = statementOf(query);
      out[q] = (out[q] ?? 0) + cursor.rowsWritten;
    }
    return out;
  }

  /**
   * `sql`, with each cursor remembered; `timed` gets each call's time (ms); `before` sees each
   * statement first and may throw to refuse it (the match's daily-limit fault seam).
   */
  wrap(
    sql: SqlStorage,
    timed: (ms: number) => void = () => {},
    before: (query: string) => void = () => {},
  ): SqlStorage {
    return new Proxy(sql, {
      get: (target, prop) => {
        if (prop === 'exec') {
          return (query: string, ...params: unknown[]) => {
            before(query);
            const t0 = performance.now();
            const cursor = target.exec(query, ...params);
            timed(performance.now() - t0);
            this.cursors.push({ query, cursor });
            return cursor;
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}
