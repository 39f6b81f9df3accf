/**
 * Small HTTP pieces shared by the route groups: JSON errors, request validation with valibot (400
 * with the issues), the bearer token's hash, the client key of rate limits, and turning a Durable
 * Object `Reply` into a response. Bodies are read in body.ts, rate limits applied in limits.ts.
 */
import { vValidator } from '@hono/valibot-validator';
import type { Context } from 'hono';
import type * as v from 'valibot';
import { type Env, publicOrigin } from '../env';
import { issueLines } from '../protocol/body';
import type { Reply } from '../reply';
import { hashToken } from '../tokens';

/** The Hono environment of every route; `body` holds the request body read by body.ts `readBody`. */
export type AppEnv = { Bindings: Env; Variables: { body?: Uint8Array<ArrayBuffer> } };
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

/** 400 `request.invalid` with the valibot issues as `path: message` lines. */
export function invalid(c: Context, target: string, issues: readonly v.BaseIssue<unknown>[]) {
  return c.json(
    { error: { code: 'request.invalid', message: `Invalid request ${target}.`, issues: issueLines(issues) } },
    400,
  );
}

/**
 * Validates a request part (`query`, `param`) against a schema; a failure is 400
 * `request.invalid` listing the issues. Unknown fields fail (the schemas are strict objects).
 * Bodies go through body.ts `validJson`.
 */
export function valid<T extends 'query' | 'param', S extends v.GenericSchema>(target: T, schema: S) {
  return vValidator(target, schema, (result, c) => {
    if (!result.success) return invalid(c, target, result.issues);
  });
}

/** SHA-256 of the `Authorization: Bearer` token (the scheme in any case), or null when there is none (a spectator). */
export async function callerHash(c: Context): Promise<string | null> {
  const h = c.req.header('Authorization');
  const m = h && /^bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i.exec(h);
  return m ? hashToken(m[1]) : null;
}

/**
 * The client key for rate limits and the mail budget: the connecting IP Cloudflare sets; an IPv6
 * address by its /64 (written out in full first, so `2001:db8::1` and `2001:db8:0:0::2` share a key),
 * an IPv4-mapped one as its IPv4 address.
 */
export function clientKey(c: Context): string {
  return ipKey(c.req.header('CF-Connecting-IP') ?? 'local');
}

/** `clientKey` of one address string (see there). */
export function ipKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const last = ip.slice(ip.lastIndexOf(':') + 1);
  if (last.includes('.')) return last; // ::ffff:192.0.2.1
  const [head, tail] = ip.toLowerCase().split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const front = groups(head);
  const back = groups(tail);
  const zeros = tail === undefined ? [] : Array(Math.max(0, 8 - front.length - back.length)).fill('0');
  return [...front, ...zeros, ...back]
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}

/** The public origin used in links. */
export function originOf(c: AppContext): string {
  return publicOrigin(c.env, new URL(c.req.url).origin);
}

/** Turns a Durable Object reply into a response (JSON body, ETag, no caching by shared caches). */
export function send(c: Context, r: Reply): Response {
  c.header('Cache-Control', 'private, no-cache');
  if (r.etag) c.header('ETag', r.etag);
  for (const [name, value] of Object.entries(r.headers ?? {})) c.header(name, value);
  if (r.status === 204 || r.status === 304 || r.body === undefined)
    return c.body(null, r.status as 204 | 304);
  return c.json(r.body as object, r.status as 200);
}
