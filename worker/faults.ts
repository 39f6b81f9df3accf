/**
 * The fault seam (test seams only, `POST /dev/faults`): makes the storage writes of the match objects
 * or the Worker's calls to them fail the way the platform refuses them past a daily free-plan limit,
 * with the platform's own words, so that the same recogniser (daily-limit.ts `isDailyLimit`) and the
 * same path handle the seam's failure and a real one; and makes the mail provider answer as it does
 * past its daily quota (`mail`: worker/notify/mail-quota.ts feeds the provider's own answer through
 * the sender's own parsing, so a real quota refusal and the seam's take the same path). The state lives in the module: the Worker and
 * its Durable Objects share one isolate in `wrangler dev` and in the tests. Without the test seams
 * nothing reads it (the route answers 404 and every check below asks `testSeamsEnabled` first).
 */

/**
 * What can be made to fail: SQL writes in the match objects, the Worker's calls to them, or the mail
 * provider's sends (its daily quota).
 */
export type FaultKind = 'writes' | 'calls' | 'mail';

/**
 * One fault: on from now until `untilMs` (ms since the epoch, by the clock of whoever checks; null:
 * until lifted), after letting `allow` more operations through (a limit reached in the middle of a change).
 */
interface Fault {
  untilMs: number | null;
  allow: number;
}

const faults: Partial<Record<FaultKind, Fault>> = {};

/**
 * The platform's message for a refused operation of `kind` (daily-limit.ts cites the source); for
 * `mail`, the body of Resend's 429 past the daily quota (https://resend.com/docs/api-reference/errors).
 */
export const PLATFORM_MESSAGES: Readonly<Record<FaultKind, string>> = {
  writes: 'SQL query failed: Exceeded allowed rows written in Durable Objects free tier.',
  calls: 'Exceeded allowed volume of requests in Durable Objects free tier.',
  mail: JSON.stringify({
    statusCode: 429,
    message: 'You have reached your daily email sending quota.',
    name: 'daily_quota_exceeded',
  }),
};

/**
 * Sets (`'daily_limit'`, optionally until `untilMs`, after `allow` more operations) or lifts (null)
 * the fault of `kind`.
 */
export function setFault(kind: FaultKind, fault: 'daily_limit' | null, untilMs?: number, allow = 0): void {
  if (fault === null) delete faults[kind];
  else faults[kind] = { untilMs: untilMs ?? null, allow };
}

/** True while the fault of `kind` is on at `nowMs` (the checker's clock). */
export function faultOn(kind: FaultKind, nowMs: number): boolean {
  const f = faults[kind];
  return f !== undefined && (f.untilMs === null || nowMs < f.untilMs);
}

/** Throws the platform's error of `kind` when its fault is on at `nowMs` (and lets none more through). */
export function throwIfFault(kind: FaultKind, nowMs: number): void {
  if (!faultOn(kind, nowMs)) return;
  const f = faults[kind]!;
  if (f.allow > 0) f.allow--;
  else throw new Error(PLATFORM_MESSAGES[kind]);
}
