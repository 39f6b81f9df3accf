/**
 * The server's limits on what a request may carry, as plain numbers: the request schemas and checks
 * of the Worker read them, and the page reads the same values for its fields and counters (the page
 * may import values only from worker/shared and worker/words), so a limit is written once.
 */

/** Most seats of a match, bots and open seats included (RULES.md §10: up to 8 seats). */
export const MAX_SEATS = 8;

/** Longest seat or league member name, in code points (after cleaning). */
export const NAME_MAX_CHARS = 40;

/** Longest match title, in code points (after cleaning). */
export const TITLE_MAX_CHARS = 80;

/** Longest league name, in code points (after cleaning). */
export const LEAGUE_NAME_MAX_CHARS = 60;

/** Longest accepted e-mail address, in characters (RFC 5321 path limit). */
export const MAX_ADDRESS_LENGTH = 254;

/** Longest time per turn a match may give, in hours (30 days); 0 means no deadline. */
export const TURN_DEADLINE_MAX_HOURS = 720;

/** Longest response window for an `ask` seat, in minutes (7 days). */
export const RESPONSE_WINDOW_MAX_MINUTES = 10080;

/** Most vacation days per player a match may give, in days. */
export const VACATION_MAX_DAYS = 30;

/** Most turn timeouts in a row a match may allow before a bot keeps the seat (0: never). */
export const TIMEOUTS_TO_BOT_MAX = 10;

/** Latest "I'm away until" of a seat's settings, in days after now. */
export const AWAY_MAX_DAYS = 30;

/** Longest chat line, in code points (after cleaning). */
export const CHAT_MAX_CHARS = 500;

/** Latest "away until" day of a chat quick phrase, in days after today (UTC). */
export const CHAT_AWAY_MAX_DAYS = 90;

/** Matches one `POST /api/matches/summaries` may ask about (the page asks for more in further requests). */
export const MAX_SUMMARY_ITEMS = 20;

/** Most members of a league (a match seats at most `MAX_SEATS`: members plus bots). */
export const LEAGUE_MAX_MEMBERS = 8;

/**
 * When the platform's daily free-plan limits reset after `nowMs`: the next 00:00 UTC (ms since the
 * epoch). The server's `Retry-After` of `server.daily_limit` counts to it; the page says it in the
 * reader's local time when the platform answered alone (its daily request limit) with no such header.
 */
export function nextResetMs(nowMs: number): number {
  const DAY_MS = 86_400_000;
  return (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS;
}
