/**
 * Server benchmark (`npm run bench:server [-- --matches N --seats 4 --rules classic --player basic --messages 20]`): bundles the
 * Worker as a deploy would (`wrangler deploy --dry-run`), starts the bundle with the `miniflare`
 * package's API (SQLite-backed Durable Objects, as on the free plan), plays N complete matches over
 * HTTP with every human seat on a WebSocket (as the web client is), and reports per move: p50/p99
 * latency, time spent in the Durable Object, Durable Object requests and SQLite rows written (from
 * SQLite's own counters). From these it derives how many complete matches one free account can host
 * per day (100,000 Durable Object requests and 100,000 rows written per day). Then it reads the first
 * match's journal, page by page, for its size and its time in the Durable Object, what being
 * away and back costs a match (presence, vacation, play for me), what a rematch offer and its
 * answers cost (bench-rematch.ts), what one leave writes (bench-leave.ts), the rows per league match
 * (bench-league.ts), what minting a turn mail's move links writes and a move from a mail link
 * costs against one from the page (bench-mail-move.ts) and, `--open N` (default 3), the rows written
 * per open match listed and per open-table join (bench-open.ts).
 *
 * `--messages N` (default 0): after each match, its seats send N chat messages in turn, with every
 * seat still on its socket (each message goes to every socket as a `chat` frame); reported apart, per
 * message: rows written (one each) and Durable Object requests.
 *
 * Seating (bench-config.ts, usage error on bad values): `--seats N`, `--humans N --bots N --bot LEVEL`,
 * `--team 2`, `--rules PRESET`; `--mail`: every human on e-mail, no page open (bench-mail.ts), with
 * `rows written per mailed decision: X` besides the capacity lines. While
 * a human is in the match the bots play in the human's request (a run, one log row); a bot left to
 * act after a run (its budget spent) plays on its `bot` alarm after `--bot-delay` ms (default 1; 1500
 * deployed). `--socket`: the pages send their moves over their socket (`{type:'move'}`, answered by
 * `moveResult`) instead of `POST /moves`; the match object counts each frame as a request. Every run
 * also prints `rows written per human decision: X` and `free plan: N complete matches/day` (rows
 * include the `setAlarm` calls, billed as rows), with requests counted one per move (HTTP, or a frame
 * as the object counts it) and with each move as 1/20 request (Cloudflare's socket ratio), then where
 * the rows went: per human decision by table and by cause (bench-rows.ts). `--table` prints these
 * lines for the six configurations of `tableConfigs` instead of the single run.
 *
 * First it checks that the production configuration (no TEST_SEAMS) refuses the test seams (mf-harness.ts
 * `checkSeam`: the stacked deck, /dev, the fault seam's writes, calls and mail faults).
 * `--check-only` stops after that check (CI runs it).
 */
import { gzipSync } from 'node:zlib';
import type { Miniflare } from 'miniflare';
import { chooseMove } from '../worker/bots/index';
import type { MatchView, Move } from '../worker/engine/index';
import { nextFloat, seedRng } from '../worker/engine/rng';
import { FRAME_WINDOW_MS, MAX_FRAMES_PER_WINDOW } from '../worker/protocol/frames';
import type { Created, MatchInfo } from '../worker/protocol/views';
import {
  type BenchConfig,
  capacityLines,
  configFromArgs,
  FREE_REQUESTS,
  FREE_ROWS,
  intOption,
  type MatchCost,
  parseArgs,
  tableConfigs,
  UsageError,
} from './bench-config';
import { benchLeague } from './bench-league';
import { benchLeave } from './bench-leave';
import { mailsLine, playMailMatch } from './bench-mail';
import { benchMailMove } from './bench-mail-move';
import { type NodeWork, nodeWorkPerRequest, WORK_KINDS } from './bench-node-work';
import { benchOpen } from './bench-open';
import { benchRematch } from './bench-rematch';
import { addRows, breakdownLines, type RowsByStatement } from './bench-rows';
import { bundle, call, checkSeam, ORIGIN, start, tokenOf } from './mf-harness';

const args = parseArgs(process.argv.slice(2));
let CONFIG: BenchConfig;
let MATCHES: number;
/** Chat messages per match, sent once the match is over. */
let MESSAGES: number;
/** A bot's delay in ms: each bot move is its own alarm, as deployed (1500 ms there). */
let BOT_DELAY: number;
/** Open matches the open table's part lists (rows per open match listed and per join). */
let OPEN: number;
try {
  CONFIG = configFromArgs(args);
  MATCHES = intOption(args, 'matches', 3, 1, 1000);
  MESSAGES = intOption(args, 'messages', 0, 0, 1000);
  BOT_DELAY = intOption(args, 'bot-delay', 1, 1, 60_000);
  OPEN = intOption(args, 'open', 3, 1, 100);
  if (!['basic', 'random'].includes(args.get('player') ?? 'basic'))
    throw new UsageError(`--player must be basic or random (got "${args.get('player')}")`);
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  console.error(e.message);
  process.exit(2);
}
/** How the benchmark's players choose: like the `basic` bot (realistic match lengths) or `random`. */
const PLAYER = (args.get('player') ?? 'basic') as 'basic' | 'random';
const RULES = CONFIG.rules;
const SEATS = CONFIG.seats.length;
const TEAM = CONFIG.team;
/** A seeded generator for the players' choices (the engine's own). */
function rng(seed: number): () => number {
  const state = seedRng(`choices-${seed}`);
  return () => nextFloat(state);
}

/** A player's choice among the view's legal moves: the `basic` bot's, or uniformly random. */
function pick(view: MatchView, r: () => number): Move {
  if (PLAYER === 'basic') return chooseMove(view, { level: 'basic', seed: String(r()) });
  return view.legalMoves[Math.floor(r() * view.legalMoves.length)];
}

interface Stats {
  requests: number;
  rowsWritten: number;
  /** Rows written per statement since the object started (test seams). */
  rowsByStatement: RowsByStatement;
  /** `setAlarm` calls (billed as rows written). */
  alarmWrites: number;
  ms: number[];
  sqlMs: number;
  pushMs: number;
  version: number;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The creation request of match `n` of configuration `cfg` (humans named P0.., bots at `cfg.bot`). */
function createBody(cfg: BenchConfig, n: number) {
  return {
    rules: cfg.rules,
    ...(cfg.team > 1 ? { teamSize: cfg.team } : {}),
    seats: cfg.seats.map((kind, s) =>
      kind === 'bot'
        ? { kind, name: `Bot${s}`, botLevel: cfg.bot }
        : { kind, name: `P${s}`, ...(cfg.mail ? { email: `p${s}-m${n}@bench.example` } : {}) },
    ),
    firstSeat: 0,
    testStack: { seed: `bench-${n}` },
  };
}

/** A WebSocket of miniflare's fetch (its own class, not the DOM's). */
type MfSocket = NonNullable<Awaited<ReturnType<Miniflare['dispatchFetch']>>['webSocket']>;

async function playMatch(mf: Miniflare, n: number, cfg: BenchConfig = CONFIG) {
  const created = await call(mf, '/api/matches', { body: createBody(cfg, n) });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const c = created.body as Created;
  const human = cfg.seats.map((k) => k === 'human');
  const tokens = c.seats.map((s) => (human[s.seat] ? tokenOf(s.url) : ''));
  // Every human seat on a WebSocket, as the web client: pushes tell each seat its view.
  const latest: Array<MatchInfo | null> = tokens.map(() => null);
  const sockets: Array<MfSocket> = [];
  const bySeat = new Map<number, MfSocket>();
  // With --socket: each move's `moveResult`, by move id.
  const results = new Map<string, (r: { status: number; body: unknown }) => void>();
  const socketMoves = tokens.map(() => 0);
  for (let seat = 0; seat < tokens.length; seat++) {
    if (!human[seat]) continue;
    const res = await mf.dispatchFetch(`${ORIGIN}/api/matches/${c.matchId}/ws`, {
      headers: { Upgrade: 'websocket' },
    });
    const ws = res.webSocket!;
    ws.accept();
    ws.addEventListener('message', (e) => {
      const f = JSON.parse(String(e.data));
      if (f.type === 'info' && f.info.you.seat === seat) latest[seat] = f.info;
      if (f.type === 'moveResult') results.get(f.moveId)?.(f);
    });
    ws.send(JSON.stringify({ type: 'auth', token: tokens[seat] }));
    sockets.push(ws);
    bySeat.set(seat, ws);
  }
  const waitFor = async (cond: () => boolean, ms = 2000) => {
    for (let i = 0; i < ms && !cond(); i++) await new Promise((r) => setTimeout(r, 1));
  };
  const seen = () => latest.filter((_, s) => human[s]);
  await waitFor(() => seen().every((i) => i !== null));
  const before = (await call(mf, `/dev/stats/${c.matchId}`)).body as Stats;
  const r = rng(n + 1);
  const latencies: number[] = [];
  const posted: Array<{ seat: number; move: Move }> = [];
  let moves = 0;
  const versionNow = () => Math.max(...seen().map((i) => i?.view?.version ?? 0));
  for (let guard = 0; guard < 100_000; guard++) {
    const version = versionNow();
    await waitFor(() => seen().every((i) => i?.view?.version === version));
    const seat = latest.findIndex((i) => (i?.view?.legalMoves.length ?? 0) > 0);
    if (seat < 0) {
      // Bots to move (each its own alarm): wait for their next move, up to 20 s.
      if (seen()[0]?.status === 'finished') break;
      await waitFor(() => versionNow() > version, 20_000);
      if (versionNow() === version) break;
      continue;
    }
    const info = latest[seat]!;
    const t0 = performance.now();
    const mv = pick(info.view!, r);
    posted.push({ seat, move: mv });
    const body = { version: info.view!.version, moveId: `b${guard}`, move: mv };
    // A socket's frame budget (MAX_FRAMES_PER_WINDOW a FRAME_WINDOW_MS) and the seat's move limit
    // (MAX_SOCKET_MOVES_PER_WINDOW a minute) are a person's pace; the bench moves faster, so every
    // half budget it moves the match clock a frame window on (a seam that counts no request).
    if (cfg.socket && ++socketMoves[seat] % (MAX_FRAMES_PER_WINDOW / 2) === 0)
      await call(mf, `/dev/clock/${c.matchId}`, { body: { ms: FRAME_WINDOW_MS, runDue: false } });
    const res = cfg.socket
      ? await new Promise<{ status: number; body: { info: MatchInfo } }>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no moveResult for ${body.moveId} in 10 s`)),
            10_000,
          );
          results.set(body.moveId, (r) => {
            clearTimeout(timer);
            resolve(r as { status: number; body: { info: MatchInfo } });
          });
          bySeat.get(seat)!.send(JSON.stringify({ type: 'move', ...body }));
        })
      : await call(mf, `/api/matches/${c.matchId}/moves`, { token: tokens[seat], body });
    results.delete(body.moveId);
    latencies.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`move: ${res.status} ${JSON.stringify(res.body)}`);
    moves++;
    const next = res.body.info.view.version;
    await waitFor(() => seen().every((i) => (i?.view?.version ?? 0) >= next));
  }
  const after = (await call(mf, `/dev/stats/${c.matchId}`)).body as Stats;
  const chat = await sendChat(
    mf,
    c.matchId,
    tokens.filter((t) => t),
  );
  for (const ws of sockets) ws.close(1000);
  const final = latest[0]!;
  if (final.status !== 'finished') throw new Error(`match ${n} did not finish`);
  return {
    moves,
    engineMoves: after.version - before.version,
    requests: after.requests - before.requests,
    setupRequests: before.requests,
    rows: after.rowsWritten - before.rowsWritten,
    setupRows: before.rowsWritten,
    alarmWrites: after.alarmWrites,
    rowsByStatement: after.rowsByStatement,
    ms: after.ms.slice(before.ms.length),
    setupMs: before.ms,
    sqlMs: after.sqlMs - before.sqlMs,
    pushMs: after.pushMs - before.pushMs,
    latencies,
    hands: final.view!.results.length,
    posted,
    seed: `bench-${n}`,
    matchId: c.matchId,
    chat,
  };
}

/**
 * `MESSAGES` chat messages on match `matchId`, the seats in turn (their rate limit passed by moving
 * the match's clock a minute on, a test seam that counts no request): the rows written and Durable
 * Object requests they cost.
 */
async function sendChat(mf: Miniflare, matchId: string, tokens: string[]) {
  const before = (await call(mf, `/dev/stats/${matchId}`)).body as Stats;
  for (let i = 0; i < MESSAGES; i++) {
    const token = tokens[i % tokens.length];
    const body = { text: `message ${i + 1}: nice coup fourré!` };
    let res = await call(mf, `/api/matches/${matchId}/chat`, { token, body });
    if (res.status === 429) {
      await call(mf, `/dev/clock/${matchId}`, { body: { ms: 60_000, runDue: false } });
      res = await call(mf, `/api/matches/${matchId}/chat`, { token, body });
    }
    if (res.status !== 201) throw new Error(`chat: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const after = (await call(mf, `/dev/stats/${matchId}`)).body as Stats;
  return {
    rows: after.rowsWritten - before.rowsWritten,
    requests: after.requests - before.requests,
  };
}

async function main() {
  const scriptPath = bundle();
  await checkSeam(scriptPath);
  if (args.has('check-only')) return;
  const mf = start(scriptPath, {
    TEST_SEAMS: '1',
    BOT_DELAY_MS: String(BOT_DELAY),
    // Mail (the --mail configuration): the local outbox, no grace, no hourly or daily caps.
    DEV_OUTBOX: '1',
    PUBLIC_URL: 'http://localhost:8787',
    MAIL_GRACE_SECONDS: '0',
    MAIL_HOURLY_LIMIT: '1000000',
    MAIL_ADDRESSES_PER_CLIENT_DAY: '1000000',
    MAIL_ADDRESSES_PER_DAY: '1000000',
  });
  try {
    if (args.has('table')) {
      await runTable(mf);
      return;
    }
    if (CONFIG.mail) {
      await runConfig(mf, CONFIG);
      return;
    }
    const all: Array<Awaited<ReturnType<typeof playMatch>>> = [];
    for (let n = 0; n < MATCHES; n++) {
      const m = await playMatch(mf, n);
      console.log(
        `match ${n + 1}: ${m.hands} hands, ${m.moves} move requests (${m.engineMoves} engine moves incl. automatic draws), ` +
          `${m.requests} DO requests, ${m.rows} rows written`,
      );
      all.push(m);
    }
    const moves = all.reduce((a, m) => a + m.moves, 0);
    const engineMoves = all.reduce((a, m) => a + m.engineMoves, 0);
    const requests = all.reduce((a, m) => a + m.requests, 0);
    const rows = all.reduce((a, m) => a + m.rows, 0);
    const setupRequests = all.reduce((a, m) => a + m.setupRequests, 0) / all.length;
    const setupRows = all.reduce((a, m) => a + m.setupRows, 0) / all.length;
    const lat = all.flatMap((m) => m.latencies).sort((a, b) => a - b);
    const ms = all.flatMap((m) => m.ms).sort((a, b) => a - b);
    const perMatchRequests = requests / all.length + setupRequests;
    const perMatchRows = rows / all.length + setupRows;
    const fmt = (x: number, d = 2) => x.toFixed(d);
    console.log('');
    console.log(
      `${RULES}, ${SEATS} seats${TEAM > 1 ? ` in teams of ${TEAM}` : ''}, ${all.length} complete matches, players choosing like the ${PLAYER} bot`,
    );
    console.log(
      `move requests: ${moves} (${fmt(moves / all.length, 0)} per match); engine moves: ${engineMoves}`,
    );
    console.log(
      `latency per move request (${CONFIG.socket ? 'a move frame over the socket to its moveResult' : 'HTTP through the Worker to the DO'}, local): p50 ${fmt(quantile(lat, 0.5))} ms, p99 ${fmt(quantile(lat, 0.99))} ms`,
    );
    console.log(
      `time in the Durable Object per request (performance.now, ms resolution in workerd): mean ${fmt(ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length), 3)} ms, ` +
        `p50 ${fmt(quantile(ms, 0.5))} ms, p99 ${fmt(quantile(ms, 0.99))} ms, max ${fmt(ms.at(-1) ?? 0)} ms`,
    );
    // Warm up, then time the JavaScript work of every move request again in Node (bench-node-work.ts:
    // the engine and the match server's own settle, bots included, without storage).
    const work = (m: (typeof all)[number]): NodeWork =>
      nodeWorkPerRequest({
        rules: CONFIG.rules,
        team: CONFIG.team,
        seats: CONFIG.seats,
        bot: CONFIG.bot,
        seed: m.seed,
        matchId: m.matchId,
        posted: m.posted,
      });
    for (const m of all) work(m);
    const works = all.map(work);
    const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
    const js = sorted(works.flatMap((w) => [...w.move, ...w['window answer'], ...w['continuation alarm']]));
    const sqlMs = all.reduce((a, m) => a + m.sqlMs, 0) / moves;
    const pushMs = all.reduce((a, m) => a + m.pushMs, 0) / moves;
    const meanMs = ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
    console.log(
      `  of which per move request: SQLite ${fmt(sqlMs, 3)} ms, WebSocket pushes (${SEATS} own views) ${fmt(pushMs, 3)} ms, ` +
        `engine and the rest ${fmt(meanMs - sqlMs - pushMs, 3)} ms`,
    );
    console.log(
      `JavaScript work per move request (engine, automatic draws, the bots' run, state and ${SEATS + 1} views as JSON; Node, µs resolution): ` +
        `p50 ${fmt(quantile(js, 0.5), 3)} ms, p99 ${fmt(quantile(js, 0.99), 3)} ms, max ${fmt(js.at(-1) ?? 0, 3)} ms`,
    );
    for (const kind of WORK_KINDS) {
      const xs = sorted(works.flatMap((w) => w[kind]));
      if (xs.length > 0)
        console.log(
          `  ${kind}${kind === 'timeout' ? " (the seat's turn played by its bot, then the run; timed beside each human turn)" : ''}: ` +
            `${xs.length} requests, p50 ${fmt(quantile(xs, 0.5), 3)} ms, p99 ${fmt(quantile(xs, 0.99), 3)} ms, max ${fmt(xs.at(-1) ?? 0, 3)} ms`,
        );
    }
    // The one timed request before the first move: the creation (schema, seats, deal, the first run).
    const setup = sorted(all.flatMap((m) => m.setupMs));
    console.log(
      `time in the Durable Object to create a match (tables, seats, deal, first run): ${setup.map((x) => fmt(x, 0)).join(', ')} ms`,
    );
    console.log(
      `DO requests per move request: ${fmt(requests / moves, 3)} (plus ${fmt(setupRequests, 1)} per match to create and connect)`,
    );
    console.log(
      `rows written per move request: ${fmt(rows / moves, 3)}; per engine move: ${fmt(rows / engineMoves, 3)} (plus ${fmt(setupRows, 1)} per match to create)`,
    );
    console.log(
      `per complete match: ${fmt(perMatchRequests, 0)} DO requests, ${fmt(perMatchRows, 0)} rows written`,
    );
    const byRequests = FREE_REQUESTS / perMatchRequests;
    const byRows = FREE_ROWS / perMatchRows;
    console.log(
      `free plan: ${fmt(byRequests, 1)} matches/day by DO requests, ${fmt(byRows, 1)} by rows written → ` +
        `${fmt(Math.min(byRequests, byRows), 1)} complete matches per day`,
    );
    console.log(`${CONFIG.label}, counting setAlarm calls as rows written:`);
    for (const line of capacityLines(costOf(all))) console.log(line);
    for (const line of rowLines(all)) console.log(line);
    if (MESSAGES > 0) {
      const chatRows = all.reduce((a, m) => a + m.chat.rows, 0);
      const chatRequests = all.reduce((a, m) => a + m.chat.requests, 0);
      const sent = MESSAGES * all.length;
      console.log(
        `chat: ${MESSAGES} messages per match, ${SEATS} sockets each: ${fmt(chatRows / sent, 3)} rows written and ` +
          `${fmt(chatRequests / sent, 3)} DO requests per message; per complete match with its chat: ` +
          `${fmt(perMatchRows + chatRows / all.length, 0)} rows written`,
      );
    }
    await benchMyMatches(mf);
    await measureJournal(mf, all[0].matchId);
    await benchAwayAndBack(mf);
    await benchRematch(mf, call);
    await benchLeave((path, init) => call(mf, path, init), RULES);
    await benchMailMove(mf, (path, init) => call(mf, path, init), 'http://localhost:8787');
    // -- open table --
    await benchOpen((url, init) => mf.dispatchFetch(url, init as never), ORIGIN, OPEN);
    await benchLeague(mf, call); // leagues
  } finally {
    await mf.dispose();
  }
}

/**
 * "My matches" refresh: 20 matches (two human seats each, one move played), then refreshes of the
 * whole list with `POST /api/matches/summaries` (one seat token per match). Prints the Durable
 * Object requests and rows written per refresh (from every object's counters) and the time in the
 * Durable Objects per summary.
 */
async function benchMyMatches(mf: Miniflare): Promise<void> {
  const N = 20;
  const REFRESHES = 10;
  const items: Array<{ matchId: string; token: string }> = [];
  for (let n = 0; n < N; n++) {
    const created = await call(mf, '/api/matches', {
      body: {
        title: `Refresh ${n}`,
        rules: 'classic',
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'human', name: 'Bob' },
        ],
        firstSeat: 0,
        testStack: { seed: `mine-${n}` },
      },
    });
    const c = created.body as Created;
    const [ann, bob] = c.seats.map((s) => tokenOf(s.url));
    const view = (await call(mf, `/api/matches/${c.matchId}`, { token: ann })).body as MatchInfo;
    const mv = view.view!.legalMoves[0];
    await call(mf, `/api/matches/${c.matchId}/moves`, {
      token: ann,
      body: { version: view.view!.version, moveId: `mine-${n}`, move: mv },
    });
    items.push({ matchId: c.matchId, token: n % 2 ? ann : bob });
  }
  const stats = async () =>
    Promise.all(items.map(async (i) => (await call(mf, `/dev/stats/${i.matchId}`)).body as Stats));
  const before = await stats();
  const t0 = performance.now();
  for (let r = 0; r < REFRESHES; r++) {
    const res = await call(mf, '/api/matches/summaries', { body: { items } });
    if (res.status !== 200 || res.body.items.some((i: { ok: boolean }) => !i.ok))
      throw new Error(`summaries: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const wall = (performance.now() - t0) / REFRESHES;
  const after = await stats();
  // benchStats itself is not counted as a request: the deltas are the refreshes' own.
  const requests = after.reduce((a, s, i) => a + s.requests - before[i].requests, 0) / REFRESHES;
  const rows = after.reduce((a, s, i) => a + s.rowsWritten - before[i].rowsWritten, 0) / REFRESHES;
  const ms = after.flatMap((s, i) => s.ms.slice(before[i].ms.length)).sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
  console.log('');
  console.log(`my matches refresh (${N} matches, one POST /api/matches/summaries, ${REFRESHES} refreshes):`);
  console.log(
    `  DO requests per refresh: ${requests.toFixed(1)}; rows written per refresh: ${rows}; ` +
      `time in the Durable Object per summary: mean ${mean.toFixed(3)} ms, p99 ${quantile(ms, 0.99).toFixed(2)} ms; ` +
      `whole request (local): ${wall.toFixed(1)} ms`,
  );
}

/**
 * The journal of a finished match (`GET /api/matches/:id/journal?hand=N`, every hand `reads` times):
 * its page size in bytes (JSON, and gzip as sent compressed) and its time in the Durable Object,
 * median and max over the hands; and the rows the reads wrote (must be 0).
 */
async function measureJournal(mf: Miniflare, matchId: string, reads = 5): Promise<void> {
  const stats = async () => (await call(mf, `/dev/stats/${matchId}`)).body as Stats;
  const latest = await call(mf, `/api/matches/${matchId}/journal`);
  const hands = (latest.body as { handsDealt: number }).handsDealt;
  const bytes: number[] = [];
  const gzipped: number[] = [];
  const ms: number[] = [];
  const before = await stats();
  for (let hand = 1; hand <= hands; hand++) {
    for (let i = 0; i < reads; i++) {
      const s0 = (await stats()).ms.length;
      const res = await mf.dispatchFetch(`${ORIGIN}/api/matches/${matchId}/journal?hand=${hand}`, {
        headers: { 'CF-Connecting-IP': '203.0.113.1' },
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`journal hand ${hand}: ${res.status} ${text}`);
      const after = await stats();
      ms.push(...after.ms.slice(s0).slice(0, 1));
      if (i === 0) {
        bytes.push(Buffer.byteLength(text));
        gzipped.push(gzipSync(text).length);
      }
    }
  }
  const written = (await stats()).rowsWritten - before.rowsWritten;
  const mid = (xs: number[]) =>
    quantile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  const max = (xs: number[]) => Math.max(0, ...xs);
  const kb = (x: number) => `${(x / 1024).toFixed(1)} KiB`;
  console.log(
    `journal page (one hand, ${hands} hands of match 1): median ${kb(mid(bytes))} (gzip ${kb(mid(gzipped))}), ` +
      `max ${kb(max(bytes))} (gzip ${kb(max(gzipped))}); time in the Durable Object per page ` +
      `(${reads} reads each, ms resolution in workerd): median ${mid(ms).toFixed(2)} ms, max ${max(ms).toFixed(2)} ms; ` +
      `rows written by the reads: ${written}`,
  );
}

/** Per complete match, from the socket-mode matches of one configuration (means). */
function costOf(all: Array<Awaited<ReturnType<typeof playMatch>>>): MatchCost {
  const mean = (f: (m: (typeof all)[number]) => number) => all.reduce((a, m) => a + f(m), 0) / all.length;
  return {
    humanDecisions: mean((m) => m.moves),
    rows: mean((m) => m.setupRows + m.rows + m.alarmWrites),
    requests: mean((m) => m.setupRequests + m.requests),
    moveRequests: mean((m) => m.moves),
  };
}

/** Where the rows of the (socket-mode) matches `all` went, per human decision (bench-rows.ts). */
function rowLines(all: Array<Awaited<ReturnType<typeof playMatch>>>): string[] {
  const rows: RowsByStatement = {};
  for (const m of all) addRows(rows, m.rowsByStatement);
  const alarms = all.reduce((a, m) => a + m.alarmWrites, 0);
  const decisions = all.reduce((a, m) => a + m.moves, 0);
  return breakdownLines(rows, { match: alarms }, decisions);
}

/** Plays `MATCHES` matches of `cfg` and prints its capacity lines and where its rows went. */
async function runConfig(mf: Miniflare, cfg: BenchConfig): Promise<void> {
  let cost: MatchCost;
  /** Where the rows went (bench-rows.ts). */
  let breakdown: string[];
  if (cfg.mail) {
    const all: Array<Awaited<ReturnType<typeof playMailMatch>>> = [];
    for (let n = 0; n < MATCHES; n++) all.push(await playMailMatch(mf, n, cfg, { call, tokenOf, pick, rng }));
    const mean = (f: (m: (typeof all)[number]) => number) => all.reduce((a, m) => a + f(m), 0) / all.length;
    cost = {
      humanDecisions: mean((m) => m.cost.humanDecisions),
      rows: mean((m) => m.cost.rows),
      requests: mean((m) => m.cost.requests),
      moveRequests: mean((m) => m.cost.moveRequests),
    };
    for (const m of all) console.log(`  ${m.detail}`);
    console.log(
      mailsLine(
        cfg,
        all.map((m) => m.mails),
      ),
    );
    const rows: RowsByStatement = {};
    for (const m of all) addRows(rows, m.rows);
    const alarms = { match: 0, address: 0 };
    for (const m of all) {
      alarms.match += m.alarms.match;
      alarms.address += m.alarms.address;
    }
    breakdown = breakdownLines(rows, alarms, cost.humanDecisions * all.length);
  } else {
    const all: Array<Awaited<ReturnType<typeof playMatch>>> = [];
    for (let n = 0; n < MATCHES; n++) all.push(await playMatch(mf, n, cfg));
    cost = costOf(all);
    const alarms = all.reduce((a, m) => a + m.alarmWrites, 0) / all.length;
    console.log(`  (${all.length} matches; ${alarms.toFixed(0)} setAlarm calls per match, counted as rows)`);
    breakdown = rowLines(all);
  }
  // On e-mail every decision is a mailed one (the next player is mailed): its own line for scripts.
  if (cfg.mail)
    console.log(`rows written per mailed decision: ${(cost.rows / cost.humanDecisions).toFixed(3)}`);
  for (const line of capacityLines(cost)) console.log(line);
  for (const line of breakdown) console.log(line);
}

/** `--table`: every configuration of `tableConfigs`, one after the other. */
async function runTable(mf: Miniflare): Promise<void> {
  for (const cfg of tableConfigs(CONFIG.rules, CONFIG.socket)) {
    console.log('');
    console.log(
      `== ${cfg.label} (${cfg.rules}, ${cfg.seats.join(' ')}${cfg.team > 1 ? `, teams of ${cfg.team}` : ''})`,
    );
    await runConfig(mf, cfg);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/**
 * Away and back: the rows written and Durable Object requests of presence reports (frames
 * over the socket, polls with `?present=1`), "away until" and "I'm back", a vacation that freezes the
 * player's own turn and the move that ends it, and "play for me" with the seat taken back. Three human
 * seats, a 24 h turn deadline.
 */
async function benchAwayAndBack(mf: Miniflare): Promise<void> {
  const created = await call(mf, '/api/matches', {
    body: {
      rules: RULES,
      seats: ['A', 'B', 'C'].map((name) => ({ kind: 'human', name })),
      firstSeat: 0,
      turnDeadlineHours: 24,
      testStack: { seed: 'bench-away' },
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const c = created.body as Created;
  const tokens = c.seats.map((s) => tokenOf(s.url));
  const id = c.matchId;
  const stats = async () => (await call(mf, `/dev/stats/${id}`)).body as Stats;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  console.log('');
  console.log('away and back (3 human seats, 24 h turns): cost of each action');
  const cost = async (label: string, action: () => Promise<void>, times = 1) => {
    const before = await stats();
    await action();
    const after = await stats();
    const rows = (after.rowsWritten - before.rowsWritten) / times;
    const requests = (after.requests - before.requests) / times;
    console.log(`  ${label}: ${rows.toFixed(2)} rows written, ${requests.toFixed(2)} DO requests`);
  };
  const settings = async (seat: number, body: unknown) => {
    const r = await call(mf, `/api/matches/${id}/settings`, { token: tokens[seat], body });
    if (r.status !== 200) throw new Error(`settings: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as MatchInfo;
  };
  const res = await mf.dispatchFetch(`${ORIGIN}/api/matches/${id}/ws`, { headers: { Upgrade: 'websocket' } });
  const ws = res.webSocket!;
  ws.accept();
  let frames = 0;
  ws.addEventListener('message', () => frames++);
  ws.send(JSON.stringify({ type: 'auth', token: tokens[1] }));
  for (let i = 0; i < 1000 && frames === 0; i++) await sleep(1);
  const FRAMES = 60;
  await cost(
    `presence frame over the socket (each of ${FRAMES}; one a minute at most while the page is used)`,
    async () => {
      for (let i = 0; i < FRAMES; i++) ws.send(JSON.stringify({ type: 'presence', visible: i % 2 === 0 }));
      await sleep(300);
    },
    FRAMES,
  );
  const POLLS = 10;
  await cost(
    `GET with ?present=1 (each of ${POLLS})`,
    async () => {
      for (let i = 0; i < POLLS; i++) {
        const r = await mf.dispatchFetch(`${ORIGIN}/api/matches/${id}?present=1`, {
          headers: { Authorization: `Bearer ${tokens[2]}`, 'CF-Connecting-IP': '203.0.113.1' },
        });
        await r.text();
      }
    },
    POLLS,
  );
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
  await cost(
    '"away until" on a seat whose turn it is not',
    async () => void (await settings(1, { awayUntil: inDays(3) })),
  );
  await cost('"I\'m back"', async () => void (await settings(1, { awayUntil: null })));
  await cost('"away until" during the player\'s own turn (its clock stops)', async () => {
    await settings(0, { awayUntil: inDays(2) });
  });
  const info = await settings(0, {});
  const move = info.view!.legalMoves.find((m) => m.type !== 'discard') ?? info.view!.legalMoves[0];
  await cost('the move that ends the vacation (the seat row and the move)', async () => {
    const r = await call(mf, `/api/matches/${id}/moves`, {
      token: tokens[0],
      body: { version: info.view!.version, moveId: 'away-1', move },
    });
    if (r.status !== 200) throw new Error(`move: ${r.status} ${JSON.stringify(r.body)}`);
  });
  await cost('"play for me", then "take my seat back"', async () => {
    await settings(2, { playForMe: true });
    await settings(2, { playForMe: false });
  });
  ws.close(1000);
}
