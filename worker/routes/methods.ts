/**
 * 405 `method.not_allowed` (with `Allow`) for a known path asked with a method it does not take
 * (`PUT /api/matches/:id`, `OPTIONS /api/matches`), instead of the 404 of an unknown path. The
 * allowed methods come from the app's own route table, so a new route needs no second list.
 */
import type { Context, Hono } from 'hono';
import { type AppEnv, fail } from './http';

/** One route path of the app as a pattern, with the methods its handlers take. */
interface RoutePattern {
  pattern: RegExp;
  methods: string[];
}

/**
 * A Hono route path as an anchored pattern: `:name` (with or without a `{…}` constraint) is one
 * segment, `*` anything.
 */
function patternOf(path: string): RegExp {
  const source = path
    .split(/(:[A-Za-z0-9_]+(?:\{[^}]*\})?\??|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** The app's route paths and their methods (middleware and `all()` handlers, method `ALL`, left out). */
function routeTable(app: Hono<AppEnv>): RoutePattern[] {
  const byPath = new Map<string, Set<string>>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    const methods = byPath.get(r.path) ?? new Set<string>();
    methods.add(r.method);
    // Hono answers HEAD with the GET handler.
    if (r.method === 'GET') methods.add('HEAD');
    byPath.set(r.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({ pattern: patternOf(path), methods: [...methods] }));
}

/**
 * The `notFound` handler of `app`: 405 `method.not_allowed` with `Allow` (every method of every route
 * whose path matches) when the path is known, else 404 `not_found`. The route table is read on the
 * first call, once every route is registered.
 */
export function notFoundHandler(app: Hono<AppEnv>): (c: Context<AppEnv>) => Response {
  let table: RoutePattern[] | null = null;
  return (c) => {
    table ??= routeTable(app);
    const allowed = new Set(table.filter((r) => r.pattern.test(c.req.path)).flatMap((r) => r.methods));
    if (allowed.size === 0) return fail(c, 404, 'not_found', 'No such endpoint.');
    const allow = [...allowed].sort().join(', ');
    c.header('Allow', allow);
    return fail(c, 405, 'method.not_allowed', `${c.req.method} is not allowed here; allowed: ${allow}.`);
  };
}
