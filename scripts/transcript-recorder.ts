/**
 * The recorder behind `npm run transcript` (scripts/transcript.ts): it drives the Worker in
 * miniflare (mf-harness.ts) one step at a time and writes down, for every step, what the script sent,
 * the status and JSON body that came back, the WebSocket frames each open socket received, the rows
 * each watched match object wrote (its test seams' counters, as `bench:server` reads them) and the
 * mails that reached the local outbox. Every value a deployed Worker makes at random (seat, host and
 * invitation tokens, the tokens of mailed links) is replaced by a placeholder in order of first
 * appearance (`<token#3>`); match ids and deal seeds are fixed by the script (test seams), and the
 * match clocks stand still (pinned) except when a step moves them.
 *
 * A step: every watched match's clock moves on `stepMs` (a wait step: its own length); the request
 * or frame is sent; every created match's alarm runs (what is due then runs at once, as a deployed
 * alarm would fire); then a ping on every open socket, answered by its pong, marks the end of the
 * frames the step caused (a socket's frames arrive in order). A step in which a socket closed waits
 * a little longer, for the presence push that may follow a second later (worker/match/socket-flow.ts).
 */
import type { Miniflare } from 'miniflare';
import type { TestFix } from '../worker/match/test-seams';
import type { MatchInfo } from '../worker/protocol/views';
import { call, ORIGIN } from './mf-harness';

/** A WebSocket of miniflare's fetch (its own class, not the DOM's). */
type MfSocket = NonNullable<Awaited<ReturnType<Miniflare['dispatchFetch']>>['webSocket']>;

/** An RPC reply of the match object (worker/reply.ts `Reply`). */
interface SeamReply {
  status: number;
  body?: unknown;
}

/** The test-seam methods of a match object the recorder calls directly (never through the Worker). */
interface SeamStub {
  testFix(fix: TestFix): Promise<SeamReply>;
  testAdvanceClock(ms: number): Promise<SeamReply>;
  testRunAlarm(): Promise<SeamReply>;
  benchStats(): Promise<SeamReply>;
}

/** A mail as the dev outbox stores it (worker/notify/dev-outbox.ts `StoredMail`, the fields kept here). */
interface StoredMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

/** The dev outbox's RPC methods. */
interface OutboxStub {
  list(limit: number): Promise<StoredMail[]>;
}

/** An HTTP answer: its status, its JSON body (text when not JSON) and headers. */
export type Answer = Awaited<ReturnType<typeof call>>;

/** A match object's counters, as the transcript keeps them: DO requests, rows written, `setAlarm` calls. */
export interface Counters {
  requests: number;
  /** Every row SQLite says the object wrote (match, schedule, outbox, chat). */
  rowsWritten: number;
  /** The rows of the match's own tables and schedule (the test seams' `rowsWrittenByMatch`). */
  rowsWrittenByMatch: number;
  alarmWrites: number;
}

/** A mail of the transcript. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

/** One step of the transcript (after normalization). */
export interface Step {
  n: number;
  /** `METHOD /path`, `WS-OPEN /path`, `WS <socket>` (a client frame) or `WAIT <ms> ms`. */
  request: string;
  /** Who sent it: the label of the token used (a player's name, `host`), if any. */
  as?: string;
  /** The request body or the client frame. */
  body?: unknown;
  status?: number;
  reply?: unknown;
  /** The reply headers kept: `etag`, `retry-after`. */
  headers?: Record<string, string>;
  /** The frames each open socket received in the step, by socket label (`{closed: code}` for a close). */
  frames?: Record<string, unknown[]>;
  /** What the step cost each watched match object (by match label); only objects it changed. */
  rows?: Record<string, Counters>;
  /** The mails that reached the outbox in the step, in the order they were stored. */
  mails?: Mail[];
}

/** URLs in any string, and the long base64url runs in them (link tokens, address keys, match ids). */
const URL_RE = /https?:\/\/[^\s"'<>]+/g;
const SEGMENT_RE = /[A-Za-z0-9_-]{16,}/g;

/**
 * Replaces the random values of a deployed Worker by placeholders: `<token#n>` (or `<key#n>` for a
 * 64-hex address key) for every long base64url run in a URL that is not one of `fixed` (the
 * script's match ids), and for every string under a `token` key; the same value always gets the same
 * placeholder, numbered in order of first appearance.
 */
export class Normalizer {
  private readonly names = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  constructor(private readonly fixed: ReadonlySet<string>) {}

  /** `value` (any JSON) with its secrets replaced; `key` is the property it sits under. */
  value(value: unknown, key?: string): unknown {
    if (typeof value === 'string') return key === 'token' ? this.name('token', value) : this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.value(v));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.value(v, k)]));
    return value;
  }

  /** `s` with the link tokens in its URLs replaced; a secret seen before standing alone, too. */
  text(s: string): string {
    const known = this.names.get(s);
    if (known) return known;
    return s.replace(URL_RE, (url) =>
      url.replace(SEGMENT_RE, (seg) =>
        this.fixed.has(seg) ? seg : this.name(/^[0-9a-f]{64}$/.test(seg) ? 'key' : 'token', seg),
      ),
    );
  }

  private name(kind: string, value: string): string {
    let name = this.names.get(value);
    if (!name) {
      const n = (this.counts.get(kind) ?? 0) + 1;
      this.counts.set(kind, n);
      name = `<${kind}#${n}>`;
      this.names.set(value, name);
    }
    return name;
  }
}

/** One open socket: its label and match, the frames since the last step, its close code, its own latest info. */
interface Sock {
  label: string;
  matchId: string;
  ws: MfSocket;
  frames: unknown[];
  closed: number | null;
  pong: (() => void) | null;
  /** A frame the script waits for (the answer to its last client frame), if any. */
  awaits: { answers: (f: { type: string; moveId?: string }) => boolean; done: () => void } | null;
  latest: MatchInfo | null;
}

/** A watched match object: its label, its clock (ms since the epoch), its counters, whether it exists. */
interface Watched {
  label: string;
  nowMs: number;
  counters: Counters | null;
  created: boolean;
}

/** How long a step in which a socket closed waits for a presence push (ms; socket-flow.ts `PRESENCE_PUSH_MS` is 1000). */
const PRESENCE_SETTLE_MS = 1200;
/** How long a socket may take to answer a ping (ms). */
const PONG_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** True for a body shaped like a MatchInfo. */
function isInfo(x: unknown): x is MatchInfo {
  return !!x && typeof x === 'object' && 'matchId' in x && 'seats' in x && 'status' in x && 'you' in x;
}

/** Records a scripted run step by step (see the file's comment). */
export class Recorder {
  readonly steps: Step[] = [];
  /** HTTP requests, socket upgrades and client frames sent by the script (not the pings). */
  requests = 0;
  mails = 0;
  private readonly sockets: Sock[] = [];
  private readonly watched = new Map<string, Watched>();
  private readonly latestInfo = new Map<string, MatchInfo>();
  private lastMailId = 0;
  private socketClosed = false;
  private readonly stubs = new Map<string, SeamStub>();
  /** The requests the recorder made to each match object in the current step (pongs, alarm runs). */
  private readonly harnessRequests = new Map<string, number>();
  private outbox: OutboxStub | null = null;

  constructor(
    private readonly mf: Miniflare,
    private readonly norm: Normalizer,
    /** How far every watched clock moves per step (ms). */
    private readonly stepMs: number,
  ) {}

  // ------------------------------------------------------------------------------------------
  // Match objects.

  /** Watches the match object `matchId` (as `label`): its clock stops at `atMs` (ms since the epoch). */
  async watch(matchId: string, label: string, atMs: number): Promise<void> {
    const r = await (await this.stub(matchId)).testFix({ pinClockMs: atMs });
    if (r.status !== 200) throw new Error(`testFix on ${label}: ${r.status} (are the test seams on?)`);
    this.watched.set(matchId, { label, nowMs: atMs, counters: null, created: false });
    this.watched.get(matchId)!.counters = await this.countersOf(matchId);
  }

  /** The watched match `matchId` exists now: its alarm runs after every step. */
  created(matchId: string): void {
    this.watched.get(matchId)!.created = true;
  }

  /** Stops watching `matchId` (deleted: its object must not be woken again). */
  forget(matchId: string): void {
    this.watched.delete(matchId);
  }

  /** The clock of watched match `matchId` (ms since the epoch). */
  nowOf(matchId: string): number {
    return this.watched.get(matchId)!.nowMs;
  }

  /** Fixes the id and deal seed of the next rematch match `matchId` deals (test seam). */
  async fixRematch(matchId: string, next: { matchId: string; seed: string }): Promise<void> {
    const r = await (await this.stub(matchId)).testFix({ nextRematch: next });
    if (r.status !== 200) throw new Error(`testFix nextRematch: ${r.status}`);
  }

  /** The latest MatchInfo seen of `matchId` (any caller's: replies and frames), by view version. */
  latest(matchId: string): MatchInfo {
    const info = this.latestInfo.get(matchId);
    if (!info) throw new Error(`no MatchInfo of ${matchId} seen yet`);
    return info;
  }

  /** The latest own MatchInfo the socket `label` received. */
  socketInfo(label: string): MatchInfo | null {
    return this.socketOf(label).latest;
  }

  // ------------------------------------------------------------------------------------------
  // Steps.

  /**
   * An HTTP request through the Worker as `as` (its `token`), recorded with its status, body and
   * ETag. `creates`: the watched match this request creates (a 2xx reply marks it created before the
   * step's alarms run); `forgets`: the watched match it deletes (no longer watched from its reply on).
   */
  async http(
    method: string,
    path: string,
    opts: {
      as?: string;
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      creates?: string;
      forgets?: string;
    } = {},
  ): Promise<Answer> {
    this.requests++;
    let out: Answer | null = null;
    await this.step({ request: `${method} ${path}`, as: opts.as, body: opts.body }, async () => {
      const r = await call(this.mf, path, {
        method,
        body: opts.body,
        token: opts.token,
        headers: opts.headers,
      });
      out = r;
      if (opts.creates && r.status >= 200 && r.status < 300) this.created(opts.creates);
      if (opts.forgets && r.status >= 200 && r.status < 300) this.forget(opts.forgets);
      this.seeInfo(r.body);
      this.seeInfo(r.body?.info);
      const headers: Record<string, string> = {};
      for (const h of ['etag', 'retry-after']) {
        const v = r.headers.get(h);
        if (v !== null) headers[h] = v;
      }
      return { status: r.status, reply: r.body, ...(Object.keys(headers).length ? { headers } : {}) };
    });
    return out!;
  }

  /** Opens a WebSocket on `matchId` as socket `label` (recorded: its status and first frames). */
  async openSocket(label: string, matchId: string): Promise<void> {
    this.requests++;
    await this.step({ request: `WS-OPEN /api/matches/${matchId}/ws`, as: label }, async () => {
      const res = await this.mf.dispatchFetch(`${ORIGIN}/api/matches/${matchId}/ws`, {
        headers: { Upgrade: 'websocket', 'CF-Connecting-IP': '203.0.113.1' },
      });
      const ws = res.webSocket;
      if (!ws) return { status: res.status, reply: await res.text() };
      const s: Sock = {
        label,
        matchId,
        ws,
        frames: [],
        closed: null,
        pong: null,
        awaits: null,
        latest: null,
      };
      ws.accept();
      ws.addEventListener('message', (e) => {
        const f = JSON.parse(String(e.data));
        if (f.type === 'pong') {
          this.harnessRequests.set(matchId, (this.harnessRequests.get(matchId) ?? 0) + 1);
          return s.pong?.();
        }
        s.frames.push(f);
        if (s.awaits?.answers(f)) s.awaits.done();
        if (f.type === 'info') {
          s.latest = f.info;
          this.seeInfo(f.info);
        }
        if (f.type === 'moveResult') this.seeInfo(f.body?.info);
      });
      ws.addEventListener('close', (e) => {
        s.closed = e.code;
        s.frames.push({ closed: e.code });
        this.socketClosed = true;
        s.pong?.();
        s.awaits?.done();
      });
      this.sockets.push(s);
      return { status: res.status };
    });
  }

  /**
   * Sends the client frame `frame` on socket `label` (recorded with the frames that followed). The
   * step goes on once the match object is done with it: its answer came (an `auth` frame's info or
   * error, a `move` frame's `moveResult`), then a pong on the same socket.
   */
  async frame(label: string, frame: Record<string, unknown>): Promise<void> {
    this.requests++;
    const s = this.socketOf(label);
    const answers =
      frame.type === 'move'
        ? (f: { type: string; moveId?: string }) => f.type === 'moveResult' && f.moveId === frame.moveId
        : frame.type === 'auth'
          ? (f: { type: string }) => f.type === 'info' || f.type === 'error'
          : null;
    await this.step({ request: `WS ${label}`, body: frame }, async () => {
      const answered = new Promise<void>((resolve, reject) => {
        if (!answers) return resolve();
        const timer = setTimeout(() => reject(new Error(`no answer to ${frame.type} on ${label}`)), PONG_MS);
        s.awaits = {
          answers,
          done: () => {
            clearTimeout(timer);
            s.awaits = null;
            resolve();
          },
        };
      });
      s.ws.send(JSON.stringify(frame));
      await answered;
      if (s.closed === null) await this.ping(s);
      return {};
    });
  }

  /** Closes socket `label` from the client (not recorded: its frames stop here). */
  closeSocket(label: string): void {
    const s = this.socketOf(label);
    this.sockets.splice(this.sockets.indexOf(s), 1);
    if (s.closed === null) s.ws.close(1000);
  }

  /** Lets `ms` pass on every watched clock and runs the alarms: a step with no request. */
  async wait(ms: number): Promise<void> {
    await this.step({ request: `WAIT ${ms} ms` }, async () => ({}), ms);
  }

  /**
   * One step (see the file's comment): moves the clocks on by `tick` ms, runs `act`, the alarms and
   * the ping barrier, then records `head` and `act`'s outcome with the frames, rows and mails.
   */
  private async step(
    head: Pick<Step, 'request' | 'as' | 'body'>,
    act: () => Promise<Pick<Step, 'status' | 'reply' | 'headers'>>,
    tick = this.stepMs,
  ): Promise<void> {
    await this.tick(tick);
    this.harnessRequests.clear();
    const outcome = await act();
    for (const [id, w] of this.watched) {
      if (!w.created) continue;
      const r = await (await this.stub(id)).testRunAlarm();
      if (r.status !== 200) throw new Error(`alarm of ${w.label}: ${r.status}`);
      this.harnessRequests.set(id, (this.harnessRequests.get(id) ?? 0) + 1);
    }
    await this.barrier();
    const step: Step = { n: this.steps.length + 1, ...head, ...outcome };
    const frames: Record<string, unknown[]> = {};
    for (const s of this.sockets) {
      if (s.frames.length) frames[s.label] = s.frames.splice(0);
    }
    if (Object.keys(frames).length) step.frames = frames;
    const rows = await this.rowDeltas();
    if (Object.keys(rows).length) step.rows = rows;
    const mails = await this.newMails();
    if (mails.length) step.mails = mails;
    this.mails += mails.length;
    this.steps.push(this.norm.value(JSON.parse(JSON.stringify(step))) as Step);
  }

  // ------------------------------------------------------------------------------------------
  // Inside a step.

  private async tick(ms: number): Promise<void> {
    for (const [id, w] of this.watched) {
      const r = await (await this.stub(id)).testAdvanceClock(ms);
      w.nowMs += ms;
      const now = (r.body as { now?: number } | undefined)?.now;
      // A clock that is not where it was put: the object lost its memory (evicted), the run is void.
      if (now !== w.nowMs) throw new Error(`clock of ${w.label} at ${now}, expected ${w.nowMs}`);
    }
  }

  /** Pings every open socket and waits for the pongs (or the closes); again after a presence delay if a socket closed. */
  private async barrier(): Promise<void> {
    await Promise.all(this.sockets.filter((s) => s.closed === null).map((s) => this.ping(s)));
    if (!this.socketClosed) return;
    this.socketClosed = false;
    await sleep(PRESENCE_SETTLE_MS);
    await Promise.all(this.sockets.filter((s) => s.closed === null).map((s) => this.ping(s)));
  }

  private ping(s: Sock): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no pong on socket ${s.label}`)), PONG_MS);
      s.pong = () => {
        clearTimeout(timer);
        s.pong = null;
        resolve();
      };
      try {
        s.ws.send(JSON.stringify({ type: 'ping' }));
      } catch {
        s.pong();
      }
    });
  }

  /**
   * The counters' changes of every watched object since the last step (objects with a change only),
   * without the requests the recorder itself made there (its pings and alarm runs).
   */
  private async rowDeltas(): Promise<Record<string, Counters>> {
    const out: Record<string, Counters> = {};
    for (const [id, w] of this.watched) {
      const now = await this.countersOf(id);
      const was = w.counters!;
      const d: Counters = {
        requests: now.requests - was.requests - (this.harnessRequests.get(id) ?? 0),
        rowsWritten: now.rowsWritten - was.rowsWritten,
        rowsWrittenByMatch: now.rowsWrittenByMatch - was.rowsWrittenByMatch,
        alarmWrites: now.alarmWrites - was.alarmWrites,
      };
      w.counters = now;
      if (Object.values(d).some((x) => x !== 0)) out[w.label] = d;
    }
    return out;
  }

  private async countersOf(matchId: string): Promise<Counters> {
    const r = await (await this.stub(matchId)).benchStats();
    const b = r.body as Counters;
    return {
      requests: b.requests,
      rowsWritten: b.rowsWritten,
      rowsWrittenByMatch: b.rowsWrittenByMatch,
      alarmWrites: b.alarmWrites,
    };
  }

  /** The mails stored in the outbox since the last look, oldest first. */
  private async newMails(): Promise<Mail[]> {
    if (!this.outbox) {
      const ns = await this.mf.getDurableObjectNamespace('DEV_MAIL');
      this.outbox = ns.get(ns.idFromName('outbox')) as unknown as OutboxStub;
    }
    const outbox = this.outbox;
    let list = await outbox.list(20);
    if (list.length === 20 && list[19].id > this.lastMailId) list = await outbox.list(500);
    const fresh = list.filter((m) => m.id > this.lastMailId).sort((a, b) => a.id - b.id);
    if (fresh.length) this.lastMailId = fresh[fresh.length - 1].id;
    return fresh.map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      ...(m.headers && Object.keys(m.headers).length ? { headers: m.headers } : {}),
    }));
  }

  private seeInfo(x: unknown): void {
    if (!isInfo(x)) return;
    const was = this.latestInfo.get(x.matchId);
    if (!was || (x.view?.version ?? 0) >= (was.view?.version ?? 0)) this.latestInfo.set(x.matchId, x);
  }

  private socketOf(label: string): Sock {
    const s = this.sockets.find((x) => x.label === label);
    if (!s) throw new Error(`no open socket ${label}`);
    return s;
  }

  private async stub(matchId: string): Promise<SeamStub> {
    let stub = this.stubs.get(matchId);
    if (!stub) {
      const ns = await this.mf.getDurableObjectNamespace('MATCH');
      stub = ns.get(ns.idFromName(matchId)) as unknown as SeamStub;
      this.stubs.set(matchId, stub);
    }
    return stub;
  }
}
