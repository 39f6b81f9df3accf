/**
 * WebSocket pushes (Hibernation API): two sockets authenticated as two seats each receive their own
 * view after every change, and a spectator socket receives the spectator view. Seats show as
 * connected while their socket is open.
 */

import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../worker/protocol/frames';
import type { MatchInfo } from '../../worker/protocol/views';
import { annAndBob, info, move, ORIGIN, until, worker } from './helpers';

/** A test socket that records every frame. */
async function connect(matchId: string, token: string | null) {
  const res = await worker().fetch(`${ORIGIN}/api/matches/${matchId}/ws`, {
    headers: { Upgrade: 'websocket' },
  });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const frames: ServerFrame[] = [];
  const raw: string[] = [];
  ws.accept();
  ws.addEventListener('message', (e: MessageEvent) => {
    raw.push(e.data as string);
    frames.push(JSON.parse(e.data as string));
  });
  if (token) ws.send(JSON.stringify({ type: 'auth', token }));
  const infos = () =>
    frames.filter((f): f is { type: 'info'; info: MatchInfo } => f.type === 'info').map((f) => f.info);
  return { ws, frames, raw, infos };
}

describe('WebSocket pushes', () => {
  it('a repeated auth frame answers only its own socket; a seat newly connected reaches everyone', async () => {
    const m = await annAndBob('ws-auth');
    const a = await connect(m.id, m.seats[0]);
    const s = await connect(m.id, null);
    await until(() => a.infos().some((i) => i.you.seat === 0), 'Ann’s own view');
    await until(() => s.infos().some((i) => i.seats[0].connected), 'the spectator sees Ann connected');
    const spectatorFrames = s.frames.length;
    const annFrames = a.frames.length;
    for (let i = 0; i < 20; i++) a.ws.send(JSON.stringify({ type: 'auth', token: m.seats[0] }));
    await until(() => a.frames.length >= annFrames + 20, 'an answer to each of Ann’s frames');
    expect(s.frames.length).toBe(spectatorFrames);
    // Bob connecting changes who is connected: the spectator hears of it.
    const b = await connect(m.id, m.seats[1]);
    await until(() => s.infos().some((i) => i.seats[1].connected), 'the spectator sees Bob connected');
    expect(s.frames.length).toBe(spectatorFrames + 1);
    for (const x of [a, s, b]) x.ws.close();
  });

  it('two sockets each receive their own view after a move', async () => {
    const m = await annAndBob('ws');
    const a = await connect(m.id, m.seats[0]);
    const b = await connect(m.id, m.seats[1]);
    const s = await connect(m.id, null);
    await until(
      () => a.infos().some((i) => i.you.seat === 0 && i.seats[1].connected),
      'Ann sees Bob connected',
    );
    await until(() => b.infos().some((i) => i.you.seat === 1), 'Bob’s own view');

    const r = await move(m, m.seats[0]!, { type: 'play', card: 'roll' });
    expect(r.status).toBe(200);
    const version = r.body.info.view.version;
    await until(() => a.infos().some((i) => i.view?.version === version), 'Ann’s push');
    await until(() => b.infos().some((i) => i.view?.version === version), 'Bob’s push');
    await until(() => s.infos().some((i) => i.view?.version === version), 'the spectator’s push');

    const annView = a.infos().find((i) => i.view?.version === version)!;
    const bobView = b.infos().find((i) => i.view?.version === version)!;
    const specView = s.infos().find((i) => i.view?.version === version)!;
    expect(annView.you.seat).toBe(0);
    expect(bobView.you.seat).toBe(1);
    expect(specView.you.seat).toBeNull();
    expect(annView.view!.hand).toEqual((await info(m, m.seats[0])).view!.hand);
    expect(bobView.view!.hand).toEqual((await info(m, m.seats[1])).view!.hand);
    expect(specView.view!.hand).toEqual([]);
    expect(bobView.view!.legalMoves.length).toBeGreaterThan(0);
    expect(annView.view!.legalMoves).toEqual([]);
    expect(annView.seats.map((x) => x.connected)).toEqual([true, true]);

    // Ping / pong and a bad frame.
    a.ws.send(JSON.stringify({ type: 'ping' }));
    await until(() => a.frames.some((f) => f.type === 'pong'), 'pong');
    a.ws.send('not json');
    await until(() => a.frames.some((f) => f.type === 'error'), 'error frame');

    // Closing Bob's socket shows him disconnected to Ann.
    b.ws.close(1000, 'bye');
    await until(() => a.infos().at(-1)!.seats[1].connected === false, 'Bob disconnected');
    a.ws.close(1000);
    s.ws.close(1000);
  });
});
