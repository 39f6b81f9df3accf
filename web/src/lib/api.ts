/**
 * HTTP calls to the Worker (docs/API.md). Every failure becomes an `ApiError` with a stable code
 * and words for the player; network failures have code `network`; the platform's own answer past
 * its daily request limit has the server's code `server.daily_limit` (lib/daily-limit.ts).
 */

import type { JournalPage } from '../../../worker/match/journal';
import type { Settings } from '../../../worker/protocol/requests';
import { DAILY_LIMIT, isPlatformLimit } from './daily-limit';
import type { Created, CreateMatch, LoggedEvent, MatchInfo, Move, RematchInfo, SummaryItem } from './types';

/**
 * A failed call: `status` 0 for a network failure. `info` comes with a 409 (stale version);
 * `retryAfter`: the seconds a 429 asks to wait (its `Retry-After`), else null.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly info?: MatchInfo,
    readonly issues: readonly string[] = [],
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/**
 * One JSON call: `body` sent as JSON, the bearer `token` if given, `extra` headers; the answer's JSON,
 * or an `ApiError`. Exported for the calls of chunks loaded later (the chat's: screens/table/chat-model.ts).
 */
export async function call<T>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  extra?: Record<string, string>,
): Promise<T> {
  const headers: Record<string, string> = { ...extra };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'network', e instanceof Error ? e.message : String(e));
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text().catch(() => '');
  let data: unknown = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err =
      (data as { error?: { code?: string; message?: string; issues?: string[] }; info?: MatchInfo } | null) ??
      (isPlatformLimit(res.status, text) ? { error: { code: DAILY_LIMIT } } : {});
    throw new ApiError(
      res.status,
      err.error?.code ?? `http.${res.status}`,
      err.error?.message ?? res.statusText ?? `HTTP ${res.status}`,
      err.info,
      err.error?.issues ?? [],
      Number(res.headers.get('retry-after')) || null,
    );
  }
  return data as T;
}

const m = (id: string) => `/api/matches/${encodeURIComponent(id)}`;

/** The client's calls, one per route of docs/API.md. */
export const api = {
  create: (body: CreateMatch) => call<Created>('POST', '/api/matches', null, body),
  info: (id: string, token: string | null) => call<MatchInfo>('GET', m(id), token),
  move: (id: string, token: string, body: { version: number; moveId: string; move: Move }) =>
    call<{ info: MatchInfo; events: unknown[] }>('POST', `${m(id)}/moves`, token, body),
  claim: (id: string, body: { invite: string; name: string; email?: string; language?: string }) =>
    call<{ seat: number; token: string; seatUrl: string }>('POST', `${m(id)}/claim`, null, body),
  /** An invited guest confirms (or types) the name they play under, through their seat's link. */
  confirm: (id: string, token: string, body: { name: string; language?: string }) =>
    call<MatchInfo>('POST', `${m(id)}/confirm`, token, body),
  start: (id: string, token: string) => call<MatchInfo>('POST', `${m(id)}/start`, token, {}),
  settings: (id: string, token: string, body: Settings & { chatMuted?: boolean }) =>
    call<MatchInfo>('POST', `${m(id)}/settings`, token, body),
  bot: (id: string, token: string, seat: number) =>
    call<MatchInfo>('POST', `${m(id)}/seats/${seat}/bot`, token, {}),
  reclaim: (id: string, token: string, seat: number) =>
    call<unknown>('POST', `${m(id)}/seats/${seat}/reclaim`, token, {}),
  /** "Play again" (no answer) or an answer to the offer: 202 `{rematch}`, 201/200 `Created` once dealt. */
  rematch: (id: string, token: string, answer?: 'accept' | 'decline') =>
    call<Created | { rematch: RematchInfo }>('POST', `${m(id)}/rematch`, token, answer ? { answer } : {}),
  // -- leaving a match --
  leave: (id: string, token: string) => call<MatchInfo>('POST', `${m(id)}/leave`, token, {}),
  // -- leagues --
  // (the league's calls are screens/league/league-api.ts: they load with the league page, not here)
  // -- open table --
  /** The open table's calls (lib/open-api.ts: list, create, join, quick match), in a chunk of their own. */
  open: () => import('./open-api').then((o) => o.openApi),
  // -- replay of finished hands --
  remove: (id: string, token: string) => call<void>('DELETE', m(id), token),
  log: (id: string, after: number) =>
    call<{ events: LoggedEvent[] }>('GET', `${m(id)}/log?after=${after}`, null),
  journal: (id: string, hand?: number) =>
    call<JournalPage>('GET', `${m(id)}/journal${hand === undefined ? '' : `?hand=${hand}`}`, null),
  magicLink: (email: string, language: string) =>
    call<unknown>('POST', '/api/mail/my-matches', null, { email, language }),
  summaries: (items: ReadonlyArray<{ matchId: string; token: string }>) =>
    call<{ items: SummaryItem[] }>('POST', '/api/matches/summaries', null, { items }),
  mailedMatches: (key: string, token: string) =>
    call<{ matches: Array<{ matchId: string; seat: number; title: string; url: string }> }>(
      'POST',
      '/api/mail/my-matches/list',
      null,
      { key, token },
    ),
};

/** Reads the token kind and value from a link fragment such as `#seat=abc`. */
export function parseFragment(hash: string): { seat?: string; host?: string; invite?: string } {
  const out: { seat?: string; host?: string; invite?: string } = {};
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  for (const key of ['seat', 'host', 'invite'] as const) {
    const v = params.get(key);
    if (v) out[key] = v;
  }
  return out;
}
