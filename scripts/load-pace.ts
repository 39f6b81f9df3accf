/**
 * The load test's scripted humans keep their sockets within the server's allowances:
 * past a socket's frame budget the server closes it (`socket.rate_limited`, 1008) and drops the move
 * frame, past a seat's socket moves it answers 429. Either is the server doing its job, yet the move
 * then waits `ANSWER_MS` and is retried: the latencies, the retries and the reconnections would
 * measure the script's own pace. A page moves over HTTP while its socket has no room.
 */
import {
  FRAME_WINDOW_MS,
  MAX_FRAMES_PER_WINDOW,
  MAX_SOCKET_MOVES_PER_WINDOW,
  MOVE_WINDOW_MS,
} from '../worker/protocol/frames';

/** Frames sent on one socket, and socket moves of one seat, over sliding windows (ms since the epoch). */
export class SocketPace {
  /** Frame times on the current socket (its budget starts with it). */
  private frames: number[] = [];
  /** Socket move times of the seat (all its sockets). */
  private moves: number[] = [];

  /** A new socket: its `auth` frame at `now`. */
  opened(now: number): void {
    this.frames = [now];
  }

  /**
   * Whether a move frame at `now` stays well within both allowances: two thirds of the frame budget
   * per window (the budget refills at its own pace, and frames may arrive bunched) and 100 of the
   * 120 socket moves a minute.
   */
  hasRoom(now: number): boolean {
    this.frames = this.frames.filter((t) => now - t < FRAME_WINDOW_MS);
    this.moves = this.moves.filter((t) => now - t < MOVE_WINDOW_MS);
    return (
      this.frames.length < Math.floor((MAX_FRAMES_PER_WINDOW * 2) / 3) &&
      this.moves.length < MAX_SOCKET_MOVES_PER_WINDOW - 20
    );
  }

  /** A move frame sent at `now`. */
  sent(now: number): void {
    this.frames.push(now);
    this.moves.push(now);
  }
}
