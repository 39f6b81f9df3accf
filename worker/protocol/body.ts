/**
 * What every request body must be before its schema reads it: at most `MAX_BODY_BYTES`, a JSON
 * object, no key valibot would drop without a word; and a schema's failure as the `issues` lines
 * of a 400 reply.
 */
import * as v from 'valibot';

/** Largest request body accepted, in bytes; larger bodies get 400 `request.too_large`. */
export const MAX_BODY_BYTES = 16 * 1024;

/** A JSON object (not an array, not null): what every request body and nested object must be. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Object keys valibot's object and record schemas skip without a word (prototype-pollution guards),
 * so a strict schema cannot refuse them itself: `reservedKeyPath` finds them before they are lost.
 */
export const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** The dotted path of the first own key named `__proto__`, `constructor` or `prototype` in a parsed JSON value, or null. */
export function reservedKeyPath(value: unknown, path = ''): string | null {
  if (typeof value !== 'object' || value === null) return null;
  for (const [k, inner] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (!Array.isArray(value) && RESERVED_KEYS.includes(k)) return here;
    const found = reservedKeyPath(inner, here);
    if (found) return found;
  }
  return null;
}

/** The longest `error.issues` line, in characters: a huge unknown key is not echoed back whole. */
const ISSUE_LINE_MAX = 200;

/** A valibot failure as the list of `path: message` lines returned in `error.issues` (each ≤ 200 characters). */
export function issueLines(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.slice(0, 10).map((i) => {
    const path = v.getDotPath(i);
    const line = path ? `${path}: ${i.message}` : i.message;
    return line.length > ISSUE_LINE_MAX ? `${line.slice(0, ISSUE_LINE_MAX - 1)}…` : line;
  });
}
