/**
 * The load test's audit of one match (issue 18), kept apart from the run so it can be tested: which
 * acknowledged moves the log lacks (lost), which move ids the log holds more than once (doubled), and
 * whether the stored state equals the replay of the log (mismatch).
 */

/** What `GET /dev/replay/:id` answers: the replayed and the stored state, and the log's move ids in row order. */
export interface ReplayAnswer {
  replayed: unknown;
  stored: unknown;
  moveIds: readonly string[];
}

/** One match's findings: counts of lost and doubled move ids, and whether the states differ. */
export interface MatchAudit {
  lost: number;
  doubled: number;
  mismatch: boolean;
}

/**
 * Audits one match: `acked` holds the move ids that got a 200 answer (a retry or duplicate of one id
 * counts once); `answer` is the match's replay answer. A move id logged three times counts as one
 * doubled id.
 */
export function auditMatch(acked: ReadonlySet<string>, answer: ReplayAnswer): MatchAudit {
  const logged = new Map<string, number>();
  for (const id of answer.moveIds) logged.set(id, (logged.get(id) ?? 0) + 1);
  let lost = 0;
  for (const id of acked) if (!logged.has(id)) lost++;
  let doubled = 0;
  for (const n of logged.values()) if (n > 1) doubled++;
  return { lost, doubled, mismatch: JSON.stringify(answer.replayed) !== JSON.stringify(answer.stored) };
}

/** The `q` quantile (0..1) of `sorted` (ascending), nearest rank; 0 for an empty list. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
