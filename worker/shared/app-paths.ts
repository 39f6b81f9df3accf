/**
 * The web client's routes as paths: which path opens which screen. The client's router renders by it
 * (web/src/lib/router.ts), and the Worker serves the app's page for exactly these paths and a 404
 * page for any other (worker/routes/site.ts), so a new screen is one edit here.
 */

/** A route of the app. */
export type Route =
  | { name: 'home' }
  | { name: 'rules' }
  // -- open table --
  | { name: 'open' }
  // -- practice offline --
  | { name: 'practice' }
  | { name: 'match'; matchId: string }
  | { name: 'replay'; matchId: string }
  // -- leagues --
  | { name: 'league'; leagueId: string | null }
  | { name: 'notFound' };

/**
 * Maps a path (without query or fragment) to a route: `/`, `/rules`, `/practice`, `/open` (the open
 * table), `/m/<matchId>`, `/m/<matchId>/replay`, `/l/<leagueId>` and `/l/new`; anything else is
 * `notFound`.
 */
export function matchRoute(p: string): Route {
  if (p === '/' || p === '/index.html') return { name: 'home' };
  if (p === '/rules') return { name: 'rules' };
  if (p === '/practice') return { name: 'practice' };
  if (p === '/open') return { name: 'open' };
  // `/m/<matchId>/replay?hand=N&step=K`: the replay of finished hands.
  const m = /^\/m\/([A-Za-z0-9_-]{1,64})(\/replay)?\/?$/.exec(p);
  if (m) return { name: m[2] ? 'replay' : 'match', matchId: m[1] };
  const l = /^\/l\/([A-Za-z0-9_-]{1,64})\/?$/.exec(p); // leagues; /l/new makes one
  if (l) return { name: 'league', leagueId: l[1] === 'new' ? null : l[1] };
  return { name: 'notFound' };
}

/**
 * True for the routes that are one person's or one group's pages (a match, its replay, a league):
 * search engines are asked not to index them (robots.txt and `X-Robots-Tag`).
 */
export function isPersonalRoute(route: Route): boolean {
  return route.name === 'match' || route.name === 'replay' || route.name === 'league';
}
