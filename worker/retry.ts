/**
 * The one retry policy of the Worker's background work (a mail or push the provider refused for a
 * while, a day's digest, a league match telling its league its result): a number of attempts in all
 * and a wait after each failed one. Each caller keeps its own figures as a `RetryPolicy` value.
 */

/** How often, and after which waits, a failing piece of work is tried again. */
export interface RetryPolicy {
  /** Attempts in all, the first one included: after this many failures nothing is tried again. */
  readonly maxAttempts: number;
  /** Waits (ms) after the 1st, 2nd, … failed attempt; past the end of the list its last wait repeats. */
  readonly waitsMs: readonly number[];
}

/** Whether `policy` tries again after `failures` failed attempts in all (from 1). */
export function retriesLeft(policy: RetryPolicy, failures: number): boolean {
  return failures < policy.maxAttempts;
}

/**
 * The wait (ms) before the next attempt after `failures` failed attempts (from 1; a smaller number
 * counts as 1): the policy's wait for that failure, its last wait once the list runs out.
 */
export function retryWaitMs(policy: RetryPolicy, failures: number): number {
  const waits = policy.waitsMs;
  return waits[Math.min(Math.max(failures, 1), waits.length) - 1];
}

/**
 * Waits that start at `firstMs` and double after each failure up to `maxMs` (ms), the last one
 * `maxMs`: `doublingWaits(60_000, 300_000)` is 1, 2, 4, 5 minutes.
 */
export function doublingWaits(firstMs: number, maxMs: number): number[] {
  const waits: number[] = [];
  for (let w = firstMs; w < maxMs; w *= 2) waits.push(w);
  waits.push(maxMs);
  return waits;
}
