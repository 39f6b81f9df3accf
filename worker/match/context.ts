/**
 * The live state of one match's Durable Object, shared by the modules that serve its requests,
 * alarms and sockets: the stored rows (meta, seats) and their store, the schedule, the notifier,
 * the change being made, and the test-only clock, bot delay and benchmark counters. It holds no
 * rules and handles no request: it answers "who is this caller", "what time is it", "is this seat
 * a bot" and "who is connected".
 */
import type { GameEvent } from '../engine/index';
import { type Env, testSeamsEnabled } from '../env';
import { Notifier } from '../notify/notifier';
import type { Caller } from './info';
import type { Reply } from './replies';
import { Schedule } from './schedule';
import type { SocketAttachment } from './sockets';
import { type LogStep, MatchStore, type Meta, type SeatRow, type TurnDeadline } from './storage';
import { countingSql } from './test-seams';

/** The moves of the change being made; written as one log row by `afterChange` (change.ts). */
export interface PendingChange {
  steps: LogStep[];
  events: GameEvent[];
  moveId: string | null;
}

/** Benchmark counters (test seams only): requests served and time per request (ms). */
export interface BenchCounters {
  requests: number;
  scheduleRows: number;
  ms: number[];
  /** Time spent in SQLite calls and in building and sending WebSocket frames (ms, summed). */
  sqlMs: number;
  pushMs: number;
}

/** One match's Durable Object state (see the file header). */
export class MatchContext {
  store: MatchStore;
  schedule: Schedule;
  readonly notifier: Notifier;
  readonly sql: SqlStorage;
  /** The meta row (null: no match lives here) and the seats, as stored. */
  meta: Meta | null;
  seats: SeatRow[];
  /** The rematch being created, so concurrent requests share it. */
  rematching: Promise<Reply> | null = null;
  /** The last log row's seq. */
  seq = 0;
  /**
   * Every client move id of the match with its log row's seq (a move id names one move for the whole
   * match). Kept here rather than in an index, which cost one more row written per move; stored in
   * the meta row's snapshot and completed from the log rows after it on wake-up (replay.ts).
   */
  moveIds = new Map<string, number>();
  /** The turn deadline a reload would see (the last row's, or the meta row's). */
  persistedDeadline: TurnDeadline | null = null;
  /** The moves of the change being made. */
  pending: PendingChange | null = null;
  readonly stats: BenchCounters = { requests: 0, scheduleRows: 0, ms: [], sqlMs: 0, pushMs: 0 };
  /** Every SQL cursor (test seams only), to count the rows written by everyone in this object. */
  readonly cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
  /** Test seams only: how far this object's clock runs ahead of the real one (ms). */
  clockOffsetMs = 0;
  /** Test seams only: a bot delay for this object instead of BOT_DELAY_MS. */
  botDelayOverride: number | null = null;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
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
  }

  /** Creates every table of a match (idempotent; also adds tables a newer version introduced). */
  createTables(): void {
    this.store.createTables();
    this.schedule.createTable();
    this.notifier.createTables();
  }

  /** Forgets the match after its storage was deleted. */
  reset(): void {
    this.store = new MatchStore(this.sql);
    this.schedule = new Schedule(this.sql, this.ctx.storage);
    this.meta = null;
    this.seats = [];
    this.moveIds = new Map();
  }

  /** The time in ms since the epoch (the real clock, plus the test-only offset). */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** How long a bot waits before moving (ms); 0 plays bots inside the request. */
  botDelayMs(): number {
    if (this.botDelayOverride !== null) return this.botDelayOverride;
    const n = Number(this.env.BOT_DELAY_MS ?? '1500');
    return Number.isFinite(n) && n >= 0 ? n : 1500;
  }

  /** True when a bot plays `seat` (a bot seat, or a human seat with a stand-in). */
  botControlled(seat: number): boolean {
    const s = this.seats[seat];
    return s.kind === 'bot' || s.standIn;
  }

  /** Who `who` (a bearer token's SHA-256, or null) is in this match. */
  caller(who: string | null): Caller {
    const meta = this.meta;
    if (!who || !meta) return { seat: null, host: false };
    const seat = this.seats.find((s) => s.tokenHash !== null && s.tokenHash === who);
    // A seat link sent by mail carries its own token (see notify/links.ts), accepted alike.
    return { seat: seat ? seat.seat : this.notifier.seatForToken(who), host: meta.hostHash === who };
  }

  /** Seats with an authenticated open WebSocket (leaving out `except`, a socket being closed). */
  connectedSeats(except?: WebSocket): Set<number> {
    const out = new Set<number>();
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === except) continue;
      const a = ws.deserializeAttachment() as SocketAttachment | null;
      if (a?.seat !== null && a?.seat !== undefined) out.add(a.seat);
    }
    return out;
  }
}
