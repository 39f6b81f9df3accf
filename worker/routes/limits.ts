/**
 * Per-client rate limits with the Workers Rate Limiting bindings (wrangler.toml [[ratelimits]]):
 * creations, moves and settings per route (`rateLimit`), and reads (`readLimit`: every GET under
 * /api, the WebSocket upgrade included). A request may weigh more than one unit (`limitClient`),
 * so a batch read can cost as many reads as the matches it asks about. Past a limit: 429
 * `rate.limited` with `Retry-After`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import { type AppEnv, clientKey, fail } from './http';

/**
 * The period of every limiter in wrangler.toml, in seconds, and so the `Retry-After` of a refusal
 * (the binding does not tell when its window ends; a full period is the longest wait).
 */
export const LIMIT_PERIOD_S = 60;

/**
 * Spends `weight` units (a whole number ≥ 1; less counts as 1) of `key`'s allowance on `limiter`.
 * True when every unit was granted. The binding counts one per `limit()` call, so a weight of n is
 * n calls with the same key (made together); the request is refused if any is refused, and the
 * units granted before the refusal stay spent, as a refused request's own unit does.
 */
export async function spend(limiter: RateLimit, key: string, weight: number): Promise<boolean> {
  const units = Math.max(1, Math.floor(weight));
  const outcomes = await Promise.all(Array.from({ length: units }, () => limiter.limit({ key })));
  return outcomes.every((o) => o.success);
}

/**
 * Checks this client's allowance for `what` (`create`, `move`, `read`, …) on `limiter`, spending
 * `weight` units: null when the request may go on, else the 429 `rate.limited` response (with
 * `Retry-After: 60`). No limiter (a binding left out of the configuration) means no limit.
 */
export async function limitClient(
  c: Context<AppEnv>,
  limiter: RateLimit | undefined,
  what: string,
  weight = 1,
): Promise<Response | null> {
  if (!limiter || (await spend(limiter, `${what}:${clientKey(c)}`, weight))) return null;
  c.header('Retry-After', String(LIMIT_PERIOD_S));
  return fail(c, 429, 'rate.limited', `Too many ${what} requests from this client; try again in a minute.`);
}

/** Middleware: one unit of the client's `what` allowance on the limiter `pick` chooses (see `limitClient`). */
export function rateLimit(
  pick: (env: Env) => RateLimit | undefined,
  what: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const refused = await limitClient(c, pick(c.env), what);
    if (refused) return refused;
    await next();
  };
}

/**
 * Middleware for /api/*: every GET or HEAD (polls, the log, the pages, the WebSocket upgrade)
 * spends one read of READ_LIMITER; other methods pass untouched (they have their own limits). A
 * route that reads several matches at once charges the rest itself with `limitClient(c,
 * c.env.READ_LIMITER, 'read', n)` (a POST, not counted here, charges all n).
 */
export function readLimit(): MiddlewareHandler<AppEnv> {
  const reads = rateLimit((env) => env.READ_LIMITER, 'read');
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    return reads(c, next);
  };
}
