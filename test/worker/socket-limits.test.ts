/**
 * Regression: nothing limited the WebSockets of a match (500 spectator sockets slowed every move from
 * ~15 ms to ~100 ms). At most MAX_SPECTATOR_SOCKETS unauthenticated sockets per match (a further
 * upgrade makes the oldest of them go, with a `socket.limit` frame, so players can always connect)
 * and MAX_SOCKETS_PER_SEAT per seat (a further auth frame gets an error frame and the socket is
 * closed); a refusal changes nothing for the others.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_SEAT, MAX_SPECTATOR_SOCKETS } from '../../worker/match/sockets';
import { annAndBob, move, openSocket, type TestSocket, until } from './helpers';

describe('WebSocket limits per match', () => {
  it('beyond the limit a new socket gets in and the oldest unauthenticated one is told to poll', async () => {
    const m = await annAndBob('socket-spectators');
    const sockets: TestSocket[] = [];
    for (let i = 0; i < MAX_SPECTATOR_SOCKETS; i++) {
      const s = await openSocket(m.id);
      expect(s.ws, `socket ${i}`).not.toBeNull();
      sockets.push(s);
    }
    // Ann's socket authenticates: authenticated sockets are never the ones to go.
    const first = sockets[0];
    first.ws!.send(JSON.stringify({ type: 'auth', token: m.seats[0] }));
    await until(() => first.frames.some((f) => f.type === 'info' && f.info.you.seat === 0), 'Ann’s view');
    // Still full of waiting sockets after another one: the next upgrade evicts the oldest waiting one.
    const extra = await openSocket(m.id);
    const late = await openSocket(m.id);
    expect(extra.res.status).toBe(101);
    expect(late.res.status).toBe(101);
    const oldest = sockets[1];
    await until(() => oldest.closed() === 1008, 'the oldest waiting socket closed');
    expect(oldest.frames.some((f) => f.type === 'error' && f.error.code === 'socket.limit')).toBe(true);
    expect(first.closed()).toBeNull();
    // A player can always get in: the newest socket authenticates as Bob.
    late.ws!.send(JSON.stringify({ type: 'auth', token: m.seats[1] }));
    await until(() => late.frames.some((f) => f.type === 'info' && f.info.you.seat === 1), 'Bob’s view');
    // The open sockets still get every change.
    const r = await move(m, m.seats[0]!, { type: 'play', card: 'roll' });
    const version = r.body.info.view.version;
    const live = [first, ...sockets.slice(2), extra, late];
    await until(
      () => live.every((s) => s.frames.some((f) => f.type === 'info' && f.info.view?.version === version)),
      'every open socket’s push',
    );
    for (const s of live) s.ws!.close(1000);
  });

  it('refuses an auth frame beyond the limit per seat with an error frame and closes that socket', async () => {
    const m = await annAndBob('socket-seats');
    const ann: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_SEAT; i++) {
      const s = await openSocket(m.id);
      s.ws!.send(JSON.stringify({ type: 'auth', token: m.seats[0] }));
      await until(
        () => s.frames.some((f) => f.type === 'info' && f.info.you.seat === 0),
        `Ann’s socket ${i}`,
      );
      ann.push(s);
    }
    const extra = await openSocket(m.id);
    extra.ws!.send(JSON.stringify({ type: 'auth', token: m.seats[0] }));
    await until(() => extra.frames.some((f) => f.type === 'error'), 'the refusal');
    const err = extra.frames.find((f) => f.type === 'error') as { error: { code: string } };
    expect(err.error.code).toBe('socket.limit');
    await until(() => extra.closed() !== null, 'the close');
    expect(extra.closed()).toBe(1008);
    expect(extra.frames.some((f) => f.type === 'info' && f.info.you.seat === 0)).toBe(false);
    // Re-authenticating an open socket of the seat is no new socket; Bob has his own places.
    ann[0].ws!.send(JSON.stringify({ type: 'auth', token: m.seats[0] }));
    const bob = await openSocket(m.id);
    bob.ws!.send(JSON.stringify({ type: 'auth', token: m.seats[1] }));
    await until(() => bob.frames.some((f) => f.type === 'info' && f.info.you.seat === 1), 'Bob’s view');
    expect(ann[0].frames.some((f) => f.type === 'error')).toBe(false);
    for (const s of [...ann, bob]) s.ws!.close(1000);
  });
});
