/**
 * The match's notification hook. The match Durable Object calls `afterChange` after every accepted
 * change (moves, claims, settings, seat hand-overs, timeouts) and `onDue` for schedule items whose
 * kind it does not handle itself (here: `mail`, the outbox's wake-up).
 *
 * The outbox is a table in this Durable Object (`mail_outbox`): one row per message, keyed by an
 * idempotency key (e.g. `turn:1:v37` = seat 1's turn that started at state version 37), so the
 * same notification is queued once however often the alarm or a change repeats. A row is `queued`
 * until it is `sent`, `failed` (after retries with backoff, or a permanent provider error) or
 * `dropped` (the player acted, was connected, muted the match, or a push was delivered). The
 * policy (who gets what when) is in worker/mail/policy.ts; the words in worker/mail/compose.ts.
 *
 * Seat links in mails: a mail carries a fresh "mail link" token for the seat (256 bits); only its
 * SHA-256 is kept (`mail_links`), and `seatForToken` lets the match accept it like the seat's own
 * token. While a prepared message waits for a retry, its text (with that link) is kept in its row
 * so a retry is byte-identical (the provider's idempotency key requires it); the text is cleared
 * as soon as the row is final.
 */
import { EmailMessage } from 'cloudflare:email';
import type { GameEvent, MatchState } from '../engine/index';
import { type Env, testSeamsEnabled } from '../env';
import { addressKey, parseAddress } from '../mail/address';
import type { Admission, MailAddressDurableObject } from '../mail/address-do';
import { composeMail, type MailContent, type MailKind } from '../mail/compose';
import { chooseSender, configuredSender, hourlyLimit } from '../mail/config';
import { DEV_OUTBOX_NAME, type DevOutboxDurableObject } from '../mail/dev-outbox';
import {
  backoffMs,
  type Intent,
  type IntentData,
  intentsFor,
  MAX_ATTEMPTS,
  type PolicySeat,
  reminderTimes,
  turnGroup,
} from '../mail/policy';
import type { MailRpc, SeatLink } from '../mail/protocol';
import { type PushSubscriptionJSON, pushConfigured, sendPush } from '../mail/push';
import { safeUrl } from '../mail/sanitize';
import type { MailSender, OutgoingMail } from '../mail/types';
import type { MatchInfo } from '../protocol';
import type { Caller } from './info';
import type { Reply } from './replies';
import type { Schedule, ScheduleItem } from './schedule';
import type { Meta, SeatRow } from './storage';
import { hashToken, newToken } from './tokens';
import { actorOf, inTurn } from './turns';

/** What a notifier may use: the match's bindings, SQL storage, schedule and current rows. */
export interface NotifierContext {
  env: Env;
  sql: SqlStorage;
  schedule: Schedule;
  /** The current meta row and seats (read at call time). */
  meta(): Meta | null;
  seats(): SeatRow[];
  /** The public origin for links (e.g. "https://mb.example.org"). */
  origin(): string;
  /** Seats with an authenticated open WebSocket now. */
  connected(): ReadonlySet<number>;
}

/** One accepted change, as seen by the notifier. */
export interface Change {
  /** Why it happened: a move, the match starting, a claim, a settings change, a timeout, … */
  reason: 'created' | 'claimed' | 'started' | 'move' | 'settings' | 'seat' | 'timeout' | 'bot' | 'rematch';
  /** The seat that caused it, if any. */
  seat: number | null;
}

/** Outbox row statuses (MatchInfo.mail). */
type Status = 'queued' | 'sent' | 'failed' | 'dropped';

type OutboxRow = {
  key: string;
  seat: number;
  /** A MailKind, `push` for the push that goes with a group, or `marker` (internal bookkeeping). */
  kind: MailKind | 'push' | 'marker';
  grp: string;
  status: Status;
  created_at: number;
  due_at: number;
  attempts: number;
  data: string;
  prepared: string | null;
  error: string | null;
  ack: string | null;
};

/** The schedule kind of the outbox's wake-up (one item, at the earliest due time). */
export const MAIL_ITEM = 'mail';
const DEFAULT_GRACE_MS = 2 * 60_000;
/** Subscriptions kept per seat (one per browser/device). */
const MAX_PUSH_SUBS = 5;
/** Rows shown to the host in MatchInfo.mail. */
const STATUS_ROWS = 30;

/** Test-only replacements (accepted only with the test seams on). */
export interface NotifierTestHooks {
  sender?: MailSender;
  fetch?: typeof fetch;
  now?: () => number;
  /** VAPID settings to use instead of the env's. */
  vapid?: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;
}

/** Sends mails and pushes for one match. */
export class Notifier {
  private hooks: NotifierTestHooks = {};

  constructor(protected readonly ctx: NotifierContext) {}

  /** Creates the outbox, mail-link and push tables if missing (only for a match that exists). */
  createTables(): void {
    const sql = this.ctx.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS mail_outbox (
      key TEXT PRIMARY KEY, seat INTEGER NOT NULL, kind TEXT NOT NULL, grp TEXT NOT NULL,
      status TEXT NOT NULL, created_at INTEGER NOT NULL, due_at INTEGER NOT NULL,
      attempts INTEGER NOT NULL, data TEXT NOT NULL, prepared TEXT, error TEXT, ack TEXT)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS mail_links (
      token_hash TEXT PRIMARY KEY, seat INTEGER NOT NULL, created_at INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS push_subs (
      seat INTEGER NOT NULL, endpoint TEXT NOT NULL, sub TEXT NOT NULL, created_at INTEGER NOT NULL,
      PRIMARY KEY (seat, endpoint))`);
  }

  /** Test seams only: replace the sender, fetch (push) or clock. Ignored otherwise. */
  setTestHooks(hooks: NotifierTestHooks): void {
    if (testSeamsEnabled(this.ctx.env)) this.hooks = hooks;
  }

  private now(): number {
    return this.hooks.now ? this.hooks.now() : Date.now();
  }

  private pushEnv(): Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'> {
    return this.hooks.vapid ?? this.ctx.env;
  }

  private graceMs(): number {
    const s = Number(this.ctx.env.MAIL_GRACE_SECONDS ?? '');
    return Number.isFinite(s) && s >= 0 && this.ctx.env.MAIL_GRACE_SECONDS !== undefined
      ? s * 1000
      : DEFAULT_GRACE_MS;
  }

  // ------------------------------------------------------------------------------------------
  // Hooks called by the match.

  /**
   * Called after every accepted change, once the new state is stored. `before`/`after` are the
   * engine states (null in the lobby); `events` are the public events of the change. Queues the
   * change's notifications and moves the outbox's wake-up; sends nothing itself (the alarm does).
   */
  afterChange(
    before: MatchState | null,
    after: MatchState | null,
    events: GameEvent[],
    change: Change,
  ): void {
    const meta = this.ctx.meta();
    if (!meta) return;
    const now = this.now();
    const seats = this.policySeats();
    // Invitations go out once, on the match's first change (its creation).
    const firstChange =
      before === null &&
      (change.reason === 'created' || change.reason === 'started') &&
      !this.hasRow('meta:first');
    if (firstChange) this.insertMarker('meta:first', now);
    const intents = intentsFor(before, after, events, change, seats, {
      firstChange,
      onDeadline: meta.config.onDeadline,
      nowMs: now,
    });
    for (const intent of intents) this.queue(intent, now);
    const withEmail = this.seatsWithEmail();
    if (
      withEmail.length > 0 &&
      (['created', 'claimed', 'started', 'settings'].includes(change.reason) ||
        intents.some((i) => i.kind === 'finished'))
    ) {
      // The addresses' "my matches" lists learn about new and finished matches on the next wake-up.
      this.insertMarker(`track:${meta.status}:${JSON.stringify(withEmail)}`, now, 'queued');
    }
    if (change.reason === 'rematch' && meta.rematchId) {
      // The rematch keeps the seats' links; mail links too. Not awaited (this hook is synchronous);
      // the rematch request is still running, so the object stays alive until the call completes.
      this.exportLinks(meta.rematchId).catch((e) => console.warn(`mail: link export failed: ${String(e)}`));
    }
    this.wake(now);
  }

  /** Copies this match's mail-link hashes to the rematch, so links from mails work there as well. */
  private async exportLinks(rematchId: string): Promise<void> {
    const links = this.ctx.sql
      .exec<{ token_hash: string; seat: number }>('SELECT token_hash, seat FROM mail_links')
      .toArray()
      .map((r) => ({ tokenHash: r.token_hash, seat: r.seat }));
    if (links.length === 0) return;
    const ns = this.ctx.env.MATCH;
    const stub = ns.get(ns.idFromName(rematchId)) as unknown as {
      mail(who: null, req: MailRpc): Promise<Reply>;
    };
    await stub.mail(null, { op: 'importLinks', links });
  }

  /** Called for a due schedule item of a kind the match does not own. Returns true when handled. */
  async onDue(item: ScheduleItem): Promise<boolean> {
    if (item.kind !== MAIL_ITEM) return false;
    try {
      await this.processDue(this.now());
    } catch (e) {
      // Never let one bad row stop the match's alarm; the row stays queued and is retried.
      console.error(`mail: outbox processing failed: ${String(e).slice(0, 200)}`);
      this.ctx.schedule.schedule(MAIL_ITEM, '', this.now() + 60_000);
    }
    return true;
  }

  /** Host-only mail statuses to show in MatchInfo, newest first (undefined: nothing to show). */
  mailStatus(): MatchInfo['mail'] {
    const rows = this.ctx.sql
      .exec<{ seat: number; kind: string; status: Status }>(
        `SELECT seat, kind, status FROM mail_outbox
         WHERE kind NOT IN ('push', 'marker') AND (error IS NULL OR error != 'active')
         ORDER BY created_at DESC, rowid DESC LIMIT ?`,
        STATUS_ROWS,
      )
      .toArray();
    return rows.length ? rows.map((r) => ({ seat: r.seat, kind: r.kind, status: r.status })) : undefined;
  }

  /** Called before the match's storage is deleted (host delete or expiry). Nothing to do: the tables go with it. */
  beforeDelete(): void {}

  /** The seat a mail-link token hash belongs to, or null. Used by the match to authenticate callers. */
  seatForToken(tokenHash: string): number | null {
    const row = this.ctx.sql
      .exec<{ seat: number }>('SELECT seat FROM mail_links WHERE token_hash = ?', tokenHash)
      .toArray()[0];
    return row ? row.seat : null;
  }

  /** Mail and push requests from worker/routes/mail.ts (through the match's `mail` RPC method). */
  async rpc(caller: Caller, req: MailRpc): Promise<Reply> {
    const meta = this.ctx.meta();
    if (!meta) return err(404, 'match.not_found', 'No match with this id.');
    const now = this.now();
    switch (req.op) {
      case 'pushSubscribe': {
        if (caller.seat === null)
          return err(403, 'auth.not_a_seat', 'Only a player with a seat link can subscribe.');
        if (!pushConfigured(this.pushEnv()))
          return err(409, 'push.not_configured', 'Push is not set up on this server.');
        this.ctx.sql.exec(
          'INSERT OR REPLACE INTO push_subs (seat, endpoint, sub, created_at) VALUES (?, ?, ?, ?)',
          caller.seat,
          req.subscription.endpoint,
          JSON.stringify(req.subscription),
          now,
        );
        this.ctx.sql.exec(
          `DELETE FROM push_subs WHERE seat = ? AND endpoint NOT IN
           (SELECT endpoint FROM push_subs WHERE seat = ? ORDER BY created_at DESC LIMIT ?)`,
          caller.seat,
          caller.seat,
          MAX_PUSH_SUBS,
        );
        return { status: 200, body: { ok: true } };
      }
      case 'pushRemove': {
        if (caller.seat === null)
          return err(403, 'auth.not_a_seat', 'Only a player with a seat link can unsubscribe.');
        this.ctx.sql.exec('DELETE FROM push_subs WHERE seat = ? AND endpoint = ?', caller.seat, req.endpoint);
        return { status: 200, body: { ok: true } };
      }
      case 'pushAck': {
        const push = this.ctx.sql
          .exec<OutboxRow>(`SELECT * FROM mail_outbox WHERE kind = 'push' AND ack = ?`, req.ack)
          .toArray()[0];
        if (!push) return err(404, 'push.unknown', 'No such notification.');
        // The push reached the device: the mails of the same turn are not needed.
        this.ctx.sql.exec(
          `UPDATE mail_outbox SET status = 'dropped', error = 'push.delivered', prepared = NULL
           WHERE grp = ? AND kind != 'push' AND status = 'queued'`,
          push.grp,
        );
        this.ctx.sql.exec(`UPDATE mail_outbox SET error = 'push.delivered' WHERE key = ?`, push.key);
        this.wake(now);
        return { status: 200, body: { ok: true } };
      }
      case 'importLinks': {
        for (const l of req.links.slice(0, 5000)) {
          this.ctx.sql.exec(
            'INSERT OR IGNORE INTO mail_links (token_hash, seat, created_at) VALUES (?, ?, ?)',
            l.tokenHash,
            l.seat,
            now,
          );
        }
        return { status: 200, body: { ok: true } };
      }
      case 'links': {
        const out: SeatLink[] = [];
        const state = meta.state;
        for (const s of this.ctx.seats()) {
          if (s.kind !== 'human' || !s.email) continue;
          if ((await addressKey(s.email)) !== req.addressKey) continue;
          out.push({
            matchId: meta.matchId,
            seat: s.seat,
            title: meta.config.title,
            status: meta.status,
            yourTurn: state !== null && meta.status === 'playing' && actorOf(state) === s.seat,
            url: await this.mintSeatLink(s.seat, now, req.origin),
          });
        }
        return { status: 200, body: { seats: out } };
      }
    }
  }

  // ------------------------------------------------------------------------------------------
  // Queue.

  private policySeats(): PolicySeat[] {
    const withPush = new Set(
      this.ctx.sql
        .exec<{ seat: number }>('SELECT DISTINCT seat FROM push_subs')
        .toArray()
        .map((r) => r.seat),
    );
    // Without a configured sender no mail is queued at all (rather than a row that can only fail).
    // With the test seams on, a test may install its sender after the match is created.
    const env = this.ctx.env;
    const mailOn = testSeamsEnabled(env) || configuredSender(env) !== null;
    return this.ctx.seats().map((s) => ({
      seat: s.seat,
      human: s.kind === 'human',
      standIn: s.standIn,
      notifiable:
        s.kind === 'human' && ((mailOn && s.email !== null && s.emailNotifications) || withPush.has(s.seat)),
    }));
  }

  private seatsWithEmail(): Array<[number, string]> {
    return this.ctx
      .seats()
      .filter((s) => s.kind === 'human' && s.email)
      .map((s) => [s.seat, s.email!]);
  }

  private count(query: string, ...params: (string | number)[]): number {
    return this.ctx.sql.exec<{ n: number }>(query, ...params).one().n;
  }

  private hasRow(key: string): boolean {
    return this.count('SELECT COUNT(*) AS n FROM mail_outbox WHERE key = ?', key) > 0;
  }

  /** Internal bookkeeping rows (kind `marker`), never shown to the host. */
  private insertMarker(key: string, now: number, status: Status = 'sent'): void {
    this.ctx.sql.exec(
      `INSERT OR IGNORE INTO mail_outbox (key, seat, kind, grp, status, created_at, due_at, attempts, data)
       VALUES (?, -1, 'marker', ?, ?, ?, ?, 0, '{}')`,
      key,
      key,
      status,
      now,
      now,
    );
  }

  /** Inserts the intent's row (once per key) and, for turn and window mails, the push that goes first. */
  private queue(intent: Intent, now: number): void {
    const status: Status = intent.active ? 'dropped' : 'queued';
    const due = intent.grace ? now + this.graceMs() : now;
    const c = this.ctx.sql.exec(
      `INSERT OR IGNORE INTO mail_outbox (key, seat, kind, grp, status, created_at, due_at, attempts, data, error)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
      intent.key,
      intent.seat,
      intent.kind,
      intent.group,
      status,
      now,
      due,
      JSON.stringify(intent.data),
      intent.active ? 'active' : null,
    );
    if (c.rowsWritten === 0 || intent.active) return;
    if ((intent.kind === 'yourTurn' || intent.kind === 'responseWindow') && this.hasPush(intent.seat)) {
      this.queuePush(intent.seat, intent.group, intent.kind, intent.data, now);
    }
  }

  private hasPush(seat: number): boolean {
    return this.count('SELECT COUNT(*) AS n FROM push_subs WHERE seat = ?', seat) > 0;
  }

  private queuePush(seat: number, group: string, kind: MailKind, data: IntentData, now: number): void {
    this.ctx.sql.exec(
      `INSERT OR IGNORE INTO mail_outbox (key, seat, kind, grp, status, created_at, due_at, attempts, data, ack)
       VALUES (?, ?, 'push', ?, 'queued', ?, ?, 0, ?, ?)`,
      `push:${group}`,
      seat,
      group,
      now,
      now,
      JSON.stringify({ ...data, kind }),
      newToken(),
    );
  }

  /** The current turn's row for the seat to move (its latest `yourTurn` row), if any. */
  private currentTurnRow(state: MatchState): OutboxRow | null {
    const a = actorOf(state);
    if (a === null || !inTurn(state)) return null;
    return (
      this.ctx.sql
        .exec<OutboxRow>(
          `SELECT * FROM mail_outbox WHERE kind = 'yourTurn' AND seat = ? AND key LIKE 'turn:%'
           ORDER BY created_at DESC, rowid DESC LIMIT 1`,
          a,
        )
        .toArray()[0] ?? null
    );
  }

  /**
   * The seat's turn deadline (ms), or null. Read from the meta row's `turnDeadline` when the match
   * keeps it there, else from the `turn` schedule item's payload.
   */
  private turnDeadline(seat: number): number | null {
    const meta = this.ctx.meta() as (Meta & { turnDeadline?: { seat: number; atMs: number } | null }) | null;
    if (meta && meta.turnDeadline !== undefined) {
      return meta.turnDeadline && meta.turnDeadline.seat === seat ? meta.turnDeadline.atMs : null;
    }
    const item = this.ctx.schedule.get<{ seat: number } | null>('turn', '');
    return item?.payload && item.payload.seat === seat ? item.atMs : null;
  }

  /** Reminders of the current turn that are due and not yet queued: queue them. Returns the next one's time. */
  private reminders(now: number): number | null {
    const meta = this.ctx.meta();
    const state = meta?.state;
    if (meta?.status !== 'playing' || !state) return null;
    const row = this.currentTurnRow(state);
    if (!row) return null;
    const data = JSON.parse(row.data) as Extract<IntentData, { kind: 'yourTurn' }>;
    if (row.grp !== turnGroup(row.seat, data.version)) return null;
    const seat = this.ctx.seats()[row.seat];
    if (!seat || seat.standIn) return null;
    let next: number | null = null;
    // Scanning the log for the player's moves is left for when a reminder is due (this runs on every change).
    let acted: boolean | undefined;
    for (const r of reminderTimes(row.created_at, this.turnDeadline(row.seat))) {
      const key = `reminder:${row.seat}:v${data.version}:${r.tag}`;
      if (this.hasRow(key)) continue;
      if (r.atMs <= now) {
        acted ??= this.actedSince(row.seat, data.version);
        if (acted) return null;
        this.queue(
          {
            kind: 'reminder',
            seat: row.seat,
            key,
            group: row.grp,
            grace: false,
            active: false,
            data: { kind: 'reminder', version: data.version, tag: r.tag },
          },
          now,
        );
      } else if (next === null || r.atMs < next) {
        next = r.atMs;
      }
    }
    return next;
  }

  /**
   * Points the `mail` schedule item at the earliest queued row or reminder. `notBefore` keeps a
   * wake-up from the alarm itself strictly later, so the match's `done(item)` cannot remove it.
   */
  private wake(now: number, notBefore = 0): void {
    const reminder = this.reminders(now);
    const due = this.ctx.sql
      .exec<{ m: number | null }>(`SELECT MIN(due_at) AS m FROM mail_outbox WHERE status = 'queued'`)
      .one().m;
    const times = [due, reminder].filter((t): t is number => t !== null);
    if (times.length === 0) this.ctx.schedule.cancel(MAIL_ITEM);
    else this.ctx.schedule.schedule(MAIL_ITEM, '', Math.max(Math.min(...times), notBefore));
  }

  // ------------------------------------------------------------------------------------------
  // Delivery (on the alarm).

  private async processDue(now: number): Promise<void> {
    this.reminders(now);
    const rows = this.ctx.sql
      .exec<OutboxRow>(
        `SELECT * FROM mail_outbox WHERE status = 'queued' AND due_at <= ? ORDER BY due_at, rowid LIMIT 25`,
        now,
      )
      .toArray();
    // Pushes first: a delivered push may still drop a mail of the same turn queued after it.
    rows.sort((a, b) => Number(b.kind === 'push') - Number(a.kind === 'push'));
    for (const row of rows) {
      if (!this.ctx.meta()) return;
      const fresh = this.ctx.sql
        .exec<OutboxRow>('SELECT * FROM mail_outbox WHERE key = ?', row.key)
        .toArray()[0];
      if (fresh?.status !== 'queued') continue;
      if (fresh.kind === 'marker') await this.track(fresh, now);
      else if (fresh.kind === 'push') await this.deliverPush(fresh, now);
      else await this.deliverMail(fresh, now);
    }
    this.wake(now, now + 1000);
  }

  private finish(key: string, status: Status, error: string | null): void {
    this.ctx.sql.exec(
      'UPDATE mail_outbox SET status = ?, error = ?, prepared = NULL WHERE key = ?',
      status,
      error,
      key,
    );
  }

  /** Why a queued turn/window/reminder row no longer needs sending, or null when it still does. */
  private staleReason(row: OutboxRow): string | null {
    const meta = this.ctx.meta()!;
    const seat = this.ctx.seats()[row.seat];
    if (seat?.kind !== 'human') return 'no_seat';
    const data = JSON.parse(row.data) as IntentData;
    const state = meta.state;
    const kind = row.kind === 'push' ? data.kind : row.kind;
    if (kind === 'yourTurn' && (data as { between?: boolean }).between) {
      // Between hands: stale once someone started the next hand.
      if (seat.standIn) return 'bot';
      const version = (data as { version: number }).version;
      if (!state || meta.status !== 'playing' || state.phase !== 'handOver' || state.version !== version)
        return 'acted';
      if (this.ctx.connected().has(row.seat)) return 'connected';
      return null;
    }
    if (kind === 'yourTurn' || kind === 'reminder' || kind === 'responseWindow') {
      if (seat.standIn) return 'bot';
      if (!state || meta.status !== 'playing' || actorOf(state) !== row.seat) return 'acted';
      if (kind === 'responseWindow') {
        const d = data as Extract<IntentData, { kind: 'responseWindow' }>;
        if (
          state.phase !== 'respond' ||
          state.window?.attacker !== d.attacker ||
          state.window.hazard !== d.hazard
        ) {
          return 'acted';
        }
      } else {
        const version = (data as { version: number }).version;
        if (!inTurn(state) || this.currentTurnRow(state)?.grp !== turnGroup(row.seat, version))
          return 'acted';
        if (this.actedSince(row.seat, version)) return 'acted';
      }
      if (this.ctx.connected().has(row.seat)) return 'connected';
    }
    return null;
  }

  /** True when the seat's player made a move after state version `version`. */
  private actedSince(seat: number, version: number): boolean {
    return (
      this.count(
        `SELECT COUNT(*) AS n FROM log WHERE seat = ? AND actor = 'player' AND version > ?`,
        seat,
        version,
      ) > 0
    );
  }

  private sender(origin: string): MailSender | { error: string } {
    if (this.hooks.sender) return this.hooks.sender;
    const env = this.ctx.env;
    const choice = chooseSender(env, {
      origin,
      makeEmailMessage: (from, to, raw) => new EmailMessage(from, to, raw),
      outbox: env.DEV_MAIL
        ? (env.DEV_MAIL.get(
            env.DEV_MAIL.idFromName(DEV_OUTBOX_NAME),
          ) as unknown as DurableObjectStub<DevOutboxDurableObject>)
        : undefined,
    });
    return choice.ok ? choice.sender : { error: choice.code };
  }

  private addressStub(key: string): DurableObjectStub<MailAddressDurableObject> | null {
    const ns = this.ctx.env.MAIL_ADDRESS;
    return ns ? (ns.get(ns.idFromName(key)) as DurableObjectStub<MailAddressDurableObject>) : null;
  }

  private async deliverMail(row: OutboxRow, now: number): Promise<void> {
    const stale = this.staleReason(row);
    if (stale) return this.finish(row.key, 'dropped', stale);
    if (
      this.count(
        `SELECT COUNT(*) AS n FROM mail_outbox WHERE grp = ? AND kind = 'push' AND error = 'push.delivered'`,
        row.grp,
      ) > 0
    ) {
      return this.finish(row.key, 'dropped', 'push.delivered');
    }
    const seat = this.ctx.seats()[row.seat];
    const to = seat.email ? parseAddress(seat.email) : null;
    if (!to || !seat.emailNotifications) return this.finish(row.key, 'dropped', 'no_email');
    const origin = this.ctx.origin();
    if (!safeUrl(origin)) return this.finish(row.key, 'failed', 'mail.no_origin');
    const sender = this.sender(origin);
    if ('error' in sender) return this.finish(row.key, 'failed', sender.error);

    let mail: OutgoingMail;
    if (row.prepared) {
      mail = JSON.parse(row.prepared) as OutgoingMail;
    } else {
      const key = await addressKey(to);
      const stub = this.addressStub(key);
      let admission: Admission = { ok: true, muteToken: null };
      if (stub) {
        admission = (await stub.admit(this.ctx.meta()!.matchId, now, hourlyLimit(this.ctx.env))) as Admission;
      }
      if (!admission.ok) {
        if (admission.reason === 'muted') return this.finish(row.key, 'dropped', 'muted');
        this.ctx.sql.exec(
          `UPDATE mail_outbox SET due_at = ?, error = 'rate_limited' WHERE key = ?`,
          admission.retryAtMs,
          row.key,
        );
        return;
      }
      mail = (await this.compose(row, to, key, admission.muteToken, origin, now)).mail;
      this.ctx.sql.exec('UPDATE mail_outbox SET prepared = ? WHERE key = ?', JSON.stringify(mail), row.key);
    }
    const result = await sender.send(mail);
    if (result.ok) return this.finish(row.key, 'sent', null);
    const attempts = row.attempts + 1;
    if (!result.retryable || attempts >= MAX_ATTEMPTS) return this.finish(row.key, 'failed', result.code);
    this.ctx.sql.exec(
      'UPDATE mail_outbox SET attempts = ?, due_at = ?, error = ? WHERE key = ?',
      attempts,
      now + backoffMs(attempts),
      result.code,
      row.key,
    );
  }

  /** A fresh mail-link token for the seat (only its hash is stored) and the seat's deep link. */
  private async mintSeatLink(seat: number, now: number, origin = this.ctx.origin()): Promise<string> {
    const token = newToken();
    this.ctx.sql.exec(
      'INSERT INTO mail_links (token_hash, seat, created_at) VALUES (?, ?, ?)',
      await hashToken(token),
      seat,
      now,
    );
    return `${origin}/m/${this.ctx.meta()!.matchId}#seat=${token}`;
  }

  /** The composed message of an outbox row, and the seat link minted for it. */
  private async compose(
    row: OutboxRow,
    to: string,
    key: string,
    muteToken: string | null,
    origin: string,
    now: number,
  ): Promise<{ mail: OutgoingMail; seatUrl: string }> {
    const meta = this.ctx.meta()!;
    const seats = this.ctx.seats();
    const seat = seats[row.seat];
    const state = meta.state;
    const data = JSON.parse(row.data) as IntentData;
    const table = {
      names: seats.map((s) => s.name),
      teams: state ? state.teams : seats.map((s) => [s.seat]),
      reader: row.seat,
    };
    let content: MailContent;
    switch (data.kind) {
      case 'invitation':
        content = { kind: 'invitation', host: seats[0]?.name ?? '' };
        break;
      case 'yourTurn':
        content = {
          kind: 'yourTurn',
          table,
          events: this.eventsSinceLastTurn(row.seat),
          // Between hands the deadline is the match's (seat -1): when the next hand starts by itself.
          deadline: dateOrNull(this.turnDeadline(data.between ? -1 : row.seat)),
          now: new Date(now),
          ...(data.between ? { handOver: data.hand } : {}),
        };
        break;
      case 'reminder': {
        const deadline = this.turnDeadline(row.seat);
        content = deadline
          ? { kind: 'reminder', deadline: new Date(deadline), now: new Date(now) }
          : { kind: 'yourTurn', table, events: [], deadline: null, now: new Date(now) };
        break;
      }
      case 'responseWindow':
        content = {
          kind: 'responseWindow',
          table,
          attacker: data.attacker,
          hazard: data.hazard,
          target: data.target,
          deadline: dateOrNull(this.ctx.schedule.get('window', '')?.atMs ?? null),
        };
        break;
      case 'botTookOver':
        content = { kind: 'botTookOver', scope: data.scope };
        break;
      case 'finished':
        content = { kind: 'finished', table, scores: data.scores, winners: data.winners };
        break;
    }
    const seatUrl = await this.mintSeatLink(row.seat, now, origin);
    const mute = muteToken
      ? `${origin}/api/mail/mute/${key}/${meta.matchId}/${muteToken}`
      : `${origin}/api/mail/mute/${key}/${meta.matchId}/-`;
    const composed = composeMail(
      {
        language: seat.language,
        matchTitle: meta.config.title,
        recipientName: seat.name,
        links: { seat: seatUrl, mute },
      },
      content,
    );
    return {
      mail: {
        to,
        subject: composed.subject,
        text: composed.text,
        html: composed.html,
        headers: composed.headers,
        idempotencyKey: `${meta.matchId}:${row.key}`,
      },
      seatUrl,
    };
  }

  /**
   * Public events since the seat's own last move (within the last 300 log rows). A log row holds a
   * request's move and the moves the server made right after it (`payload` is then a list of
   * steps, each with its number of events); the seat's own leading steps are skipped.
   */
  private eventsSinceLastTurn(seat: number): GameEvent[] {
    const rows = this.ctx.sql
      .exec<{ seq: number; seat: number; payload: string; events: string }>(
        `SELECT seq, seat, payload, events FROM log WHERE seq >= COALESCE(
           (SELECT MAX(seq) FROM log WHERE seat = ? AND kind = 'move' AND actor != 'server'), 0)
         ORDER BY seq DESC LIMIT 300`,
        seat,
      )
      .toArray()
      .reverse();
    const out: GameEvent[] = [];
    rows.forEach((r, i) => {
      const events = JSON.parse(r.events) as GameEvent[];
      if (i > 0 || r.seat !== seat) {
        out.push(...events);
        return;
      }
      const payload = JSON.parse(r.payload) as unknown;
      if (!Array.isArray(payload)) return; // one move per row: all of it was the seat's own
      let skip = 0;
      for (const step of payload as Array<{ seat: number; actor: string; events: number }>) {
        if (step.seat !== seat || step.actor === 'server') break;
        skip += step.events;
      }
      out.push(...events.slice(skip));
    });
    return out;
  }

  private async deliverPush(row: OutboxRow, now: number): Promise<void> {
    const stale = this.staleReason(row);
    if (stale) return this.finish(row.key, 'dropped', stale);
    const subs = this.ctx.sql
      .exec<{ endpoint: string; sub: string }>('SELECT endpoint, sub FROM push_subs WHERE seat = ?', row.seat)
      .toArray();
    if (subs.length === 0) return this.finish(row.key, 'dropped', 'no_subscription');
    const meta = this.ctx.meta()!;
    const origin = this.ctx.origin();
    if (!safeUrl(origin)) return this.finish(row.key, 'failed', 'mail.no_origin');
    // The push's words: the subject and first sentence of the mail it stands for.
    const { mail, seatUrl } = await this.compose(row, 'push@localhost', 'push', null, origin, now);
    const lines = mail.text.split('\n').filter((l) => l.trim());
    let delivered = false;
    let retryable = false;
    let code = 'push.rejected';
    for (const s of subs) {
      const r = await sendPush({
        env: this.pushEnv(),
        subscription: JSON.parse(s.sub) as PushSubscriptionJSON,
        payload: {
          title: mail.subject,
          body: lines[1] ?? '',
          url: seatUrl,
          tag: `mb-${meta.matchId}`,
          ack: `${origin}/api/mail/push-ack/${meta.matchId}/${row.ack}`,
        },
        ttlSeconds: 6 * 3600,
        fetch: this.hooks.fetch,
      });
      if (r.ok) delivered = true;
      else {
        code = r.code;
        if (r.code === 'push.gone') {
          this.ctx.sql.exec('DELETE FROM push_subs WHERE seat = ? AND endpoint = ?', row.seat, s.endpoint);
        }
        retryable ||= r.retryable;
      }
    }
    if (delivered) return this.finish(row.key, 'sent', null);
    const attempts = row.attempts + 1;
    // A push is only worth it early: one retry, then the mail carries the news.
    if (!retryable || attempts >= 2) return this.finish(row.key, 'failed', code);
    this.ctx.sql.exec(
      'UPDATE mail_outbox SET attempts = ?, due_at = ?, error = ? WHERE key = ?',
      attempts,
      now + 30_000,
      code,
      row.key,
    );
  }

  /** Tells each seat's address Durable Object about this match (for "my matches"). */
  private async track(row: OutboxRow, now: number): Promise<void> {
    const meta = this.ctx.meta()!;
    for (const s of this.ctx.seats()) {
      if (s.kind !== 'human' || !s.email) continue;
      const stub = this.addressStub(await addressKey(s.email));
      if (!stub) continue;
      await stub.track({
        matchId: meta.matchId,
        seat: s.seat,
        title: meta.config.title,
        status: meta.status,
        updatedAt: now,
      });
    }
    this.finish(row.key, 'sent', null);
  }
}

function dateOrNull(ms: number | null): Date | null {
  return ms === null ? null : new Date(ms);
}

function err(status: number, code: string, message: string): Reply {
  return { status, body: { error: { code, message } } };
}
