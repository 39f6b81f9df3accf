/**
 * One open match on this page: its latest MatchInfo, the connection status and the move in flight
 * (the journal loads the public log itself: lib/journal.ts). Updates arrive by WebSocket; while the socket is down the page polls with
 * ETags and keeps reconnecting (also when the device wakes up or comes back online). A match that is
 * not there (404, 410, a malformed id) or was deleted ends the session: no more polling or reconnects.
 *
 * The server caps live sockets (docs/API.md "WebSocket": 4 per seat, 64 unauthenticated per match).
 * A socket it refuses (`socket.limit` error frame, close code 1008, or upgrades that fail while HTTP
 * answers) puts the session in `limited` mode: it polls and tries a WebSocket again only after
 * minutes, growing. The reconnect backoff starts afresh only once a socket has been authenticated
 * (its own info frame arrived), never on `open`, which comes before the server has checked the token.
 * A socket closed for sending too many frames (`socket.rate_limited`) waits the same way, without the
 * "too many tabs" notice: it never happens to a working client, so reconnecting at once would only
 * repeat it.
 *
 * Moves go over the socket once it is authenticated (a socket frame costs the server far less
 * than a request) and wait for the `moveResult` with their move id; on no answer within
 * `SOCKET_MOVE_MS` or a socket that closes first, the same move (same id and version) goes over HTTP:
 * the server plays a move id once and answers a retry with the first outcome.
 */
import { signal } from '@preact/signals';
import type { ChatMessage } from '../../../worker/protocol/chat';
import { RIGHTS_CHANGED_CLOSE } from '../../../worker/shared/wire';
import { ApiError, api } from './api';
import { withChatMessage } from './chat-unread';
import { DAILY_LIMIT, isPlatformLimit, resumeAtOf } from './daily-limit';
import { takeFirstInfo } from './first-info';
import { type HeldMove, type MoveBody, storedHeld, storeHeld } from './held-move';
import type { JournalSource } from './journal';
import { looking, watchPresence } from './presence';
import type { Replaying } from './replay';
import { reportTimeZone } from './time-zone';
import type { GameEvent, LoggedEvent, MatchInfo, Move } from './types';

/** Connection states shown to the player; `closed`: the match is gone, nothing more is fetched. */
export type ConnStatus = 'connecting' | 'live' | 'polling' | 'offline' | 'closed';

/** An error for the player: a catalog key (see i18n) or a server message. */
export interface UiError {
  code: string;
  message: string;
}

const POLL_MS = 5_000;
/** Polling in a hidden tab (a wake-up on becoming visible fetches at once). */
const HIDDEN_POLL_MS = 30_000;
const STATUS_ORDER: Record<MatchInfo['status'], number> = { lobby: 0, playing: 1, finished: 2 };
/** A ping this often keeps the socket honest: a socket silent for 2 pings is dead (e.g. after sleep). */
const PING_MS = 25_000;
const MAX_BACKOFF_MS = 30_000;
/** The first wait before a WebSocket is tried again after the server refused one for its limit (ms). */
export const LIMIT_BACKOFF_MS = 2 * 60_000;
/** The longest such wait (ms): it doubles after every refusal up to this. */
export const MAX_LIMIT_BACKOFF_MS = 30 * 60_000;
/** Sockets in a row that fail before opening, while HTTP answers, that count as a refused upgrade (429). */
const FAILED_UPGRADES_LIMIT = 2;
/** How long a move sent over the socket waits for its `moveResult` before it is sent over HTTP (ms). */
export const SOCKET_MOVE_MS = 5_000;

/** A move request: the version the player saw, the move id naming it for retries, the move. */
/** The answer to a socket move (the HTTP reply's status and body), or null: none came, try HTTP. */
type MoveAnswer = {
  status: number;
  body: { info: MatchInfo; events?: unknown[]; error?: UiError & { issues?: string[] } };
} | null;

export type { HeldMove } from './held-move';

/** The replay of bot runs (lib/replay.ts), loaded once a socket tells a bot delay above 0. */
let replayer: typeof import('./replay') | null = null;
const loadReplay = () =>
  import('./replay').then((m) => {
    replayer = m;
  });

/** Makes a move id for idempotent retries. */
function newMoveId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** `text` as JSON, or null when it is none (an error page of the platform). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Normalises one row of `GET /log` (`{seq, at, by, event}`) into its event and running number. */
export function logEntry(row: LoggedEvent, index: number): { n: number; event: GameEvent } | null {
  const event = row?.event as GameEvent | undefined;
  if (!event || typeof event.type !== 'string') return null;
  return { n: typeof row.seq === 'number' ? row.seq : index + 1, event };
}

/** The live state of one match for this page. */
export class MatchSession {
  readonly info = signal<MatchInfo | null>(null);
  readonly status = signal<ConnStatus>('connecting');
  readonly error = signal<UiError | null>(null);
  readonly pending = signal<Move | null>(null);
  /** The move kept at the server's daily limit, to send again after the reset (`resend`), or null. */
  readonly held = signal<HeldMove | null>(null);
  /** The server refused this page a WebSocket (too many tabs of this seat): updates come by polling. */
  readonly limited = signal(false);
  /** A run of other seats' moves being shown one by one (lib/replay.ts), or null. */
  readonly replay = signal<Replaying | null>(null);
  /**
   * A match played on this device (practice): "play again" starts a new one here instead of
   * a rematch offer to the server. Undefined for online matches.
   */
  local?: { again(): void };
  /** Where the journal reads a match played on this device (practice); the server's when undefined. */
  readonly journalSource?: JournalSource;
  /** Who hears the live `chat` frames (the chat panel); the tally in `info` follows by itself. */
  readonly chatListeners = new Set<(message: ChatMessage) => void>();

  private ws: WebSocket | null = null;
  /** The pace of bot moves on this server (ms; each info frame tells it). */
  private botDelayMs = 0;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private backoff = 1_000;
  private limitBackoff = LIMIT_BACKOFF_MS;
  /** No WebSocket is opened before this time (ms since the epoch), after a `socket.limit` refusal. */
  private limitUntil = 0;
  /** Sockets in a row that failed before opening while the HTTP check answered. */
  private failedUpgrades = 0;
  /** Whether the last `refresh` reached the server (an answer, also a 304). */
  private reachable = false;
  private etag: string | null = null;
  /**
   * The server said this link's rights changed (`auth.changed`): the next answer over HTTP is what
   * the link is now, and may replace this seat's view with a spectator's (a revoked link keeps no hand).
   */
  private rightsLost = false;
  private stopped = false;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastFrame = 0;
  /** The socket's own info frames so far (after its auth): a GET answer older than one is dropped. */
  private infoFrames = 0;
  /** The socket whose auth the server accepted (moves may go over it). */
  private authed: WebSocket | null = null;
  /** Moves sent over the socket, waiting for their `moveResult`, by move id. */
  private readonly waiting = new Map<string, (answer: MoveAnswer) => void>();
  /** Stops the presence reports (lib/presence.ts). */
  private unwatch: (() => void) | null = null;
  private readonly offline = () => {
    this.status.value = 'offline';
    this.ws?.close();
  };
  private readonly wake = () => {
    if (document.visibilityState === 'hidden') return;
    void this.refresh();
    // A poll planned while hidden (slow) comes at the visible pace again.
    if (this.pollTimer) {
      clearTimeout(this.pollTimer);
      this.pollTimer = null;
      this.schedulePoll();
    }
    if (!this.ws) this.connect();
  };

  /**
   * The answer the entry script asked for already (lib/first-info.ts), taken when the session is made:
   * it shows in the same task as the page that made the session, before that page paints.
   */
  private early: Promise<unknown> | null;

  constructor(
    readonly matchId: string,
    public token: string | null,
  ) {
    const early = takeFirstInfo(matchId, token);
    this.early =
      early?.then(
        (info) => {
          this.reachable = true;
          this.accept(info);
        },
        (e: unknown) => e,
      ) ?? null;
  }

  /** Loads the match and, once it answers, opens the live connection. */
  start(): void {
    this.stopped = false;
    // The socket waits for the first answer: an unknown match is then never reconnected to. The first
    // answer may be the early one (see `early`); when that failed, the session asks again.
    const early = this.early;
    this.early = null;
    const first = early ? early.then((failed) => this.afterEarly(failed)) : this.refresh();
    void first.then(() => this.connect());
    document.addEventListener('visibilitychange', this.wake);
    window.addEventListener('online', this.wake);
    window.addEventListener('offline', this.offline);
    window.addEventListener('focus', this.wake);
    this.unwatch ??= watchPresence((visible) => this.sendPresence(visible));
  }

  /**
   * After the early answer: nothing when it came; the match is gone when the server said so (404, 410,
   * a malformed id's 400), as `refresh` decides; any other failure asks again.
   */
  private afterEarly(failed: unknown): Promise<void> | undefined {
    if (failed === undefined) return;
    if (failed instanceof ApiError && [400, 404, 410].includes(failed.status)) {
      this.close({ code: 'match.not_found', message: failed.message });
      return;
    }
    return this.refresh();
  }

  /** Closes everything (when the page leaves the match). */
  stop(): void {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.wake);
    window.removeEventListener('online', this.wake);
    window.removeEventListener('offline', this.offline);
    window.removeEventListener('focus', this.wake);
    this.unwatch?.();
    this.unwatch = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }

  /**
   * Takes a newer MatchInfo (an older view version never replaces a newer one; one equal to the
   * current one changes nothing).
   */
  accept(next: MatchInfo): void {
    const cur = this.info.value;
    if (cur?.view && next.view && next.view.version < cur.view.version) return;
    // Answers can cross on the wire (a slow GET after a WebSocket frame): a match never goes back
    // from play to the lobby.
    if (cur && STATUS_ORDER[next.status] < STATUS_ORDER[cur.status]) return;
    // An answer made for another identity (the host token's spectator view after "start", a socket
    // before its auth frame) never replaces this seat's own view; the seat's own answer after its
    // player left the match does (`you.left`).
    // After `auth.changed`, the answer over HTTP is the link's own (its seat revoked): it does.
    if (
      cur &&
      cur.you.seat !== null &&
      next.you.seat === null &&
      next.you.left !== cur.you.seat &&
      !this.rightsLost
    )
      return;
    // The same match again (the socket's first frame and the presence poll repeat the first answer):
    // nothing to show, and no re-render of the whole table, a long task on a phone.
    if (cur && JSON.stringify(cur) === JSON.stringify(next)) return;
    this.info.value = next;
    reportTimeZone(next, this.token);
    this.keepHeld(next);
  }

  /**
   * The move kept at the daily limit follows the match: after a reload it comes back from this tab's
   * storage (lib/held-move.ts) while the match is still at its version; once the version moved on it
   * is dropped, in memory and in storage.
   */
  private keepHeld(next: MatchInfo): void {
    const seat = next.you.seat;
    const version = next.view?.version;
    if (seat === null || version === undefined) return;
    const held = this.held.value;
    if (held && held.body.version !== version) this.hold(null);
    else if (!held && !this.pending.value) this.held.value = storedHeld(this.matchId, seat, version);
  }

  /** Sets the move kept at the daily limit (null: none), in memory and in this tab's storage. */
  private hold(held: HeldMove | null): void {
    this.held.value = held;
    const seat = this.info.value?.you.seat;
    if (seat !== null && seat !== undefined) storeHeld(this.matchId, seat, held);
  }

  /**
   * Takes the view a change brought with its public events (a socket frame, this page's move reply):
   * a run with other seats' moves is replayed one by one (lib/replay.ts), otherwise shown at once. The
   * same run arriving twice (the push and the reply) is replayed once; a newer view ends a replay.
   */
  protected takeRun(next: MatchInfo, events?: GameEvent[], delayMs?: number): void {
    if (delayMs !== undefined) {
      this.botDelayMs = delayMs;
      if (delayMs > 0 && !replayer) void loadReplay();
    }
    if (this.overtaken(next)) return;
    const cur = this.info.value?.view;
    const newer = !!cur && !!next.view && next.view.version > cur.version;
    if (newer && events?.length && replayer?.replayRun(this, next, events, this.botDelayMs)) return;
    this.accept(next);
  }

  /**
   * True when a replay is showing and takes `next`: an older view is dropped, one of the run's own
   * version (the same run's reply, or news that keeps the version: a stand-in, presence) becomes what
   * the replay applies at its end; a newer `next` ends the replay first (false: the caller applies it).
   */
  private overtaken(next: MatchInfo): boolean {
    const r = this.replay.value;
    if (!r || !next.view) return false;
    if (next.view.version === r.version) r.update(next);
    if (next.view.version <= r.version) return true;
    r.finish();
    return false;
  }

  /** Fetches the match now (ETag: an unchanged match costs a 304). */
  async refresh(): Promise<void> {
    if (this.status.value === 'closed') return;
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.etag) headers['if-none-match'] = this.etag;
    const framesBefore = this.infoFrames;
    try {
      // A seat's poll tells the server someone is looking (no mail then): lib/presence.ts.
      const present = this.token && looking() ? '?present=1' : '';
      const res = await fetch(`/api/matches/${encodeURIComponent(this.matchId)}${present}`, { headers });
      this.reachable = res.status < 500;
      if (res.status === 304) return;
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        const body = (parseJson(text) ??
          (isPlatformLimit(res.status, text) ? { error: { code: DAILY_LIMIT } } : null)) as {
          error?: UiError;
        } | null;
        // This GET has no body: a 400 can only be a malformed match id, which no match has.
        if (res.status === 404 || res.status === 410 || res.status === 400) {
          this.close({ code: 'match.not_found', message: body?.error?.message ?? res.statusText });
          return;
        }
        this.error.value = {
          code: body?.error?.code ?? `http.${res.status}`,
          message: body?.error?.message ?? res.statusText,
        };
        return;
      }
      const info = (await res.json()) as MatchInfo;
      if (this.error.value?.code === 'network') this.error.value = null;
      // A socket frame that arrived while this GET was on the wire is at least as new as its answer,
      // which may predate a change that keeps the view's version (a seat handed to the computer).
      const cur = this.info.value;
      const newer = !!info.view && !!cur?.view && info.view.version > cur.view.version;
      if (this.infoFrames !== framesBefore && !newer) return;
      this.etag = res.headers.get('etag');
      if (!this.overtaken(info)) this.accept(info);
      this.rightsLost = false;
    } catch (e) {
      this.reachable = false;
      if (!this.info.value) this.error.value = { code: 'network', message: String(e) };
      this.status.value = 'offline';
    }
  }

  private connect(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.ws && this.ws.readyState <= 1) return; // connecting or open already
    if (this.stopped || typeof WebSocket === 'undefined') {
      this.schedulePoll();
      return;
    }
    const wait = this.limitUntil - Date.now();
    if (wait > 0) {
      // Refused for the socket limit a short while ago: poll, and try again only when the wait is over.
      this.schedulePoll();
      this.retryIn(wait);
      return;
    }
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let ws: WebSocket;
    try {
      ws = new WebSocket(`${proto}//${location.host}/api/matches/${encodeURIComponent(this.matchId)}/ws`);
    } catch {
      this.onSocketDown('failed');
      return;
    }
    this.ws = ws;
    let opened = false;
    let refused = false;
    let rateLimited = false;
    /** The server said this link's rights changed (`auth.changed`, close 4003): ask again at once. */
    let rightsChanged = false;
    // The first socket of the page is "connecting" (nothing polls yet); a later one keeps the page's
    // polling, which goes on until it is open.
    if (this.status.value !== 'live' && this.status.value !== 'connecting')
      this.status.value = this.info.value ? 'polling' : 'connecting';
    ws.addEventListener('open', () => {
      opened = true;
      this.failedUpgrades = 0;
      if (this.token) ws.send(JSON.stringify({ type: 'auth', token: this.token }));
      if (looking()) this.sendPresence(true);
      // The backoff is not reset here: the server may still refuse the auth frame (socket.limit).
      this.status.value = 'live';
      this.lastFrame = Date.now();
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => {
        if (Date.now() - this.lastFrame > 2 * PING_MS + 5_000) ws.close();
        else if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
      }, PING_MS);
      if (this.pollTimer) clearTimeout(this.pollTimer);
      this.pollTimer = null;
      // The socket may have missed changes while it was down.
      void this.refresh();
    });
    ws.addEventListener('message', (e) => {
      this.lastFrame = Date.now();
      try {
        const frame = JSON.parse(String(e.data)) as {
          type?: string;
          info?: MatchInfo;
          events?: GameEvent[];
          botDelayMs?: number;
          error?: UiError;
          message?: ChatMessage;
          moveId?: string;
        } & MoveAnswer;
        if (frame.type === 'chat' && frame.message) this.onChat(frame.message);
        else if (frame.type === 'moveResult') this.waiting.get(String(frame.moveId))?.(frame);
        else if (frame.type === 'info' && frame.info) {
          if (this.authenticated(frame.info)) {
            this.onAuthenticated();
            this.authed = ws;
            this.infoFrames++;
          }
          this.takeRun(frame.info, frame.events, frame.botDelayMs);
        } else if (frame.type === 'deleted') this.close({ code: 'match.deleted', message: 'deleted' });
        else if (frame.type === 'error' && frame.error?.code === 'socket.limit') {
          refused = true;
          ws.close();
        } else if (frame.type === 'error' && frame.error?.code === 'socket.rate_limited') {
          rateLimited = true;
          ws.close();
        } else if (frame.type === 'error' && frame.error?.code === 'auth.bad_token')
          this.error.value = frame.error;
        else if (frame.type === 'error' && frame.error?.code === 'auth.changed') rightsChanged = true;
      } catch {
        // A frame that is no JSON is ignored; the next poll or frame brings the state.
      }
    });
    ws.addEventListener('close', (e) => {
      // Moves still waiting for their answer go over HTTP.
      for (const answer of [...this.waiting.values()]) answer(null);
      if (this.ws === ws) {
        if (this.pingTimer) clearInterval(this.pingTimer);
        this.pingTimer = null;
        this.ws = null;
        // 1008 (policy violation) is how the server closes a socket over the per-seat limit.
        if (rateLimited) this.onSocketDown('rateLimited');
        else if (rightsChanged || e.code === RIGHTS_CHANGED_CLOSE) this.onSocketDown('rightsChanged');
        else if (refused || e.code === 1008) this.onSocketDown('refused');
        else this.onSocketDown(opened ? 'lost' : 'failed');
      }
    });
    ws.addEventListener('error', () => ws.close());
  }

  /**
   * A chat message that is new, deleted or hidden (a socket frame, or the writer's own answer): the
   * tally moves (the unread count follows), and the chat panel, if open, shows it.
   */
  onChat(message: ChatMessage): void {
    const cur = this.info.value;
    if (cur) this.info.value = withChatMessage(cur, message);
    for (const listener of this.chatListeners) listener(message);
  }

  /** Tells the server over the socket whether this page is looked at (lib/presence.ts). */
  private sendPresence(visible: boolean): void {
    if (this.token && this.ws?.readyState === WebSocket.OPEN)
      this.ws.send(JSON.stringify({ type: 'presence', visible }));
  }

  /** Whether an info frame is this socket's own view after its auth frame (or a spectator's view). */
  private authenticated(info: MatchInfo): boolean {
    return !this.token || info.you.seat !== null || info.you.host;
  }

  /** The server accepted this socket: later losses reconnect quickly again. */
  private onAuthenticated(): void {
    this.backoff = 1_000;
    this.limitBackoff = LIMIT_BACKOFF_MS;
    this.limitUntil = 0;
    this.failedUpgrades = 0;
    this.limited.value = false;
  }

  /**
   * The socket is gone: poll, and reconnect after the backoff. `refused`: the server's socket limit
   * (wait minutes); `rateLimited`: closed for too many frames (wait minutes, no notice);
   * `rightsChanged`: the link's rights changed (ask over HTTP now, reconnect within a second); `failed`: it
   * never opened, which counts as a refused upgrade (HTTP 429 `socket.limit`; the browser does not
   * tell the status) once it happens twice in a row while HTTP answers.
   */
  private onSocketDown(why: 'lost' | 'failed' | 'refused' | 'rateLimited' | 'rightsChanged'): void {
    if (this.stopped) return;
    this.status.value = navigator.onLine === false ? 'offline' : 'polling';
    if (why === 'rightsChanged') {
      // What this link may do changed (revoked, or its player left): the view over HTTP now, and a new
      // socket that authenticates with what the link is now.
      this.rightsLost = true;
      void this.refresh();
      this.backoff = 1_000;
      this.retryLater();
      return;
    }
    this.schedulePoll();
    if (why === 'refused' || why === 'rateLimited') {
      this.onRefused({ notice: why === 'refused' });
      return;
    }
    if (why === 'failed') {
      // Ask over HTTP now: if the server answers, it was the socket that was turned away.
      void this.refresh().then(() => {
        if (this.stopped || this.ws) return;
        this.failedUpgrades = this.reachable ? this.failedUpgrades + 1 : 0;
        if (this.failedUpgrades >= FAILED_UPGRADES_LIMIT) this.onRefused();
        else this.retryLater();
      });
      return;
    }
    this.retryLater();
  }

  /** Reconnects after the current backoff, which then doubles (up to 30 s). */
  private retryLater(): void {
    this.retryIn(this.backoff);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
  }

  /**
   * The server refused a socket for its limit: poll, and no new socket for minutes (doubling each
   * time); `notice`: tell the player (too many tabs of this seat).
   */
  private onRefused(opts: { notice: boolean } = { notice: true }): void {
    this.failedUpgrades = 0;
    if (opts.notice) this.limited.value = true;
    this.limitUntil = Date.now() + this.limitBackoff;
    this.retryIn(this.limitBackoff);
    this.limitBackoff = Math.min(this.limitBackoff * 2, MAX_LIMIT_BACKOFF_MS);
  }

  private retryIn(ms: number): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), ms);
  }

  private schedulePoll(): void {
    if (this.pollTimer || this.stopped) return;
    const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
    this.pollTimer = setTimeout(
      async () => {
        this.pollTimer = null;
        if (this.status.value === 'live') return;
        await this.refresh();
        this.schedulePoll();
      },
      hidden ? HIDDEN_POLL_MS : POLL_MS,
    );
  }

  /**
   * Sends a legal move. The move is marked pending at once (the screen shows it within a frame);
   * a stale version takes the server's newer info and explains; other refusals are shown in words;
   * at the server's daily limit the move is kept (`held`) to be sent again after the reset.
   */
  async sendMove(move: Move): Promise<boolean> {
    const info = this.info.value;
    if (!info?.view || !this.token || this.pending.value) return false;
    return this.send({ version: info.view.version, moveId: newMoveId(), move }, this.token);
  }

  /** Sends the move kept at the daily limit again, the same request (same move id): played at most once. */
  async resend(): Promise<boolean> {
    const held = this.held.value;
    if (!held || !this.token || this.pending.value) return false;
    return this.send(held.body, this.token);
  }

  private async send(body: MoveBody, token: string): Promise<boolean> {
    this.pending.value = body.move;
    this.error.value = null;
    // Sent: a reload from here on does not offer it again (the same move id is played at most once).
    this.hold(null);
    try {
      // Without a socket the request starts in this task (no await before it).
      const socket = this.moveOverSocket(body);
      const res = (socket && (await socket)) ?? (await api.move(this.matchId, token, body));
      // A retried move id answers the first outcome's events with today's view: nothing to replay.
      const replayed = (res as { replayed?: boolean }).replayed === true;
      this.takeRun(res.info, replayed ? undefined : (res.events as GameEvent[] | undefined));
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.code === DAILY_LIMIT) {
        this.hold({ body, resumeAt: resumeAtOf(e.retryAfter, Date.now()) });
        return false;
      }
      this.fail(e);
      if (e instanceof ApiError && e.info) this.accept(e.info);
      else if (e instanceof ApiError && e.status === 409) void this.refresh();
      return false;
    } finally {
      this.pending.value = null;
    }
  }

  /**
   * Sends `body` over the authenticated socket (null when there is none): the reply's body, an
   * `ApiError` thrown for a refusal, or null when it closed first or `SOCKET_MOVE_MS` passed without an answer.
   */
  private moveOverSocket(body: MoveBody): Promise<{ info: MatchInfo; events?: unknown[] } | null> | null {
    const ws = this.ws;
    if (!ws || ws !== this.authed || ws.readyState !== WebSocket.OPEN) return null;
    return new Promise((resolve, reject) => {
      const done = (answer: MoveAnswer) => {
        clearTimeout(timer);
        this.waiting.delete(body.moveId);
        const error = answer?.body.error;
        if (!answer) resolve(null);
        else if (!error) resolve(answer.body);
        else reject(new ApiError(answer.status, error.code, error.message, answer.body.info, error.issues));
      };
      const timer = setTimeout(() => done(null), SOCKET_MOVE_MS);
      this.waiting.set(body.moveId, done);
      try {
        ws.send(JSON.stringify({ type: 'move', ...body }));
      } catch {
        done(null);
      }
    });
  }

  /**
   * Ends the session because the match is gone (`match.not_found`, `match.deleted`): shows the error,
   * stops polling and reconnecting for good.
   */
  close(reason: UiError): void {
    this.stop();
    this.error.value = reason;
    this.status.value = 'closed';
  }

  /** Records an error for display. */
  fail(e: unknown): void {
    if (e instanceof ApiError) {
      // A stale version has its own words; every other refusal keeps its code (worded by errorText).
      this.error.value = { code: e.code === 'version.stale' ? 'stale' : e.code, message: e.message };
    } else {
      this.error.value = { code: 'crash', message: e instanceof Error ? e.message : String(e) };
    }
  }
}
