/**
 * The match Durable Object: one per match, SQLite-backed. A thin shell around the engine: it checks
 * who is calling, applies moves through the engine, appends them to the log, keeps the current
 * state, runs deadlines and bots on the single alarm (through the schedule), pushes each WebSocket
 * its own view, and tells the notifier. Expected failures are returned as `Reply` values (HTTP
 * status + JSON body), never thrown: exceptions lose their meaning across RPC.
 */
import { DurableObject } from 'cloudflare:workers';
import * as v from 'valibot';
import {
  applyMove,
  autoResponse,
  createMatch,
  type GameEvent,
  type MatchSetup,
  type MatchState,
  type Move,
  RULES_VERSION,
  setResponseMode,
  viewFor,
} from '../engine/index';
import { type Env, testSeamsEnabled } from '../env';
import type { MailRpc } from '../mail/protocol';
import {
  type Actor,
  type ClientFrame,
  ClientFrameSchema,
  type Created,
  type ErrorBody,
  type LoggedEvent,
  MAX_FRAME_BYTES,
  type MatchInfo,
  type MoveRequest,
  type ServerFrame,
  type Settings,
  type TestStack,
} from '../protocol';
import { chooseBotMove } from './bot-adapter';
import { buildInfo, type Caller, etagFor } from './info';
import { type Change, Notifier } from './notifications';
import { Schedule, type ScheduleItem } from './schedule';
import {
  type LogRow,
  type LogStep,
  type MatchConfig,
  MatchStore,
  type Meta,
  type SeatRow,
  type TurnDeadline,
} from './storage';
import { hashToken, newMatchId, newSeed, randomInt } from './tokens';
import { actorOf, forcedDraw, inTurn, skipMove } from './turns';

/** A reply to one RPC call: an HTTP status and a JSON body (or none), plus an ETag for views. */
export interface Reply {
  status: number;
  body?: unknown;
  etag?: string;
}

/** What the Worker hands the Durable Object to create a match (tokens already hashed). */
export interface CreateInput {
  matchId: string;
  config: MatchConfig;
  hostHash: string;
  inviteHash: string | null;
  seats: SeatRow[];
  /** Test-only stacked deal; ignored unless the test seams are on. */
  stack?: TestStack;
}

/** Rules versions this deployment can continue (see README "Engine upgrades"). */
export const SUPPORTED_RULES_VERSIONS: readonly string[] = [RULES_VERSION];

const DAY_MS = 86_400_000;
/** Unstarted matches are deleted this long after creation. */
export const LOBBY_TTL_MS = 7 * DAY_MS;
/** Finished matches are deleted this long after the end. */
export const FINISHED_TTL_MS = 90 * DAY_MS;
/** The meta row (state snapshot) is rewritten after this many log rows; a wake-up replays at most these. */
export const SNAPSHOT_EVERY = 32;
/** Upper bound of automatic moves in one change (draws, inline bots): a guard, never reached in play. */
const MAX_AUTO_MOVES = 5000;

/** Schedule kinds owned by the match (others go to the notifier). */
const KINDS = { turn: 'turn', window: 'window', bot: 'bot', expire: 'expire' } as const;

interface WindowPayload {
  seat: number;
  id: string;
}

interface SocketAttachment {
  seat: number | null;
  host: boolean;
}

function error(status: number, code: string, message: string, extra?: Record<string, unknown>): Reply {
  const body: ErrorBody & Record<string, unknown> = { error: { code, message }, ...extra };
  return { status, body };
}

const NOT_FOUND = error(
  404,
  'match.not_found',
  'No match with this id (it may have expired or been deleted).',
);

/** The RPC surface of a match's Durable Object, as the Worker calls it. */
export type MatchStub = Pick<
  MatchDurableObject,
  | 'create'
  | 'info'
  | 'move'
  | 'claim'
  | 'startNow'
  | 'settings'
  | 'giveToBot'
  | 'reclaim'
  | 'rematch'
  | 'remove'
  | 'log'
  | 'benchStats'
  | 'replayCheck'
  | 'testAdvanceClock'
  | 'testSetBotDelay'
  | 'mail'
  | 'fetch'
>;

/** The stub of match `matchId`'s Durable Object (named by the match id). */
export function matchStub(env: Env, matchId: string): MatchStub {
  // The generated RPC types cannot express `Reply.body: unknown`; the methods return plain data.
  return env.MATCH.get(env.MATCH.idFromName(matchId)) as unknown as MatchStub;
}

/** The match Durable Object class (binding `MATCH`). */
export class MatchDurableObject extends DurableObject<Env> {
  private store: MatchStore;
  private schedule: Schedule;
  private readonly notifier: Notifier;
  private meta: Meta | null;
  private seats: SeatRow[];
  private rematching: Promise<Reply> | null = null;
  /** The last log row's seq. */
  private seq = 0;
  /** The turn deadline a reload would see (the last row's, or the meta row's). */
  private persistedDeadline: TurnDeadline | null = null;
  /** The moves of the change being made; written as one log row by `afterChange`. */
  private pending: { steps: LogStep[]; events: GameEvent[]; moveId: string | null } | null = null;
  /** Benchmark counters (test seams only): DO requests served and CPU-ish time per request (ms). */
  private readonly stats = {
    requests: 0,
    scheduleRows: 0,
    ms: [] as number[],
    /** Time spent in SQLite calls and in building and sending WebSocket frames (ms, summed). */
    sqlMs: 0,
    pushMs: 0,
  };
  /** Every SQL cursor (test seams only), to count the rows written by everyone in this object. */
  private readonly cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
  private readonly sql: SqlStorage;
  /** Test seams only: how far this object's clock runs ahead of the real one (ms). */
  private clockOffsetMs = 0;
  /** Test seams only: a bot delay for this object instead of BOT_DELAY_MS. */
  private botDelayOverride: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = testSeamsEnabled(env)
      ? countingSql(ctx.storage.sql, this.cursors, (ms) => {
          this.stats.sqlMs += ms;
        })
      : ctx.storage.sql;
    this.store = new MatchStore(this.sql);
    this.schedule = new Schedule(this.sql, ctx.storage, (n) => {
      this.stats.scheduleRows += n;
    });
    this.notifier = new Notifier({
      env,
      sql: this.sql,
      schedule: this.schedule,
      meta: () => this.meta,
      seats: () => this.seats,
      origin: () => env.PUBLIC_URL ?? '',
      connected: () => this.connectedSeats(),
    });
    // Tables exist only where a match was created: an unknown id creates no storage.
    const exists = this.store.hasTables();
    if (exists) this.createTables();
    this.meta = exists ? this.store.loadMeta() : null;
    this.seats = this.meta ? this.store.loadSeats() : [];
    this.catchUp();
  }

  /** Creates every table of a match (idempotent; also adds tables a newer version introduced). */
  private createTables(): void {
    this.store.createTables();
    this.schedule.createTable();
    this.notifier.createTables();
  }

  // ------------------------------------------------------------------------------------------
  // RPC methods (called by the Worker's routes). `who` is the SHA-256 of the caller's bearer token.

  /** Creates the match here. 201 with nothing else (the Worker knows the links), or 409 if it exists. */
  async create(input: CreateInput): Promise<Reply> {
    return this.track(async () => {
      if (this.meta) return error(409, 'match.exists', 'This match id is taken.');
      const now = this.now();
      const stack = testSeamsEnabled(this.env) ? input.stack : undefined;
      this.meta = {
        matchId: input.matchId,
        createdAt: now,
        config: input.config,
        hostHash: input.hostHash,
        inviteHash: input.inviteHash,
        status: 'lobby',
        setup: stack
          ? { setup: { rules: input.config.rules, seats: input.seats.length, seed: '' }, stack }
          : null,
        state: null,
        finishedAt: null,
        rematchId: null,
        turnDeadline: null,
        stateSeq: 0,
      };
      this.seats = input.seats;
      // Validate the rules and seating before storing anything.
      const probe = createMatch(this.setupFor(newSeed(), 0));
      if (!probe.ok) {
        this.meta = null;
        this.seats = [];
        return {
          status: 400,
          body: {
            error: {
              code: 'rules.invalid',
              message: 'These rules cannot be played with these seats.',
              issues: probe.problems.map((p) => `${p.field}: ${p.message}`),
            },
          },
        };
      }
      this.createTables();
      this.store.insertMeta(this.meta);
      for (const s of this.seats) this.store.saveSeat(s);
      this.schedule.schedule(KINDS.expire, '', now + LOBBY_TTL_MS);
      if (this.seats.every((s) => s.kind !== 'open')) {
        const failed = this.start();
        if (failed) {
          await this.destroy();
          return failed;
        }
        this.afterChange(null, [], { reason: 'started', seat: null }, now);
      } else {
        this.afterChange(null, [], { reason: 'created', seat: null }, now);
      }
      return { status: 201 };
    });
  }

  /** The caller's MatchInfo, with ETag; 304 when `ifNoneMatch` matches. */
  async info(who: string | null, ifNoneMatch: string | null): Promise<Reply> {
    return this.track(async () => {
      if (!this.meta) return NOT_FOUND;
      const info = this.infoFor(this.caller(who));
      const body = JSON.stringify(info);
      const etag = etagFor(this.meta.state?.version ?? 0, body);
      if (ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
        return { status: 304, etag };
      }
      return { status: 200, body: info, etag };
    });
  }

  /** Plays a move for the caller's seat. See docs/API.md for the statuses. */
  async move(who: string | null, req: MoveRequest): Promise<Reply> {
    return this.track(async () => {
      const meta = this.meta;
      if (!meta) return NOT_FOUND;
      const caller = this.caller(who);
      if (caller.seat === null)
        return error(403, 'auth.not_a_seat', 'Only a player with a seat link can move.');
      const seat = caller.seat;
      const state = meta.state;
      if (meta.status === 'lobby' || !state)
        return error(409, 'match.not_started', 'The match has not started yet.');
      if (!SUPPORTED_RULES_VERSIONS.includes(state.rulesVersion)) {
        return error(
          409,
          'match.rules_version',
          `This match uses rules ${state.rulesVersion}, which this server cannot play.`,
        );
      }
      if (req.version !== state.version) {
        // A retry of an accepted move carries the version it was made at, which is stale now: the
        // same move id from the same seat returns the first outcome and changes nothing.
        const done = this.store.findMove(seat, req.moveId);
        if (done)
          return { status: 200, body: { info: this.infoFor(caller), events: done.events, replayed: true } };
        return {
          status: 409,
          body: {
            error: {
              code: 'version.stale',
              message: `The match is at version ${state.version}, not ${req.version}.`,
            },
            info: this.infoFor(caller),
          },
        };
      }
      const now = this.now();
      const result = applyMove(state, seat, req.move);
      if (!result.ok) return { status: 422, body: { error: result.error } };
      if (this.seats[seat].standIn) {
        // The player's own move takes the seat back from the bot.
        this.seats[seat] = { ...this.seats[seat], standIn: false };
        this.store.saveSeat(this.seats[seat]);
      }
      const events = this.record(seat, 'player', req.moveId, req.move as Move, result.state, result.events);
      events.push(...this.settle());
      this.afterChange(state, events, { reason: 'move', seat }, now);
      return { status: 200, body: { info: this.infoFor(caller), events } };
    });
  }

  /** A visitor with the invite link claims the first open seat. `tokenHash` is their new seat token's hash. */
  async claim(
    inviteHash: string,
    tokenHash: string,
    who: { name: string; email?: string; language?: string },
  ): Promise<Reply> {
    return this.track(async () => {
      const meta = this.meta;
      if (!meta) return NOT_FOUND;
      if (!meta.inviteHash || meta.inviteHash !== inviteHash)
        return error(403, 'auth.bad_invite', 'This invite link is not valid.');
      if (meta.status !== 'lobby') return error(409, 'match.started', 'The match has already started.');
      const open = this.seats.find((s) => s.kind === 'open');
      if (!open) return error(409, 'match.full', 'Every seat is taken.');
      const seat: SeatRow = {
        ...open,
        kind: 'human',
        name: who.name,
        email: who.email ?? null,
        language: who.language ?? open.language,
        tokenHash,
      };
      this.seats[seat.seat] = seat;
      this.store.saveSeat(seat);
      const now = this.now();
      if (this.seats.every((s) => s.kind !== 'open')) {
        const failed = this.start();
        if (failed) return failed;
        this.afterChange(null, [], { reason: 'started', seat: seat.seat }, now);
      } else {
        this.afterChange(null, [], { reason: 'claimed', seat: seat.seat }, now);
      }
      return { status: 200, body: { seat: seat.seat } };
    });
  }

  /** The host starts the match; open seats become bots. */
  async startNow(who: string | null): Promise<Reply> {
    return this.track(async () => {
      if (!this.meta) return NOT_FOUND;
      const caller = this.caller(who);
      if (!caller.host) return error(403, 'auth.not_host', 'Only the host can start the match.');
      if (this.meta.status !== 'lobby') return error(409, 'match.started', 'The match has already started.');
      const now = this.now();
      const failed = this.start();
      if (failed) return failed;
      this.afterChange(null, [], { reason: 'started', seat: null }, now);
      return { status: 200, body: this.infoFor(caller) };
    });
  }

  /** Changes the caller's own seat settings. */
  async settings(who: string | null, s: Settings): Promise<Reply> {
    return this.track(async () => {
      const meta = this.meta;
      if (!meta) return NOT_FOUND;
      const caller = this.caller(who);
      if (caller.seat === null)
        return error(403, 'auth.not_a_seat', 'Only a player with a seat link has settings.');
      const seat = caller.seat;
      const now = this.now();
      const row = { ...this.seats[seat] };
      if (s.language !== undefined) row.language = s.language;
      if (s.email !== undefined) row.email = s.email;
      if (s.emailNotifications !== undefined) row.emailNotifications = s.emailNotifications;
      const before = meta.state;
      const events: GameEvent[] = [];
      if (s.responseMode !== undefined) {
        if (meta.state) {
          const next = setResponseMode(meta.state, seat, s.responseMode);
          if (next !== meta.state) {
            meta.state = next;
            this.appendRow({
              at: now,
              kind: 'responseMode',
              seat,
              actor: 'player',
              moveId: null,
              payload: { mode: s.responseMode },
              events: [],
              version: next.version,
              turnDeadline: meta.turnDeadline,
            });
          }
        } else {
          row.responseMode = s.responseMode;
        }
      }
      this.seats[seat] = row;
      this.store.saveSeat(row);
      this.afterChange(before, events, { reason: 'settings', seat }, now);
      return { status: 200, body: this.infoFor(caller) };
    });
  }

  /** The host hands a human seat to a bot (until the player takes it back). */
  async giveToBot(who: string | null, seat: number): Promise<Reply> {
    return this.track(async () => {
      const meta = this.meta;
      if (!meta) return NOT_FOUND;
      if (!this.caller(who).host)
        return error(403, 'auth.not_host', 'Only the host can give a seat to a bot.');
      const row = this.seats[seat];
      if (!row) return error(404, 'seat.not_found', `There is no seat ${seat}.`);
      if (row.kind !== 'human')
        return error(409, 'seat.not_human', 'Only a player’s seat can be given to a bot.');
      if (meta.status !== 'playing') return error(409, 'match.not_playing', 'The match is not being played.');
      if (!row.standIn) {
        this.seats[seat] = { ...row, standIn: true };
        this.store.saveSeat(this.seats[seat]);
        const now = this.now();
        const before = meta.state;
        const events = this.settle();
        this.afterChange(before, events, { reason: 'seat', seat }, now);
      }
      return { status: 200, body: this.infoFor(this.caller(who)) };
    });
  }

  /** A player takes their seat back from the bot. */
  async reclaim(who: string | null, seat: number): Promise<Reply> {
    return this.track(async () => {
      const meta = this.meta;
      if (!meta) return NOT_FOUND;
      const caller = this.caller(who);
      if (caller.seat !== seat)
        return error(403, 'auth.not_your_seat', 'Only this seat’s link can take it back.');
      const row = this.seats[seat];
      if (row.standIn) {
        this.seats[seat] = { ...row, standIn: false };
        this.store.saveSeat(this.seats[seat]);
        const now = this.now();
        this.afterChange(meta.state, [], { reason: 'seat', seat }, now);
      }
      return { status: 200, body: this.infoFor(caller) };
    });
  }

  /**
   * A new match with the same seats, rules and links (the same token hashes), and a new seed. The
   * first call creates it; later calls return the same one.
   */
  async rematch(who: string | null, origin: string): Promise<Reply> {
    return this.track(async () => {
      const meta = this.meta;
      if (!meta) return NOT_FOUND;
      const caller = this.caller(who);
      if (caller.seat === null && !caller.host)
        return error(403, 'auth.not_a_seat', 'Only players can ask for a rematch.');
      if (meta.status !== 'finished')
        return error(409, 'match.not_finished', 'A rematch starts after the match is over.');
      if (meta.rematchId) return { status: 200, body: this.createdFor(meta.rematchId, origin) };
      this.rematching ??= this.makeRematch(origin).finally(() => {
        this.rematching = null;
      });
      return this.rematching;
    });
  }

  /** The host deletes the match and everything stored with it. */
  async remove(who: string | null): Promise<Reply> {
    return this.track(async () => {
      if (!this.meta) return NOT_FOUND;
      if (!this.caller(who).host) return error(403, 'auth.not_host', 'Only the host can delete the match.');
      await this.destroy();
      return { status: 204 };
    });
  }

  /** Mail and push requests (worker/routes/mail.ts), answered by the notifier. */
  async mail(who: string | null, req: MailRpc): Promise<Reply> {
    return this.track(async () => {
      if (!this.meta) return NOT_FOUND;
      const r = await this.notifier.rpc(this.caller(who), req);
      return r;
    });
  }

  /** Public events after log row `after` (at most 500 rows). */
  async log(after: number): Promise<Reply> {
    return this.track(async () => {
      if (!this.meta) return NOT_FOUND;
      const events: LoggedEvent[] = [];
      for (const row of this.store.logAfter(after, 500)) {
        const at = new Date(row.at).toISOString();
        if (row.kind === 'responseMode') {
          const mode = (row.payload as { mode: 'auto' | 'ask' }).mode;
          events.push({
            seq: row.seq,
            at,
            by: row.actor,
            event: { type: 'responseMode', seat: row.seat, mode },
          });
          continue;
        }
        let k = 0;
        for (const step of row.payload as LogStep[]) {
          for (const event of row.events.slice(k, k + step.events))
            events.push({ seq: row.seq, at, by: step.actor, event });
          k += step.events;
        }
      }
      return { status: 200, body: { events } };
    });
  }

  /** Test seams only: counters for the server benchmark. */
  async benchStats(): Promise<Reply> {
    if (!testSeamsEnabled(this.env)) return NOT_FOUND;
    return {
      status: 200,
      body: {
        requests: this.stats.requests,
        rowsWritten: this.cursors.reduce((n, c) => n + c.rowsWritten, 0),
        rowsWrittenByMatch: this.store.rowsWritten + this.stats.scheduleRows,
        ms: this.stats.ms,
        sqlMs: this.stats.sqlMs,
        pushMs: this.stats.pushMs,
        version: this.meta?.state?.version ?? 0,
        logRows: this.meta ? this.store.lastSeq() : 0,
      },
    };
  }

  /** Test seams only: moves this object's clock forward by `ms` (deadlines, expiry) and returns the new time. */
  async testAdvanceClock(ms: number): Promise<Reply> {
    if (!testSeamsEnabled(this.env)) return NOT_FOUND;
    this.clockOffsetMs += ms;
    return { status: 200, body: { now: this.now() } };
  }

  /** Test seams only: sets this object's bot delay in ms (null: back to BOT_DELAY_MS). */
  async testSetBotDelay(ms: number | null): Promise<Reply> {
    if (!testSeamsEnabled(this.env)) return NOT_FOUND;
    this.botDelayOverride = ms;
    return { status: 200 };
  }

  /** Test seams only: replays the log from the stored setup and returns both states. */
  async replayCheck(): Promise<Reply> {
    if (!testSeamsEnabled(this.env)) return NOT_FOUND;
    if (!this.meta?.setup || !this.meta.state) return NOT_FOUND;
    return { status: 200, body: { replayed: this.replay(), stored: this.meta.state } };
  }

  /**
   * Replays the move log from the stored setup (seed or stacked deal): createMatch, then every
   * logged move and setting in order. Equals the stored state (a test checks it).
   */
  replay(): MatchState | null {
    const setup = this.meta?.setup;
    if (!setup) return null;
    const created = createMatch(setup.setup);
    if (!created.ok) return null;
    const r = applyRows(created.state, this.store.logAfter(0, 1_000_000));
    return r.ok ? r.state : null;
  }

  // ------------------------------------------------------------------------------------------
  // WebSockets (Hibernation API).

  /** Upgrades a WebSocket request; the client authenticates with its first frame. */
  override async fetch(request: Request): Promise<Response> {
    this.stats.requests++;
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !this.meta) {
      return Response.json(NOT_FOUND.body, { status: 404 });
    }
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair);
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ seat: null, host: false } satisfies SocketAttachment);
    this.send(server, { type: 'info', info: this.infoFor({ seat: null, host: false }) });
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    this.stats.requests++;
    if (typeof message !== 'string' || message.length > MAX_FRAME_BYTES) {
      this.send(ws, {
        type: 'error',
        error: { code: 'frame.invalid', message: 'Send JSON text frames of at most 2 KB.' },
      });
      return;
    }
    let frame: ClientFrame;
    try {
      const parsed = v.safeParse(ClientFrameSchema, JSON.parse(message));
      if (!parsed.success) throw new Error('bad frame');
      frame = parsed.output;
    } catch {
      this.send(ws, {
        type: 'error',
        error: { code: 'frame.invalid', message: 'Unknown or malformed frame.' },
      });
      return;
    }
    if (frame.type === 'ping') {
      this.send(ws, { type: 'pong' });
      return;
    }
    if (!this.meta) return;
    const caller = this.caller(await hashToken(frame.token));
    if (caller.seat === null && !caller.host) {
      this.send(ws, {
        type: 'error',
        error: { code: 'auth.bad_token', message: 'This link is not valid for this match.' },
      });
      return;
    }
    ws.serializeAttachment(caller satisfies SocketAttachment);
    this.broadcast();
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    const was = ws.deserializeAttachment() as SocketAttachment | null;
    ws.serializeAttachment({ seat: null, host: false } satisfies SocketAttachment);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closing');
    } catch {
      // already closed
    }
    if (was?.seat !== null && was?.seat !== undefined && this.meta) this.broadcast(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws, 1011);
  }

  // ------------------------------------------------------------------------------------------
  // Alarm: due schedule items, each handled idempotently.

  override async alarm(): Promise<void> {
    this.stats.requests++;
    if (!this.meta) {
      // No match here (deleted): nothing can be due.
      await this.ctx.storage.deleteAlarm();
      return;
    }
    this.schedule.alarmFired();
    const now = this.now();
    for (const item of this.schedule.due(now)) {
      if (!this.meta) return;
      const handled = await this.onDue(item, now);
      if (!handled) await this.notifier.onDue(item);
      if (!this.meta) return;
      this.schedule.done(item);
    }
    await this.schedule.syncAlarm();
  }

  private async onDue(item: ScheduleItem, now: number): Promise<boolean> {
    const meta = this.meta!;
    switch (item.kind) {
      case KINDS.expire: {
        // Scheduled at creation (lobby), cancelled at the start, scheduled again at the end: a due
        // item in any other status is stale. An alarm is never early, only possibly repeated.
        if (meta.status === 'lobby' || meta.status === 'finished') await this.destroy();
        return true;
      }
      case KINDS.bot: {
        const state = meta.state;
        if (meta.status !== 'playing' || !state) return true;
        const before = state;
        const events = this.botTurn('bot');
        if (events.length === 0) return true;
        events.push(...this.settle());
        this.afterChange(before, events, { reason: 'bot', seat: null }, now);
        return true;
      }
      case KINDS.turn: {
        const state = meta.state;
        const d = meta.turnDeadline;
        if (meta.status !== 'playing' || !state || !d) return true;
        if (d.atMs > now) {
          // An early wake-up (the deadline moved on since): sleep until the real deadline.
          this.schedule.schedule(KINDS.turn, '', d.atMs);
          return true;
        }
        if (state.handNumber !== d.hand) return true;
        const before = state;
        let events: GameEvent[] = [];
        if (d.seat === -1) {
          if (state.phase !== 'handOver') return true;
          events = this.apply(0, 'timeout', { type: 'nextHand' }) ?? [];
        } else {
          if (!inTurn(state) || state.turn !== d.seat) return true;
          events =
            meta.config.onDeadline === 'skip' ? this.skipTurn(d.seat) : this.botTurn('timeout', d.seat);
        }
        events.push(...this.settle());
        this.afterChange(before, events, { reason: 'timeout', seat: d.seat < 0 ? null : d.seat }, now);
        return true;
      }
      case KINDS.window: {
        const state = meta.state;
        const p = item.payload as WindowPayload;
        if (meta.status !== 'playing' || !state || state.phase !== 'respond') return true;
        if (actorOf(state) !== p.seat || windowId(state) !== p.id) return true;
        const answer = autoResponse(state);
        if (!answer) return true;
        const before = state;
        const events = this.apply(p.seat, 'timeout', answer) ?? [];
        events.push(...this.settle());
        this.afterChange(before, events, { reason: 'timeout', seat: p.seat }, now);
        return true;
      }
      default:
        return false;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Internals.

  /** The time in ms since the epoch (the real clock, plus the test-only offset). */
  private now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** Counts a request and, with the test seams on, its duration in ms (benchmark). */
  private async track(fn: () => Promise<Reply>): Promise<Reply> {
    this.stats.requests++;
    const t0 = performance.now();
    const reply = await fn();
    // The time up to here is the handler's own work (no I/O waits but rematch's RPC and deletes).
    if (testSeamsEnabled(this.env)) this.stats.ms.push(performance.now() - t0);
    if (this.meta) await this.schedule.syncAlarm();
    return reply;
  }

  private reset(): void {
    this.store = new MatchStore(this.sql);
    this.schedule = new Schedule(this.sql, this.ctx.storage);
    this.meta = null;
    this.seats = [];
  }

  private async destroy(): Promise<void> {
    this.notifier.beforeDelete();
    for (const ws of this.ctx.getWebSockets()) {
      this.send(ws, { type: 'deleted' });
      try {
        ws.close(1000, 'match deleted');
      } catch {
        // already closed
      }
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.reset();
  }

  /** The engine setup of this match (the stored one, or a new one with `seed` and `firstSeat`). */
  private setupFor(seed: string, firstSeat: number): MatchSetup {
    const meta = this.meta!;
    const stack = meta.setup?.stack;
    return {
      rules: meta.config.rules,
      seats: this.seats.length,
      teamSize: meta.config.teamSize,
      seed: stack?.seed ?? seed,
      firstSeat: stack?.position?.turn ?? firstSeat,
      responses: this.seats.map((s) => s.responseMode),
      ...(stack?.position ? { position: stack.position as MatchSetup['position'] } : {}),
    };
  }

  /** Starts the match: open seats become bots, the first hand is dealt. Returns an error reply or null. */
  private start(): Reply | null {
    const meta = this.meta!;
    this.seats = this.seats.map((s) =>
      s.kind === 'open' ? { ...s, kind: 'bot', name: `Bot ${s.seat + 1}`, tokenHash: null } : s,
    );
    const first = meta.config.firstSeat === 'random' ? randomInt(this.seats.length) : meta.config.firstSeat;
    const setup = this.setupFor(newSeed(), first);
    const created = createMatch(setup);
    if (!created.ok) {
      return {
        status: 400,
        body: {
          error: {
            code: 'rules.invalid',
            message: 'These rules cannot be played with these seats.',
            issues: created.problems.map((p) => `${p.field}: ${p.message}`),
          },
        },
      };
    }
    for (const s of this.seats) this.store.saveSeat(s);
    meta.setup = { setup, ...(meta.setup?.stack ? { stack: meta.setup.stack } : {}) };
    meta.state = created.state;
    meta.status = 'playing';
    this.schedule.cancel(KINDS.expire);
    this.settle();
    return null;
  }

  /** Applies one move by `seat` and logs it; returns its events, or null when the engine refuses it. */
  private apply(seat: number, actor: Actor, move: Move): GameEvent[] | null {
    const state = this.meta!.state!;
    const r = applyMove(state, seat, move);
    if (!r.ok) {
      console.warn(
        `match ${this.meta!.matchId}: ${actor} move refused at v${state.version}: ${r.error.code}`,
      );
      return null;
    }
    return this.record(seat, actor, null, move, r.state, r.events);
  }

  /** Adds an accepted move to the change being made and makes its state current. */
  private record(
    seat: number,
    actor: Actor,
    moveId: string | null,
    move: Move,
    state: MatchState,
    events: GameEvent[],
  ): GameEvent[] {
    this.pending ??= { steps: [], events: [], moveId: null };
    if (moveId !== null) this.pending.moveId = moveId;
    this.pending.steps.push({ seat, actor, move, events: events.length });
    this.pending.events.push(...events);
    this.meta!.state = state;
    return events.slice();
  }

  /** Writes the change's moves as one log row (append-only). */
  private flushLog(now: number): void {
    const p = this.pending;
    this.pending = null;
    if (!p || p.steps.length === 0) return;
    this.appendRow({
      at: now,
      kind: 'move',
      seat: p.steps[0].seat,
      actor: p.steps[0].actor,
      moveId: p.moveId,
      payload: p.steps,
      events: p.events,
      version: this.meta!.state!.version,
      turnDeadline: this.meta!.turnDeadline,
    });
  }

  /** Appends a log row; a reload will see its turn deadline. */
  private appendRow(row: Omit<LogRow, 'seq'>): void {
    this.seq = this.store.appendLog(row);
    this.persistedDeadline = row.turnDeadline;
  }

  /** Writes the meta row: the lifecycle, the turn deadline and a snapshot of the state (up to `seq`). */
  private saveSnapshot(): void {
    const meta = this.meta!;
    meta.stateSeq = this.seq;
    this.store.saveMeta(meta);
    this.persistedDeadline = meta.turnDeadline;
  }

  /**
   * After a wake-up: the stored state is a snapshot; replays the log rows written after it and takes
   * the turn deadline of the last one.
   */
  private catchUp(): void {
    const meta = this.meta;
    this.seq = meta ? this.store.lastSeq() : 0;
    this.persistedDeadline = meta?.turnDeadline ?? null;
    if (!meta?.state || this.seq <= meta.stateSeq) return;
    const tail = this.store.logAfter(meta.stateSeq, 1_000_000);
    const r = applyRows(meta.state, tail);
    if (!r.ok) console.error(`match ${meta.matchId}: log row ${r.seq} does not replay; state kept before it`);
    meta.state = r.state;
    meta.turnDeadline = tail.at(-1)?.turnDeadline ?? meta.turnDeadline;
    this.persistedDeadline = meta.turnDeadline;
  }

  private botControlled(seat: number): boolean {
    const s = this.seats[seat];
    return s.kind === 'bot' || s.standIn;
  }

  private botDelayMs(): number {
    if (this.botDelayOverride !== null) return this.botDelayOverride;
    const n = Number(this.env.BOT_DELAY_MS ?? '1500');
    return Number.isFinite(n) && n >= 0 ? n : 1500;
  }

  /** The bot's move for `seat`, from that seat's view only (and the hand's public events for experts). */
  private botMove(seat: number): Move | null {
    const state = this.meta!.state!;
    const level = this.seats[seat].botLevel;
    const log = level === 'expert' ? this.handEvents() : undefined;
    return chooseBotMove(viewFor(state, seat), level, `${this.meta!.matchId}:${seat}`, log);
  }

  /** The public events of the current hand, oldest first (stored rows plus the change being made). */
  private handEvents(): GameEvent[] {
    const rows = this.store.recentRows(400);
    const events = rows.flatMap((r) => r.events).concat(this.pending?.events ?? []);
    let start = 0;
    for (let i = events.length - 1; i >= 0; i--) {
      if (events[i].type === 'handStarted') {
        start = i;
        break;
      }
    }
    return events.slice(start);
  }

  /**
   * A bot plays one seat's turn: the bot-controlled seat that must act now (a bot seat or a
   * stand-in), or `seat` after its deadline, until someone else must act. Also starts the next
   * hand when no human is left to do it.
   */
  private botTurn(actor: Actor, seat?: number): GameEvent[] {
    const meta = this.meta!;
    const events: GameEvent[] = [];
    // One seat's turn: the given seat, or the bot-controlled seat that must act now.
    const first = meta.state ? actorOf(meta.state) : null;
    const who = seat ?? (first !== null && this.botControlled(first) ? first : null);
    for (let i = 0; i < 50; i++) {
      const state = meta.state!;
      if (
        state.phase === 'handOver' &&
        seat === undefined &&
        this.seats.every((s) => this.botControlled(s.seat))
      ) {
        events.push(...(this.apply(0, actor, { type: 'nextHand' }) ?? []));
        break;
      }
      const a = actorOf(state);
      if (a === null || a !== who) break;
      const move = this.botMove(a);
      const ev = move && this.apply(a, actor, move);
      if (!ev) break;
      events.push(...ev);
    }
    return events;
  }

  /** Skips `seat`'s timed-out turn (match setting `skip`). */
  private skipTurn(seat: number): GameEvent[] {
    const events: GameEvent[] = [];
    for (let i = 0; i < 5; i++) {
      const state = this.meta!.state!;
      if (actorOf(state) !== seat) break;
      const move = skipMove(state, seat);
      const ev = move && this.apply(seat, 'timeout', move);
      if (!ev) break;
      events.push(...ev);
    }
    return events;
  }

  /**
   * After a change: the automatic draws (no choice of draw), bots inline when the bot delay is 0,
   * the end of the match. Returns the events of the automatic moves.
   */
  private settle(): GameEvent[] {
    const meta = this.meta!;
    const events: GameEvent[] = [];
    const inline = this.botDelayMs() === 0;
    for (let i = 0; i < MAX_AUTO_MOVES; i++) {
      const state = meta.state!;
      if (state.phase === 'matchOver') break;
      const a = actorOf(state);
      if (a !== null && !this.botControlled(a)) {
        const draw = forcedDraw(state, a);
        if (!draw) break;
        const ev = this.apply(a, 'server', draw);
        if (!ev) break;
        events.push(...ev);
        continue;
      }
      if (!inline) break;
      const ev = this.botTurn('bot');
      if (ev.length === 0) break;
      events.push(...ev);
    }
    return events;
  }

  /** Points the turn, window and bot items at the current state; ends the match when it is over. */
  private updateDeadlines(now: number, events: readonly GameEvent[]): void {
    const meta = this.meta!;
    const state = meta.state;
    if (meta.status === 'playing' && state?.phase === 'matchOver') {
      meta.status = 'finished';
      meta.finishedAt = now;
      this.schedule.schedule(KINDS.expire, '', now + FINISHED_TTL_MS);
    }
    if (meta.status !== 'playing' || !state) {
      meta.turnDeadline = null;
      this.schedule.cancel(KINDS.turn);
      this.schedule.cancel(KINDS.window);
      this.schedule.cancel(KINDS.bot);
      return;
    }
    const a = actorOf(state);
    const humanActs = a !== null && !this.botControlled(a);
    // Response window of a human `ask` seat.
    if (state.phase === 'respond' && humanActs) {
      const id = windowId(state);
      const old = this.schedule.get<WindowPayload>(KINDS.window, '');
      if (!old || old.payload.id !== id || old.payload.seat !== a) {
        const at = now + meta.config.responseWindowMinutes * 60_000;
        this.schedule.schedule(KINDS.window, '', at, { seat: a, id } satisfies WindowPayload);
      }
    } else {
      this.schedule.cancel(KINDS.window);
    }
    // Turn deadline of a human seat, or the next-hand deadline between hands. It lives in the meta
    // row (written by every move anyway); the schedule keeps one wake-up no later than it, moved
    // only when the deadline comes earlier, so a new turn costs no extra row written.
    const hours = meta.config.turnDeadlineHours;
    const turnSeat = inTurn(state) && humanActs ? a : state.phase === 'handOver' ? -1 : null;
    if (hours > 0 && turnSeat !== null) {
      const old = meta.turnDeadline;
      const restarted = events.some((e) => e.type === 'extraTurn' || e.type === 'handStarted');
      if (!old || old.seat !== turnSeat || old.hand !== state.handNumber || restarted) {
        meta.turnDeadline = { seat: turnSeat, hand: state.handNumber, atMs: now + hours * 3_600_000 };
      }
      const at = meta.turnDeadline!.atMs;
      const wake = this.schedule.get(KINDS.turn, '');
      if (!wake || wake.atMs > at || wake.atMs <= now) this.schedule.schedule(KINDS.turn, '', at);
    } else {
      // A wake-up left behind finds no deadline and stops.
      meta.turnDeadline = null;
    }
    // A bot (or the last step between all-bot hands) moves after a short delay.
    const botActs =
      (a !== null && !humanActs) ||
      (state.phase === 'handOver' && this.seats.every((s) => this.botControlled(s.seat)));
    if (botActs && this.botDelayMs() > 0) {
      // (An item due now is the one being handled: the next bot move gets a new one.)
      const item = this.schedule.get(KINDS.bot, '');
      if (!item || item.atMs <= now) this.schedule.schedule(KINDS.bot, '', now + this.botDelayMs());
    } else {
      this.schedule.cancel(KINDS.bot);
    }
  }

  /**
   * After every accepted change: store the state (one row), move the deadlines, tell the notifier,
   * push every socket its view. The caller then syncs the alarm.
   */
  private afterChange(before: MatchState | null, events: GameEvent[], change: Change, now: number): void {
    const meta = this.meta!;
    const statusBefore = meta.status;
    this.updateDeadlines(now, events);
    this.flushLog(now);
    // The state is rebuilt from the snapshot and the log rows after it, so the meta row is written
    // only every SNAPSHOT_EVERY rows, when the lifecycle changes, or when the deadline changed
    // without a log row carrying it: one row written per move instead of two.
    const unsaved = this.seq - meta.stateSeq;
    const deadlineLost = JSON.stringify(meta.turnDeadline) !== JSON.stringify(this.persistedDeadline);
    if (
      meta.status !== statusBefore ||
      unsaved >= SNAPSHOT_EVERY ||
      deadlineLost ||
      (before === null && meta.state)
    ) {
      this.saveSnapshot();
    }
    this.notifier.afterChange(before, meta.state, events, change);
    this.broadcast();
  }

  private async makeRematch(origin: string): Promise<Reply> {
    const meta = this.meta!;
    const matchId = newMatchId();
    const input: CreateInput = {
      matchId,
      config: meta.config,
      hostHash: meta.hostHash,
      inviteHash: null,
      seats: this.seats.map((s) => ({ ...s, standIn: false })),
    };
    const r = await matchStub(this.env, matchId).create(input);
    if (r.status !== 201) return r;
    meta.rematchId = matchId;
    this.saveSnapshot();
    this.notifier.afterChange(meta.state, meta.state, [], { reason: 'rematch', seat: null });
    this.broadcast();
    return { status: 201, body: this.createdFor(matchId, origin) };
  }

  private createdFor(matchId: string, origin: string): Created {
    return {
      matchId,
      matchUrl: `${origin}/m/${matchId}`,
      hostUrl: null,
      inviteUrl: null,
      seats: this.seats.map((s) => ({ seat: s.seat, name: s.name, kind: s.kind, url: null })),
    };
  }

  private caller(who: string | null): Caller {
    const meta = this.meta;
    if (!who || !meta) return { seat: null, host: false };
    const seat = this.seats.find((s) => s.tokenHash !== null && s.tokenHash === who);
    // A seat link sent by mail carries its own token (see notifications.ts), accepted alike.
    return { seat: seat ? seat.seat : this.notifier.seatForToken(who), host: meta.hostHash === who };
  }

  private connectedSeats(except?: WebSocket): Set<number> {
    const out = new Set<number>();
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === except) continue;
      const a = ws.deserializeAttachment() as SocketAttachment | null;
      if (a?.seat !== null && a?.seat !== undefined) out.add(a.seat);
    }
    return out;
  }

  private infoFor(caller: Caller, connected = this.connectedSeats()): MatchInfo {
    const meta = this.meta!;
    return buildInfo(meta, this.seats, caller, {
      connected,
      turnDeadline: meta.turnDeadline?.atMs ?? null,
      windowDeadline: this.schedule.get(KINDS.window, '')?.atMs ?? null,
      mail: caller.host ? this.notifier.mailStatus() : undefined,
    });
  }

  /** Sends every open socket its own MatchInfo (one build per distinct caller). */
  private broadcast(except?: WebSocket): void {
    if (!this.meta) return;
    const t0 = performance.now();
    try {
      this.push(except);
    } finally {
      this.stats.pushMs += performance.now() - t0;
    }
  }

  private push(except?: WebSocket): void {
    const sockets = this.ctx.getWebSockets().filter((ws) => ws !== except);
    if (sockets.length === 0) return;
    const connected = this.connectedSeats(except);
    const cache = new Map<string, string>();
    for (const ws of sockets) {
      const a = (ws.deserializeAttachment() as SocketAttachment | null) ?? { seat: null, host: false };
      const key = `${a.seat}:${a.host}`;
      let frame = cache.get(key);
      if (!frame) {
        frame = JSON.stringify({ type: 'info', info: this.infoFor(a, connected) } satisfies ServerFrame);
        cache.set(key, frame);
      }
      try {
        ws.send(frame);
      } catch {
        // a closing socket; its close handler cleans up
      }
    }
  }

  private send(ws: WebSocket, frame: ServerFrame): void {
    try {
      ws.send(JSON.stringify(frame));
    } catch {
      // closing socket
    }
  }
}

/** Identifies one response-window question (the same window asks each pending seat in turn). */
function windowId(state: MatchState): string {
  const w = state.window!;
  return `${state.handNumber}:${w.attacker}:${w.hazard}:${w.pending.join('.')}:${state.deck.length}`;
}

/**
 * Test seams only: the object's SQL storage, remembering every cursor so the benchmark can add up
 * SQLite's own `rowsWritten` counters for all writers (match, schedule, notifier).
 */
function countingSql(
  sql: SqlStorage,
  cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[],
  time: (ms: number) => void,
): SqlStorage {
  return new Proxy(sql, {
    get(target, prop) {
      if (prop === 'exec') {
        return (query: string, ...params: unknown[]) => {
          const t0 = performance.now();
          const cursor = target.exec(query, ...params);
          time(performance.now() - t0);
          cursors.push(cursor);
          return cursor;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Applies logged changes to a state: every move step through the engine, every response-mode
 * change through `setResponseMode`. Stops at the first refused move (a bug: logged moves were
 * accepted) and reports it.
 */
function applyRows(
  state: MatchState,
  rows: readonly LogRow[],
): { ok: true; state: MatchState } | { ok: false; state: MatchState; seq: number } {
  for (const row of rows) {
    if (row.kind === 'responseMode') {
      state = setResponseMode(state, row.seat, (row.payload as { mode: 'auto' | 'ask' }).mode);
      continue;
    }
    for (const step of row.payload as LogStep[]) {
      const r = applyMove(state, step.seat, step.move);
      if (!r.ok) return { ok: false, state, seq: row.seq };
      state = r.state;
    }
  }
  return { ok: true, state };
}
