/**
 * A small router on signals: the path is a signal, links push history entries, `matchRoute`
 * (worker/shared/app-paths.ts, shared with the Worker) turns a path into a screen name with parameters.
 */
import { signal } from '@preact/signals';

export { matchRoute, type Route } from '../../../worker/shared/app-paths';

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

/** Click handler for in-app links: plain left clicks navigate, others keep browser behaviour. */
export function onLinkClick(e: MouseEvent): void {
  const a = e.currentTarget as HTMLAnchorElement;
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (a.target && a.target !== '_self') return;
  e.preventDefault();
  navigate(a.getAttribute('href') ?? '/');
}
