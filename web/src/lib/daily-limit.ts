/**
 * The server's daily limit as the page meets it (issue #33): the match's 503 `server.daily_limit`
 * (its writes were refused; `Retry-After` counts to the reset), or the platform's own answer when the
 * Worker is past its daily request limit and does not run at all. Cloudflare then answers with
 * `error code: 1027` (or, to a browser, its "Error 1027" HTML page; Workers docs, "Daily request":
 * "Routes in fail closed mode will display a Cloudflare 1027 error page"). The page takes both for
 * the same code and says the same words.
 */
import { nextResetMs } from '../../../worker/shared/limits';

/** The code of a refusal at the daily limit, the server's or the platform's (see the file header). */
export const DAILY_LIMIT = 'server.daily_limit';

/**
 * True when an answer of `status` with body `text` is the platform's own daily-limit page (1027):
 * any refusal (4xx or 5xx; Cloudflare does not document the status of its 1027 page, 429 and 503
 * are both met) whose text, its HTML tags left out, says `error code: 1027` or `Error 1027`. The
 * server's own answers are JSON and never say it.
 */
export function isPlatformLimit(status: number, text: string): boolean {
  if (status < 400) return false;
  // The HTML page puts the word and the number in elements of their own (`Error</span> <span …>1027`).
  const words = text.replace(/<[^>]*>/g, ' ');
  return /\b(?:error code:?|error)\s*1027\b/i.test(words);
}

/**
 * When play resumes (ms since the epoch, the page's clock): `retryAfterS` seconds from `nowMs` when
 * the server said so, else the next 00:00 UTC, when the platform resets its daily limits.
 */
export function resumeAtOf(retryAfterS: number | null, nowMs: number): number {
  return retryAfterS ? nowMs + retryAfterS * 1000 : nextResetMs(nowMs);
}
