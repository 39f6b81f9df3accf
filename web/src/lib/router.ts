/**
 * A small router on signals: the path is a signal, links push history entries, `matchRoute`
 * turns a path into a screen name with parameters.
 */
import { signal } from '@preact/signals';

/** The current location path (without query or fragment). */
export const path = signal(typeof location === 'undefined' ? '/' : location.pathname);

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    path.value = location.pathname;
  });
}

/** Goes to `to` (a path, optionally with a fragment) without reloading the page. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  path.value = new URL(to, location.href).pathname;
  if (!options.replace) window.scrollTo?.(0, 0);
}

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
 * Maps a path to a route: `/`, `/rules`, `/practice`, `/open` (the open table), `/m/<matchId>`, `/m/<matchId>/replay`,
 * `/l/<leagueId>` and `/l/new`.
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

/** Click handler for in-app links: plain left clicks navigate, others keep browser behaviour. */
export function onLinkClick(e: MouseEvent): void {
  const a = e.currentTarget as HTMLAnchorElement;
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (a.target && a.target !== '_self') return;
  e.preventDefault();
  navigate(a.getAttribute('href') ?? '/');
}
