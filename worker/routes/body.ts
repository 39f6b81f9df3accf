/**
 * The one reader of request bodies. `readBody` (middleware on /api/*) reads the raw body in full
 * before any route runs, under the size limit; a body that fails to arrive (cut short, shorter than
 * its Content-Length, an aborted upload) is 400 `request.malformed`, never a 500 and never a change.
 * Routes see the body only as the bytes it kept: `readJsonBody` / `validJson` for JSON and
 * `readFormBody` for the mail pages' HTML forms. No other file reads a request body
 * (test/architecture/body-reads.test.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { isJsonObject, MAX_BODY_BYTES, reservedKeyPath } from '../protocol/body';
import { type AppEnv, fail, invalid } from './http';

/** The message of a body that did not arrive in full. */
const CUT_SHORT = 'The request body did not arrive in full.';

/** The request's bytes (read once, up to MAX_BODY_BYTES), or the 400 response to send. */
type Bytes = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; response: Response };

async function readBytes(c: Context): Promise<Bytes> {
  const tooLarge = () => ({
    ok: false as const,
    response: fail(c, 400, 'request.too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`),
  });
  const cutShort = () => ({ ok: false as const, response: fail(c, 400, 'request.malformed', CUT_SHORT) });
  // A declared length counts only without Transfer-Encoding (which then rules the framing).
  const header = c.req.raw.headers.has('Transfer-Encoding') ? undefined : c.req.header('Content-Length');
  const declared = header && /^\s*\d+\s*$/.test(header) ? Number(header) : null;
  if (declared !== null && declared > MAX_BODY_BYTES) return tooLarge();
  const stream = c.req.raw.body;
  if (!stream) return declared ? cutShort() : { ok: true, bytes: new Uint8Array(0) };
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        reader.cancel().catch(() => {});
        return tooLarge();
      }
      chunks.push(value);
    }
  } catch {
    // "Network connection lost", a stream that errored: the client's body never came in full.
    return cutShort();
  }
  if (declared !== null && size !== declared) return cutShort();
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/**
 * Middleware: reads the body of every request but GET and HEAD (whose bodies mean nothing and are
 * never read) into `c.var.body`. 400 `request.too_large` past MAX_BODY_BYTES (by Content-Length,
 * or counted while reading); 400 `request.malformed` for a body that fails to arrive or whose
 * length differs from its Content-Length. The raw stream is consumed: nothing else can read it.
 */
export function readBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const read = await readBytes(c);
    if (!read.ok) return read.response;
    c.set('body', read.bytes);
    await next();
  };
}

/** The body kept by `readBody` as text (UTF-8; empty when there was none). */
function bodyText(c: Context<AppEnv>): string {
  return new TextDecoder().decode(c.get('body') ?? new Uint8Array(0));
}

/** A JSON body as read by `readJsonBody`: the parsed object, or the 400 response to send. */
export type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; response: Response };

/**
 * The request body (kept by `readBody`) as a JSON object. An empty body counts as `{}` (the
 * endpoints that take no fields accept it; the others then fail their schema). A non-empty body
 * must be sent as `application/json` (or `…+json`) and parse: otherwise 400 `request.malformed`.
 * Anything but an object (an array, a string, null) is 400 `request.invalid`.
 */
export function readJsonBody(c: Context<AppEnv>): JsonBody {
  const text = bodyText(c);
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
 * The request body (kept by `readBody`) as an HTML form's fields, name → value (the last one of a
 * repeated name; file parts left out). A body that is not `application/x-www-form-urlencoded` or
 * `multipart/form-data`, or that does not parse as one, has no fields: `{}`.
 */
export async function readFormBody(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return {};
  const fields: Record<string, string> = {};
  try {
    const form = await new Response(c.get('body') ?? null, { headers: { 'Content-Type': type } }).formData();
    form.forEach((value, name) => {
      if (typeof value === 'string') fields[name] = value;
    });
  } catch {
    return {};
  }
  return fields;
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
    const body = readJsonBody(c);
    if (!body.ok) return body.response;
    const parsed = parseJsonBody(c, schema, body.value);
    if (!parsed.ok) return parsed.response;
    c.req.addValidatedData('json', parsed.output as object);
    await next();
  };
}
