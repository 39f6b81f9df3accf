/**
 * Small HTTP pieces shared by the route groups: JSON errors, request validation with valibot (400
 * with the issues), reading a JSON body, the bearer token's hash, per-client rate limits, and
 * turning a Durable Object `Reply` into a response.
 */
import { vValidator } from '@hono/valibot-validator';
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { Env } from '../env';
import { isJsonObject, issueLines, reservedKeyPath } from '../protocol';
import type { Reply } from '../reply';
import { hashToken } from '../tokens';

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
 * Bodies go through `validJson`.
 */
export function valid<T extends 'query' | 'param', S extends v.GenericSchema>(target: T, schema: S) {
  return vValidator(target, schema, (result, c) => {
    if (!result.success) return invalid(c, target, result.issues);
  });
}

/** A JSON body as read by `readJsonBody`: the parsed object, or the 400 response to send. */
export type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; response: Response };

/**
 * Reads a request body as a JSON object. An empty body counts as `{}` (the endpoints that take no
 * fields accept it; the others then fail their schema). A non-empty body must be sent as
 * `application/json` (or `…+json`) and parse: otherwise 400 `request.malformed`. Anything but an
 * object (an array, a string, null) is 400 `request.invalid`.
 */
export async function readJsonBody(c: Context): Promise<JsonBody> {
  const text = await c.req.text();
  if (text.trim() === '') return { ok: true, value: {} };
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  const malformed = (message: string) => ({
    ok: false as const,
    response: fail(c, 400, 'request.malformed', message),
  });
  if (!/^application\/([\w.-]+\+)?json$/.test(mediaType)) {
    return malformed('Send the body as JSON with Content-Type: application/json.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed('The body is not valid JSON.');
  }
  if (!isJsonObject(value)) {
    return { ok: false, response: fail(c, 400, 'request.invalid', 'The body must be a JSON object.') };
  }
  return { ok: true, value };
}

/**
 * Parses a JSON body (`readJsonBody`) against a schema: 400 `request.invalid` with the issues on
 * failure, and for a key valibot would silently drop (`__proto__`, `constructor`, `prototype`).
 */
export function parseJsonBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  body: Record<string, unknown>,
): { ok: true; output: v.InferOutput<S> } | { ok: false; response: Response } {
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) return { ok: false, response: invalid(c, 'json', parsed.issues) };
  const reserved = reservedKeyPath(body);
  if (reserved) {
    return { ok: false, response: fail(c, 400, 'request.invalid', `${reserved}: unknown field`) };
  }
  return { ok: true, output: parsed.output };
}

/** Middleware: the body read by `readJsonBody` and checked by `parseJsonBody`; `c.req.valid('json')` holds it. */
export function validJson<S extends v.GenericSchema>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  return async (c, next) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const parsed = parseJsonBody(c, schema, body.value);
    if (!parsed.ok) return parsed.response;
    c.req.addValidatedData('json', parsed.output as object);
    await next();
  };
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
  for (const [name, value] of Object.entries(r.headers ?? {})) c.header(name, value);
  if (r.status === 204 || r.status === 304 || r.body === undefined)
    return c.body(null, r.status as 204 | 304);
  return c.json(r.body as object, r.status as 200);
}
