/**
 * Regression: nothing limited the WebSockets of a match (500 spectator sockets slowed every move from
 * ~15 ms to ~100 ms). At most MAX_SPECTATOR_SOCKETS unauthenticated sockets per match (a further
 * upgrade gets 429 `socket.limit`, JSON) and MAX_SOCKETS_PER_SEAT per seat (a further auth frame
 * gets an error frame and the socket is closed); a refusal changes nothing for the others.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_SEAT, MAX_SPECTATOR_SOCKETS } from '../../worker/match/sockets';
import type { ServerFrame } from '../../worker/protocol';
import { annAndBob, move, ORIGIN, worker } from './helpers';

/** A test socket: the frames it received and its close code (`ws` null when the upgrade was refused). */
interface TestSocket {
  ws: WebSocket | null;
  res: Response;
  frames: ServerFrame[];
  closed: () => number | null;
}

/** Opens a socket on the match. */
async function open(matchId: string): Promise<TestSocket> {
  const res = await worker().fetch(`${ORIGIN}/api/matches/${matchId}/ws`, {
    headers: { Upgrade: 'websocket' },
  });
  const frames: ServerFrame[] = [];
  let closed: number | null = null;
  if (res.status !== 101) return { ws: null, res, frames, closed: () => closed };
  const ws = res.webSocket!;
  ws.accept();
  ws.addEventListener('message', (e: MessageEvent) => {
    frames.push(JSON.parse(e.data as string));
  });
  ws.addEventListener('close', (e: CloseEvent) => {
    closed = e.code;
  });
  return { ws, res, frames, closed: () => closed };
}

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('WebSocket limits per match', () => {
  it('refuses a spectator upgrade beyond the limit with 429 JSON; an authenticated seat frees a place', async () => {
    const m = await annAndBob('socket-spectators');
    const sockets: TestSocket[] = [];
    for (let i = 0; i < MAX_SPECTATOR_SOCKETS; i++) {
      const s = await open(m.id);
      expect(s.ws, `socket ${i}`).not.toBeNull();
      sockets.push(s);
    }
    const refused = await open(m.id);
    expect(refused.ws).toBeNull();
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers.get('Retry-After')).toBe('60');
    const body = (await refused.res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('socket.limit');
    // The first socket authenticates as Ann: one place is free again.
    const first = sockets[0];
    first.ws!.send(JSON.stringify({ type: 'auth', token: m.seats[0] }));
    await until(() => first.frames.some((f) => f.type === 'info' && f.info.you.seat === 0), 'Ann’s view');
    const again = await open(m.id);
    expect(again.res.status).toBe(101);
    // The open sockets still get every change.
    const r = await move(m, m.seats[0]!, { type: 'play', card: 'roll' });
    const version = r.body.info.view.version;
    await until(
      () => sockets.every((s) => s.frames.some((f) => f.type === 'info' && f.info.view?.version === version)),
      'every socket’s push',
    );
    for (const s of [...sockets, again]) s.ws!.close(1000);
  });

  it('refuses an auth frame beyond the limit per seat with an error frame and closes that socket', async () => {
    const m = await annAndBob('socket-seats');
    const ann: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SEAT; i++) {
      const s = await open(m.id);
      s.ws!.send(JSON.stringify({ type: 'auth', token: m.seats[0] }));
      await until(
        () => s.frames.some((f) => f.type === 'info' && f.info.you.seat === 0),
        `Ann’s socket ${i}`,
      );
      ann.push(s);
    }
    const extra = await open(m.id);
    extra.ws!.send(JSON.stringify({ type: 'auth', token: m.seats[0] }));
    await until(() => extra.frames.some((f) => f.type === 'error'), 'the refusal');
    const err = extra.frames.find((f) => f.type === 'error') as { error: { code: string } };
    expect(err.error.code).toBe('socket.limit');
    await until(() => extra.closed() !== null, 'the close');
    expect(extra.closed()).toBe(1008);
    expect(extra.frames.some((f) => f.type === 'info' && f.info.you.seat === 0)).toBe(false);
    // Re-authenticating an open socket of the seat is no new socket; Bob has his own places.
    ann[0].ws!.send(JSON.stringify({ type: 'auth', token: m.seats[0] }));
    const bob = await open(m.id);
    bob.ws!.send(JSON.stringify({ type: 'auth', token: m.seats[1] }));
    await until(() => bob.frames.some((f) => f.type === 'info' && f.info.you.seat === 1), 'Bob’s view');
    expect(ann[0].frames.some((f) => f.type === 'error')).toBe(false);
    for (const s of [...ann, bob]) s.ws!.close(1000);
  });
});
