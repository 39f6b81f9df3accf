/**
 * The site's pages outside the API: the requests that reach the Worker because no static file
 * answers them (wrangler.toml [assets] has no single-page fallback). A route of the web client
 * (worker/shared/app-paths.ts: `/m/<id>`, `/rules`, …) gets the app's page, index.html from the
 * assets; any other path a small 404 page in the reader's language, with a link home. The API's own
 * unknown paths stay JSON errors (routes/methods.ts).
 */
import { escapeHtml } from '../notify/sanitize';
import { isPersonalRoute, matchRoute } from '../shared/app-paths';
import type { AppContext } from './http';
import { page, pageCatalog } from './mail-pages';

/** True for the paths of the API and of the dev pages, in any case (`/API/…` too): their errors are JSON. */
export function isApiPath(path: string): boolean {
  return /^\/(api|dev)(\/|$)/i.test(path);
}

/**
 * The answer to a path outside the API that no route and no static file took: the app's page for
 * a client route asked with GET or HEAD (with `X-Robots-Tag: noindex` on a match's, a replay's or a
 * league's page), 405 with `Allow` for a client route asked with another method, the 404 page for
 * anything else.
 */
export async function sitePage(c: AppContext): Promise<Response> {
  const route = matchRoute(c.req.path);
  if (route.name === 'notFound') return notFoundPage(c);
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    c.header('Allow', 'GET, HEAD');
    return c.body(null, 405);
  }
  // `/` is index.html (the assets' html_handling); the request's headers go along for If-None-Match.
  const shell = await c.env.ASSETS.fetch(
    new Request(new URL('/', c.req.url), { headers: c.req.raw.headers }),
  );
  // A fresh response: the assets' headers are immutable, and the middleware adds the security headers.
  const res = new Response(shell.body, shell);
  if (isPersonalRoute(route)) res.headers.set('X-Robots-Tag', 'noindex');
  return res;
}

/** The 404 page: its words from the reader's catalog (Accept-Language), a link to the home page. */
export async function notFoundPage(c: AppContext): Promise<Response> {
  const cat = pageCatalog(c);
  const { notFoundTitle, notFoundText } = cat.pages;
  // The link home is the page's own (every server-rendered page has one).
  return page(c, cat, notFoundTitle, `<p>${escapeHtml(notFoundText)}</p>`, 404);
}
