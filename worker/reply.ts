/**
 * The reply every RPC method of the match Durable Object returns: an HTTP status and a JSON body.
 * Expected failures are replies with a stable error code, never exceptions (those lose their
 * meaning across RPC); worker/routes turns a reply into a response.
 */
import type { ErrorBody } from './protocol/views';

/** A reply to one RPC call: an HTTP status and a JSON body (or none), plus an ETag for views. */
export interface Reply {
  status: number;
  body?: unknown;
  etag?: string;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
}

/** An error reply `{ error: { code, message }, ...extra }` with `status`. */
export function error(status: number, code: string, message: string, extra?: Record<string, unknown>): Reply {
  const body: ErrorBody & Record<string, unknown> = { error: { code, message }, ...extra };
  return { status, body };
}

/** 404 `match.not_found`: no match lives in this object (never created, expired or deleted). */
export const NOT_FOUND = error(
  404,
  'match.not_found',
  'No match with this id (it may have expired or been deleted).',
);

/** 400 `rules.invalid`: the engine refused the setup; `problems` are its field problems. */
export function rulesInvalid(problems: readonly { field: string; message: string }[]): Reply {
  return {
    status: 400,
    body: {
      error: {
        code: 'rules.invalid',
        message: 'These rules cannot be played with these seats.',
        issues: problems.map((p) => `${p.field}: ${p.message}`),
      },
    },
  };
}
