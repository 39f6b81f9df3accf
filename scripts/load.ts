/**
 * Load test with faults (`npm run load -- --seconds N --matches N [--quota-fault]`): the production bundle in
 * miniflare (scripts/mf-harness.ts, with the test seams for the audit), many matches at once with
 * bots and scripted humans on WebSockets, for a bounded time, with faults in the middle: sockets
 * dropped and reopened, duplicate submissions (the same move id again, over the other way), and an
 * eviction of every Durable Object (the runtime restarted on the same storage). Scripted humans choose
 * from the legal moves of their own view (the `basic` bot) and retry a move without an answer with
 * the same move id, as the web client does.
 *
 * With `--quota-fault` the run also goes through the platform's daily limit and its reset (issue
 * #33), through the fault seam `POST /dev/faults`: from 15 % to 35 % of the run every match object's
 * writes are refused, and for part of it (20 % to 27 %) the Worker's calls to the objects too; at the
 * reset every match object's clock moves past 00:00 UTC (`POST /dev/clock/:id`, which also runs what
 * fell due, as the first alarm after the reset does). The matches have one-hour turn deadlines, so
 * the deadlines that fall inside the outage must move (nobody here lets a turn run out otherwise). A
 * scripted human refused with 503 `server.daily_limit` keeps its move and sends it again after the
 * reset with the same move id, as the page does; those answers are counted apart ("refused at the
 * limit") and are not 5xx failures (any other 5xx is). The audit adds the rows a timeout stored
 * from the outage's start on (load-audit.ts `timedOutAfterOutage`), which must be none.
 *
 * Afterwards every match is audited (`GET /dev/replay/:id`) on the running runtime, then once more
 * after a restart: an acknowledged move id missing from the log is lost; a move id in two rows, a
 * duplicate not answered as a replay, or a refused move id the log holds is doubled; a stored state
 * (served, then rebuilt) that differs from the replay of its log is a mismatch. A match still on that
 * acknowledged no move before the eviction, or none after it, stalled. The last line reads
 * `load: N moves, N 5xx, N lost, N doubled, N mismatches` (with `--quota-fault`, after a line
 * `limit: … N moves refused at the limit …, N timeouts after the outage`); the exit code is 1 when
 * any of the last four is not 0, a match stalled, or a timeout came after the outage.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Miniflare } from 'miniflare';
import { chooseMove } from '../worker/bots/index';
import type { Move } from '../worker/engine/index';
import { nextFloat, seedRng } from '../worker/engine/rng';
import type { Created, MatchInfo } from '../worker/protocol/views';
import { nextResetMs } from '../worker/shared/limits';
import { intOption, parseArgs, UsageError } from './bench-config';
import { auditMatch, duplicateAnswerOk, isDailyLimitAnswer, quantile, type ReplayAnswer } from './load-audit';
import { SocketPace } from './load-pace';
import { bundle, call, ORIGIN, start, tokenOf } from './mf-harness';

const args = parseArgs(process.argv.slice(2));
let SECONDS: number;
let MATCHES: number;
try {
  SECONDS = intOption(args, 'seconds', 120, 5, 3600);
  MATCHES = intOption(args, 'matches', 200, 1, 1000);
  if (args.has('quota-fault') && args.get('quota-fault') !== '1')
    throw new UsageError('--quota-fault takes no value');
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  console.error(e.message);
  process.exit(2);
}

/** `--quota-fault`: the run goes through a simulated daily limit and its reset (see the file header). */
const QUOTA_FAULT = args.has('quota-fault');

/** A socket of miniflare's fetch (its own class, not the DOM's). */
type MfSocket = NonNullable<Awaited<ReturnType<Miniflare['dispatchFetch']>>['webSocket']>;

/** How long a scripted human waits for an answer before sending the same move again (ms). */
const ANSWER_MS = 5_000;
/** How long a match without a move acknowledged since the eviction plays past the end (ms). */
const GRACE_MS = 30_000;

/** What the run saw. */
const tally = {
  moves: 0,
  fiveXX: 0,
  errors: new Map<string, number>(),
  latencies: [] as number[],
  retries: 0,
  /** Moves still without an answer after every retry (not in the latencies). */
  unanswered: 0,
  duplicates: 0,
  /** Duplicates of an acknowledged move answered otherwise than as a replay (load-audit.ts `duplicateAnswerOk`). */
  duplicatesRefused: 0,
  drops: 0,
  evictions: 0,
  reconnects: 0,
  /** Answers 503 `server.daily_limit` to a move, each followed by the same move sent again after the reset. */
  refusedAtLimit: 0,
  /** Moves still refused at the limit when their match's loop ended (the reset came too late). */
  stillRefused: 0,
};

/**
 * The simulated daily limit (`--quota-fault`): when its writes fault began (ms since the epoch, the
 * real clock, which every match object's clock equals until the reset moves it), the reset it lasts
 * until (the next 00:00 UTC, by the objects' clocks), how long the calls were refused (ms), and
 * whether the reset came.
 */
const outage = {
  startMs: null as number | null,
  resetMs: 0,
  callsMs: 0,
  over: false,
  /** Resolved when the reset came (every match object's clock past it, the faults lifted). */
  came: null as Promise<void> | null,
};

/** Waits until the reset came or `until` (ms since the epoch) passed; true when the reset came. */
async function resetCame(until: number): Promise<boolean> {
  while (!outage.over && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return outage.over;
}

/** One human seat: its token, its socket (or none), its latest view. */
interface Seat {
  seat: number;
  token: string;
  ws: MfSocket | null;
  info: MatchInfo | null;
  /** When this seat may next try to open its socket again (ms since the epoch). */
  reconnectAt: number;
  /** Its socket's frames and its socket moves, kept within the server's allowances. */
  pace: SocketPace;
}

/** One match: its id, its human seats, the move ids acknowledged (a 200 answer) and refused (a 4xx but 429). */
interface Match {
  id: string;
  humans: Seat[];
  acked: Set<string>;
  refused: Set<string>;
  waiting: Map<string, (r: { status: number; body: unknown }) => void>;
  done: boolean;
  /** Moves acknowledged that were sent before the eviction, and after its new runtime started. */
  ackedBefore: number;
  ackedAfter: number;
}

let mf: Miniflare;
/** When the eviction's new runtime started (ms since the epoch; Infinity before). */
let restartedAt = Number.POSITIVE_INFINITY;

/** `p`, or null after `ms` (a request to a runtime that was restarted under it never answers). */
function timed<T>(p: Promise<T>, ms = ANSWER_MS * 2): Promise<T | null> {
  return Promise.race([p.catch(() => null), new Promise<null>((r) => setTimeout(() => r(null), ms))]);
}
const rand = (() => {
  const s = seedRng('load');
  return () => nextFloat(s);
})();

/** Counts an error answer by its code; a 5xx is a failure unless it is the daily limit's 503. */
function countError(status: number, body: unknown): void {
  if (status >= 500 && !isDailyLimitAnswer({ status, body })) tally.fiveXX++;
  const code = (body as { error?: { code?: string } } | null)?.error?.code ?? `http.${status}`;
  tally.errors.set(code, (tally.errors.get(code) ?? 0) + 1);
}

/** Opens and authenticates `s`'s socket; its frames keep `s.info` and answer the match's waiting moves. */
async function connect(m: Match, s: Seat): Promise<void> {
  const res = await mf.dispatchFetch(`${ORIGIN}/api/matches/${m.id}/ws`, {
    headers: { Upgrade: 'websocket' },
  });
  const ws = res.webSocket;
  if (!ws) return;
  ws.accept();
  ws.addEventListener('message', (e) => {
    const f = JSON.parse(String(e.data));
    if (f.type === 'info' && f.info.you.seat === s.seat) s.info = f.info;
    if (f.type === 'moveResult') m.waiting.get(f.moveId)?.(f);
    // An error frame answers nothing the page waits for (it times out and retries): counted here.
    if (f.type === 'error') countError(0, f);
  });
  ws.addEventListener('close', () => {
    if (s.ws === ws) s.ws = null;
  });
  // A runtime restarting under an open socket resets its connection: the page reconnects.
  ws.addEventListener('error', () => {
    if (s.ws === ws) s.ws = null;
  });
  ws.send(JSON.stringify({ type: 'auth', token: s.token }));
  s.pace.opened(Date.now());
  s.ws = ws;
}

/** Creates match `n`: 2 to 4 seats, some of them bots, every human on a socket. */
async function createMatch(n: number): Promise<Match> {
  const seats = 2 + (n % 3);
  const bots = n % 4 === 0 ? 0 : n % seats === 0 ? 1 : seats - 2;
  const kinds = Array.from({ length: seats }, (_, i) => (i > 0 && i <= bots ? 'bot' : 'human'));
  const made = await call(mf, '/api/matches', {
    body: {
      rules: 'classic',
      seats: kinds.map((kind, i) => (kind === 'bot' ? { kind, botLevel: 'basic' } : { kind, name: `P${i}` })),
      firstSeat: 0,
      testStack: { seed: `load-${n}` },
      // Short deadlines: those that fall inside the simulated outage must move (see the file header).
      ...(QUOTA_FAULT ? { turnDeadlineHours: 1 } : {}),
    },
  });
  if (made.status !== 201) throw new Error(`create: ${made.status} ${JSON.stringify(made.body)}`);
  const c = made.body as Created;
  const m: Match = {
    id: c.matchId,
    humans: [],
    acked: new Set(),
    refused: new Set(),
    waiting: new Map(),
    done: false,
    ackedBefore: 0,
    ackedAfter: 0,
  };
  for (const s of c.seats)
    if (kinds[s.seat] === 'human')
      m.humans.push({
        seat: s.seat,
        token: tokenOf(s.url),
        ws: null,
        info: null,
        reconnectAt: 0,
        pace: new SocketPace(),
      });
  for (const s of m.humans) await connect(m, s);
  return m;
}

/**
 * Sends one move of `s` over its socket (or HTTP without one, or while the socket has no room:
 * load-pace.ts); resolves with the answer, or null after `ANSWER_MS`.
 */
function send(m: Match, s: Seat, body: { version: number; moveId: string; move: Move }, http: boolean) {
  if (http || !s.ws || !s.pace.hasRoom(Date.now()))
    return timed(call(mf, `/api/matches/${m.id}/moves`, { token: s.token, body }));
  s.pace.sent(Date.now());
  return new Promise<{ status: number; body: unknown } | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), ANSWER_MS);
    m.waiting.set(body.moveId, (r) => {
      clearTimeout(timer);
      resolve(r);
    });
    try {
      s.ws!.send(JSON.stringify({ type: 'move', ...body }));
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

/**
 * Sends `body` (over HTTP three times in ten, else the socket) and, without an answer, the same move
 * id again over HTTP up to three times, as the client does; the last answer, or null.
 */
async function sendRetrying(m: Match, s: Seat, body: { version: number; moveId: string; move: Move }) {
  let answer = await send(m, s, body, rand() < 0.3);
  for (let tries = 0; !answer && tries < 3; tries++) {
    tally.retries++;
    await new Promise((r) => setTimeout(r, 250 * (tries + 1)));
    answer = await send(m, s, body, true);
  }
  return answer;
}

/**
 * The simulated daily limit (`--quota-fault`, timed from the run's start `begin`, ms): the writes
 * refused from 15 % of `seconds` until the reset at 35 %, the Worker's calls to the objects from
 * 20 % to 27 % (by the Worker's own clock); at the reset every match object's clock moves past
 * 00:00 UTC, which ends its writes fault, and runs what fell due; then both faults are lifted.
 */
async function quotaFault(matches: readonly Match[], begin: number, seconds: number): Promise<void> {
  const at = (share: number) =>
    new Promise((r) => setTimeout(r, begin + share * seconds * 1000 - Date.now()));
  await at(0.15);
  outage.startMs = Date.now();
  outage.resetMs = nextResetMs(outage.startMs);
  await call(mf, '/dev/faults', { body: { writes: 'daily_limit', untilMs: outage.resetMs } });
  await at(0.2);
  outage.callsMs = Math.round(0.07 * seconds * 1000);
  await call(mf, '/dev/faults', { body: { calls: 'daily_limit', untilMs: Date.now() + outage.callsMs } });
  await at(0.35);
  for (const m of matches) {
    const r = await timed(
      call(mf, `/dev/clock/${m.id}`, { body: { ms: outage.resetMs - Date.now() + 1000 } }),
      30_000,
    );
    if (r?.status !== 200)
      console.log(`load: the clock of ${m.id} did not move: ${r?.status ?? 'no answer'}`);
  }
  await call(mf, '/dev/faults', { body: { writes: null, calls: null } });
  outage.over = true;
}

/**
 * Plays `m` until `until` (ms): the human to act moves, faults happen at random. A match with no move
 * acknowledged since the eviction plays on for up to `GRACE_MS` more (a short run's second half may
 * be mostly the restart): only a match that still gets none is reported stalled.
 */
async function play(m: Match, until: number, n: number): Promise<void> {
  let k = 0;
  const more = () => Date.now() < until + GRACE_MS && m.ackedAfter === 0;
  while ((Date.now() < until || more()) && !m.done) {
    // A page whose socket went (a drop, the eviction) opens a new one, at most once a second.
    for (const h of m.humans)
      if (!h.ws && Date.now() >= h.reconnectAt) {
        h.reconnectAt = Date.now() + 1000;
        tally.reconnects++;
        await timed(connect(m, h), ANSWER_MS);
      }
    const s = m.humans.find((h) => (h.info?.view?.legalMoves.length ?? 0) > 0);
    if (!s) {
      if (m.humans[0]?.info?.status === 'finished') m.done = true;
      // Nobody to act: bots, a window of the server, a lost socket: poll once, then wait a little.
      const h = m.humans[(rand() * m.humans.length) | 0];
      const r = await timed(call(mf, `/api/matches/${m.id}`, { token: h.token }));
      if (r && r.status === 200) h.info = r.body as MatchInfo;
      else if (r) countError(r.status, r.body);
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const view = s.info!.view!;
    const move = chooseMove(view, { level: 'basic', seed: `${m.id}:${k}` });
    const body = { version: view.version, moveId: `L${n}-${k++}`, move };
    let sentAt = Date.now();
    let t0 = performance.now();
    let answer = await sendRetrying(m, s, body);
    // Refused at the daily limit: the page keeps the move and sends it again, the same move id, after
    // the reset (its "Send it again"); the wait is no latency of the server's.
    while (isDailyLimitAnswer(answer) && (await resetCame(until + GRACE_MS))) {
      tally.refusedAtLimit++;
      countError(answer!.status, answer!.body);
      sentAt = Date.now();
      t0 = performance.now();
      answer = await sendRetrying(m, s, body);
    }
    if (isDailyLimitAnswer(answer)) tally.stillRefused++;
    if (!answer) {
      // Given up: neither a latency nor an acknowledgement (a server that stops answering shows here
      // and in the moves acknowledged after the eviction).
      tally.unanswered++;
      tally.errors.set('no_answer', (tally.errors.get('no_answer') ?? 0) + 1);
      continue;
    }
    tally.latencies.push(performance.now() - t0);
    if (answer.status === 200) {
      m.acked.add(body.moveId);
      tally.moves++;
      if (sentAt >= restartedAt) m.ackedAfter++;
      else if (tally.evictions === 0) m.ackedBefore++;
      s.info = (answer.body as { info: MatchInfo }).info;
      // A duplicate: the same move id again, the other way; it must change nothing and be answered
      // as a replay (a refusal means the server took it for a new move).
      if (rand() < 0.05) {
        tally.duplicates++;
        const again = await send(m, s, body, !!s.ws && rand() < 0.5);
        if (again && again.status !== 200) countError(again.status, again.body);
        if (!duplicateAnswerOk(again)) tally.duplicatesRefused++;
      }
    } else {
      countError(answer.status, answer.body);
      // A refusal of a move the server played all the same (a retry not recognised) shows in the audit.
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) m.refused.add(body.moveId);
      const info = (answer.body as { info?: MatchInfo } | null)?.info;
      if (info) s.info = info;
    }
    // A dropped socket, reopened at once.
    if (s.ws && rand() < 0.02) {
      tally.drops++;
      s.ws.close(1000);
      s.ws = null;
    }
  }
}

// The restart resets the connections open to the old runtime (a socket's stream has no listener to
// tell): counted as an effect of the eviction, anything else still stops the run.
let resets = 0;
process.on('uncaughtException', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'ECONNRESET') throw e;
  resets++;
});

async function main(): Promise<void> {
  const script = bundle();
  const persist = mkdtempSync(join(tmpdir(), 'mb-load-'));
  process.once('exit', () => rmSync(persist, { recursive: true, force: true }));
  const bindings = { TEST_SEAMS: '1', BOT_DELAY_MS: '1' };
  mf = start(script, bindings, persist);
  const matches: Match[] = [];
  for (let n = 0; n < MATCHES; n++) matches.push(await createMatch(n));
  console.log(`load: ${MATCHES} matches created, playing for ${SECONDS} s`);
  const begin = Date.now();
  const end = begin + SECONDS * 1000;
  const quota = QUOTA_FAULT ? quotaFault(matches, begin, SECONDS) : Promise.resolve();
  const players = matches.map((m, n) => play(m, end, n));
  // The eviction: the runtime restarts on the same storage halfway; the pages reconnect. The audit
  // waits for it (even when every match ended before), so no restart ever runs under the audit.
  let doneAtEviction = new Set<Match>();
  const eviction = new Promise<void>((resolve) =>
    setTimeout(
      async () => {
        // The simulated reset comes before the eviction (its clock moves run on the old runtime).
        await quota;
        tally.evictions++;
        doneAtEviction = new Set(matches.filter((m) => m.done));
        // The old runtime goes first: two runtimes must never hold the same SQLite files. Its sockets
        // are gone with it; each page opens a new one in its own loop.
        for (const m of matches) for (const s of m.humans) s.ws = null;
        await timed(mf.dispose(), 30_000);
        mf = start(script, bindings, persist);
        restartedAt = Date.now();
        resolve();
      },
      (SECONDS * 1000) / 2,
    ),
  );
  // Every loop ends at `end` (or `GRACE_MS` later) after its current move (each wait is bounded); a
  // loop still running a minute after that is reported, and the audit goes on without it.
  let running = players.length;
  for (const p of players) p.finally(() => running--);
  await Promise.race([
    Promise.all(players),
    new Promise((r) => setTimeout(r, SECONDS * 1000 + GRACE_MS + 60_000)),
  ]);
  if (running > 0) console.log(`load: ${running} match loops still running after the deadline`);
  await eviction;
  const finished = matches.filter((m) => m.done).length;
  let lost = 0;
  let doubled = 0;
  let refusedLogged = 0;
  let mismatches = 0;
  let timedOut = 0;
  const audited = new Set<Match>();
  // The audit, twice: on the running runtime (the stored state is the one the players were served,
  // held in memory since the last snapshot), then on a fresh runtime (every object rebuilt from its
  // storage). A match counts once.
  for (const phase of ['live', 'restarted'] as const) {
    if (phase === 'restarted') {
      await timed(mf.dispose(), 30_000);
      mf = start(script, bindings, persist);
    }
    for (const m of matches) {
      const r = await timed(call(mf, `/dev/replay/${m.id}`), 30_000);
      if (r?.status !== 200) {
        if (!audited.has(m)) mismatches++;
        audited.add(m);
        continue;
      }
      const a = auditMatch(m.acked, r!.body as ReplayAnswer, m.refused, outage.startMs);
      if (phase === 'restarted') {
        timedOut += a.timedOutAfterOutage;
        lost += a.lost;
        doubled += a.doubled;
        refusedLogged += a.refusedLogged;
      }
      if (a.mismatch && !audited.has(m)) {
        mismatches++;
        audited.add(m);
      }
    }
  }
  await timed(mf.dispose(), 30_000);
  const lat = tally.latencies.sort((a, b) => a - b);
  const q = (p: number) => quantile(lat, p);
  console.log(
    `latency per answered move (retries included): p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms; ${tally.unanswered} moves without an answer after every retry`,
  );
  console.log(
    `faults: ${tally.drops} sockets dropped, ${tally.duplicates} duplicate submissions, ${tally.retries} retries, ${tally.reconnects} socket (re)connections, ${tally.evictions} eviction(s) (${resets} connections reset)`,
  );
  console.log(`error answers by kind: ${JSON.stringify(Object.fromEntries(tally.errors))}`);
  // A match still on that acknowledged no move before the eviction, or none after it: its object
  // stopped answering (moves given up after every retry are otherwise only a count).
  const stalled = matches.filter(
    (m) => (m.ackedBefore === 0 && !doneAtEviction.has(m)) || (m.ackedAfter === 0 && !m.done),
  ).length;
  const after = matches.reduce((n, m) => n + m.ackedAfter, 0);
  console.log(
    `matches: ${finished} of ${MATCHES} finished; ${after} moves acknowledged after the eviction; ${stalled} stalled (no move acknowledged before or after the eviction)`,
  );
  if (stalled > 0) console.log(`load: FAIL: ${stalled} matches stalled`);
  // Doubled: a move id in two log rows, a duplicate not answered as a replay, or a refused move the
  // log holds (a retry not recognised by its move id).
  console.log(
    `doubled: ${doubled} move ids logged twice, ${tally.duplicatesRefused} duplicates not answered as a replay, ${refusedLogged} refused moves in the log`,
  );
  doubled += tally.duplicatesRefused + refusedLogged;
  if (QUOTA_FAULT) {
    const s = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      `limit: writes refused ${s((0.35 - 0.15) * SECONDS * 1000)} s, calls ${s(outage.callsMs)} s of it, reset to ${new Date(outage.resetMs).toISOString()}; ${tally.refusedAtLimit} moves refused at the limit and sent again after the reset, ${tally.stillRefused} still refused at the end, ${timedOut} timeouts after the outage`,
    );
  }
  console.log(
    `load: ${tally.moves} moves, ${tally.fiveXX} 5xx, ${lost} lost, ${doubled} doubled, ${mismatches} mismatches`,
  );
  process.exitCode =
    tally.fiveXX + lost + doubled + mismatches + stalled + timedOut + tally.stillRefused > 0 ? 1 : 0;
}

await main();
