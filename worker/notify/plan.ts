/**
 * Planning what to send: after every change, the policy (worker/notify/policy.ts) turns it into
 * intents, which are queued once per idempotency key (with the push that goes first for turn and
 * window mails), or, for a turn or window mail of a seat nobody is looking at, kept in memory to go
 * at once after the change is stored (no row); turn reminders are queued when due; the `mail`
 * schedule item is pointed at the earliest queued row. Also decides when a queued row has gone
 * stale (the player acted, is present, i.e. looking at the match, or a bot took the seat; for "a
 * bot took your seat", the player took it back). It learns about the match only through its
 * context. Every time of a turn counts from the one timestamp of the change that started it: the
 * turn mail is made at it (its grace, if any, ends after it), the deadline was computed from it,
 * and the reminders come from it (`currentTurn`: the turn mail's row, or the log's row of that
 * change) and that deadline.
 */
import { newTurnStarted } from '../decider/deadline';
import { actingSeat, type GameEvent, type MatchState, whoActs } from '../engine/index';
import { testSeamsEnabled } from '../env';
import { newToken } from '../tokens';
import type { MailKind } from './compose';
import { configuredSender } from './config';
import { hasPush, hasRow, insertMarker, keepRow, NEXT_SEQ, type OutboxRow, type Status } from './outbox';
import {
  type Intent,
  type IntentData,
  intentsFor,
  type PolicySeat,
  reminderTimes,
  turnGroup,
} from './policy';
import { type Change, MAIL_ITEM, type MailScope } from './scope';

const DEFAULT_GRACE_MS = 2 * 60_000;

/**
 * Called after every accepted change, once the new state is stored. `before`/`after` are the
 * engine states (null in the lobby); `events` are the public events of the change; `now` is the
 * change's time (ms since the epoch), the one the match computed the deadlines from: the rows are
 * created at it. Queues the change's notifications and moves the outbox's wake-up; sends nothing
 * itself (the alarm does).
 */
export function planChange(
  n: MailScope,
  before: MatchState | null,
  after: MatchState | null,
  events: GameEvent[],
  change: Change,
  now: number,
): void {
  const meta = n.ctx.match();
  if (!meta) return;
  const sql = n.ctx.sql;
  const seats = policySeats(n);
  // Invitations go out once, on the match's first change (its creation).
  const firstChange =
    before === null &&
    (change.reason === 'created' || change.reason === 'started') &&
    !hasRow(sql, 'meta:first');
  // The marker matters only while a later change can still look like the first (a lobby, which
  // has no state yet); a match that starts as it is created writes none (2 rows fewer).
  if (firstChange && after === null) insertMarker(sql, 'meta:first', now);
  const intents = intentsFor(before, after, events, change, seats, {
    firstChange,
    onDeadline: meta.config.onDeadline,
    nowMs: now,
  });
  // The match's first turn keeps the grace: whoever made or started the match is on its page.
  const made = { events, start: before === null };
  for (const intent of intents) queue(n, intent, now, made);
  const withEmail = seatsWithEmail(n);
  if (
    withEmail.length > 0 &&
    (['created', 'claimed', 'started', 'settings'].includes(change.reason) ||
      intents.some((i) => i.kind === 'finished'))
  ) {
    // The addresses' "my matches" lists learn about new and finished matches on the next wake-up.
    insertMarker(sql, `track:${meta.status}:${JSON.stringify(withEmail)}`, now, 'queued');
  }
  wake(n, now);
}

function graceMs(n: MailScope): number {
  const env = n.ctx.env;
  const s = Number(env.MAIL_GRACE_SECONDS ?? '');
  return Number.isFinite(s) && s >= 0 && env.MAIL_GRACE_SECONDS !== undefined ? s * 1000 : DEFAULT_GRACE_MS;
}

function policySeats(n: MailScope): PolicySeat[] {
  const withPush = new Set(
    n.pushSubs.exists()
      ? n.ctx.sql
          .exec<{ seat: number }>('SELECT DISTINCT seat FROM push_subs')
          .toArray()
          .map((r) => r.seat)
      : [],
  );
  // Without a configured sender no mail is queued at all (rather than a row that can only fail).
  // With the test seams on, a test may install its sender after the match is created.
  const env = n.ctx.env;
  const mailOn = testSeamsEnabled(env) || configuredSender(env) !== null;
  return n.ctx.seats().map((s) => ({
    seat: s.seat,
    human: s.kind === 'human',
    standIn: s.standIn,
    standInReason: s.prefs.standInReason,
    ...(s.prefs.left ? { leftOutcome: s.prefs.left.outcome } : {}),
    // A player who left gets no more mail of this match.
    notifiable:
      s.kind === 'human' &&
      !s.prefs.left &&
      ((mailOn && s.email !== null && s.emailNotifications) || withPush.has(s.seat)),
  }));
}

function seatsWithEmail(n: MailScope): Array<[number, string]> {
  return n.ctx
    .seats()
    .filter((s) => s.kind === 'human' && s.email)
    .map((s) => [s.seat, s.email!]);
}

/**
 * Inserts the intent's row (once per key), created at `now` and due at `due` (ms), and, for turn and
 * window mails, the push that goes first (due at `now`). A turn or window mail of a seat not around
 * (`around`) is due at once and gets no row: it waits in `n.pending` for the change to be stored
 * and goes from memory then (deliver.ts `deliverNow`), unless its turn's start could not be read
 * back from the log (`currentTurn`: a turn another seat's action or a new hand did not start),
 * when it is stored as before. `made`: the change's events and whether it started the match (null
 * for a reminder).
 */
function queue(
  n: MailScope,
  intent: Intent,
  now: number,
  made: Made | null = null,
  due = dueAt(n, intent, now, made?.start === true),
): void {
  if (made && atOnce(n, intent, made.events, due, now)) {
    n.pending.push({
      key: intent.key,
      seq: 0,
      seat: intent.seat,
      kind: intent.kind,
      grp: intent.group,
      status: 'queued',
      created_at: now,
      due_at: now,
      attempts: 0,
      data: JSON.stringify(intent.data),
      prepared: null,
      error: null,
      ack: null,
      memory: true,
    });
    return;
  }
  const status: Status = intent.active ? 'dropped' : 'queued';
  const c = n.ctx.sql.exec(
    `INSERT OR IGNORE INTO mail_outbox (key, seq, seat, kind, grp, status, created_at, due_at, attempts, data, error)
     VALUES (?, ${NEXT_SEQ}, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
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
  if (
    (intent.kind === 'yourTurn' || intent.kind === 'responseWindow') &&
    hasPush(n.ctx.sql, n.pushSubs, intent.seat)
  ) {
    queuePush(n, intent.seat, intent.group, intent.kind, intent.data, now);
  }
}

/** The change an intent comes from: its public events, and whether it started the match. */
interface Made {
  events: readonly GameEvent[];
  start: boolean;
}

/** Turn and window mails: the grace period only for a seat that is around (`around`). */
function turnOrWindow(intent: Intent): boolean {
  return intent.kind === 'yourTurn' || intent.kind === 'responseWindow';
}

/**
 * Whether `seat` is around at `now` (ms): looking at the match (worker/match/presence.ts, the same
 * presence that drops a mail at the grace's end) or reachable by push (a push goes first and a mail
 * only if it was not delivered). A turn or window mail waits the grace period only then: for a
 * player who is not looking it protects nothing, so the mail goes at once.
 */
function around(n: MailScope, seat: number, now: number): boolean {
  return n.ctx.present(seat, now) || hasPush(n.ctx.sql, n.pushSubs, seat);
}

/**
 * True when the intent's mail goes at once from memory, with no row (`queue`): a turn or window mail
 * due at `now`, not the seat's own doing, with no push to go first, and, for a turn, one whose start
 * the log tells (another seat acted or a hand started in the change: `currentTurn` finds it there).
 */
function atOnce(
  n: MailScope,
  intent: Intent,
  events: readonly GameEvent[],
  due: number,
  now: number,
): boolean {
  if (!turnOrWindow(intent) || intent.active || due !== now) return false;
  if (intent.key.startsWith('turn:') && !newTurnStarted(events, intent.seat)) return false;
  if (hasPush(n.ctx.sql, n.pushSubs, intent.seat)) return false;
  return !n.pending.some((p) => p.key === intent.key) && !hasRow(n.ctx.sql, intent.key);
}

/**
 * When the row of an intent made at `now` (ms) is due: at once, or after the grace period (a turn or
 * window mail: only for a seat that is around, or at the `start` of the match). A grace never runs
 * past half the time left to the deadline the mail is about (the turn's, the hand's or the response
 * window's), so a turn's mail is never due after its deadline, however short the turn.
 */
function dueAt(n: MailScope, intent: Intent, now: number, start: boolean): number {
  if (!intent.grace) return now;
  if (turnOrWindow(intent) && !start && !around(n, intent.seat, now)) return now;
  const deadline = deadlineOf(n, intent);
  const grace = graceMs(n);
  if (deadline === null || deadline <= now) return now + grace;
  return now + Math.min(grace, Math.floor((deadline - now) / 2));
}

/** The deadline (ms) an intent's mail is about: its turn's, its hand's or its response window's, if any. */
function deadlineOf(n: MailScope, intent: Intent): number | null {
  const data = intent.data;
  if (data.kind === 'yourTurn')
    return data.between
      ? turnDeadline(n, 'handOver')
      : unfrozen(turnDeadline(n, intent.seat), n, intent.seat);
  if (data.kind === 'responseWindow') return n.ctx.windowDeadline();
  return null;
}

function queuePush(
  n: MailScope,
  seat: number,
  group: string,
  kind: MailKind,
  data: IntentData,
  now: number,
): void {
  n.ctx.sql.exec(
    `INSERT OR IGNORE INTO mail_outbox (key, seq, seat, kind, grp, status, created_at, due_at, attempts, data, ack)
     VALUES (?, ${NEXT_SEQ}, ?, 'push', ?, 'queued', ?, ?, 0, ?, ?)`,
    `push:${group}`,
    seat,
    group,
    now,
    now,
    JSON.stringify({ ...data, kind }),
    newToken(),
  );
}

/** The running turn of the seat to move, as its mails and reminders see it. */
interface Turn {
  seat: number;
  /** The state version the turn started at (its mail's key and group carry it). */
  version: number;
  /** Its group (`turnGroup`). */
  grp: string;
  /** When it started (ms since the epoch): the time of the change that started it. */
  startMs: number;
}

/**
 * The running turn of the seat to move, if it is a turn (not a window or between hands): its latest
 * stored `yourTurn` row (a mail that waited, was held or was the seat's own doing), or the turn that
 * the log shows started later, by another seat's action or a new hand (`NotifierContext.turnStart`:
 * a mail sent at once leaves no row), whichever is newer. The log's turn counts only for a seat that
 * gets mail or push, as the row would have been made only for one.
 */
function currentTurn(n: MailScope, state: MatchState): Turn | null {
  const w = whoActs(state);
  if (w.kind !== 'turn') return null;
  const a = w.seat;
  const row =
    n.ctx.sql
      .exec<OutboxRow>(
        `SELECT * FROM mail_outbox WHERE kind = 'yourTurn' AND seat = ? AND key LIKE 'turn:%'
         ORDER BY created_at DESC, seq DESC LIMIT 1`,
        a,
      )
      .toArray()[0] ?? null;
  const stored = row && {
    seat: a,
    version: (JSON.parse(row.data) as { version: number }).version,
    grp: row.grp,
    startMs: row.created_at,
  };
  const logged = n.ctx.turnStart(a);
  if (!logged || (stored && stored.version >= logged.version) || !policySeats(n)[a]?.notifiable)
    return stored;
  return { seat: a, version: logged.version, grp: turnGroup(a, logged.version), startMs: logged.atMs };
}

/**
 * The running deadline (ms since the epoch) of `seat`'s turn, or of the time between hands
 * (`'handOver'`), or null when there is none.
 */
export function turnDeadline(n: MailScope, of: number | 'handOver'): number | null {
  const d = n.ctx.match()?.turnDeadline;
  if (!d) return null;
  const matches = of === 'handOver' ? d.kind === 'handOver' : d.kind === 'turn' && d.seat === of;
  return matches ? d.atMs : null;
}

/**
 * How far a vacation moved every time of `seat`'s running turn (ms): the deadline's frozen span
 * (worker/decider/vacation.ts), 0 without one.
 */
export function turnShift(n: MailScope, seat: number): number {
  const d = n.ctx.match()?.turnDeadline;
  return d?.kind === 'turn' && d.seat === seat && d.frozen ? d.frozen.toMs - d.frozen.fromMs : 0;
}

/** A turn deadline of `seat` as it was before its vacation moved it (null stays null). */
function unfrozen(deadline: number | null, n: MailScope, seat: number): number | null {
  return deadline === null ? null : deadline - turnShift(n, seat);
}

/**
 * Moves the queued mail and push of `seat`'s running turn by `deltaMs` (a vacation froze the turn,
 * or ended before its time), like its deadline and reminders (its mail planned to go at once is
 * stored, due later by as much); then re-points the wake-up at `now`.
 */
export function shiftTurn(n: MailScope, seat: number, deltaMs: number, now: number): void {
  const state = n.ctx.match()?.state;
  const turn = state ? currentTurn(n, state) : null;
  if (turn?.seat === seat) {
    n.ctx.sql.exec(
      `UPDATE mail_outbox SET due_at = due_at + ? WHERE grp = ? AND status = 'queued' AND kind IN ('yourTurn', 'push')`,
      deltaMs,
      turn.grp,
    );
    // A turn mail planned to go at once waits too: it is stored, due later by as much.
    for (const row of n.pending.filter((p) => p.grp === turn.grp)) {
      n.pending.splice(n.pending.indexOf(row), 1);
      keepRow(n.ctx.sql, row, { due_at: row.due_at + deltaMs });
    }
  }
  wake(n, now);
}

/**
 * Reminders of the current turn that are due at `now` (ms) and not yet queued: queue them, each due
 * at its own time. They count from the turn's start (`currentTurn`: the time of the change that
 * started it, moved by the turn's vacation like everything else) and its deadline (computed by
 * the match from the same time). Returns the next one's time.
 */
export function reminders(n: MailScope, now: number): number | null {
  const meta = n.ctx.match();
  const state = meta?.state;
  if (meta?.status !== 'playing' || !state) return null;
  const turn = currentTurn(n, state);
  if (!turn) return null;
  const seat = n.ctx.seats()[turn.seat];
  if (!seat || seat.standIn) return null;
  let next: number | null = null;
  // Scanning the log for the player's moves is left for when a reminder is due (this runs on every change).
  let acted: boolean | undefined;
  const start = turn.startMs + turnShift(n, turn.seat);
  for (const r of reminderTimes(start, turnDeadline(n, turn.seat))) {
    const key = `reminder:${turn.seat}:v${turn.version}:${r.tag}`;
    if (hasRow(n.ctx.sql, key)) continue;
    if (r.atMs <= now) {
      acted ??= n.ctx.movedSince(turn.seat, turn.version);
      if (acted) return null;
      queue(
        n,
        {
          kind: 'reminder',
          seat: turn.seat,
          key,
          group: turn.grp,
          grace: false,
          active: false,
          data: { kind: 'reminder', version: turn.version, tag: r.tag },
        },
        now,
        null,
        r.atMs,
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
export function wake(n: MailScope, now: number, notBefore = 0): void {
  const reminder = reminders(n, now);
  const due = n.ctx.sql
    .exec<{ m: number | null }>(`SELECT MIN(due_at) AS m FROM mail_outbox WHERE status = 'queued'`)
    .one().m;
  const times = [due, reminder].filter((t): t is number => t !== null);
  if (times.length === 0) n.ctx.schedule.cancel(MAIL_ITEM);
  else n.ctx.schedule.schedule(MAIL_ITEM, '', Math.max(Math.min(...times), notBefore));
}

/**
 * Why a queued turn/window/reminder/seat-change row no longer needs sending, or null when it still
 * does. A "bot took your seat" row is stale once the player took the seat back, is present, or the
 * seat changed hands again (the later row tells). `present`: the player is looking at the match at
 * the row's due time (`presentFor`); a row dropped for it stays dropped (one row per key, so a
 * presence that flips never sends anything twice).
 */
export function staleReason(n: MailScope, row: OutboxRow): string | null {
  const meta = n.ctx.match()!;
  const seat = n.ctx.seats()[row.seat];
  if (seat?.kind !== 'human') return 'no_seat';
  if (seat.prefs.left) return 'left';
  const data = JSON.parse(row.data) as IntentData;
  const state = meta.state;
  const kind = row.kind === 'push' ? data.kind : row.kind;
  // -- rematch by consent --
  if (kind === 'rematchOffer') {
    if (!meta.rematchWaiting?.includes(row.seat)) return 'answered';
    return presentFor(n, row) ? 'present' : null;
  }
  if (data.kind === 'botTookOver' && data.scope === 'seat') {
    if (!seat.standIn) return 'reclaimed';
    if (laterSeatChange(n, row)) return 'superseded';
    if (presentFor(n, row)) return 'present';
    return null;
  }
  if (kind === 'yourTurn' && (data as { between?: boolean }).between) {
    // Between hands: stale once someone started the next hand.
    if (seat.standIn) return 'bot';
    const version = (data as { version: number }).version;
    if (!state || meta.status !== 'playing' || state.phase !== 'handOver' || state.version !== version)
      return 'acted';
    if (presentFor(n, row)) return 'present';
    return null;
  }
  if (kind === 'yourTurn' || kind === 'reminder' || kind === 'responseWindow') {
    if (seat.standIn) return 'bot';
    if (!state || meta.status !== 'playing' || actingSeat(state) !== row.seat) return 'acted';
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
      if (whoActs(state).kind !== 'turn' || currentTurn(n, state)?.grp !== turnGroup(row.seat, version))
        return 'acted';
      if (n.ctx.movedSince(row.seat, version)) return 'acted';
    }
    if (row.kind === 'reminder' && turnMailAlongside(n, row)) return 'with_turn_mail';
    if (presentFor(n, row)) return 'present';
  }
  return null;
}

/**
 * True when the reminder mail `row` would go out with its turn's own mail: that mail is still
 * queued (held by quiet hours, say), or went out at or after the reminder's own due time (both held
 * to the end of the same quiet hours). One mail then says it all: the reminder is dropped.
 */
function turnMailAlongside(n: MailScope, row: OutboxRow): boolean {
  return (
    n.ctx.sql
      .exec(
        `SELECT 1 FROM mail_outbox WHERE grp = ? AND kind = 'yourTurn'
         AND (status = 'queued' OR (status = 'sent' AND due_at >= ?)) LIMIT 1`,
        row.grp,
        row.due_at,
      )
      .toArray().length > 0
  );
}

/**
 * True when `row` need not go because its seat is present now (a person looking at the match:
 * worker/match/presence.ts): a push always; a mail unless the seat asked for mail even while
 * online (`alwaysEmail`).
 */
function presentFor(n: MailScope, row: OutboxRow): boolean {
  if (!n.ctx.present(row.seat, n.now())) return false;
  return row.kind === 'push' || !n.ctx.alwaysEmail(row.seat);
}

/** True when the seat of `row` (a "bot took your seat" row) was handed to a bot again after it. */
function laterSeatChange(n: MailScope, row: OutboxRow): boolean {
  return (
    n.ctx.sql
      .exec(
        `SELECT 1 FROM mail_outbox WHERE seat = ? AND key LIKE 'botseat:%' AND key != ?
         AND seq > (SELECT seq FROM mail_outbox WHERE key = ?) LIMIT 1`,
        row.seat,
        row.key,
        row.key,
      )
      .toArray().length > 0
  );
}
