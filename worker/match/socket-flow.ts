/**
 * Flow control for the match's WebSockets, so one client cannot flood everyone: the per-socket frame
 * budget (kept in the socket's attachment, so it survives hibernation) and the coalescing of the
 * pushes that only tell who is connected (in memory, see `PresencePushes`). No platform calls here:
 * sockets.ts reads and writes the attachments and sends the frames.
 */
import { FRAME_WINDOW_MS, MAX_FRAMES_PER_WINDOW } from '../protocol/frames';

/** A socket's frame budget: `credit` frames left (fractional while it refills) as of `atMs` (ms since the epoch). */
export interface FrameCredit {
  credit: number;
  atMs: number;
}

/**
 * Spends one frame of `budget` at `nowMs` (the match clock): the budget after the frame, or null when
 * the socket has no whole frame left. A token bucket: a new socket (`budget` undefined) may send
 * `MAX_FRAMES_PER_WINDOW` frames at once, and the budget refills by as many per `FRAME_WINDOW_MS`.
 */
export function spendFrame(budget: FrameCredit | undefined, nowMs: number): FrameCredit | null {
  const elapsed = budget ? Math.max(0, nowMs - budget.atMs) : 0;
  const refill = (elapsed * MAX_FRAMES_PER_WINDOW) / FRAME_WINDOW_MS;
  const credit = Math.min(MAX_FRAMES_PER_WINDOW, (budget?.credit ?? MAX_FRAMES_PER_WINDOW) + refill);
  if (credit < 1) return null;
  return { credit: credit - 1, atMs: nowMs };
}

/** The shortest time between two pushes caused by a presence change (ms). */
export const PRESENCE_PUSH_MS = 1_000;

/**
 * When the pushes that only change who is connected (an `auth` frame, a closed socket) go out: at
 * once when the last push of any kind is at least `PRESENCE_PUSH_MS` old, otherwise once, at the end
 * of that second, and only when the connected seats then differ from the last push's. A push caused
 * by a change (commit.ts) goes out at once and makes a pending presence push unnecessary.
 *
 * In memory only, by design: a schedule row would cost a row written per presence change. The timer
 * is at most `PRESENCE_PUSH_MS` long, and a Durable Object never hibernates while a `setTimeout` is
 * pending, so hibernation loses no push; after a wake-up the first presence change pushes at once.
 */
export class PresencePushes {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastAtMs = Number.NEGATIVE_INFINITY;
  private lastSeats: string | null = null;

  /** A push went out at `nowMs` showing `seats` connected (a key, see sockets.ts): a pending presence push is dropped. */
  pushed(nowMs: number, seats: string): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastAtMs = nowMs;
    this.lastSeats = seats;
  }

  /**
   * The connected seats changed at `nowMs`: `now` when the caller should push at once; otherwise
   * `later`: `push` runs at the end of the second (planned here, once for any number of changes) and
   * the caller answers only the socket that asked.
   */
  changed(nowMs: number, push: () => void): 'now' | 'later' {
    const wait = this.lastAtMs + PRESENCE_PUSH_MS - nowMs;
    // The match clock decides (a late timer, or the test clock, never holds a push back).
    if (wait <= 0) return 'now';
    if (this.timer) return 'later';
    this.timer = setTimeout(() => {
      this.timer = null;
      try {
        push();
      } catch (e) {
        // Outside any request: a failure must not break the object (the next change pushes again).
        console.error('presence push failed', e);
      }
    }, wait);
    return 'later';
  }

  /** Whether `seats` differ from what the last push showed (a flood that ends where it began tells nothing). */
  isNews(seats: string): boolean {
    return seats !== this.lastSeats;
  }
}
