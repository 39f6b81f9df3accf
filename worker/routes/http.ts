/**
 * Small HTTP pieces shared by the route groups: JSON errors, request validation with valibot (400
 * with the issues), the bearer token's hash, per-client rate limits, and turning a Durable Object
 * `Reply` into a response.
 */
import { vValidator } from '@hono/valibot-validator';
import type { Context, MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import type { Env } from '../env';
import type { Reply } from '../match/replies';
import { hashToken } from '../match/tokens';
import { issueLines } from '../protocol';

/** The Hono environment of every route. */
export type AppEnv = { Bindings: Env };
export type AppContext = Context<AppEnv>;

/** A 4xx JSON error response `{error: {code, message}}`. */
export function fail(
  c: Context,
  status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 422 | 426 | 429,
  code: string,
  message: string,
) {
  return c.json({ error: { code, message } }, status);
}

/**
 * Validates a request part (`json`, `query`, `param`) against a schema; a failure is 400
 * `request.invalid` listing the issues. Unknown fields fail (the schemas are strict objects).
 */
export function valid<T extends 'json' | 'query' | 'param', S extends v.GenericSchema>(target: T, schema: S) {
  return vValidator(target, schema, (result, c) => {
    if (!result.success) {
      return c.json(
        {
          error: {
            code: 'request.invalid',
            message: `Invalid request ${target}.`,
            issues: issueLines(result.issues),
          },
        },
        400,
      );
    }
  });
}

/** SHA-256 of the `Authorization: Bearer` token, or null when there is none (a spectator). */
export async function callerHash(c: Context): Promise<string | null> {
  const h = c.req.header('Authorization');
  const m = h && /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/.exec(h);
  return m ? hashToken(m[1]) : null;
}

/** The client key for rate limits: the connecting IP Cloudflare sets (IPv6 by its /64). */
export function clientKey(c: Context): string {
  const ip = c.req.header('CF-Connecting-IP') ?? 'local';
  return ip.includes(':') ? ip.split(':').slice(0, 4).join(':') : ip;
}

/** Per-client rate limit with a Workers Rate Limiting binding: 429 `rate.limited` when exceeded. */
export function rateLimit(
  pick: (env: Env) => RateLimit | undefined,
  what: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limiter = pick(c.env);
    if (limiter) {
      const { success } = await limiter.limit({ key: `${what}:${clientKey(c)}` });
      if (!success) {
        c.header('Retry-After', '60');
        return fail(
          c,
          429,
          'rate.limited',
          `Too many ${what} requests from this client; try again in a minute.`,
        );
      }
    }
    await next();
  };
}

/** The public origin used in links. */
export function originOf(c: AppContext): string {
  return (c.env.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/+$/, '');
}

/** Turns a Durable Object reply into a response (JSON body, ETag, no caching by shared caches). */
export function send(c: Context, r: Reply): Response {
  c.header('Cache-Control', 'private, no-cache');
  if (r.etag) c.header('ETag', r.etag);
  if (r.status === 204 || r.status === 304 || r.body === undefined)
    return c.body(null, r.status as 204 | 304);
  return c.json(r.body as object, r.status as 200);
}
