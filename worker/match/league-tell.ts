/**
 * A league match tells its league its result at its end: one RPC to the league's
 * Durable Object carrying each seat's figures (won, points, hands, hands won, coups fourrés), read
 * from the final state (the coups fourrés from the log's events). The tell is a timer (`league`) the decider sets when the match finishes, so it
 * runs on the match's alarm and survives a failure: a failed tell is scheduled again later, and the
 * league counts a match id once however often it hears of it. Costs the match one schedule row
 * written and one removed, and a read of its log per tell; no other row.
 */
import { KINDS } from '../decider/change';
import { type LeagueMatchResult, leagueResult } from '../decider/league-result';
import type { Reply } from '../reply';
import { doublingWaits, type RetryPolicy, retriesLeft, retryWaitMs } from '../retry';
import type { MatchContext } from './context';
import type { ScheduleItem } from './schedule';

/** The league's side of the tell (worker/league/durable.ts implements it). */
export interface LeagueReceiver {
  matchEnded(result: LeagueMatchResult): Promise<Reply>;
}

/** The payload of a `league` item: how many tells failed before. */
interface TellPayload {
  attempt: number;
}

/** Retries of the tell: a minute, doubling, at most six hours; at most 30 attempts in all. */
const TELL_RETRY: RetryPolicy = { maxAttempts: 30, waitsMs: doublingWaits(60_000, 6 * 3_600_000) };

/** The finished match's result (decider/league-result.ts), with the events of its whole log (every row read once). */
export function leagueResultOf(m: MatchContext): LeagueMatchResult {
  const events = m.log.rowsBetween(0, m.log.seq).flatMap((row) => row.events);
  return leagueResult(m.meta!, m.seats, events, m.now());
}

/**
 * Handles a due `league` item: tells the league; on a throw or a 5xx answer schedules the item again
 * (a minute later, doubling). A 4xx answer (the league does not know the match) is final.
 */
export async function tellLeague(m: MatchContext, item: ScheduleItem): Promise<void> {
  const leagueId = m.meta?.config.leagueId;
  if (!leagueId || m.meta?.status !== 'finished' || !m.env.LEAGUE) return;
  const attempt = (item.payload as TellPayload | null)?.attempt ?? 0;
  try {
    const league = m.env.LEAGUE.get(m.env.LEAGUE.idFromName(leagueId)) as unknown as LeagueReceiver;
    const r = await league.matchEnded(leagueResultOf(m));
    if (r.status < 500) return;
  } catch (e) {
    console.error(`league tell of ${m.meta.matchId} (attempt ${attempt + 1}): ${String(e)}`);
  }
  const failures = attempt + 1;
  if (!retriesLeft(TELL_RETRY, failures)) return;
  const delay = retryWaitMs(TELL_RETRY, failures);
  m.schedule.schedule(KINDS.league, '', m.now() + delay, { attempt: failures } satisfies TellPayload);
}
