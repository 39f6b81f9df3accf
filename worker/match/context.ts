/**
 * The live state of one match's Durable Object, shared by the modules that serve its requests,
 * alarms and sockets: the rows in memory (meta, seats) with their store, the move log, the schedule
 * and the notifier. It holds no rules and handles no request: it answers "who is this caller",
 * "what time is it", "is this seat a bot", "who is connected" and "who is looking" (presence.ts).
 * Seats, the meta row and the state change only through `setSeat`, `updateMeta` and `setState`,
 * which only commit.ts applies an outcome with; a wake-up `restore`s what the log holds.
 */

import { ChatStore } from '../chat/store';
import { KINDS } from '../decider/change';
import type { MatchState } from '../engine/index';
import { type Env, publicOrigin, testSeamsEnabled } from '../env';
import { Notifier } from '../notify/notifier';
import { MAIL_ITEM, type NotifyMatch, type NotifySeat } from '../notify/scope';
import type { Reply } from '../reply';
import { chatSinceLastTurn } from './chat-mail';
import { MoveLog } from './log';
import { mailPlay } from './mail-move';
import { PolledPresence, seatPresent } from './presence';
import { waitingSeats } from './rematch-offer';
import { chainIdOf, type Meta, type SeatRow, type TurnDeadline } from './rows';
import { Schedule } from './schedule';
import { mintSeatLink } from './seats';
import { PresencePushes } from './socket-flow';
import { closeAll, socketAttachment, socketCaller } from './sockets';
import { MatchStore } from './storage';
import { TestSeams } from './test-seams';

/**
 * Who a credential is now (`MatchContext.caller`): its seat (null: none), whether it is the host
 * link, and, for a player who left, the seat they left (`left`: its links only watch, like a
 * spectator's). Seat null, host false and no `left` is a spectator, or nobody.
 */
export interface Caller {
  seat: number | null;
  host: boolean;
  /** The seat whose player left the match: its links only watch, like a spectator's. */
  left?: number;
}

/** One match's Durable Object state (see the file header). */
export class MatchContext {
  readonly store: MatchStore;
  readonly log: MoveLog;
  readonly schedule: Schedule;
  /** The chat's messages (chat.ts). */
  readonly chat: ChatStore;
  readonly notifier: Notifier;
  /** Test-only clock, bot delay and benchmark counters (neutral unless TEST_SEAMS is on). */
  readonly seams: TestSeams;
  /** The pushes that only tell who is connected, coalesced (in memory: socket-flow.ts). */
  readonly presence = new PresencePushes();
  /** Presence reported by polls, per seat (in memory: presence.ts). */
  readonly polledPresence = new PolledPresence();
  /**
   * When the outage of this object's writes (refused by the platform for its daily limit) began at
   * the latest (ms, the object's clock), or null: none known. Set by `startOutage`; commit.ts
   * `endOutage` moves the deadlines that fell inside it once writes work again.
   */
  outageSince: number | null = null;
  /** The rematch being created, so concurrent requests share it. */
  rematching: Promise<Reply> | null = null;
  private metaRow: Meta | null;
  private seatRows: SeatRow[];

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.seams = new TestSeams(testSeamsEnabled(env));
    this.seams.restoreClock(ctx.storage.sql);
    const sql = this.seams.wrapSql(ctx.storage.sql);
    this.store = new MatchStore(sql);
    this.log = new MoveLog(sql);
    this.chat = new ChatStore(sql);
    this.schedule = new Schedule(
      sql,
      ctx.storage,
      (n) => {
        this.seams.stats.scheduleRows += n;
      },
      () => {
        this.seams.stats.alarmWrites++;
      },
    );
    this.notifier = new Notifier({
      env,
      sql,
      schedule: this.schedule,
      match: () => this.notifyMatch(),
      seats: () => this.seatRows satisfies readonly NotifySeat[],
      now: () => this.now(),
      origin: () => publicOrigin(env),
      present: (seat, nowMs) => seatPresent(this, seat, nowMs),
      alwaysEmail: (seat) => this.seatRows[seat]?.prefs.alwaysEmail === true,
      windowDeadline: () => this.schedule.get(KINDS.window, '')?.atMs ?? null,
      eventsSinceLastTurn: (seat) => this.log.eventsSinceLastTurn(seat),
      movedSince: (seat, version) => this.log.movedSince(seat, version),
      turnStart: (seat) => this.log.turnStart(seat),
      chatSinceLastTurn: (seat) => chatSinceLastTurn(this, seat),
      mintSeatLink: (seat, origin) => mintSeatLink(this, seat, origin),
      mailPlay: (seat, origin) => mailPlay(this, seat, origin),
    });
    // The outbox's wake-up is computed from the outbox, not stored (two rows a turn).
    this.schedule.derive(MAIL_ITEM, () => this.notifier.recomputeWake());
    // Tables exist only where a match was created: an unknown id creates no storage.
    const exists = this.store.hasTables();
    if (exists) this.createTables();
    this.metaRow = exists ? this.store.loadMeta() : null;
    this.seatRows = this.metaRow ? this.store.loadSeats() : [];
  }

  /** The meta row as in memory (null: no match lives here); the commit path writes its snapshot. */
  get meta(): Meta | null {
    return this.metaRow;
  }

  /** The seats, by seat number. */
  get seats(): readonly SeatRow[] {
    return this.seatRows;
  }

  /** The current engine state (null before the first deal or when no match lives here). */
  get state(): MatchState | null {
    return this.metaRow?.state ?? null;
  }

  /**
   * Makes `state` current (in memory; the log row and the snapshot store it). Only commit.ts
   * `apply` calls it (test/architecture/writes.test.ts), as `updateMeta` and `setSeat`.
   */
  setState(state: MatchState): void {
    this.metaRow!.state = state;
  }

  /** Changes lifecycle fields of the meta row in memory (the next snapshot writes them). */
  updateMeta(fields: Partial<Omit<Meta, 'state' | 'matchId'>>): void {
    Object.assign(this.metaRow!, fields);
  }

  /**
   * After a wake-up: the state and turn deadline rebuilt from the log rows after the stored
   * snapshot (rebuild.ts `catchUp`). Restores what storage holds; writes nothing.
   */
  restore(state: MatchState, turnDeadline: TurnDeadline | null): void {
    this.metaRow!.state = state;
    this.metaRow!.turnDeadline = turnDeadline;
  }

  /**
   * Starts the outage on a write refused for the daily limit at `now` (ms), unless one runs: at the
   * time of the last row the match stored (its last log row, else its creation), or `now` if earlier.
   * Nothing was stored since, so that is never after the real start, whether this object saw the
   * outage begin or woke up (a restart) in the middle of it, or the refused write is a deadline's own
   * alarm: the deadlines that fell inside move by at least the outage's length, and nobody times out.
   * It only reads; rows that cannot be read (another daily limit) leave the creation time.
   */
  startOutage(now: number): void {
    if (this.outageSince !== null) return;
    let stored = this.metaRow?.createdAt ?? now;
    try {
      stored = this.log.lastAt() ?? stored;
    } catch {
      // The creation time is an earlier start, as safe.
    }
    this.outageSince = Math.min(now, stored);
  }

  /**
   * Reads the meta row and the seats back from storage after a change was rolled back (commit.ts
   * `atomically`; none when the change was the match's creation); rebuild.ts `catchUp` then replays
   * the log rows after the snapshot.
   */
  reload(): void {
    // A table made on first use inside the rolled-back change is gone again: ask the schema anew.
    this.store.forgetTables();
    this.chat.forget();
    this.notifier.pushSubs.forget();
    this.metaRow = this.store.hasTables() ? this.store.loadMeta() : null;
    this.seatRows = this.metaRow ? this.store.loadSeats() : [];
  }

  /** The one way a seat changes: in memory and its row (one row written). */
  setSeat(row: SeatRow): void {
    this.seatRows[row.seat] = row;
    this.store.saveSeat(row);
  }

  /** Creates the match here: its tables, the meta row and every seat. */
  createMatch(meta: Meta, seats: readonly SeatRow[]): void {
    this.createTables();
    this.metaRow = meta;
    this.seatRows = [];
    this.store.insertMeta(meta);
    for (const s of seats) this.setSeat(s);
  }

  /** Creates every table of a match (idempotent; also adds tables a newer version introduced). */
  private createTables(): void {
    this.store.createTables();
    this.log.createTable();
    this.chat.createTable();
    this.schedule.createTable();
    this.notifier.createTables();
  }

  /** Writes the meta row: the lifecycle, the turn deadline and a snapshot of the state, move ids and hand index. */
  saveSnapshot(): void {
    const meta = this.metaRow!;
    meta.stateSeq = this.log.seq;
    this.store.saveMeta(meta, this.log.moveIds, this.log.handStartsJson());
    this.log.persistedDeadline = meta.turnDeadline;
  }

  /** Deletes the match: sockets are told and closed, the alarm and all storage go. */
  async destroy(): Promise<void> {
    closeAll(this);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.forget();
  }

  /** Forgets the match after its storage was deleted. */
  private forget(): void {
    this.metaRow = null;
    this.seatRows = [];
    this.log.forget();
    this.store.forgetTables();
    this.chat.forget();
    this.notifier.pushSubs.forget();
    this.schedule.forget();
  }

  /**
   * The time in ms since the epoch: the real clock (with the test seams: plus their offset, or their
   * pinned time). The object's one clock: every change is timed by it, and the notifier sends by it.
   */
  now(): number {
    return this.seams.now();
  }

  /** How long a bot waits before moving (ms); 0 plays bots inside the request. */
  botDelayMs(): number {
    if (this.seams.botDelayMs !== null) return this.seams.botDelayMs;
    const n = Number(this.env.BOT_DELAY_MS ?? '1500');
    return Number.isFinite(n) && n >= 0 ? n : 1500;
  }

  /** True when a bot plays `seat` (a bot seat, or a human seat with a stand-in). */
  botControlled(seat: number): boolean {
    const s = this.seatRows[seat];
    return s.kind === 'bot' || s.standIn;
  }

  /**
   * The one answer to who `who` (a bearer token's SHA-256, or null) is in this match now, asked by
   * every request, every push of a view, every chat frame and every presence count (a socket asks
   * with the hash of the token it authenticated with, socketCaller): by a seat's own token, or by a
   * mailed seat link of a seat a person plays (a link never opens a computer's seat: a leaver's seat
   * in a rematch is one); a seat whose player left answers `left` instead of `seat`; the host link
   * answers `host`. A revoked link is no longer stored, so it answers nothing.
   */
  caller(who: string | null): Caller {
    const meta = this.metaRow;
    if (!who || !meta) return { seat: null, host: false };
    const row = this.seatRows.find((s) => s.tokenHash !== null && s.tokenHash === who);
    const linked = row ? null : this.store.seatForLink(who);
    const seat = row ? row.seat : linked !== null && this.seatRows[linked]?.kind === 'human' ? linked : null;
    const host = meta.hostHash === who;
    // A player who left keeps watching through their links, no longer playing (leave.ts).
    if (seat !== null && this.seatRows[seat]?.prefs.left) return { seat: null, host, left: seat };
    return { seat, host };
  }

  /**
   * Seats with an authenticated open WebSocket whose credential still holds the seat now (leaving
   * out `except`, a socket being closed).
   */
  connectedSeats(except?: WebSocket): Set<number> {
    const out = new Set<number>();
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === except) continue;
      const seat = socketCaller(this, socketAttachment(ws)).seat;
      if (seat !== null) out.add(seat);
    }
    return out;
  }

  /** The match as the notifier sees it. */
  private notifyMatch(): NotifyMatch | null {
    const meta = this.metaRow;
    if (!meta) return null;
    return {
      matchId: meta.matchId,
      chainId: chainIdOf(meta),
      status: meta.status,
      config: meta.config,
      state: meta.state,
      rematchId: meta.rematchId,
      rematchWaiting: waitingSeats(meta, this.seatRows, this.now()),
      turnDeadline: meta.turnDeadline,
    };
  }
}
