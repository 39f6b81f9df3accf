/**
 * Regression (frame floods): frames had no limits, so one client could flood everyone.
 * Alternating `auth` frames between the host link and a seat changed the connected seats each time,
 * and each change pushed a full MatchInfo to every socket: 200 client frames made 2,000 frames to 10
 * observers. Now every socket has a frame budget (MAX_FRAMES_PER_WINDOW per FRAME_WINDOW_MS on the
 * match clock, kept in its attachment), past which it gets `socket.rate_limited` and close 1008;
 * presence pushes go out at most once a second; and the frame size is counted in UTF-8 bytes.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PRESENCE_PUSH_MS } from '../../worker/match/socket-flow';
import type { SocketAttachment } from '../../worker/match/sockets';
import { MAX_FRAME_BYTES, MAX_FRAMES_PER_WINDOW, type ServerFrame } from '../../worker/protocol/frames';
import { annAndBob, info, openSocket, stubOf, type TestMatch, type TestSocket, until } from './helpers';

const auth = (token: string | null) => JSON.stringify({ type: 'auth', token });
const PING = JSON.stringify({ type: 'ping' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const errors = (s: TestSocket) =>
  s.frames.flatMap((f) => (f.type === 'error' ? [f.error.code] : ([] as string[])));
const count = (s: TestSocket, type: ServerFrame['type']) => s.frames.filter((f) => f.type === type).length;
/** The connected flags of the last MatchInfo a socket received. */
const lastConnected = (s: TestSocket) =>
  s.frames.flatMap((f) => (f.type === 'info' ? [f.info.seats.map((x) => x.connected)] : [])).at(-1);

/** Moves the match object's clock forward by `ms` (test seam; no alarm runs). */
async function tick(m: TestMatch, ms: number): Promise<void> {
  await (stubOf(m) as unknown as { testAdvanceClock(ms: number): Promise<unknown> }).testAdvanceClock(ms);
}

/** `n` spectator sockets on the match, each with its first view. */
async function observers(m: TestMatch, n: number): Promise<TestSocket[]> {
  const out: TestSocket[] = [];
  for (let i = 0; i < n; i++) out.push(await openSocket(m.id));
  await until(() => out.every((o) => o.frames.length === 1), 'every observer’s first view');
  return out;
}

/** Frames the observers received since `base` (their frame counts then). */
const received = (obs: TestSocket[], base: number[]) =>
  obs.reduce((n, o, i) => n + o.frames.length - base[i], 0);

/** A match with 10 observers and a flooding socket (before its first frame); `base`: the observers' frame counts. */
async function floodSetup(seed: string) {
  const m = await annAndBob(seed);
  const obs = await observers(m, 10);
  const flooder = await openSocket(m.id);
  await until(() => flooder.frames.length === 1, 'the flooder’s first view');
  return { m, obs, flooder, base: obs.map((o) => o.frames.length), t0: Date.now() };
}

describe('WebSocket floods', () => {
  it('200 auth frames alternating host and seat: the socket is closed past its budget, observers get next to nothing', async () => {
    const { m, obs, flooder, base, t0 } = await floodSetup('socket-flood');
    for (let i = 0; i < 200; i++) flooder.ws!.send(auth(i % 2 ? m.host : m.seats[0]));
    await until(() => flooder.closed() !== null, 'the flooder closed');
    // The last coalesced presence push, if any, goes out within PRESENCE_PUSH_MS.
    await sleep(PRESENCE_PUSH_MS + 300);
    const seconds = (Date.now() - t0) / 1000;
    const total = received(obs, base);
    console.log(
      `flood: ${total} frames to 10 observers for 200 client frames (${total / 200} per client frame; before: 2,000, 10 per client frame)`,
    );
    // Before: 2,000 (one push per frame to each observer). Now at most one presence push a second.
    for (const [i, o] of obs.entries())
      expect(o.frames.length - base[i]).toBeLessThanOrEqual(1 + Math.ceil(seconds));
    expect(total / 200).toBeLessThan(1);
    expect(flooder.closed()).toBe(1008);
    expect(errors(flooder)).toEqual(['socket.rate_limited']);
    // Each frame within the budget got its answer (its own view); the budget refills by 3 a second
    // while the test runs, and a presence push may have reached the flooder too.
    const answered = count(flooder, 'info') - 1;
    expect(answered).toBeGreaterThanOrEqual(MAX_FRAMES_PER_WINDOW);
    expect(answered).toBeLessThanOrEqual(MAX_FRAMES_PER_WINDOW + 4 * Math.ceil(seconds));
    // Presence is right everywhere: the flooder's seat is not connected.
    for (const o of obs) expect(lastConnected(o)).toEqual([false, false]);
    expect((await info(m)).seats[0].connected).toBe(false);
    for (const o of obs) o.ws!.close(1000);
  });

  it('a flood paced under the frame budget (3 frames a second on the match clock) is coalesced too', async () => {
    const { m, obs, flooder, base, t0 } = await floodSetup('socket-flood-paced');
    const seconds = 20;
    for (let s = 0; s < seconds; s++) {
      for (let k = 0; k < 3; k++) flooder.ws!.send(auth((s * 3 + k) % 2 ? m.host : m.seats[0]));
      await until(() => count(flooder, 'info') >= 1 + (s + 1) * 3, `the answers of second ${s}`);
      await tick(m, 1_000);
    }
    // The flooder ends as the host; the pending push, if any, tells the observers Ann has gone.
    await sleep(PRESENCE_PUSH_MS + 300);
    const realSeconds = (Date.now() - t0) / 1000;
    const total = received(obs, base);
    console.log(
      `paced flood: ${total} frames to 10 observers for ${seconds * 3} client frames (${total / (seconds * 3)} per client frame; before: 10)`,
    );
    expect(flooder.closed()).toBeNull();
    expect(errors(flooder)).toEqual([]);
    // At most one presence push a second (on the match clock, or in real time for a pending push).
    for (const [i, o] of obs.entries())
      expect(o.frames.length - base[i]).toBeLessThanOrEqual(1 + seconds + Math.ceil(realSeconds));
    // One push a second reaches every observer (the first second is within a second of the deal's).
    expect(total).toBeGreaterThanOrEqual(10 * (seconds - 2));
    expect(total).toBeLessThan(10 * seconds * 3);
    for (const o of obs) expect(lastConnected(o)).toEqual([false, false]);
    for (const s of [...obs, flooder]) s.ws!.close(1000);
  });

  it('a player’s client (an auth, then a few frames a second) is never limited; its budget lives in the attachment', async () => {
    const m = await annAndBob('socket-legit');
    const s = await openSocket(m.id);
    s.ws!.send(auth(m.seats[0]));
    await until(() => s.frames.some((f) => f.type === 'info' && f.info.you.seat === 0), 'Ann’s view');
    // 3 frames a second for a minute of the match clock: 180 frames, far more than one burst.
    for (let sec = 0; sec < 60; sec++) {
      for (let k = 0; k < 2; k++) s.ws!.send(PING);
      s.ws!.send(sec % 10 === 0 ? auth(m.seats[0]) : PING);
      await until(() => s.frames.length >= 2 + (sec + 1) * 3, `second ${sec}`);
      await tick(m, 1_000);
    }
    expect(errors(s)).toEqual([]);
    expect(s.closed()).toBeNull();
    // A whole burst at once is fine after a quiet window, and the frame after it is one too many.
    await tick(m, 10_000);
    for (let i = 0; i < MAX_FRAMES_PER_WINDOW; i++) s.ws!.send(PING);
    await until(() => count(s, 'pong') >= 174 + MAX_FRAMES_PER_WINDOW, 'the burst’s pongs');
    expect(errors(s)).toEqual([]);
    // The budget is in the socket's attachment (it survives hibernation), spent down by the burst.
    const attachments = await runInDurableObject(stubOf(m), (_i, state) =>
      state.getWebSockets().map((ws) => ws.deserializeAttachment() as SocketAttachment),
    );
    const ann = attachments.find((a) => a.seat === 0)!;
    expect(ann.frames!.credit).toBeLessThan(1);
    for (let i = 0; i < 5; i++) s.ws!.send(PING);
    await until(() => s.closed() !== null, 'the close');
    expect(s.closed()).toBe(1008);
    expect(errors(s)).toEqual(['socket.rate_limited']);
  });

  it('presence still reaches observers, coalesced: quick changes make one push a second at most', async () => {
    const m = await annAndBob('socket-presence');
    const [o] = await observers(m, 1);
    const t0 = Date.now();
    const ann = await openSocket(m.id);
    ann.ws!.send(auth(m.seats[0]));
    const bob = await openSocket(m.id);
    bob.ws!.send(auth(m.seats[1]));
    await until(() => bob.frames.some((f) => f.type === 'info' && f.info.you.seat === 1), 'Bob’s own view');
    await until(() => ann.frames.some((f) => f.type === 'info' && f.info.you.seat === 0), 'Ann’s own view');
    await until(() => lastConnected(o)?.join() === 'true,true', 'the observer sees both connected');
    ann.ws!.close(1000);
    await until(() => lastConnected(o)?.join() === 'false,true', 'the observer sees Ann gone');
    const seconds = (Date.now() - t0) / 1000;
    // Three changes; at most one push each second (the first may go out at once).
    expect(o.frames.length - 1).toBeLessThanOrEqual(Math.min(3, 1 + Math.ceil(seconds)));
    for (const s of [o, bob]) s.ws!.close(1000);
  });
});

describe('WebSocket frame size', () => {
  it('counts UTF-8 bytes: a 2,048-unit emoji frame is too large, a 2,000-byte ASCII frame passes', async () => {
    const m = await annAndBob('socket-frame-bytes');
    const s = await openSocket(m.id);
    const padded = (bytes: number) => PING + ' '.repeat(bytes - PING.length);
    const emoji = '😀'.repeat(MAX_FRAME_BYTES / 2);
    expect(emoji.length).toBe(MAX_FRAME_BYTES);
    s.ws!.send(emoji);
    await until(() => errors(s).length === 1, 'the emoji frame’s refusal');
    expect(errors(s)).toEqual(['frame.too_large']);
    s.ws!.send(padded(2_000));
    s.ws!.send(padded(MAX_FRAME_BYTES));
    await until(() => count(s, 'pong') === 2, 'two pongs');
    s.ws!.send(padded(MAX_FRAME_BYTES + 1));
    s.ws!.send(new Uint8Array(MAX_FRAME_BYTES + 1));
    s.ws!.send(new Uint8Array(8));
    await until(() => errors(s).length === 4, 'three more refusals');
    expect(errors(s)).toEqual(['frame.too_large', 'frame.too_large', 'frame.too_large', 'frame.invalid']);
    expect(s.closed()).toBeNull();
    s.ws!.close(1000);
  });
});
