/**
 * The match page's first `GET /api/matches/:id`, started by the entry script (main.tsx) before the app
 * renders, so that it travels while the app starts instead of after. The link check (access.ts) and
 * then the live session (session.ts) use its answer: one request instead of two before the hand shows.
 * Any other case (another token, an answer older than FRESH_MS) makes its own request as before.
 */

import { matchRoute } from '../../../worker/shared/app-paths';
import { api, parseFragment } from './api';
import { findMatch } from './saved-list';
import { isWellFormedToken } from './token-shape';
import type { MatchInfo } from './types';

/** How long an early answer may stand in for the session's first fetch (ms). */
const FRESH_MS = 10_000;

let early: { matchId: string; token: string | null; at: number; info: Promise<MatchInfo> } | null = null;

/**
 * `GET /api/matches/:id` with `token`: the request already on its way for this match and token, else a
 * new one that is remembered for the session. Errors are the `ApiError`s of `api.info`.
 */
export function matchInfoOnce(matchId: string, token: string | null): Promise<MatchInfo> {
  if (early && early.matchId === matchId && early.token === token) return early.info;
  const info = api.info(matchId, token);
  info.catch(() => undefined); // read by whoever takes it; never an unhandled rejection
  early = { matchId, token, at: Date.now(), info };
  return info;
}

/**
 * Takes (once) the remembered answer for this match and token when it is fresh (FRESH_MS), for the
 * session's first info; null otherwise.
 */
export function takeFirstInfo(matchId: string, token: string | null): Promise<MatchInfo> | null {
  const e = early;
  if (!e || e.matchId !== matchId || e.token !== token || Date.now() - e.at > FRESH_MS) return null;
  early = null;
  return e.info;
}

/**
 * On a match page, starts the first fetch now with the token the page will use: a new seat link's token
 * (the link check asks with it), else the seat or host token saved on this device, else none. True on
 * a match page (whether or not the fetch could start here).
 */
export function startFirstInfo(pathname: string, hash: string): boolean {
  const route = matchRoute(pathname);
  if (route.name !== 'match') return false;
  const frag = parseFragment(hash);
  const saved = findMatch(route.matchId);
  const fresh = (t: string | undefined): t is string =>
    !!t && isWellFormedToken(t) && t !== saved?.seatToken && t !== saved?.hostToken;
  // A new seat link is checked with its own token, which the session then plays; a new host link's
  // check is left to access.ts (the session may then use another token).
  const token = fresh(frag.seat)
    ? frag.seat
    : fresh(frag.host)
      ? undefined
      : (saved?.seatToken ?? saved?.hostToken ?? null);
  if (token !== undefined) void matchInfoOnce(route.matchId, token);
  return true;
}
