/**
 * The match's WebSockets (Hibernation API): the upgrade, the client's frames (it authenticates with
 * its first one), closing, and the fan-out that sends every socket its own MatchInfo after a change.
 * Each socket's attachment says who it is, so the fan-out survives hibernation.
 */
import * as v from 'valibot';
import type { MatchInfo } from '../protocol';
import { type ClientFrame, ClientFrameSchema, MAX_FRAME_BYTES, type ServerFrame } from '../protocol';
import { NOT_FOUND } from '../reply';
import { hashToken } from '../tokens';
import type { Caller, MatchContext } from './context';
import { infoFor } from './views';

/** Who a socket belongs to (a seat, the host, or a spectator before it authenticates). */
export interface SocketAttachment {
  seat: number | null;
  host: boolean;
  /** When the socket was accepted (ms since the epoch; missing on older sockets). */
  since?: number;
  /** Told to make room for a newer unauthenticated socket (it polls instead). */
  evicted?: true;
}

const SPECTATOR: SocketAttachment = { seat: null, host: false };

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
/** Sockets authenticated as one seat (or as the host without a seat); a further auth frame is refused. */
export const MAX_SOCKETS_PER_SEAT = 4;

/**
 * Open sockets whose attachment is `who`'s (by seat, or host-only / spectator when the seat is null),
 * leaving out `except`. Counted from the attachments: a socket's tags are fixed when it is accepted,
 * before it authenticates.
 */
function socketsOf(m: MatchContext, who: SocketAttachment, except?: WebSocket): number {
  let n = 0;
  for (const ws of m.ctx.getWebSockets()) {
    if (ws === except) continue;
    const a = socketAttachment(ws);
    if (who.seat !== null ? a.seat === who.seat : a.seat === null && a.host === who.host) n++;
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
  // Unauthenticated sockets still open (one already told to go is marked `evicted`).
  const waiting = m.ctx.getWebSockets().filter((ws) => {
    const a = socketAttachment(ws);
    return a.seat === null && !a.host && !a.evicted;
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
  send(server, { type: 'info', info: infoFor(m, { seat: null, host: false }) });
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * A client frame: `ping`, or `auth` with a token that makes the socket a seat's or the host's (refused
 * with an error frame and closed, code 1008, when `MAX_SOCKETS_PER_SEAT` are open for it already).
 */
export async function onMessage(
  m: MatchContext,
  ws: WebSocket,
  message: string | ArrayBuffer,
): Promise<void> {
  if (typeof message !== 'string' || message.length > MAX_FRAME_BYTES) {
    send(ws, {
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
    send(ws, {
      type: 'error',
      error: { code: 'frame.invalid', message: 'Unknown or malformed frame.' },
    });
    return;
  }
  if (frame.type === 'ping') {
    send(ws, { type: 'pong' });
    return;
  }
  if (!m.meta) return;
  const caller = m.caller(await hashToken(frame.token));
  if (caller.seat === null && !caller.host) {
    send(ws, {
      type: 'error',
      error: { code: 'auth.bad_token', message: 'This link is not valid for this match.' },
    });
    return;
  }
  if (socketsOf(m, caller, ws) >= MAX_SOCKETS_PER_SEAT) {
    send(ws, {
      type: 'error',
      error: { code: 'socket.limit', message: 'This seat has too many live connections: close another tab.' },
    });
    ws.close(1008, 'too many connections for this seat');
    return;
  }
  // Everybody hears of it only when the set of connected seats changes; otherwise (a repeated auth,
  // a second tab of a connected seat, the host) only this socket gets its own view: an auth frame
  // must not make the object rebuild and send every socket's view.
  const seatsKey = () => [...m.connectedSeats()].sort((a, b) => a - b).join(',');
  const before = seatsKey();
  const was = socketAttachment(ws);
  ws.serializeAttachment({
    seat: caller.seat,
    host: caller.host,
    ...(was.since !== undefined ? { since: was.since } : {}),
  } satisfies SocketAttachment);
  if (seatsKey() !== before) pushViews(m);
  else send(ws, { type: 'info', info: infoFor(m, caller) });
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
  if (was.seat !== null && m.meta) pushViews(m, ws);
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
    return `${caller.seat}:${caller.host}`;
  }
}

/** Sends every open socket (but `except`) its own MatchInfo (one build per distinct caller). */
export function pushViews(m: MatchContext, except?: WebSocket): PushedViews {
  const views = new PushedViews();
  if (!m.meta) return views;
  const t0 = performance.now();
  try {
    const sockets = m.ctx.getWebSockets().filter((ws) => ws !== except);
    const connected = m.connectedSeats(except);
    const frames = new Map<string, string>();
    for (const ws of sockets) {
      const a = socketAttachment(ws);
      const caller = { seat: a.seat, host: a.host };
      const key = PushedViews.key(caller);
      let frame = frames.get(key);
      if (!frame) {
        const info = infoFor(m, caller, connected);
        views.set(caller, info);
        frame = JSON.stringify({ type: 'info', info } satisfies ServerFrame);
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

function send(ws: WebSocket, frame: ServerFrame): void {
  try {
    ws.send(JSON.stringify(frame));
  } catch {
    // closing socket
  }
}
