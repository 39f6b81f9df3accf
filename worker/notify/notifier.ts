/**
 * The match's notifier: mails and pushes for one match. The match Durable Object calls
 * `afterChange` after every accepted change (moves, claims, settings, seat hand-overs, timeouts)
 * and `onDue` for schedule items whose kind it does not handle itself (here: `mail`, the outbox's
 * wake-up). A thin shell over notify/: the outbox tables (outbox.ts), what to queue and when it
 * went stale (plan.ts), sending with retries (deliver.ts), the message of a row (message.ts) and
 * the mail requests (requests.ts). The policy (who gets what when) is policy.ts; the words
 * compose.ts. It knows its match only through `NotifierContext` (scope.ts) and never imports
 * worker/match.
 */
import type { GameEvent, MatchState } from '../engine/index';
import { testSeamsEnabled } from '../env';
import type { LazyTable } from '../lazy-table';
import type { MatchInfo } from '../protocol/views';
import type { Reply } from '../reply';
import { deliverNow, processDue } from './deliver';
import { createOutboxTables, type DueRow, mailStatus, pushSubsTable } from './outbox';
import { planChange, shiftTurn, wake } from './plan';
import type { MailRpc } from './protocol';
import { mailRequest } from './requests';
import {
  type Change,
  MAIL_ITEM,
  type MailScope,
  type NotifierContext,
  type NotifierTestHooks,
  type NotifyCaller,
} from './scope';

/** Sends mails and pushes for one match. */
export class Notifier implements MailScope {
  private testHooks: NotifierTestHooks = {};
  readonly pushSubs: LazyTable;
  /** Until when mail waits for a daily quota's reset (catch-up.ts); 0: not paused. */
  readonly mailPause = { untilMs: 0 };
  readonly pending: DueRow[] = [];
  /** Deliveries of pending mails still running (`sendPending`), until they settle. */
  private readonly running = new Set<Promise<void>>();
  /** Rows of mails that went out but could not be recorded (deliver.ts `recorded`). */
  readonly unrecorded = new Map<string, () => void>();

  constructor(readonly ctx: NotifierContext) {
    this.pushSubs = pushSubsTable(ctx.sql);
  }

  /** The test hooks in force (empty unless a test installed some). */
  get hooks(): NotifierTestHooks {
    return this.testHooks;
  }

  /** Creates the outbox table if missing (only for a match that exists); the push table waits for a subscription. */
  createTables(): void {
    createOutboxTables(this.ctx.sql);
    this.pushSubs.forget();
  }

  /** Test seams only: replace the sender or fetch (push). Ignored otherwise. */
  setTestHooks(hooks: NotifierTestHooks): void {
    if (testSeamsEnabled(this.ctx.env)) this.testHooks = hooks;
  }

  /**
   * The time the alarm sends at and mail requests run at (ms since the epoch): the match's clock.
   * The times of a turn come from the change that started it (`afterChange`).
   */
  now(): number {
    return this.ctx.now();
  }

  /**
   * Called by the match's commit path after every accepted change, at the change's time `now` (ms
   * since the epoch), inside the change's transaction: see plan.ts `planChange`. Sends nothing
   * itself: the alarm sends the rows, `sendPending` the mails due at once.
   */
  afterChange(
    before: MatchState | null,
    after: MatchState | null,
    events: GameEvent[],
    change: Change,
    now: number,
  ): void {
    planChange(this, before, after, events, change, now);
  }

  /**
   * A vacation froze `seat`'s running turn (or ended early): its queued mail and push move by
   * `deltaMs` like its deadline (plan.ts `shiftTurn`); `now` is the change's time (ms).
   */
  shiftTurn(seat: number, deltaMs: number, now: number): void {
    shiftTurn(this, seat, deltaMs, now);
  }

  /**
   * Points the `mail` item at the earliest queued row or reminder again (plan.ts `wake`), for a
   * schedule that keeps it in memory only (worker/match/schedule.ts `derive`) after a restart.
   */
  recomputeWake(): void {
    if (this.ctx.match()) wake(this, this.now());
    else this.ctx.schedule.cancel(MAIL_ITEM);
  }

  /**
   * Sends the mails due at once that the stored changes planned without a row (`pending`), from
   * memory (deliver.ts `deliverNow`), then runs `after` (the match points its alarm at the outbox's
   * wake-up, which moved if a mail had to be stored to wait). Call it once the change is stored and
   * its reply built: the reply does not wait for the provider. Returns the delivery (kept until it
   * settles, `settled`), or null when nothing is pending. If the object dies before a mail went,
   * that mail is lost: its turn's reminders still come (plan.ts `currentTurn` reads the turn's
   * start from the log), the one case where a turn mail is late.
   */
  sendPending(after: () => Promise<void>): Promise<void> | null {
    if (this.pending.length === 0) return null;
    const rows = this.pending.splice(0);
    const task = deliverNow(this, rows, this.now())
      .then(after)
      .catch((e) => console.error(`mail: sending at once failed: ${String(e).slice(0, 200)}`))
      .finally(() => this.running.delete(task));
    this.running.add(task);
    return task;
  }

  /** Forgets the pending mails (the change that planned them was rolled back). */
  dropPending(): void {
    this.pending.length = 0;
  }

  /** Resolves once every delivery started by `sendPending` has settled (tests, the benchmark). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Called for a due schedule item of a kind the match does not own. Returns true when handled. */
  async onDue(item: { kind: string }): Promise<boolean> {
    if (item.kind !== MAIL_ITEM) return false;
    try {
      await processDue(this, this.now());
    } catch (e) {
      // Never let one bad row stop the match's alarm; the row stays queued and is retried.
      console.error(`mail: outbox processing failed: ${String(e).slice(0, 200)}`);
      this.ctx.schedule.schedule(MAIL_ITEM, '', this.now() + 60_000);
    }
    return true;
  }

  /** Host-only mail statuses to show in MatchInfo, newest first (undefined: nothing to show). */
  mailStatus(): MatchInfo['mail'] {
    return mailStatus(this.ctx.sql);
  }

  /** Mail and push requests from worker/routes/mail.ts (through the match's `mail` RPC method). */
  async rpc(caller: NotifyCaller, req: MailRpc): Promise<Reply> {
    return mailRequest(this, caller, req);
  }
}
