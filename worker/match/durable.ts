/**
 * The match Durable Object: one per match, SQLite-backed. A thin shell: each RPC method, socket
 * event and alarm counts the request, delegates to the module that handles it (lifecycle, moves,
 * seats, seat links, views, the journal, sockets, timers, replay, test seams) over the shared match context, and
 * syncs the alarm (and an open match's line on the open table, open-listing.ts) afterwards. Every change those modules make goes through commit.ts. Expected failures are returned as `Reply` values (HTTP status + JSON body),
 * never thrown: exceptions lose their meaning across RPC.
 */
import { DurableObject } from 'cloudflare:workers';
import { warmUpBots } from '../bots/warm-up';
import { dailyLimitReply, isDailyLimit } from '../daily-limit';
import type { Env } from '../env';
import { type BudgetPayer, payerOf } from '../notify/budget';
import type { DigestEntry } from '../notify/digest';
import type { MoveLinkParts } from '../notify/move-links';
import type { MailRpc } from '../notify/protocol';
import type { ChatSend } from '../protocol/chat';
import type { MoveRequest } from '../protocol/moves';
import type { RematchRequest, Settings } from '../protocol/requests';
import { NOT_FOUND, type Reply } from '../reply';
import { runAlarm, sendPendingMail, syncAlarmSafely } from './alarm';
import * as chat from './chat';
import { MatchContext } from './context';
import * as creation from './creation';
import { digestEntry } from './digest-entry';
import { journalReply } from './journal';
import { leaveMatch } from './leave';
import * as lifecycle from './lifecycle';
import { openMoveLink, playMoveLink } from './mail-move';
import { playMove } from './moves';
import { syncOpenTable, unlistDeleted } from './open-listing';
import { joinOpen } from './open-seat';
import { onPresentPoll } from './presence';
import { catchUp, replayCheck } from './rebuild';
import { rematch } from './rematch';
import { replayReply } from './replay-page';
import * as seats from './seats';
import { type AddressChange, importLinks, revokeLinks } from './seats';
import { onMessage } from './socket-frames';
import * as sockets from './sockets';
import { summaryReply } from './summary';
import type { TestFix } from './test-seams';
import { infoReply, logReply } from './views';

// The bots' warm-up, once per isolate at module load (its start-up, not a request's CPU): a fresh
// isolate's first searches would otherwise cost 3–5 times their units (worker/bots/warm-up.ts).
warmUpBots();

/** The match Durable Object class (binding `MATCH`). */
export class MatchDurableObject extends DurableObject<Env> {
  /** The match's live state, shared by the modules this class delegates to. */
  private readonly match: MatchContext;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.match = new MatchContext(ctx, env);
    catchUp(this.match);
  }

  // ------------------------------------------------------------------------------------------
  // RPC methods (called by the Worker's routes). `who` is the SHA-256 of the caller's bearer token.

  /** Creates the match here from a creation request: see creation.ts `create`. */
  async create(req: creation.CreateRequest): Promise<Reply> {
    return this.track(() => creation.create(this.match, req));
  }

  /** Creates a rematch here with the previous match's seats and links: see creation.ts `store`. */
  async createRematch(input: creation.CreateInput): Promise<Reply> {
    return this.track(() => creation.store(this.match, input));
  }

  /**
   * The caller's MatchInfo, with ETag; 304 when `ifNoneMatch` matches. `present`: the polling page is
   * visible and used, so the caller's seat is present (presence.ts; memory only).
   */
  async info(who: string | null, ifNoneMatch: string | null, present = false): Promise<Reply> {
    return this.track(async () => {
      if (present) onPresentPoll(this.match, who);
      return infoReply(this.match, who, ifNoneMatch);
    });
  }

  /** The caller's summary for "my matches", from memory (no row written): see summary.ts. */
  async summary(who: string | null): Promise<Reply> {
    return this.track(async () => summaryReply(this.match, who));
  }

  /** Plays a move for the caller's seat: see moves.ts. */
  async move(who: string | null, req: MoveRequest): Promise<Reply> {
    return this.track(async () => playMove(this.match, who, req));
  }

  /**
   * A visitor with the invite link claims the first open seat and gets its token (its link under
   * `origin`); `payer` (the caller's IP key and the limits) pays for an e-mail address from the
   * daily budget.
   */
  async claim(
    inviteHash: string,
    who: { name: string; email?: string; language?: string },
    payer: BudgetPayer,
    origin: string,
  ): Promise<Reply> {
    return this.track(() => lifecycle.claim(this.match, inviteHash, who, payer, origin));
  }

  /** A guest invited by mail confirms (or types) their name through their seat's link. */
  async confirmName(who: string | null, named: { name: string; language?: string }): Promise<Reply> {
    return this.track(async () => lifecycle.confirmName(this.match, who, named));
  }

  /** The host starts the match; open seats become bots. */
  async startNow(who: string | null): Promise<Reply> {
    return this.track(async () => lifecycle.startNow(this.match, who));
  }

  /** Changes the caller's own seat settings; `payer` pays for a new e-mail address (daily budget). */
  async settings(
    who: string | null,
    s: Settings,
    payer: BudgetPayer = payerOf(this.env, 'unknown'),
  ): Promise<Reply> {
    return this.track(() => seats.changeSettings(this.match, who, s, payer));
  }

  /** The host hands a human seat to a bot (until the player takes it back). */
  async giveToBot(who: string | null, seat: number): Promise<Reply> {
    return this.track(async () => seats.giveToBot(this.match, who, seat));
  }

  /** A player takes their seat back from the bot. */
  async reclaim(who: string | null, seat: number): Promise<Reply> {
    return this.track(async () => seats.reclaim(this.match, who, seat));
  }

  /** A player leaves the match for good (leave.ts). */
  async leave(who: string | null): Promise<Reply> {
    return this.track(async () => leaveMatch(this.match, who));
  }

  /** "Play again", or an answer to the rematch offer: see rematch.ts. */
  async rematch(who: string | null, req: RematchRequest, origin: string): Promise<Reply> {
    return this.track(async () => rematch(this.match, who, req, origin));
  }

  /** The host deletes the match and everything stored with it. */
  async remove(who: string | null): Promise<Reply> {
    const open = this.match.meta?.config.open ? this.match.meta.matchId : null;
    return this.track(async () => {
      const r = await lifecycle.remove(this.match, who);
      if (r.status === 204 && open) await unlistDeleted(this.match, open);
      return r;
    });
  }

  /** Match to match (a rematch): accept the mail-link token hashes of the previous match. */
  async importSeatLinks(links: Array<{ tokenHash: string; seat: number }>): Promise<Reply> {
    return this.track(async () => {
      if (!this.match.meta) return NOT_FOUND;
      importLinks(this.match, links);
      return { status: 200, body: { ok: true } };
    });
  }

  /**
   * Match to match: forget these mail-link token hashes (revoked in the previous match) and, with
   * `address`, give that seat its new e-mail address (seats.ts `revokeLinks`).
   */
  async revokeSeatLinks(tokenHashes: string[], address?: AddressChange): Promise<Reply> {
    return this.track(async () => {
      if (!this.match.meta) return NOT_FOUND;
      await revokeLinks(this.match, tokenHashes, address);
      return { status: 200, body: { ok: true } };
    });
  }

  /**
   * League to match: a member's new league link replaces the old one as their seat token here
   * (seats.ts `relinkSeat`).
   */
  async relinkSeat(oldHash: string, newHash: string): Promise<Reply> {
    return this.track(async () => seats.relinkSeat(this.match, oldHash, newHash));
  }

  /** Mail and push requests (worker/routes/mail.ts), answered by the notifier. */
  async mail(who: string | null, req: MailRpc): Promise<Reply> {
    return this.track(async () => {
      if (!this.match.meta) return NOT_FOUND;
      return this.match.notifier.rpc(this.match.caller(who), req);
    });
  }

  /**
   * A mailed move link (mail-move.ts): its confirmation page (`post` null: reads only, writes
   * nothing) or its form's post with the page's token. 200 with the `MoveLinkPage`; 404 without a match;
   * 503 `server.daily_limit` when the move could not be stored today.
   */
  async moveLink(link: MoveLinkParts, post: { page: string } | null, origin: string): Promise<Reply> {
    return this.track(async () => {
      if (!this.match.meta) return NOT_FOUND;
      const body = post
        ? await playMoveLink(this.match, link, post.page, origin)
        : await openMoveLink(this.match, link, origin);
      // At the daily limit: the move's own 503, nothing changed.
      if (body.kind === 'unavailable') return body.reply;
      return { status: 200, body };
    });
  }

  /** An address's daily digest asks what waits for `seat` (digest-entry.ts); `addressKey` must be the seat's. */
  async digestEntry(seat: number, addressKey: string, _nowMs: number): Promise<DigestEntry | null> {
    this.match.seams.stats.requests++;
    return digestEntry(this.match, seat, addressKey);
  }

  /** A seated player's chat message: see chat.ts `sendChat`. */
  async chatSend(who: string | null, body: ChatSend): Promise<Reply> {
    return this.track(async () => chat.sendChat(this.match, who, body));
  }

  /** The chat messages after id `after`, for a reader allowed to read them: see chat.ts `listChat`. */
  async chatList(who: string | null, after: number): Promise<Reply> {
    return this.track(async () => chat.listChat(this.match, who, after));
  }

  /** The seat's chat panel showed the messages up to `upTo`: see chat.ts `readChat`. */
  async chatRead(who: string | null, upTo: number): Promise<Reply> {
    return this.track(async () => chat.readChat(this.match, who, upTo));
  }

  /** The writer deletes (`deleted`) or the host hides (`hidden`) chat message `id`: see chat.ts `removeChat`. */
  async chatRemove(who: string | null, id: number, how: 'deleted' | 'hidden'): Promise<Reply> {
    return this.track(async () => chat.removeChat(this.match, who, id, how));
  }

  /** The replay of finished hand `hand` with every card shown: see replay-page.ts `replayReply`. */
  async replay(who: string | null, hand: number): Promise<Reply> {
    return this.track(async () => replayReply(this.match, who, hand));
  }

  // -- open table --
  /** A stranger from the open table takes a free seat: see open-seat.ts `joinOpen`. */
  async joinOpen(who: { name: string; language?: string }, origin: string): Promise<Reply> {
    return this.track(() => joinOpen(this.match, who, origin));
  }

  /** Test seams only: runs the alarm now (after `testAdvanceClock`, so a browser test sees a wait end). */
  async testRunAlarm(): Promise<Reply> {
    if (!this.match.seams.enabled) return NOT_FOUND;
    await this.alarm();
    return { status: 200, body: { ok: true } };
  }

  /** Public events after log row `after` (at most 500 rows). */
  async log(after: number): Promise<Reply> {
    return this.track(async () => logReply(this.match, after));
  }

  /** One page of the journal: hand `hand`'s public events and result (default: the latest hand). */
  async journal(hand?: number): Promise<Reply> {
    return this.track(async () => journalReply(this.match, hand));
  }

  /** Test seams only: counters for the server benchmark. */
  async benchStats(): Promise<Reply> {
    const m = this.match;
    return m.seams.benchStats({
      rowsByMatch: m.store.rowsWritten + m.log.rowsWritten + m.chat.rowsWritten,
      version: m.state?.version ?? 0,
      logRows: m.meta ? m.log.seq : 0,
    });
  }

  /** Test seams only: moves this object's clock forward by `ms` (deadlines, expiry) and returns the new time. */
  async testAdvanceClock(ms: number): Promise<Reply> {
    return this.match.seams.advanceClock(ms, () => this.match.now());
  }

  /**
   * Test seams only: time passes, `ms` of it (a day, a week): the clock moves forward and what fell
   * due runs now (deadlines, reminders, mails, expiry), as the alarm would on a deployed Worker.
   */
  async testTimePasses(ms: number): Promise<Reply> {
    const moved = this.match.seams.advanceClock(ms, () => this.match.now());
    if (moved.status !== 200) return moved;
    const next = this.match.meta ? this.match.schedule.next() : null;
    if (next !== null && next <= this.match.now()) await this.alarm();
    return { status: 200, body: { now: this.match.now() } };
  }

  /** Test seams only: pins this object's clock and/or fixes its next rematch's id and seed (test-seams.ts `fix`). */
  async testFix(fix: TestFix): Promise<Reply> {
    return this.match.seams.fix(fix, () => this.match.now());
  }

  /** Test seams only: sets this object's bot delay in ms (null: back to BOT_DELAY_MS). */
  async testSetBotDelay(ms: number | null): Promise<Reply> {
    return this.match.seams.setBotDelay(ms);
  }

  /** Test seams only: replays the log from the stored setup and returns both states. */
  async replayCheck(): Promise<Reply> {
    return replayCheck(this.match);
  }

  // ------------------------------------------------------------------------------------------
  // WebSockets (Hibernation API) and the alarm.

  /** Upgrades a WebSocket request; the client authenticates with its first frame. */
  override async fetch(request: Request): Promise<Response> {
    this.match.seams.stats.requests++;
    return sockets.acceptSocket(this.match, request);
  }

  /** A client frame (sockets.ts); a `move` frame is timed like an RPC method and syncs the alarm after it. */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const m = this.match;
    m.seams.stats.requests++;
    const t0 = performance.now();
    const moved = await onMessage(m, ws, message);
    if (!moved) return;
    if (m.seams.enabled) m.seams.stats.ms.push(performance.now() - t0);
    sockets.recheckSockets(m);
    if (m.meta) await syncAlarmSafely(m);
    sendPendingMail(m);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    sockets.onClose(this.match, ws, code);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws, 1011);
  }

  /** Due schedule items (deadlines, bots, expiry, mail): see alarm.ts. */
  override async alarm(): Promise<void> {
    this.match.seams.stats.requests++;
    await runAlarm(this.match);
    sockets.recheckSockets(this.match);
    sendPendingMail(this.match);
    await syncOpenTable(this.match);
  }

  /**
   * Counts a request and, with the test seams on, its duration in ms (benchmark); then tells and
   * closes the sockets whose credential lost rights in it (sockets.ts `recheckSockets`) and syncs the alarm.
   * A write the platform refused for its daily limit answers 503 `server.daily_limit` (a change
   * went through commit.ts, which rolled it back); an alarm it refuses after the reply only starts
   * the outage (alarm.ts `syncAlarmSafely`).
   */
  private async track(fn: () => Promise<Reply>): Promise<Reply> {
    const m = this.match;
    m.seams.stats.requests++;
    const t0 = performance.now();
    let reply: Reply;
    try {
      reply = await fn();
    } catch (e) {
      if (!isDailyLimit(e)) throw e;
      m.startOutage(m.now());
      reply = dailyLimitReply(m.now());
    }
    // The time up to here is the handler's own work (no I/O waits but rematch's RPC and deletes).
    if (m.seams.enabled) m.seams.stats.ms.push(performance.now() - t0);
    sockets.recheckSockets(m);
    if (m.meta) await syncAlarmSafely(m);
    // The mails due at once go after the reply (alarm.ts `sendPendingMail`).
    sendPendingMail(m);
    await syncOpenTable(m);
    return reply;
  }
}
