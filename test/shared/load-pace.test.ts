/** The load test's socket pace (scripts/load-pace.ts): a page's socket stays within the server's allowances. */
import { describe, expect, it } from 'vitest';
import { SocketPace } from '../../scripts/load-pace';
import {
  FRAME_WINDOW_MS,
  MAX_FRAMES_PER_WINDOW,
  MAX_SOCKET_MOVES_PER_WINDOW,
} from '../../worker/protocol/frames';

describe('SocketPace', () => {
  it('keeps a socket under its frame budget, and has room again once the window has passed', () => {
    const p = new SocketPace();
    p.opened(0);
    let n = 1; // the auth frame
    while (p.hasRoom(100)) {
      p.sent(100);
      n++;
    }
    expect(n).toBeLessThan(MAX_FRAMES_PER_WINDOW);
    expect(n).toBeGreaterThan(MAX_FRAMES_PER_WINDOW / 2);
    expect(p.hasRoom(100 + FRAME_WINDOW_MS)).toBe(true);
  });

  it('keeps a seat under its socket moves a minute, across new sockets', () => {
    const p = new SocketPace();
    let moves = 0;
    for (let t = 0; t < 60_000; t += 10) {
      if (t % 5_000 === 0) p.opened(t); // a new socket every 5 s: a fresh frame budget
      if (p.hasRoom(t)) {
        p.sent(t);
        moves++;
      }
    }
    expect(moves).toBeLessThan(MAX_SOCKET_MOVES_PER_WINDOW);
    expect(moves).toBeGreaterThan(MAX_SOCKET_MOVES_PER_WINDOW / 2);
  });
});
