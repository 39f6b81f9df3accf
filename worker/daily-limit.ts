/**
 * The platform's daily limits (issue #33): on the Workers Free plan a Durable Object refuses further
 * operations of a kind (rows written, rows read, requests, duration) once the account used its free
 * amount for the day, until 00:00 UTC. One recogniser, `isDailyLimit`, tells such a refusal from any
 * other error: the real platform's and the test seams' fault (worker/faults.ts), which throws the
 * platform's own words, take the same path.
 *
 * What the platform says (Cloudflare docs, "Durable Objects pricing": "If you exceed any one of the
 * free tier limits, further operations of that type will fail with an error. Daily free limits reset
 * at 00:00 UTC"; the error messages as deployed Workers log them):
 * - a refused SQL write: `SQL query failed: Exceeded allowed rows written in Durable Objects free tier.`
 * - rows read, requests, duration: `Exceeded allowed rows read …`, `Exceeded allowed volume of requests
 *   …`, `Exceeded allowed duration in Durable Objects free tier.`
 * - Workers KV past its free writes: `your account has reached the free usage limit for this
 *   operation for today` (code 10048).
 * Past the Workers daily request limit (100,000 a day) the Worker does not run at all: Cloudflare
 * answers itself with `error code: 1027` (429 or 503; an HTML page "Error 1027" for a browser); the page
 * recognises that answer (web/src/lib/daily-limit.ts).
 */
import { error, type Reply } from './reply';
import { nextResetMs } from './shared/limits';

/** The platform's messages of a daily free-plan limit (see the file header). */
const PLATFORM_LIMIT = [
  /Exceeded allowed (?:rows written|rows read|volume of requests|duration) in Durable Objects free tier/i,
  /reached the free usage limit for this operation for today/i,
];

/**
 * True when `err` (anything thrown: an Error, its `cause`, or a message string) is the platform's
 * refusal past a daily free-plan limit, as opposed to any other failure.
 */
export function isDailyLimit(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 4; depth++) {
    const message = typeof e === 'string' ? e : e instanceof Error ? e.message : String(e);
    if (PLATFORM_LIMIT.some((re) => re.test(message))) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}

/**
 * 503 `server.daily_limit` at `nowMs`: nothing was changed; `Retry-After` is the seconds to the
 * next reset, and the body's `resumeAt` the reset itself (ms since the epoch), for a socket's
 * `moveResult`, which has no headers.
 */
export function dailyLimitReply(nowMs: number): Reply {
  const resumeAt = nextResetMs(nowMs);
  return {
    ...error(
      503,
      'server.daily_limit',
      "The server has reached today's free limit; nothing was changed. It works again after 00:00 UTC.",
      { resumeAt },
    ),
    headers: { 'Retry-After': String(Math.max(1, Math.ceil((resumeAt - nowMs) / 1000))) },
  };
}
