/**
 * The client's frames on a match's WebSocket: it authenticates with its first one, then sends
 * pings, presence and moves; every frame spends from the socket's budget (socket-flow.ts).
 */
import * as v from 'valibot';
import { isJsonObject } from '../protocol/body';
import { type ClientFrame, ClientFrameSchema, frameTooLarge } from '../protocol/frames';
import { hashToken } from '../tokens';
import type { MatchContext } from './context';
import { onPresenceFrame } from './presence';
import { spendFrame } from './socket-flow';
import { moveFrameReply } from './socket-moves';
import {
  MAX_SOCKETS_PER_SEAT,
  presenceChanged,
  type SocketAttachment,
  SPECTATOR,
  seatsKey,
  send,
  sendView,
  socketAttachment,
  socketCaller,
  socketsOf,
} from './sockets';

/**
 * A client frame: `ping`, `presence` (the page is visible and used, or hidden: presence.ts; no
 * answer), `move` (played as the socket's authenticated caller, answered with `moveResult`:
 * socket-moves.ts; true is returned for it, so the caller syncs the alarm), or `auth` with a token that makes the socket a seat's or the host's (refused
 * with an error frame and closed, code 1008, when `MAX_SOCKETS_PER_SEAT` are open for it already).
 * Every frame spends one of the socket's budget (`MAX_FRAMES_PER_WINDOW` per `FRAME_WINDOW_MS` on the
 * match clock): past it, the error frame `socket.rate_limited` and close 1008. Frames over
 * `MAX_FRAME_BYTES` (UTF-8) get `frame.too_large`, binary or malformed ones `frame.invalid`.
 */
export async function onMessage(
  m: MatchContext,
  ws: WebSocket,
  message: string | ArrayBuffer,
): Promise<boolean> {
  if (!spendFrameOf(m, ws)) return false;
  if (frameTooLarge(message)) {
    send(ws, {
      type: 'error',
      error: { code: 'frame.too_large', message: 'Frames are at most 2 KiB (UTF-8).' },
    });
    return false;
  }
  if (typeof message !== 'string') {
    send(ws, { type: 'error', error: { code: 'frame.invalid', message: 'Send JSON text frames.' } });
    return false;
  }
  let frame: Exclude<ClientFrame, { type: 'move' }>;
  try {
    const raw: unknown = JSON.parse(message);
    // A move frame is answered with its move id, also when its move or version is bad (400).
    if (isJsonObject(raw) && raw.type === 'move') {
      send(ws, moveFrameReply(m, socketAttachment(ws).who ?? null, raw));
      return true;
    }
    const parsed = v.safeParse(ClientFrameSchema, raw);
    if (!parsed.success || parsed.output.type === 'move') throw new Error('bad frame');
    frame = parsed.output;
  } catch {
    send(ws, {
      type: 'error',
      error: { code: 'frame.invalid', message: 'Unknown or malformed frame.' },
    });
    return false;
  }
  if (frame.type === 'ping') {
    send(ws, { type: 'pong' });
    return false;
  }
  if (frame.type === 'presence') {
    onPresenceFrame(m, ws, frame.visible);
    return false;
  }
  if (!m.meta) return false;
  const who = await hashToken(frame.token);
  // A player who left authenticates as a watcher of the seat they left (`left`).
  const caller = m.caller(who);
  // Closed for its rate while the token was hashed: its frame is dropped.
  if (socketAttachment(ws).rateLimited) return false;
  if (caller.seat === null && !caller.host && caller.left === undefined) {
    send(ws, {
      type: 'error',
      error: { code: 'auth.bad_token', message: 'This link is not valid for this match.' },
    });
    return false;
  }
  if (socketsOf(m, caller, ws) >= MAX_SOCKETS_PER_SEAT) {
    send(ws, {
      type: 'error',
      error: { code: 'socket.limit', message: 'This seat has too many live connections: close another tab.' },
    });
    ws.close(1008, 'too many connections for this seat');
    return false;
  }
  // Everybody hears of it only when the set of connected seats changes, and then at most once a
  // second (presenceChanged); otherwise (a repeated auth, a second tab of a connected seat, the host)
  // only this socket gets its own view: an auth frame must not make the object rebuild and send
  // every socket's view.
  const before = seatsKey(m);
  const was = socketAttachment(ws);
  ws.serializeAttachment({
    seat: caller.seat,
    host: caller.host,
    ...(caller.left !== undefined ? { left: caller.left } : {}),
    who,
    ...(was.since !== undefined ? { since: was.since } : {}),
    ...(was.frames ? { frames: was.frames } : {}),
    ...(was.presentUntil ? { presentUntil: was.presentUntil } : {}),
  } satisfies SocketAttachment);
  if (seatsKey(m) !== before) presenceChanged(m, { asker: ws });
  else sendView(m, ws, socketCaller(m, socketAttachment(ws)));
  return false;
}

/**
 * Spends one frame of `ws`'s budget (kept in its attachment); false when the frame must be dropped:
 * the socket was over its budget (it is told `socket.rate_limited` and closed with 1008 now, and
 * stops counting as connected) or was already closed for it.
 */
function spendFrameOf(m: MatchContext, ws: WebSocket): boolean {
  const a = socketAttachment(ws);
  if (a.rateLimited) return false;
  const frames = spendFrame(a.frames, m.now());
  if (frames) {
    ws.serializeAttachment({ ...a, frames } satisfies SocketAttachment);
    return true;
  }
  ws.serializeAttachment({ ...SPECTATOR, rateLimited: true } satisfies SocketAttachment);
  send(ws, {
    type: 'error',
    error: { code: 'socket.rate_limited', message: 'Too many frames: reconnect later.' },
  });
  try {
    ws.close(1008, 'too many frames');
  } catch {
    // already closing
  }
  if (a.seat !== null && m.meta) presenceChanged(m, { except: ws });
  return false;
}
