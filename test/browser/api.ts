/**
 * The Worker's HTTP API as the browser tests drive it besides the pages: a JSON call, a link's token,
 * and a seat's move at its current version.
 */
import { expect } from 'vitest';
import type { MatchInfo } from '../../worker/protocol/views';
import type { E2E } from './browser';

/** The token `key` (seat, host, invite) of a link's fragment, e.g. `…#seat=abc` → `abc`; '' when absent. */
export function linkToken(url: string | null | undefined, key = 'seat'): string {
  return new URLSearchParams(new URL(url ?? '', 'http://x').hash.slice(1)).get(key) ?? '';
}

/**
 * A JSON call to the test server: a POST with `body`, else a GET; the bearer `token` if given. A
 * refusal by the move or read limit (429 `rate.limited`: the tests play whole matches through the
 * API faster than a person) is waited out and the call made again, so no test depends on where a
 * limiter's minute starts.
 */
export async function apiCall(
  h: Pick<E2E, 'server'>,
  path: string,
  init: { token?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: response bodies have many JSON shapes; tests narrow them
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body) headers['content-type'] = 'application/json';
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${h.server.url}${path}`, {
      method: init.body ? 'POST' : 'GET',
      headers,
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const body = (await res.json()) as { error?: { code?: string } } | null;
    if (res.status !== 429 || body?.error?.code !== 'rate.limited' || attempt >= 20) {
      return { status: res.status, body };
    }
    await new Promise((r) => setTimeout(r, 5_000));
  }
}

/** Plays `move` for the seat of `token` at its current version, with move id `id`; expects a 200. */
export async function playAs(
  h: E2E,
  matchId: string,
  token: string,
  move: unknown,
  id: string,
): Promise<void> {
  const info = (await apiCall(h, `/api/matches/${matchId}`, { token })).body as MatchInfo;
  const r = await apiCall(h, `/api/matches/${matchId}/moves`, {
    token,
    body: { version: info.view!.version, moveId: id, move },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
