/**
 * Test helpers for the workers project: an HTTP client for the API (through the Worker's own
 * fetch, inside workerd), token extraction from links, and clock control for the Durable Object's
 * schedule. Helpers never decide legality: moves come from the view's `legalMoves`.
 */

import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { CardId, Move } from '../../worker/engine/index';
import { nextFloat, seedRng } from '../../worker/engine/rng';
import type { ServerFrame } from '../../worker/protocol/frames';
import type { Created, MatchInfo } from '../../worker/protocol/views';

export const ORIGIN = 'https://mb.test';

/** The Worker under test (its default export's fetch, inside workerd). */
export function worker(): Fetcher {
  return (exports as unknown as { default: Fetcher }).default;
}

/** Every response body seen by `api` (for the hidden-information checks). */
export const seenBodies: string[] = [];

/** Every key of a JSON value, at any depth (the hidden-information checks look for hidden ones). */
export function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

/** A raw API call. `token` becomes the bearer header; `ip` the client address. */
export async function api(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    raw?: string;
    token?: string | null;
    ip?: string;
    headers?: Record<string, string>;
  } = {},
  // biome-ignore lint/suspicious/noExplicitAny: response bodies have many JSON shapes; tests narrow them by assertion
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined || init.raw !== undefined) headers['Content-Type'] ??= 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  headers['CF-Connecting-IP'] = init.ip ?? '203.0.113.7';
  const res = await worker().fetch(`${ORIGIN}${path}`, {
    method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.raw ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  const text = await res.text();
  seenBodies.push(text);
  // biome-ignore lint/suspicious/noExplicitAny: see above
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

/** The token in a link's fragment (`#seat=…`, `#host=…`, `#invite=…`). */
export function tokenOf(url: string | null): string {
  if (!url) throw new Error('no url');
  const m = /#(?:seat|host|invite)=([A-Za-z0-9_-]+)$/.exec(url);
  if (!m) throw new Error(`no token in ${url}`);
  return m[1];
}

/** A created match with its tokens. */
export interface TestMatch {
  id: string;
  created: Created;
  host: string;
  /** Seat tokens by seat (null for bots and open seats). */
  seats: Array<string | null>;
  invite: string | null;
}

let ipCounter = 0;
/** A fresh client address, so creation limits do not interfere between tests. */
export function freshIp(): string {
  ipCounter++;
  return `198.51.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

/**
 * POST /api/matches; throws unless 201. A seat invited by address (any seat but 0 with an `email`)
 * waits in the lobby for its guest's name: here each guest confirms the name the creation gave the
 * seat through their seat link (POST /confirm), as they would from the mail, so a match without open
 * seats starts as the tests expect; `{ guests: 'wait' }` leaves them waiting.
 */
export async function create(
  body: Record<string, unknown>,
  opts: { guests?: 'confirm' | 'wait' } = {},
): Promise<TestMatch> {
  const r = await api('/api/matches', { body, ip: freshIp() });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  const created = r.body as Created;
  const match = {
    id: created.matchId,
    created,
    host: tokenOf(created.hostUrl),
    seats: created.seats.map((s) => (s.url ? tokenOf(s.url) : null)),
    invite: created.inviteUrl ? tokenOf(created.inviteUrl) : null,
  };
  if (opts.guests !== 'wait') {
    const seats = body.seats as Array<{ kind: string; email?: string }>;
    for (const [seat, s] of seats.entries()) {
      if (seat === 0 || s.kind !== 'human' || !s.email) continue;
      const c = await api(`/api/matches/${match.id}/confirm`, {
        token: match.seats[seat],
        ip: freshIp(),
        body: { name: created.seats[seat].name },
      });
      if (c.status !== 200) throw new Error(`confirm seat ${seat}: ${c.status} ${JSON.stringify(c.body)}`);
    }
  }
  return match;
}

/**
 * Ann (seat 0, to play) holding an Accident against Bob (seat 1, an `ask` seat, rolling) who holds
 * `victimHolds`: a classic match on a stacked deck, ready for the hazard that opens Bob's window.
 * `extra` adds creation fields (e.g. `responseWindowMinutes`).
 */
export function accidentForAskSeat(
  victimHolds: CardId,
  seed: string,
  extra: Record<string, unknown> = {},
): Promise<TestMatch> {
  return create({
    rules: 'classic',
    seats: [
      { kind: 'human', name: 'Ann' },
      { kind: 'human', name: 'Bob', responseMode: 'ask' },
    ],
    firstSeat: 0,
    ...extra,
    testStack: {
      seed,
      position: {
        hands: {
          0: ['accident', 'd100', 'd100', 'd50', 'd25', 'roll'],
          1: [victimHolds, 'd25', 'd50', 'd75', 'd100', 'roll'],
        },
        tableaux: { 1: { battle: ['roll'] } },
        deck: ['d25', 'd50', 'd75'],
        turn: 0,
      },
    },
  });
}

/** GET the caller's MatchInfo. */
export async function info(m: TestMatch, token: string | null = null): Promise<MatchInfo> {
  const r = await api(`/api/matches/${m.id}`, { token });
  if (r.status !== 200) throw new Error(`info: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as MatchInfo;
}

let moveCounter = 0;
/** POST a move at `version` (default: the caller's current version). */
export async function move(
  m: TestMatch,
  token: string,
  mv: Move,
  opts: { version?: number; moveId?: string } = {},
) {
  const version = opts.version ?? (await info(m, token)).view!.version;
  return api(`/api/matches/${m.id}/moves`, {
    token,
    body: { version, moveId: opts.moveId ?? `m${++moveCounter}`, move: mv },
  });
}

/** A small deterministic generator for test choices (the engine's seeded generator). */
export function rng(seed: number): () => number {
  const state = seedRng(`choices-${seed}`);
  return () => nextFloat(state);
}

/**
 * A human's pick among its legal moves: mostly progress (distance, remedies, hazards), sometimes
 * anything, so games end in reasonable time and still cover every kind of move.
 */
export function pick(moves: readonly Move[], r: () => number): Move {
  const plays = moves.filter((mv) => mv.type === 'play' || mv.type === 'coupFourre');
  const from = plays.length && r() < 0.85 ? plays : moves;
  return from[Math.floor(r() * from.length)];
}

/**
 * Plays the match over HTTP until it is finished: every human seat polls its view and plays one of
 * its legal moves. Returns the number of moves posted and the final info of seat 0's player.
 */
export async function playOut(
  m: TestMatch,
  opts: { seed?: number; maxMoves?: number; onInfo?: (seat: number, info: MatchInfo) => void } = {},
): Promise<{ moves: number; final: MatchInfo }> {
  const r = rng(opts.seed ?? 1);
  const humans = m.seats
    .map((t, seat) => ({ t, seat }))
    .filter((x): x is { t: string; seat: number } => x.t !== null);
  let moves = 0;
  for (let guard = 0; guard < (opts.maxMoves ?? 20_000); guard++) {
    let acted = false;
    for (const { t, seat } of humans) {
      const i = await info(m, t);
      opts.onInfo?.(seat, i);
      if (i.status === 'finished') return { moves, final: i };
      const legal = i.view!.legalMoves;
      if (legal.length === 0) continue;
      const res = await move(m, t, pick(legal, r), { version: i.view!.version });
      if (res.status !== 200) throw new Error(`move by ${seat}: ${res.status} ${JSON.stringify(res.body)}`);
      moves++;
      acted = true;
      break;
    }
    if (!acted) {
      const i = await info(m, humans[0].t);
      if (i.status === 'finished') return { moves, final: i };
      throw new Error(`nobody can move at v${i.view?.version} phase ${i.view?.phase}`);
    }
  }
  throw new Error('match did not finish');
}

/** The match's Durable Object stub. */
export function stubOf(m: TestMatch | string) {
  const id = typeof m === 'string' ? m : m.id;
  return env.MATCH.get(env.MATCH.idFromName(id));
}

/** The match object's clock and test seams, reached inside the object. */
interface MatchInside {
  match: {
    now(): number;
    seams: { pinClock(atMs: number | null): void };
    schedule: {
      get(kind: string, key: string): unknown;
      schedule(kind: string, key: string, atMs: number): void;
      items(): Array<{ kind: string; key: string; atMs: number; payload: unknown }>;
    };
  };
}

/** Holds the match object's clock still at `atMs` (test seam; null: it runs again). */
export async function pinClock(m: TestMatch, atMs: number | null): Promise<void> {
  await runInDurableObject(stubOf(m), (instance) => {
    (instance as unknown as MatchInside).match.seams.pinClock(atMs);
  });
}

/**
 * Makes the schedule items of `kinds` (or all) due now, by the match's clock, and runs the alarm.
 * Returns whether it ran.
 */
export async function fireSchedule(m: TestMatch, kinds?: string[]): Promise<boolean> {
  const stub = stubOf(m);
  await runInDurableObject(stub, (instance, state) => {
    const match = (instance as unknown as MatchInside).match;
    const now = match.now() - 1;
    if (kinds)
      for (const k of kinds) state.storage.sql.exec('UPDATE schedule SET at_ms = ? WHERE kind = ?', now, k);
    else state.storage.sql.exec('UPDATE schedule SET at_ms = ?', now);
    // The outbox's wake-up is kept in memory (worker/match/schedule.ts `derive`), not in the table.
    if ((!kinds || kinds.includes('mail')) && match.schedule.get('mail', ''))
      match.schedule.schedule('mail', '', now);
  });
  return runDurableObjectAlarm(stub);
}

/** Moves the match object's clock forward by `ms` (test seam) and runs its alarm. */
export async function advance(m: TestMatch, ms: number): Promise<boolean> {
  const stub = stubOf(m) as unknown as { testAdvanceClock(ms: number): Promise<unknown> };
  await stub.testAdvanceClock(ms);
  return runDurableObjectAlarm(stubOf(m));
}

/**
 * The schedule of a match: its stored rows and the items it keeps in memory (the outbox's wake-up,
 * worker/match/schedule.ts `derive`), in the rows' shape.
 */
export async function scheduleOf(
  m: TestMatch,
): Promise<Array<{ kind: string; key: string; at_ms: number; payload: string }>> {
  return runInDurableObject(stubOf(m), (instance) =>
    (instance as unknown as MatchInside).match.schedule
      .items()
      .map((i) => ({ kind: i.kind, key: i.key, at_ms: i.atMs, payload: JSON.stringify(i.payload ?? null) })),
  );
}

/** Number of rows in the match's move log. */
export async function logRows(m: TestMatch): Promise<number> {
  return runInDurableObject(stubOf(m), (_i, state) => {
    const rows = state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM log').toArray();
    return rows[0].n;
  });
}

/**
 * Ann (seat 0, first to play) and Bob, both human, with stacked hands: Ann holds a Roll, 100 km
 * twice, 50, 25 and a Stop; Bob a Roll, 25, 50, 75, 100 km and an Accident. `rules` defaults to
 * classic; `deck` puts cards on top of the draw pile (top first); `extra` adds creation fields
 * (e.g. `turnDeadlineHours`).
 */
export function annAndBob(
  seed: string,
  rules: unknown = 'classic',
  deck?: string[],
  extra: Record<string, unknown> = {},
): Promise<TestMatch> {
  return create({
    rules,
    seats: [
      { kind: 'human', name: 'Ann' },
      { kind: 'human', name: 'Bob' },
    ],
    firstSeat: 0,
    ...extra,
    testStack: {
      seed,
      position: {
        hands: {
          0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'],
          1: ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
        },
        ...(deck ? { deck } : {}),
      },
    },
  });
}

/** Waits (polling every 10 ms, at most 3 s) until `cond` holds; throws naming `what` otherwise. */
export async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A test WebSocket on a match: the frames it received and its close code (`ws` null when the upgrade was refused). */
export interface TestSocket {
  ws: WebSocket | null;
  res: Response;
  frames: ServerFrame[];
  closed: () => number | null;
}

/** Opens a WebSocket on the match `matchId` and records what it receives. */
export async function openSocket(matchId: string): Promise<TestSocket> {
  const res = await worker().fetch(`${ORIGIN}/api/matches/${matchId}/ws`, {
    headers: { Upgrade: 'websocket' },
  });
  const frames: ServerFrame[] = [];
  let closed: number | null = null;
  if (res.status !== 101) return { ws: null, res, frames, closed: () => closed };
  const ws = res.webSocket!;
  ws.accept();
  ws.addEventListener('message', (e: MessageEvent) => {
    frames.push(JSON.parse(e.data as string));
  });
  ws.addEventListener('close', (e: CloseEvent) => {
    closed = e.code;
  });
  return { ws, res, frames, closed: () => closed };
}

/**
 * A refusal: exactly `status` with the error `code` and a message, as every error answer
 * (docs/API.md); `what` names the case when it fails.
 */
export function refused(
  r: { status: number; body: { error?: { code?: unknown; message?: unknown } } },
  status: number,
  code: string,
  what = '',
): void {
  expect([r.status, r.body.error?.code], `${what} ${JSON.stringify(r.body).slice(0, 300)}`).toEqual([
    status,
    code,
  ]);
  expect(typeof r.body.error?.message, what).toBe('string');
}
