import type { GameEvent } from '../engine/types';
import type { ServerFrame } from '../protocol/frames';
import type { MatchInfo } from '../protocol/views';
import { NOT_FOUND } from '../reply';
import { RIGHTS_CHANGED_CLOSE } from '../shared/wire';
import type { Caller, MatchContext } from './context';
import type { FrameCredit } from './socket-flow';
import { infoFor } from './views';

/**
 * Who a socket authenticated as (a seat, the host, a player who left, or a spectator before it
 * authenticates), as `MatchContext.caller` answered then. What it may do now is asked again at every
 * use (`socketCaller`), and a socket whose answer changed is told and closed (`recheckSockets`).
 */
export interface SocketAttachment {
  seat: number | null;
  host: boolean;
  /** The seat its player left (a leaver's socket, watching). */
  left?: number;
  /** When the socket was accepted (ms since the epoch; missing on older sockets). */
  since?: number;
  /** Told to make room for a newer unauthenticated socket (it polls instead). */
  evicted?: true;
  /** What is left of the socket's frame budget (missing until its first frame). */
  frames?: FrameCredit;
  /** Closed for sending frames too fast: frames still in flight are dropped. */
  rateLimited?: true;
  /**
   * Until when (ms since the epoch) the page counts as looked at, from its last `presence` frame
   * (presence.ts); 0 or missing: hidden, or no report yet (an auth alone is no presence).
   */
  presentUntil?: number;
  /** The SHA-256 of the token of the socket's accepted `auth` frame: its `move` frames play as that caller (socket-moves.ts). */
  who?: string;
}

export const SPECTATOR: SocketAttachment = { seat: null, host: false };

/** The attachment of `ws` (a spectator's when it has none). */
export function socketAttachment(ws: WebSocket): SocketAttachment {
  return (ws.deserializeAttachment() as SocketAttachment | null) ?? SPECTATOR;
}

/**
 * Sockets per match that have not authenticated as a seat or the host (spectators, and players
 * before their auth frame). A further upgrade is accepted and the oldest of them is told
 * `socket.limit` and closed (it polls instead), so a crowd of idle sockets can never keep a player
 * from connecting. Every open socket costs time on every move (its own view is built and sent).
 */
export const MAX_SPECTATOR_SOCKETS = 64;
/** Sockets authenticated with one set of rights (a seat, the host link without a seat, a player who left); a further auth frame is refused. */
export const MAX_SOCKETS_PER_SEAT = 4;

/**
 * Open sockets authenticated with the same rights as `who` (the same seat; the same left seat; the
 * host link without a seat), leaving out `except`. Counted from the attachments, which
 * `recheckSockets` keeps to what each token is now; unauthenticated sockets (no token) never count.
 */
export function socketsOf(m: MatchContext, who: Caller, except?: WebSocket): number {
  let n = 0;
  for (const ws of m.ctx.getWebSockets()) {
    if (ws === except) continue;
    const a = socketAttachment(ws);
    if (!a.who || a.rateLimited || a.evicted) continue;
    if (sameRights(who, attachedRights(a))) n++;
  }
  return n;
}

/**
 * Upgrades a WebSocket request and sends the spectator view; 404 JSON when no match lives here. When
 * `MAX_SPECTATOR_SOCKETS` unauthenticated sockets are open already, the oldest one makes room.
 */
export function acceptSocket(m: MatchContext, request: Request): Response {
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !m.meta) {
    return Response.json(NOT_FOUND.body, { status: 404 });
  }
  // Unauthenticated sockets still open (one already told to go is marked `evicted` or `rateLimited`).
  const waiting = m.ctx.getWebSockets().filter((ws) => {
    const a = socketAttachment(ws);
    return a.seat === null && !a.host && !a.evicted && !a.rateLimited;
  });
  if (waiting.length >= MAX_SPECTATOR_SOCKETS) {
    const since = (ws: WebSocket) => socketAttachment(ws).since ?? 0;
    const oldest = waiting.reduce((a, b) => (since(b) < since(a) ? b : a));
    send(oldest, {
      type: 'error',
      error: {
        code: 'socket.limit',
        message: 'Too many live connections to this match: updates come by polling.',
      },
    });
    oldest.serializeAttachment({ ...SPECTATOR, evicted: true } satisfies SocketAttachment);
    try {
      oldest.close(1008, 'too many connections to this match');
    } catch {
      // already closing
    }
  }
  const pair = new WebSocketPair();
  const [client, server] = Object.values(pair);
  m.ctx.acceptWebSocket(server);
  server.serializeAttachment({ ...SPECTATOR, since: m.now() } satisfies SocketAttachment);
  sendView(m, server, { seat: null, host: false });
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * Who a socket is now: `MatchContext.caller` asked again with the hash of the token it authenticated
 * with (a spectator's answer for a socket that has not). A revoked link, a leave or a seat given to the
 * computer for good shows in the next view, chat frame and presence count at once.
 */
export function socketCaller(m: MatchContext, a: SocketAttachment): Caller {
  return a.who ? m.caller(a.who) : { seat: null, host: false };
}

/** The same rights: the same seat, host link and left seat (a socket's check against its attachment). */
function sameRights(a: Caller, b: Caller): boolean {
  return a.seat === b.seat && a.host === b.host && a.left === b.left;
}

/** The rights a socket's attachment records (what its token was at its auth or last check). */
function attachedRights(a: SocketAttachment): Caller {
  return { seat: a.seat, host: a.host, ...(a.left !== undefined ? { left: a.left } : {}) };
}

/**
 * Every authenticated socket whose credential no longer has the rights it authenticated with is
 * brought to what it may do now: one that still is something here (a player who left watches, a
 * host link that also opened a seat stays the host) is downgraded in place and sent its view now; one
 * that is nothing now (a mailed link revoked by an address change, a leaver's link in a rematch) is
 * told with the error frame `auth.changed` and closed with `RIGHTS_CHANGED_CLOSE`, and the page asks
 * again over HTTP. Run after every request, alarm and move frame of the object (durable.ts); the
 * views pushed meanwhile already follow `socketCaller`. Returns how many sockets changed.
 */
export function recheckSockets(m: MatchContext): number {
  if (!m.meta) return 0;
  let changed = 0;
  for (const ws of m.ctx.getWebSockets()) {
    const a = socketAttachment(ws);
    if (!a.who || a.rateLimited || a.evicted) continue;
    const now = m.caller(a.who);
    if (sameRights(now, attachedRights(a))) continue;
    changed++;
    if (now.seat !== null || now.host || now.left !== undefined) {
      const { left: _, ...rest } = a;
      ws.serializeAttachment({
        ...rest,
        seat: now.seat,
        host: now.host,
        ...(now.left !== undefined ? { left: now.left } : {}),
      } satisfies SocketAttachment);
      sendView(m, ws, now);
      continue;
    }
    ws.serializeAttachment({ ...SPECTATOR, ...(a.since !== undefined ? { since: a.since } : {}) });
    send(ws, {
      type: 'error',
      error: { code: 'auth.changed', message: 'What this link may do in this match has changed.' },
    });
    try {
      ws.close(RIGHTS_CHANGED_CLOSE, 'credentials changed');
    } catch {
      // already closing
    }
  }
  if (changed > 0) presenceChanged(m, {});
  return changed;
}

/** A socket closed (or failed): close our end; the others learn the seat is gone. */
export function onClose(m: MatchContext, ws: WebSocket, code: number): void {
  const was = socketAttachment(ws);
  ws.serializeAttachment({ ...SPECTATOR } satisfies SocketAttachment);
  try {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closing');
  } catch {
    // already closed
  }
  if (was.seat !== null && m.meta) presenceChanged(m, { except: ws });
}

/** The connected seats as a key (`"0,2"`), leaving out `except`, a socket being closed. */
export function seatsKey(m: MatchContext, except?: WebSocket): string {
  return seatsKeyOf(m.connectedSeats(except));
}

function seatsKeyOf(seats: Set<number>): string {
  return [...seats].sort((a, b) => a - b).join(',');
}

/**
 * The connected seats changed: every socket (but `except`, a socket being closed) gets its view now,
 * or, within a second of the last push, once at the end of that second, when the seats still differ
 * from that push's; meanwhile `asker` (the socket whose auth frame made the change) gets its own view.
 */
export function presenceChanged(m: MatchContext, who: { asker?: WebSocket; except?: WebSocket }): void {
  const p = m.presence;
  const later = () => {
    if (p.isNews(seatsKey(m))) pushViews(m);
  };
  if (p.changed(m.now(), later) === 'now') pushViews(m, who.except);
  else if (who.asker) {
    sendView(m, who.asker, socketCaller(m, socketAttachment(who.asker)));
  }
}

/** The views built by one push, by caller, so the reply to the change can reuse its caller's. */
export class PushedViews {
  private readonly views = new Map<string, MatchInfo>();

  /** The view built for `caller`, if a socket of the same caller got one. */
  get(caller: Caller): MatchInfo | undefined {
    return this.views.get(PushedViews.key(caller));
  }

  /** Records the view of `caller`. */
  set(caller: Caller, info: MatchInfo): void {
    this.views.set(PushedViews.key(caller), info);
  }

  static key(caller: Caller): string {
    return `${caller.seat}:${caller.host}:${caller.left ?? ''}`;
  }
}

/**
 * Sends every open socket (but `except`) its own MatchInfo (one build per distinct caller). It shows
 * who is connected, so a presence push still pending is dropped. `events`: the change's public
 * events (commit.ts; the same for every socket, as the move reply's), sent with the bot delay so
 * every page replays other seats' moves at the same pace (web/src/lib/replay.ts).
 */
export function pushViews(
  m: MatchContext,
  except?: WebSocket,
  events: readonly GameEvent[] = [],
): PushedViews {
  const views = new PushedViews();
  if (!m.meta) return views;
  const t0 = performance.now();
  try {
    const sockets = m.ctx.getWebSockets().filter((ws) => ws !== except);
    const connected = m.connectedSeats(except);
    m.presence.pushed(m.now(), seatsKeyOf(connected));
    const frames = new Map<string, string>();
    for (const ws of sockets) {
      const caller = socketCaller(m, socketAttachment(ws));
      const key = PushedViews.key(caller);
      let frame = frames.get(key);
      if (!frame) {
        const info = infoFor(m, caller, connected);
        views.set(caller, info);
        const run = events.length > 0 ? { events: [...events] } : {};
        frame = JSON.stringify({
          type: 'info',
          info,
          ...run,
          botDelayMs: m.botDelayMs(),
        } satisfies ServerFrame);
        frames.set(key, frame);
      }
      try {
        ws.send(frame);
      } catch {
        // a closing socket; its close handler cleans up
      }
    }
  } finally {
    m.seams.stats.pushMs += performance.now() - t0;
  }
  return views;
}

/** Tells every socket the match is gone and closes it. */
export function closeAll(m: MatchContext): void {
  for (const ws of m.ctx.getWebSockets()) {
    send(ws, { type: 'deleted' });
    try {
      ws.close(1000, 'match deleted');
    } catch {
      // already closed
    }
  }
}

/**
 * Sends `ws` the view of `caller`, with the bot delay: every page knows the pace of replays before
 * its first move (the move's reply may outrun the push).
 */
export function sendView(m: MatchContext, ws: WebSocket, caller: Caller): void {
  send(ws, { type: 'info', info: infoFor(m, caller), botDelayMs: m.botDelayMs() });
}

export function send(ws: WebSocket, frame: ServerFrame): void {
  try {
    ws.send(JSON.stringify(frame));
  } catch {
    // closing socket
  }
}
