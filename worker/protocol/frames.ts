/**
 * The WebSocket's frames: the size and rate limits of what a client sends, the client frames
 * (`move`, `auth`, `ping`, `presence`) and the frames the server sends.
 */
import * as v from 'valibot';
import type { GameEvent } from '../engine/index';
import type { ChatMessage } from './chat';
import { TokenSchema } from './fields';
import { moveRequestEntries } from './moves';
import type { MatchInfo } from './views';

/** Largest WebSocket frame accepted from a client, in bytes (UTF-8 for text frames); larger ones get `frame.too_large`. */
export const MAX_FRAME_BYTES = 2 * 1024;
/**
 * Frames one WebSocket may send per `FRAME_WINDOW_MS` (a burst of this many, then refilled evenly:
 * 3 a second). Past it the socket gets the error frame `socket.rate_limited` and is closed (1008).
 */
export const MAX_FRAMES_PER_WINDOW = 30;
/** The window of `MAX_FRAMES_PER_WINDOW`, in ms. */
export const FRAME_WINDOW_MS = 10_000;
/**
 * Socket `move` frames one seat may send per `MOVE_WINDOW_MS`: the HTTP move limit's numbers
 * (wrangler.toml `MOVE_LIMITER`, 120 per 60 s per client), counted by the match's Durable Object
 * since the Worker's limiter never sees socket frames. Past it: `moveResult` 429 `rate.limited`.
 */
export const MAX_SOCKET_MOVES_PER_WINDOW = 120;
/** The window of `MAX_SOCKET_MOVES_PER_WINDOW`, in ms (the limiter's period). */
export const MOVE_WINDOW_MS = 60_000;

/**
 * Whether a client frame is over `MAX_FRAME_BYTES`, counted in bytes: a text frame's UTF-8 length
 * (an emoji is 2 UTF-16 units but 4 bytes), a binary frame's byte length.
 */
export function frameTooLarge(frame: string | ArrayBuffer): boolean {
  if (typeof frame !== 'string') return frame.byteLength > MAX_FRAME_BYTES;
  // UTF-8 takes one to three bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units), so
  // only text in between needs encoding.
  if (frame.length > MAX_FRAME_BYTES) return true;
  if (frame.length * 3 <= MAX_FRAME_BYTES) return false;
  return new TextEncoder().encode(frame).byteLength > MAX_FRAME_BYTES;
}

/**
 * The socket's `move` frame: the body of `POST /moves` with `type: 'move'`, played through
 * the same path (worker/match/socket-moves.ts) and answered with a `moveResult` frame.
 */
export const MoveFrameSchema = v.strictObject({ type: v.literal('move'), ...moveRequestEntries });

/** A frame from a WebSocket client. */
export const ClientFrameSchema = v.variant('type', [
  MoveFrameSchema,
  v.strictObject({ type: v.literal('auth'), token: TokenSchema }),
  v.strictObject({ type: v.literal('ping') }),
  // -- presence --
  /** The page is visible and was just used (`true`), or hidden (`false`): worker/match/presence.ts. */
  v.strictObject({ type: v.literal('presence'), visible: v.boolean() }),
]);
export type ClientFrame = v.InferOutput<typeof ClientFrameSchema>;

/** A frame the server sends on a WebSocket. */
export type ServerFrame =
  /**
   * The socket's own view after a change. `events`: the change's public events in play order (a
   * human's move and the bots' run after it, as the move reply's `events`; missing when the push
   * only tells who is connected); `botDelayMs`: the pace (ms) at which pages replay other seats' moves.
   */
  | { type: 'info'; info: MatchInfo; events?: GameEvent[]; botDelayMs?: number }
  | { type: 'error'; error: { code: string; message: string } }
  | { type: 'pong' }
  | { type: 'deleted' }
  /** A new chat message, or one deleted or hidden (only to sockets allowed to read the chat). */
  | { type: 'chat'; message: ChatMessage }
  /**
   * The answer to the socket's `move` frame `moveId`: the status and body `POST /moves`
   * would answer (`{info, events, replayed?}`, or `{error, info?}`).
   */
  | { type: 'moveResult'; moveId: string; status: number; body: unknown };
