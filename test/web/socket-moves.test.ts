// @vitest-environment happy-dom
/**
 * The page's moves over the socket: with an authenticated socket a move goes as a `move`
 * frame and its `moveResult` answers it (no HTTP call); with no answer in time, or a socket that closes
 * first, the same move (same id and version) goes over HTTP; a refusal in a `moveResult` is shown like
 * the HTTP one; without an authenticated socket the move goes over HTTP at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MatchSession, SOCKET_MOVE_MS } from '../../web/src/lib/session';
import { FakeSocket } from './fake-socket';
import { info, view } from './fixtures';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const ROLL = { type: 'play', card: 'roll' } as const;
/** The bodies of the POSTs the page made to /moves. */
let posts: Array<{ version: number; moveId: string; move: unknown }> = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  FakeSocket.all = [];
  posts = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/moves')) {
        posts.push(JSON.parse(String(init?.body)));
        return Response.json({ info: info(view({ version: 8 })), events: [], replayed: true });
      }
      return Response.json(info(view({ version: 7 })));
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A started session at version 7; `auth`: its socket is open and the server accepted its auth frame. */
async function session(auth = true): Promise<{ s: MatchSession; ws: FakeSocket }> {
  const s = new MatchSession(ID, 'tok');
  s.start();
  await vi.advanceTimersByTimeAsync(0);
  const ws = FakeSocket.all[0];
  if (auth) {
    ws.open();
    ws.frame({ type: 'info', info: info(view({ version: 7 })) });
  }
  return { s, ws };
}

/** The move frames the page sent on `ws`. */
const moveFrames = (ws: FakeSocket) =>
  ws.sent.map((f) => JSON.parse(f)).filter((f: { type: string }) => f.type === 'move');

describe('moves over the socket', () => {
  it('an authenticated socket carries the move; its moveResult answers it without HTTP', async () => {
    const { s, ws } = await session();
    const sent = s.sendMove(ROLL);
    expect(s.pending.value).toEqual(ROLL);
    const [frame] = moveFrames(ws);
    expect(frame).toMatchObject({ type: 'move', version: 7, move: ROLL });
    ws.frame({
      type: 'moveResult',
      moveId: 'another',
      status: 200,
      body: { info: info(view({ version: 9 })) },
    });
    ws.frame({
      type: 'moveResult',
      moveId: frame.moveId,
      status: 200,
      body: { info: info(view({ version: 8 })) },
    });
    expect(await sent).toBe(true);
    expect(s.info.value?.view?.version).toBe(8);
    expect(s.pending.value).toBeNull();
    expect(posts).toEqual([]);
    s.stop();
  });

  it('no answer in time: the same move id and version go over HTTP', async () => {
    const { s, ws } = await session();
    const sent = s.sendMove(ROLL);
    const [frame] = moveFrames(ws);
    await vi.advanceTimersByTimeAsync(SOCKET_MOVE_MS - 100);
    expect(posts).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(await sent).toBe(true);
    expect(posts).toEqual([{ version: 7, moveId: frame.moveId, move: ROLL }]);
    expect(s.info.value?.view?.version).toBe(8);
    // A late answer changes nothing.
    ws.frame({
      type: 'moveResult',
      moveId: frame.moveId,
      status: 200,
      body: { info: info(view({ version: 8 })) },
    });
    expect(posts).toHaveLength(1);
    s.stop();
  });

  it('the socket closes before the answer: the same move goes over HTTP at once', async () => {
    const { s, ws } = await session();
    const sent = s.sendMove(ROLL);
    const [frame] = moveFrames(ws);
    ws.closed(1006);
    expect(await sent).toBe(true);
    expect(posts).toEqual([{ version: 7, moveId: frame.moveId, move: ROLL }]);
    s.stop();
  });

  it('a refusal in the moveResult is shown as the HTTP one (a stale version takes the new info)', async () => {
    const { s, ws } = await session();
    const sent = s.sendMove(ROLL);
    const [frame] = moveFrames(ws);
    ws.frame({
      type: 'moveResult',
      moveId: frame.moveId,
      status: 409,
      body: { error: { code: 'version.stale', message: 'stale' }, info: info(view({ version: 10 })) },
    });
    expect(await sent).toBe(false);
    expect(s.error.value?.code).toBe('stale');
    expect(s.info.value?.view?.version).toBe(10);
    expect(posts).toEqual([]);
    s.stop();
  });

  it('before the server accepts the auth frame, moves go over HTTP', async () => {
    const { s, ws } = await session(false);
    s.accept(info(view({ version: 7 })));
    ws.open();
    expect(await s.sendMove(ROLL)).toBe(true);
    expect(moveFrames(ws)).toEqual([]);
    expect(posts).toHaveLength(1);
    s.stop();
  });
});
