/**
 * The load test's audit of one match, kept apart from the run so it can be tested: which
 * acknowledged moves the log lacks (lost), which move ids the log holds more than once or the server
 * both refused and logged (doubled), and whether the stored state equals the replay of the log
 * (mismatch).
 */

/**
 * What `GET /dev/replay/:id` answers: the replayed and the stored state, the log's move ids in row
 * order, and when (ms since the epoch, the match object's clock) each row a timeout made was stored.
 */
export interface ReplayAnswer {
  replayed: unknown;
  stored: unknown;
  moveIds: readonly string[];
  timeouts?: readonly number[];
}

/** One match's findings: counts of lost and doubled move ids, and whether the states differ. */
export interface MatchAudit {
  lost: number;
  /** Move ids in more than one log row. */
  doubled: number;
  /**
   * Move ids the server refused (a 4xx but 429, as the last answer of a move and its retries) that
   * are in the log all the same: a retry of a move the server had played, not recognised by its id
   * (it played the move, then told the player it did not).
   */
  refusedLogged: number;
  /**
   * Rows a timeout made, stored at or after the start of the outage (`outageStartMs`; 0 without
   * one). Nothing can be stored inside an outage, so these came after its reset: a deadline that
   * fell inside it and was not moved (a run whose players never let a turn run out has none else).
   */
  timedOutAfterOutage: number;
  mismatch: boolean;
}

/**
 * Audits one match: `acked` holds the move ids that got a 200 answer (a retry or duplicate of one id
 * counts once); `refused` the move ids whose last answer was a refusal; `answer` is the match's replay
 * answer; `outageStartMs` when an outage began (the match object's clock), or null. A move id
 * logged three times counts as one doubled id.
 */
export function auditMatch(
  acked: ReadonlySet<string>,
  answer: ReplayAnswer,
  refused: ReadonlySet<string> = new Set(),
  outageStartMs: number | null = null,
): MatchAudit {
  const logged = new Map<string, number>();
  for (const id of answer.moveIds) logged.set(id, (logged.get(id) ?? 0) + 1);
  let lost = 0;
  for (const id of acked) if (!logged.has(id)) lost++;
  let doubled = 0;
  for (const n of logged.values()) if (n > 1) doubled++;
  let refusedLogged = 0;
  for (const id of refused) if (logged.has(id)) refusedLogged++;
  const timedOutAfterOutage =
    outageStartMs === null ? 0 : (answer.timeouts ?? []).filter((at) => at >= outageStartMs).length;
  return {
    lost,
    doubled,
    refusedLogged,
    timedOutAfterOutage,
    mismatch: JSON.stringify(answer.replayed) !== JSON.stringify(answer.stored),
  };
}

/**
 * True when `answer` is the server's refusal past the platform's daily limit: 503
 * `server.daily_limit` (nothing was changed; the move is kept and sent again after the reset).
 */
export function isDailyLimitAnswer(answer: { status: number; body: unknown } | null): boolean {
  return (
    answer?.status === 503 &&
    (answer.body as { error?: { code?: string } } | null)?.error?.code === 'server.daily_limit'
  );
}

/**
 * Whether the answer to a duplicate of an acknowledged move (the same move id again) is what the
 * API promises: 200 with `replayed: true`. A 429 (the socket's move allowance, nothing played), a
 * 503 `server.daily_limit` (the platform's daily limit: nothing looked at) or no answer at all
 * (null) says nothing either way; anything else is a duplicate the server did not recognise by its
 * id (e.g. 409 `version.stale`: it tried to play the move again).
 */
export function duplicateAnswerOk(answer: { status: number; body: unknown } | null): boolean {
  if (!answer || answer.status === 429 || isDailyLimitAnswer(answer)) return true;
  return answer.status === 200 && (answer.body as { replayed?: boolean } | null)?.replayed === true;
}

/** The `q` quantile (0..1) of `sorted` (ascending), nearest rank; 0 for an empty list. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
