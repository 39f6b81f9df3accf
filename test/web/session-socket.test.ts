// @vitest-environment happy-dom
/**
 * MatchSession's WebSocket life with a fake socket and fake timers: a socket the server refuses for
 * its limit (`socket.limit` frame, close 1008, upgrades that keep failing while HTTP answers) is not
 * tried again for minutes while the page polls; the reconnect backoff starts afresh only once a socket
 * is authenticated, not when it opens. A socket closed for too many frames (`socket.rate_limited`)
 * waits as long, without the notice.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMIT_BACKOFF_MS, MatchSession } from '../../web/src/lib/session';
import { FakeSocket } from './fake-socket';
import { info } from './fixtures';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';

const spectator = () => info(null, { you: { seat: null, host: false } });
const seat0 = () => info(null, { you: { seat: 0, host: false } });
let gets = 0;
let serverUp = true;
/** The link was revoked: GETs answer a spectator's view. */
let revoked = false;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  FakeSocket.all = [];
  gets = 0;
  serverUp = true;
  revoked = false;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!serverUp) throw new TypeError('Failed to fetch');
      if (String(url).includes('/log')) return Response.json({ events: [] });
      gets++;
      return revoked
        ? Response.json(spectator(), { headers: { etag: '"v1-y"' } })
        : Response.json(seat0(), { headers: { etag: '"v1-x"' } });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Starts a session and lets its first GET and its first socket happen. */
async function started(token: string | null = 'tok'): Promise<MatchSession> {
  const s = new MatchSession(ID, token);
  s.start();
  await vi.advanceTimersByTimeAsync(0);
  expect(FakeSocket.all).toHaveLength(1);
  return s;
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1];

/** The server refuses the auth frame of the newest socket the way worker/match/sockets.ts does. */
function refuseAuth(): void {
  const ws = last();
  ws.open();
  ws.frame({ type: 'info', info: spectator() });
  ws.frame({ type: 'error', error: { code: 'socket.limit', message: 'too many' } });
  ws.closed(1008);
}

/** The server closes the newest socket for sending too many frames. */
function rateLimit(): void {
  last().frame({ type: 'error', error: { code: 'socket.rate_limited', message: 'too many frames' } });
  last().closed(1008);
}

describe('MatchSession and the socket limit', () => {
  it('a socket.limit refusal: no new socket for minutes (growing), polling every few seconds, a notice', async () => {
    const s = await started();
    refuseAuth();
    expect(JSON.parse(last().sent[0])).toEqual({ type: 'auth', token: 'tok' });
    expect(s.limited.value).toBe(true);
    expect(s.status.value).toBe('polling');

    const before = gets;
    await vi.advanceTimersByTimeAsync(LIMIT_BACKOFF_MS - 5_000);
    expect(FakeSocket.all).toHaveLength(1);
    // Polls go on at the usual pace (5 s), not faster.
    expect(gets - before).toBeGreaterThanOrEqual(20);
    expect(gets - before).toBeLessThanOrEqual(24);
    // Focus, visibility and "online" do not bring the socket back early.
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.all).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.all).toHaveLength(2);
    refuseAuth();
    // The second refusal waits twice as long.
    await vi.advanceTimersByTimeAsync(2 * LIMIT_BACKOFF_MS - 1_000);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeSocket.all).toHaveLength(3);

    // Accepted at last (another tab was closed): live again, and a later loss reconnects quickly.
    last().open();
    last().frame({ type: 'info', info: spectator() });
    last().frame({ type: 'info', info: seat0() });
    expect(s.limited.value).toBe(false);
    expect(s.status.value).toBe('live');
    last().closed(1006);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(FakeSocket.all).toHaveLength(4);
    s.stop();
  });

  it('a socket closed for too many frames: no tight reconnect loop, polling meanwhile, no tabs notice', async () => {
    const s = await started();
    last().open();
    last().frame({ type: 'info', info: seat0() });
    expect(s.status.value).toBe('live');
    rateLimit();
    expect([s.limited.value, s.status.value]).toEqual([false, 'polling']);
    const polled = gets;
    // Minutes of polling (every 5 s), then one new socket.
    for (const [wait, sockets] of [
      [LIMIT_BACKOFF_MS - 1_000, 1],
      [2_000, 2],
    ]) {
      await vi.advanceTimersByTimeAsync(wait);
      expect(FakeSocket.all).toHaveLength(sockets);
    }
    expect(gets - polled).toBeGreaterThanOrEqual(20);
    // Limited again at once: the next wait doubles.
    last().open();
    rateLimit();
    await vi.advanceTimersByTimeAsync(2 * LIMIT_BACKOFF_MS - 1_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(s.limited.value).toBe(false);
    s.stop();
  });

  it('a close with code 1008 alone counts as the limit too', async () => {
    const s = await started();
    last().open();
    last().closed(1008);
    expect(s.limited.value).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    s.stop();
  });

  it('the backoff grows while sockets open but are dropped before their auth is answered', async () => {
    const s = await started();
    const times: number[] = [];
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) {
      const n = FakeSocket.all.length;
      last().open();
      last().frame({ type: 'info', info: spectator() }); // the spectator view, before the auth frame's answer
      last().closed(1006);
      while (FakeSocket.all.length === n) await vi.advanceTimersByTimeAsync(250);
      times.push(Date.now() - t0);
    }
    const gaps = times.map((t, i) => t - (times[i - 1] ?? 0));
    expect(gaps[0]).toBeLessThanOrEqual(1_250);
    expect(gaps[4]).toBeGreaterThanOrEqual(15_000);
    expect(s.limited.value).toBe(false);
    s.stop();
  });

  it('a spectator (no token) counts as accepted on its first info frame', async () => {
    const s = await started(null);
    for (let i = 0; i < 3; i++) {
      const n = FakeSocket.all.length;
      last().open();
      last().frame({ type: 'info', info: spectator() });
      last().closed(1006);
      await vi.advanceTimersByTimeAsync(1_100);
      expect(FakeSocket.all).toHaveLength(n + 1);
    }
    s.stop();
  });

  it('upgrades that fail twice while HTTP answers count as the limit; without a network they do not', async () => {
    const s = await started(null);
    last().fail();
    await vi.advanceTimersByTimeAsync(1_100);
    expect(FakeSocket.all).toHaveLength(2);
    last().fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.limited.value).toBe(true);
    await vi.advanceTimersByTimeAsync(LIMIT_BACKOFF_MS - 10_000);
    expect(FakeSocket.all).toHaveLength(2);
    s.stop();

    FakeSocket.all = [];
    const offline = await started(null);
    serverUp = false;
    const t0 = Date.now();
    for (let i = 0; i < 4; i++) {
      last().fail();
      while (FakeSocket.all.length === i + 1) await vi.advanceTimersByTimeAsync(500);
    }
    expect(offline.limited.value).toBe(false);
    expect(Date.now() - t0).toBeLessThan(30_000);
    offline.stop();
  });
});

describe('MatchSession and answers that cross on the wire', () => {
  it('a GET answer older than a socket frame never replaces it (a seat handed to the computer keeps the version)', async () => {
    const s = await started();
    // The socket's open asks over HTTP too; hold that answer back.
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).includes('/log')) return Response.json({ events: [] });
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    const ws = last();
    ws.open();
    const before = seat0();
    // The server hands Bob's seat to the computer: same view version, the seat row changed.
    const after = seat0();
    after.seats[1] = { ...after.seats[1], botStandIn: true };
    ws.frame({ type: 'info', info: after });
    expect(s.info.value?.seats[1].botStandIn).toBe(true);
    // The GET made before the change answers late, with the old seats.
    answer(Response.json(before, { headers: { etag: '"v1-old"' } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.info.value?.seats[1].botStandIn).toBe(true);
    // A GET made after the frame is taken as usual.
    const later = seat0();
    later.seats[1] = { ...later.seats[1], botStandIn: false };
    const refreshed = s.refresh();
    answer(Response.json(later, { headers: { etag: '"v1-new"' } }));
    await refreshed;
    expect(s.info.value?.seats[1].botStandIn).toBe(false);
    s.stop();
  });
});

describe('MatchSession and presence (lib/presence.ts)', () => {
  it('tells the server the page is looked at: a frame after auth and on visibility, ?present=1 on polls', async () => {
    const setVisibility = (v: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => v });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    const s = await started();
    window.dispatchEvent(new Event('keydown'));
    last().open();
    expect(last().sent.map((x) => JSON.parse(x))).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'presence', visible: true },
    ]);
    setVisibility('hidden');
    expect(JSON.parse(last().sent.at(-1)!)).toEqual({ type: 'presence', visible: false });
    setVisibility('visible');
    expect(JSON.parse(last().sent.at(-1)!)).toEqual({ type: 'presence', visible: true });

    // Without a socket, the polls say it while the page is used, and stop saying it a minute later.
    last().closed(1006);
    const urls = () => vi.mocked(fetch).mock.calls.map((c) => String(c[0]));
    const before = urls().length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(urls().slice(before)).toContain(`/api/matches/${ID}?present=1`);
    await vi.advanceTimersByTimeAsync(60_000);
    const late = urls().length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(urls().slice(late)).toContain(`/api/matches/${ID}`);
    expect(urls().slice(late)).not.toContain(`/api/matches/${ID}?present=1`);
    s.stop();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('a socket whose link lost rights (auth.changed, close 4003): asks over HTTP at once, a new socket within a second', async () => {
    const s = await started();
    last().open();
    last().frame({ type: 'info', info: seat0() });
    expect(s.status.value).toBe('live');
    const polled = gets;
    last().frame({ type: 'error', error: { code: 'auth.changed', message: 'changed' } });
    last().closed(4003);
    await vi.advanceTimersByTimeAsync(0);
    expect(gets).toBe(polled + 1);
    expect(s.limited.value).toBe(false);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(FakeSocket.all).toHaveLength(2);
    // The new socket authenticates again with the same link; the server says what it may do now.
    last().open();
    expect(JSON.parse(last().sent[0])).toEqual({ type: 'auth', token: 'tok' });
    s.stop();
  });

  it('a revoked seat link (auth.changed, then a spectator’s answer over HTTP): the page keeps no hand', async () => {
    const s = await started();
    last().open();
    last().frame({ type: 'info', info: seat0() });
    expect(s.info.value?.you.seat).toBe(0);
    // A spectator's answer without the server's word is another identity's: it does not replace the seat.
    s.accept(spectator());
    expect(s.info.value?.you.seat).toBe(0);
    revoked = true;
    last().frame({ type: 'error', error: { code: 'auth.changed', message: 'changed' } });
    last().closed(4003);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.info.value?.you.seat).toBeNull();
    s.stop();
  });
});
