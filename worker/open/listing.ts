/**
 * The open table: what one open match shows strangers on the public list, the
 * limits of the open table, and which listed match fits a "Quick match" request. Pure data and
 * functions, shared by the open table's Durable Object (table-do.ts), the match that keeps its
 * listing up to date (worker/match/open-listing.ts) and the routes. No e-mail address, token or
 * hidden card is ever part of a listing.
 */
import type { PresetName } from '../shared/rules-data';

/** Open matches one client address (`clientKey`, an IPv6 address by its /64) may have listed at once. */
export const MAX_OPEN_PER_CLIENT = 3;
/** The shortest and longest wait before bots fill the free seats, in minutes (5 minutes to 1 day). */
export const OPEN_WAIT_MINUTES = { min: 5, max: 1440 } as const;
/**
 * How long after its fill time a listing stays on the table if its match never says it started
 * (a lost update), in ms; the match's own `openFill` alarm normally removes it at the fill time.
 */
export const OPEN_GRACE_MS = 10 * 60_000;
/** The wait of a match created by "Quick match", in minutes. */
export const QUICK_WAIT_MINUTES = 10;

/**
 * One open match as the public list shows it: its title, preset (`custom`: the creator changed
 * options, so quick match never picks it), seats (`players`: the names of the taken seats, people
 * and bots, in seat order; `free`: seats a stranger may take), time per turn in hours (0: no
 * deadline), the languages of its players (tags such as `fr`), and when it was listed and when bots
 * fill its free seats (ISO).
 */
export interface OpenListing {
  matchId: string;
  title: string;
  preset: PresetName;
  custom: boolean;
  seats: number;
  free: number;
  players: string[];
  turnDeadlineHours: number;
  languages: string[];
  createdAt: string;
  fillsAt: string;
}

/** What "Quick match" asks for: a preset and a time per turn in hours (0: no deadline). */
export interface QuickAsk {
  preset: PresetName;
  turnDeadlineHours: number;
}

/**
 * Whether `listing` fits a quick-match `ask`: the same preset without changed options, a free
 * seat, and a time per turn within a factor of two of the one asked for (no deadline fits only no
 * deadline).
 */
export function fits(listing: OpenListing, ask: QuickAsk): boolean {
  if (listing.preset !== ask.preset || listing.custom || listing.free < 1) return false;
  const have = listing.turnDeadlineHours;
  const want = ask.turnDeadlineHours;
  if (have === 0 || want === 0) return have === want;
  return have <= want * 2 && have * 2 >= want;
}
