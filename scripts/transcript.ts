/**
 * Transcript of scripted matches (`npm run transcript [-- --out FILE]`): bundles the Worker as a
 * deploy would and starts it in miniflare (mf-harness.ts, with the test seams, as `bench:server`
 * does), plays a fixed set of scripted matches over HTTP and WebSockets, and writes every step down
 * (scripts/transcript-recorder.ts): the request, its status and JSON body, the frames each socket
 * received, the rows each match object wrote, the mails the local outbox got. Two runs of the same
 * code give the same file byte for byte, so a refactor of the match core can be checked against a
 * transcript of the code before it (`cmp`, or a diff of the two files).
 *
 * Determinism: the match ids are asked for (`X-Test-Match-Id`, test seams only), so the bots, seeded
 * by the match id, move the same; the deals come from `testStack` seeds and, for the rematch, from
 * the test seam that fixes its id and seed (worker/match/test-seams.ts `fix`); every match clock is
 * pinned at 2030-01-07 08:00 UTC and moves only by the script's steps (1 s each, or a wait's
 * length), so no alarm fires by itself: each step runs the due ones. Players choose like the `basic`
 * bot, seeded by the match and the view's version. Tokens and mailed link tokens become
 * `<token#n>` placeholders.
 *
 * The matches:
 * - bench: `bench:server`'s shape, one human and three expert bots (classic, 4 seats) played to the
 *   end, the human on a WebSocket, every fourth move over it, the others over HTTP;
 * - mail: two humans and a bot; the second human is mailed (invitation, turn, window, reminder,
 *   timeout and "left" mails) and answers a coup-fourré window in `ask` mode; refused moves, a move
 *   sent twice, a 304, chat (texts, phrases, a deleted and a hidden message), settings, away and back,
 *   a vacation during the player's own turn, a turn timeout, "play for me" and the host giving the seat
 *   to a bot, each taken back, "my matches", then the host's player leaves and the mailed one plays
 *   to the end;
 * - rematch: a lobby with two open seats, an invitation claimed, the host's start (a bot takes the
 *   other seat), a short match played to the end (one player's moves over the socket), its log, journal
 *   and replay, a rematch offered, mailed and accepted, a few moves there, both players leaving it,
 *   then the first match deleted.
 * The last line reads `transcript: N requests, M mails, sha256 <hex>` (N: HTTP requests, socket
 * upgrades and client frames of the script; the sha256 of the file).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chooseMove } from '../worker/bots/index';
import type { MatchView, Move } from '../worker/engine/index';
import { mailboxKey } from '../worker/notify/address';
import type { Created, MatchInfo } from '../worker/protocol/views';
import { parseArgs } from './bench-config';
import { bundle, checkSeam, start, tokenOf } from './mf-harness';
import { Normalizer, Recorder } from './transcript-recorder';

/** Where every match clock starts (ms since the epoch): 2030-01-07 08:00 UTC, a Monday. */
const BASE_MS = Date.UTC(2030, 0, 7, 8, 0, 0);
/** How far the clocks move per step (ms): a socket's frame budget refills 3 frames a second. */
const STEP_MS = 1000;
/** The bot delay (ms, wrangler.toml's) and the mail grace (ms, notify's default), both as deployed. */
const BOT_DELAY_MS = 1500;
const GRACE_MS = 120_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The Worker's variables for the run (as `bench:server`'s, with the deployed bot delay and grace). */
const BINDINGS = {
  TEST_SEAMS: '1',
  BOT_DELAY_MS: String(BOT_DELAY_MS),
  MAIL_GRACE_SECONDS: String(GRACE_MS / 1000),
  DEV_OUTBOX: '1',
  PUBLIC_URL: 'http://localhost:8787',
  MAIL_HOURLY_LIMIT: '1000',
  MAIL_ADDRESSES_PER_CLIENT_DAY: '1000',
  MAIL_ADDRESSES_PER_DAY: '1000',
};

/** The scripted matches' ids (22 base64url characters each, as `newMatchId` makes). */
const ID = {
  bench: 'transcript-bench-00000',
  mail: 'transcript-mail-000000',
  rematch: 'transcript-rematch-000',
  rematch2: 'transcript-rematch-001',
} as const;

/** The addresses the scripts give. */
const ADDRESSES = ['bob@example.org', 'ann@example.org', 'cat@example.org', 'dan@example.org'];

/** A person the script plays: a seat's token, maybe a socket, how its moves go. */
interface Player {
  name: string;
  seat: number;
  token: string;
  /** The label of the socket this player's page holds, if any. */
  socket?: string;
  /** Every `socketEvery`-th move goes over the socket (a `move` frame); the others over HTTP. */
  socketEvery?: number;
  /** Before every `mailEvery`-th turn the player waits for the turn mail (comes from the mail). */
  mailEvery?: number;
  moves: number;
  turns: number;
  /** The body of the player's last move request. */
  last?: { version: number; moveId: string; move: Move };
}

/** A move a scenario insists on in `view` for `p`, or undefined: the player's usual choice. */
type Prefer = (view: MatchView, p: Player) => Move | undefined;

/** A player at `seat` with `token`, none of its moves made yet; `more` sets its socket and habits. */
function player(name: string, seat: number, token: string, more: Partial<Player> = {}): Player {
  return { name, seat, token, moves: 0, turns: 0, ...more };
}

/** The seat that acts now in `view` (the window's asked seat, else the turn), or null between hands and at the end. */
function actingSeat(view: MatchView): number | null {
  if (view.window) return view.window.seat;
  if (view.phase === 'handOver' || view.phase === 'matchOver') return null;
  return view.turn;
}

/** True when a person plays `seat` of `info` now (a human seat, no stand-in, its player still there). */
function personAt(info: MatchInfo, seat: number): boolean {
  const s = info.seats[seat];
  return s.kind === 'human' && !s.botStandIn && !(info.left ?? []).some((l) => l.seat === seat);
}

/** An ISO time `ms` after match `matchId`'s clock. */
function isoAfter(rec: Recorder, matchId: string, ms: number): string {
  return new Date(rec.nowOf(matchId) + ms).toISOString();
}

/** Throws, naming `what` and showing `body`, unless `status` is `want`: the script went off its path. */
function expect(what: string, status: number, want: number, body: unknown): void {
  if (status !== want) throw new Error(`${what}: ${status} (expected ${want}) ${JSON.stringify(body)}`);
}

/** Creates match `matchId` (its clock pinned at BASE_MS) as `creator`; its `Created`. */
async function create(rec: Recorder, matchId: string, label: string, body: unknown): Promise<Created> {
  await rec.watch(matchId, label, BASE_MS);
  const r = await rec.http('POST', '/api/matches', {
    body,
    headers: { 'X-Test-Match-Id': matchId },
    creates: matchId,
  });
  expect('create', r.status, 201, r.body);
  return r.body as Created;
}

/**
 * One turn of `p` in `matchId`: the mail first when due (`mailEvery`), its own view (its socket's, or a
 * GET), then the move `prefer` insists on or the `basic` bot's choice, over HTTP or the socket.
 */
async function turn(rec: Recorder, matchId: string, p: Player, prefer?: Prefer): Promise<void> {
  if (p.mailEvery && p.turns % p.mailEvery === 0) await rec.wait(GRACE_MS + 10_000);
  p.turns++;
  const version = rec.latest(matchId).view!.version;
  let own = p.socket ? rec.socketInfo(p.socket) : null;
  if (own?.view?.version !== version) {
    const r = await rec.http('GET', `/api/matches/${matchId}`, { as: p.name, token: p.token });
    expect(`GET as ${p.name}`, r.status, 200, r.body);
    own = r.body as MatchInfo;
  }
  const view = own!.view!;
  if (view.legalMoves.length === 0) throw new Error(`${p.name} has no legal move at v${view.version}`);
  const insisted = prefer?.(view, p);
  if (prefer && !insisted)
    throw new Error(`${p.name}: the move the script insists on is not legal at v${view.version}`);
  const move = insisted ?? chooseMove(view, { level: 'basic', seed: `${matchId}:${view.version}` });
  p.moves++;
  p.last = { version: view.version, moveId: `${p.name}-${p.moves}`, move };
  if (p.socket && p.socketEvery && p.moves % p.socketEvery === 0) {
    await rec.frame(p.socket, { type: 'move', ...p.last });
  } else {
    const r = await rec.http('POST', `/api/matches/${matchId}/moves`, {
      as: p.name,
      token: p.token,
      body: p.last,
    });
    expect(`move of ${p.name}`, r.status, 200, r.body);
  }
  if (rec.latest(matchId).view!.version <= view.version)
    throw new Error(`move ${p.last.moveId} was not played`);
}

/**
 * Plays `matchId` on: the acting person of `players` moves (between hands, the first of them still
 * playing), and while bots act the bot delay passes (a wait step: the alarm plays). Stops when the
 * match is no longer playing or `until` holds; returns the latest info.
 */
async function playOn(
  rec: Recorder,
  matchId: string,
  players: Player[],
  opts: { until?: (info: MatchInfo) => boolean; prefer?: Prefer } = {},
): Promise<MatchInfo> {
  let idle = 0;
  for (let guard = 0; guard < 5000; guard++) {
    const info = rec.latest(matchId);
    if (info.status !== 'playing' || opts.until?.(info)) return info;
    const seat = actingSeat(info.view!);
    const p = players.find((pl) => (seat === null || pl.seat === seat) && personAt(info, pl.seat));
    if (!p) {
      if (++idle > 100) throw new Error(`${matchId}: nobody moves at v${info.view!.version}`);
      await rec.wait(BOT_DELAY_MS);
      continue;
    }
    idle = 0;
    await turn(rec, matchId, p, opts.prefer);
  }
  throw new Error(`${matchId}: not over after 5000 turns`);
}

/** `bench:server`'s match: P0 and three expert bots, 4 seats, classic, played to the end. */
async function benchMatch(rec: Recorder): Promise<void> {
  const id = ID.bench;
  const c = await create(rec, id, 'bench', {
    rules: 'classic',
    seats: [
      { kind: 'human', name: 'P0' },
      ...[1, 2, 3].map((s) => ({ kind: 'bot', name: `Bot${s}`, botLevel: 'expert' })),
    ],
    firstSeat: 0,
    testStack: { seed: 'bench-0' },
  });
  const p0 = player('P0', 0, tokenOf(c.seats[0].url), { socket: 'P0', socketEvery: 4 });
  await rec.openSocket('P0', id);
  await rec.frame('P0', { type: 'auth', token: p0.token });
  const end = await playOn(rec, id, [p0]);
  if (end.status !== 'finished') throw new Error(`bench: ${end.status}`);
  await rec.http('GET', `/api/matches/${id}/journal?hand=1`);
  await rec.http('GET', `/api/matches/${id}/replay?hand=1`, { as: 'P0', token: p0.token });
  rec.closeSocket('P0');
  rec.forget(id);
}

/** Ann and Bob (mailed, `ask`) and the bot Cid: see the file's comment. */
async function mailMatch(rec: Recorder): Promise<void> {
  const id = ID.mail;
  const path = `/api/matches/${id}`;
  const c = await create(rec, id, 'mail', {
    title: 'Mail match',
    rules: { preset: 'classic', options: { goal: 500, matchTarget: 2000 } },
    seats: [
      { kind: 'human', name: 'Ann' },
      { kind: 'human', name: 'Bob', email: 'bob@example.org', responseMode: 'ask' },
      { kind: 'bot', name: 'Cid', botLevel: 'basic' },
    ],
    firstSeat: 0,
    turnDeadlineHours: 24,
    responseWindowMinutes: 60,
    spectatorsReadChat: true,
    testStack: {
      seed: 'mail-0',
      position: {
        hands: {
          0: ['accident', 'd100', 'd50', 'd25', 'roll', 'stop'],
          1: ['driving_ace', 'd25', 'd50', 'd75', 'd100', 'roll'],
          2: ['d25', 'd50', 'd75', 'roll', 'repairs', 'gasoline'],
        },
        tableaux: { 1: { battle: ['roll'] } },
        turn: 0,
      },
    },
  });
  const host = tokenOf(c.hostUrl);
  const ann = player('Ann', 0, tokenOf(c.seats[0].url), { socket: 'Ann' });
  const bob = player('Bob', 1, tokenOf(c.seats[1].url), { mailEvery: 3 });
  const both = [ann, bob];
  // Bob's seat is invited by address: the lobby waits for him to confirm the name Ann typed.
  await rec.http('POST', `${path}/confirm`, { as: 'Bob', token: bob.token, body: { name: 'Bob' } });
  await rec.openSocket('watcher', id);
  await rec.openSocket('Ann', id);
  await rec.frame('Ann', { type: 'auth', token: ann.token });
  await rec.openSocket('host', id);
  await rec.frame('host', { type: 'auth', token: host });
  await rec.frame('Ann', { type: 'presence', visible: true });
  // A page that polls: its ETag, then a 304.
  const seen = await rec.http('GET', path, { as: 'Ann', token: ann.token });
  const etag = seen.headers.get('etag') ?? '';
  await rec.http('GET', path, { as: 'Ann', token: ann.token, headers: { 'If-None-Match': etag } });
  // Refused moves: a spectator, a stale version, a card Ann does not hold.
  const v = rec.latest(id).view!.version;
  await rec.http('POST', `${path}/moves`, { body: { version: v, moveId: 'x-1', move: { type: 'draw' } } });
  await rec.http('POST', `${path}/moves`, {
    as: 'Ann',
    token: ann.token,
    body: { version: v - 1, moveId: 'x-2', move: { type: 'discard', card: 'stop' } },
  });
  await rec.http('POST', `${path}/moves`, {
    as: 'Ann',
    token: ann.token,
    body: { version: v, moveId: 'x-3', move: { type: 'play', card: 'd200' } },
  });
  // Ann's Accident on Bob opens his coup-fourré window (he is asked); he hears of it by mail.
  await turn(rec, id, ann, (view) =>
    view.legalMoves.find((m) => m.type === 'play' && m.card === 'accident' && m.target === 1),
  );
  await rec.wait(GRACE_MS + 10_000);
  await rec.http('GET', `${path}?present=1`, { as: 'Bob', token: bob.token });
  bob.turns++; // this turn came by mail already
  await turn(rec, id, bob, (view) => view.legalMoves.find((m) => m.type === 'coupFourre'));
  // The same move again (a retry): the first outcome, replayed.
  await rec.http('POST', `${path}/moves`, { as: 'Bob', token: bob.token, body: bob.last });
  // Chat.
  const chat = async (as: Player, body: unknown) => {
    const r = await rec.http('POST', `${path}/chat`, { as: as.name, token: as.token, body });
    expect('chat', r.status, 201, r.body);
  };
  await chat(ann, { text: 'Nice one, Bob!' });
  await chat(bob, { phrase: 'goodGame' });
  await chat(bob, { phrase: 'awayUntil', params: { until: isoAfter(rec, id, 3 * DAY_MS).slice(0, 10) } });
  await rec.http('GET', `${path}/chat`, { as: 'Ann', token: ann.token });
  await rec.http('DELETE', `${path}/chat/1`, { as: 'Ann', token: ann.token });
  await rec.http('POST', `${path}/chat/2/hide`, { as: 'host', token: host, body: {} });
  await rec.http('GET', `${path}/chat?after=1`);
  // Settings.
  const settings = async (as: Player, body: unknown) => {
    const r = await rec.http('POST', `${path}/settings`, { as: as.name, token: as.token, body });
    expect('settings', r.status, 200, r.body);
  };
  await settings(bob, { timeZone: 'Europe/Paris' });
  await settings(ann, { email: 'ann@example.org' });
  // Bob's turn runs out: his turn mail, the reminders, then the deadline (a bot plays that turn).
  await playOn(rec, id, both, { until: (i) => ann.moves >= 4 && actingSeat(i.view!) === 1 });
  // (24 h turns: the reminder 6 h before the deadline.)
  for (const ms of [GRACE_MS + 10_000, 17 * HOUR_MS, HOUR_MS, 6 * HOUR_MS]) await rec.wait(ms);
  // Away and back while it is not his turn.
  await playOn(rec, id, both, { until: (i) => actingSeat(i.view!) === 0 });
  await settings(bob, { awayUntil: isoAfter(rec, id, 3 * DAY_MS) });
  await settings(bob, { awayUntil: null });
  // A vacation during Ann's own turn: her clock stops; her next move ends it.
  await settings(ann, { awayUntil: isoAfter(rec, id, 2 * DAY_MS) });
  await rec.wait(12 * HOUR_MS);
  await rec.wait(14 * HOUR_MS);
  await turn(rec, id, ann);
  // Play for me, then taken back; the host gives Bob's seat to a bot, Bob takes it back.
  await settings(bob, { playForMe: true });
  const upTo = (n: number) => (i: MatchInfo) => ann.moves >= n && actingSeat(i.view!) === 0;
  await playOn(rec, id, both, { until: upTo(ann.moves + 3) });
  await settings(bob, { playForMe: false });
  await rec.http('POST', `${path}/seats/1/bot`, { as: 'host', token: host, body: {} });
  await playOn(rec, id, both, { until: upTo(ann.moves + 2) });
  await rec.http('POST', `${path}/seats/1/reclaim`, { as: 'Bob', token: bob.token, body: {} });
  // "My matches".
  await rec.http('POST', '/api/matches/summaries', {
    body: {
      items: [
        { matchId: id, token: ann.token },
        { matchId: id, token: bob.token },
        { matchId: id, token: host },
      ],
    },
  });
  await rec.http('GET', `${path}/journal`);
  // Into the second hand, then Ann leaves; Bob plays on with the bots to the end.
  await playOn(rec, id, both, { until: (i) => i.view!.handNumber >= 2 && actingSeat(i.view!) !== null });
  const left = await rec.http('POST', `${path}/leave`, { as: 'Ann', token: ann.token, body: {} });
  expect('leave', left.status, 200, left.body);
  const end = await playOn(rec, id, [bob]);
  if (end.status !== 'finished') throw new Error(`mail: ${end.status}`);
  await rec.wait(GRACE_MS + 10_000);
  await rec.http('GET', path, { as: 'host', token: host });
  for (const label of ['watcher', 'Ann', 'host']) rec.closeSocket(label);
  rec.forget(id);
}

/** Cat's lobby, Dan's claim, a short match, its rematch: see the file's comment. */
async function rematchMatch(rec: Recorder): Promise<void> {
  const id = ID.rematch;
  const path = `/api/matches/${id}`;
  const c = await create(rec, id, 'rematch', {
    title: 'Rematch',
    rules: { preset: 'hasbro-2016', options: { goal: 300 } },
    seats: [{ kind: 'human', name: 'Cat', email: 'cat@example.org' }, { kind: 'open' }, { kind: 'open' }],
    firstSeat: 0,
    testStack: { seed: 'rematch-0' },
  });
  const host = tokenOf(c.hostUrl);
  const invite = /#invite=([A-Za-z0-9_-]+)$/.exec(c.inviteUrl ?? '')![1];
  await rec.openSocket('watcher', id);
  await rec.http('GET', path, { as: 'invite', token: invite });
  await rec.http('POST', `${path}/leave`, { as: 'Cat', token: tokenOf(c.seats[0].url), body: {} });
  const claim = await rec.http('POST', `${path}/claim`, {
    body: { invite, name: 'Dan', email: 'dan@example.org', language: 'fr' },
  });
  expect('claim', claim.status, 200, claim.body);
  const cat = player('Cat', 0, tokenOf(c.seats[0].url));
  const dan = player('Dan', claim.body.seat, claim.body.token, { socket: 'Dan', socketEvery: 1 });
  await rec.openSocket('Dan', id);
  await rec.frame('Dan', { type: 'auth', token: dan.token });
  const started = await rec.http('POST', `${path}/start`, { as: 'host', token: host, body: {} });
  expect('start', started.status, 200, started.body);
  const end = await playOn(rec, id, [cat, dan]);
  if (end.status !== 'finished') throw new Error(`rematch: ${end.status}`);
  await rec.http('GET', `${path}/log?after=0`);
  await rec.http('GET', `${path}/journal?hand=1`);
  await rec.http('GET', `${path}/replay?hand=1`, { as: 'Dan', token: dan.token });
  // The rematch: Cat offers, Dan hears of it by mail and accepts; it is dealt with a fixed id and seed.
  const offer = await rec.http('POST', `${path}/rematch`, { as: 'Cat', token: cat.token, body: {} });
  expect('offer', offer.status, 202, offer.body);
  await rec.wait(GRACE_MS + 10_000);
  const id2 = ID.rematch2;
  await rec.fixRematch(id, { matchId: id2, seed: 'rematch-1' });
  await rec.watch(id2, 'rematch-2', rec.nowOf(id));
  const dealt = await rec.http('POST', `${path}/rematch`, {
    as: 'Dan',
    token: dan.token,
    body: { answer: 'accept' },
    creates: id2,
  });
  expect('accept', dealt.status, 201, dealt.body);
  const path2 = `/api/matches/${id2}`;
  await rec.http('GET', path, { as: 'Cat', token: cat.token });
  await rec.http('GET', path2, { as: 'Cat', token: cat.token });
  await rec.http('GET', path2, { as: 'Dan', token: dan.token });
  await rec.openSocket('Dan-2', id2);
  await rec.frame('Dan-2', { type: 'auth', token: dan.token });
  const cat2 = player('Cat', cat.seat, cat.token);
  const dan2 = player('Dan', dan.seat, dan.token, { socket: 'Dan-2', socketEvery: 2 });
  await playOn(rec, id2, [cat2, dan2], { until: () => cat2.moves + dan2.moves >= 6 });
  await rec.http('POST', `${path2}/leave`, { as: 'Dan', token: dan.token, body: {} });
  await rec.http('POST', `${path2}/leave`, { as: 'Cat', token: cat.token, body: {} });
  await rec.http('GET', path2, { as: 'Cat', token: cat.token });
  await rec.http('POST', `${path}/chat`, { as: 'Dan', token: dan.token, body: { text: 'À la prochaine !' } });
  rec.closeSocket('Dan');
  rec.closeSocket('Dan-2');
  rec.closeSocket('watcher');
  rec.forget(id2);
  const deleted = await rec.http('DELETE', path, { as: 'host', token: host, forgets: id });
  expect('delete', deleted.status, 204, deleted.body);
  await rec.http('GET', path, { as: 'Cat', token: cat.token });
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const out = resolve(args.get('out') ?? join(tmpdir(), 'transcript.json'));
  const t0 = performance.now();
  const scriptPath = bundle();
  await checkSeam(scriptPath);
  const mf = start(scriptPath, BINDINGS);
  try {
    const rec = new Recorder(mf, new Normalizer(new Set(Object.values(ID))), STEP_MS);
    const scenarios: Record<string, [number, number]> = {};
    for (const [name, run] of [
      ['bench', benchMatch],
      ['mail', mailMatch],
      ['rematch', rematchMatch],
    ] as const) {
      const first = rec.steps.length + 1;
      const t1 = performance.now();
      try {
        await run(rec);
      } catch (e) {
        // What was recorded so far, to see where the script went wrong.
        writeFileSync(`${out}.partial`, JSON.stringify(rec.steps, null, 1));
        console.error(`${name} failed at step ${rec.steps.length + 1}; steps so far in ${out}.partial`);
        throw e;
      }
      scenarios[name] = [first, rec.steps.length];
      const s = ((performance.now() - t1) / 1000).toFixed(1);
      console.log(`${name}: steps ${first}–${rec.steps.length} (${s} s)`);
    }
    // The address objects' own counters (calls made to them, rows written), once at the end.
    for (const address of ADDRESSES) {
      await rec.http('GET', `/dev/address-stats/${await mailboxKey(address, { TEST_SEAMS: '1' })}`, {
        as: address,
      });
    }
    const transcript = {
      format: 'mille-bornes-transcript/1',
      clock: { startsAt: new Date(BASE_MS).toISOString(), stepMs: STEP_MS },
      bindings: BINDINGS,
      matches: ID,
      scenarios,
      requests: rec.requests,
      mails: rec.mails,
      steps: rec.steps,
    };
    const text = `${JSON.stringify(transcript, null, 1)}\n`;
    writeFileSync(out, text);
    const sha = createHash('sha256').update(text).digest('hex');
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(
      `transcript written to ${out} (${(text.length / 1024).toFixed(0)} KiB, ${rec.steps.length} steps, ${s} s)`,
    );
    console.log(`transcript: ${rec.requests} requests, ${rec.mails} mails, sha256 ${sha}`);
  } finally {
    await mf.dispose();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
