/**
 * Moves over the WebSocket: a `move` frame plays through the same path as `POST /moves`
 * and its `moveResult` frame carries the HTTP reply's status and body with the frame's move id. A move
 * id names one move whichever way it came (socket then HTTP, HTTP then socket: the first outcome, played
 * once); refusals are the HTTP ones; bad frames get error frames and change nothing; the object holds
 * socket moves to the HTTP move limit (120 a minute per client).
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_FRAMES_PER_WINDOW,
  MAX_SOCKET_MOVES_PER_WINDOW,
  MOVE_WINDOW_MS,
  type ServerFrame,
} from '../../worker/protocol/frames';
import wranglerToml from '../../wrangler.toml?raw';
import {
  annAndBob,
  info,
  logRows,
  move,
  openSocket,
  stubOf,
  type TestMatch,
  type TestSocket,
  until,
} from './helpers';

type MoveResult = Extract<ServerFrame, { type: 'moveResult' }>;
// biome-ignore lint/suspicious/noExplicitAny: reply bodies have many JSON shapes; tests narrow them by assertion
type Body = any;

/** A socket authenticated as `token` (null: a spectator), once its own view arrived. */
async function seatSocket(m: TestMatch, token: string | null): Promise<TestSocket> {
  const s = await openSocket(m.id);
  if (!token) {
    await until(() => s.frames.length === 1, 'the spectator view');
    return s;
  }
  s.ws!.send(JSON.stringify({ type: 'auth', token }));
  await until(() => s.frames.some((f) => f.type === 'info' && f.info.you.seat !== null), 'the seat’s view');
  return s;
}

/** Sends a move frame and waits for its `moveResult`. */
async function socketMove(
  s: TestSocket,
  frame: Record<string, unknown>,
): Promise<MoveResult & { body: Body }> {
  s.ws!.send(JSON.stringify({ type: 'move', ...frame }));
  const mine = () =>
    s.frames.find((f): f is MoveResult => f.type === 'moveResult' && f.moveId === frame.moveId);
  await until(() => mine() !== undefined, `the moveResult of ${String(frame.moveId)}`);
  const r = mine()!;
  s.frames.splice(s.frames.indexOf(r), 1);
  return r;
}

/** The version seat 0 sees. */
const versionOf = async (m: TestMatch) => (await info(m, m.seats[0])).view!.version;

/** Moves the match object's clock forward by `ms` (test seam; no alarm runs). */
async function tick(m: TestMatch, ms: number): Promise<void> {
  await (stubOf(m) as unknown as { testAdvanceClock(ms: number): Promise<unknown> }).testAdvanceClock(ms);
}

const ROLL = { type: 'play', card: 'roll' } as const;

describe('moves over the WebSocket', () => {
  it('a move frame gets what POST /moves answers, with its move id, and pushes the views', async () => {
    const viaHttp = await annAndBob('socket-moves-same');
    const viaSocket = await annAndBob('socket-moves-same');
    const http = await move(viaHttp, viaHttp.seats[0]!, ROLL, { moveId: 'ann-1' });
    const ann = await seatSocket(viaSocket, viaSocket.seats[0]!);
    const bob = await seatSocket(viaSocket, viaSocket.seats[1]!);
    const r = await socketMove(ann, { version: await versionOf(viaSocket), moveId: 'ann-1', move: ROLL });
    expect(r.moveId).toBe('ann-1');
    expect(r.status).toBe(http.status);
    expect(r.body.events).toEqual(http.body.events);
    expect(r.body.info.view).toEqual(http.body.info.view);
    expect(r.body.replayed).toBeUndefined();
    // The change reaches the other seat's socket as any change does.
    const v = r.body.info.view.version;
    await until(() => bob.frames.some((f) => f.type === 'info' && f.info.view?.version === v), 'Bob’s push');
    expect(await logRows(viaSocket)).toBe(await logRows(viaHttp));
    for (const s of [ann, bob]) s.ws!.close(1000);
  });

  it('a move id retried over the other way returns the first outcome and plays once', async () => {
    const m = await annAndBob('socket-moves-retry');
    const [annToken, bobToken] = [m.seats[0]!, m.seats[1]!];
    const ann = await seatSocket(m, annToken);
    const v0 = await versionOf(m);
    // Socket first, then HTTP.
    const first = await socketMove(ann, { version: v0, moveId: 'ann-1', move: ROLL });
    expect(first.status).toBe(200);
    const rows = await logRows(m);
    const v1 = await versionOf(m);
    const retry = await move(m, annToken, ROLL, { version: v0, moveId: 'ann-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.replayed).toBe(true);
    expect(retry.body.events).toEqual(first.body.events);
    expect(await logRows(m)).toBe(rows);
    expect(await versionOf(m)).toBe(v1);
    // HTTP first, then the socket.
    const bob = await seatSocket(m, bobToken);
    const http = await move(m, bobToken, ROLL, { version: v1, moveId: 'bob-1' });
    expect(http.status).toBe(200);
    const rows2 = await logRows(m);
    const v2 = await versionOf(m);
    const again = await socketMove(bob, { version: v1, moveId: 'bob-1', move: ROLL });
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.events).toEqual(http.body.events);
    expect(await logRows(m)).toBe(rows2);
    expect(await versionOf(m)).toBe(v2);
    // The same id for another move is refused both ways.
    const reused = await socketMove(ann, {
      version: v2,
      moveId: 'bob-1',
      move: { type: 'play', card: 'd100' },
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('move.id_reused');
    expect(await logRows(m)).toBe(rows2);
    for (const s of [ann, bob]) s.ws!.close(1000);
  });

  it('a wrong seat, a stale version, a spectator and a bad move get the HTTP refusals', async () => {
    const m = await annAndBob('socket-moves-refusals');
    const [annToken, bobToken] = [m.seats[0]!, m.seats[1]!];
    const bob = await seatSocket(m, bobToken);
    const watcher = await seatSocket(m, null);
    const v = await versionOf(m);
    const rows = await logRows(m);
    const cases: Array<[TestSocket, string | null, Record<string, unknown>]> = [
      // Ann's turn: Bob's Roll is the engine's refusal.
      [bob, bobToken, { version: v, move: ROLL }],
      [bob, bobToken, { version: v + 5, move: ROLL }],
      [watcher, null, { version: v, move: ROLL }],
      [bob, bobToken, { version: v, move: { type: 'fly' } }],
      [bob, bobToken, { version: -1, move: ROLL }],
    ];
    for (const [i, [socket, token, body]] of cases.entries()) {
      const moveId = `refused-${i}`;
      const http = await move(m, token ?? '', body.move as never, {
        version: body.version as number,
        moveId,
      });
      const r = await socketMove(socket, { ...body, moveId });
      expect(r.status, moveId).toBe(http.status);
      expect(r.status, moveId).toBeGreaterThanOrEqual(400);
      expect(r.body.error.code, moveId).toBe(http.body.error.code);
      expect(r.body.error.issues, moveId).toEqual(http.body.error.issues);
      expect(r.body.info?.view, moveId).toEqual(http.body.info?.view);
    }
    expect(await logRows(m)).toBe(rows);
    expect(await versionOf(m)).toBe(v);
    // Ann's move still plays: nothing above changed the match.
    const ann = await seatSocket(m, annToken);
    expect((await socketMove(ann, { version: v, moveId: 'ann-ok', move: ROLL })).status).toBe(200);
    for (const s of [ann, bob, watcher]) s.ws!.close(1000);
  });

  it('bad move frames get error frames, keep the socket open and change nothing', async () => {
    const m = await annAndBob('socket-moves-bad');
    const ann = await seatSocket(m, m.seats[0]!);
    const v = await versionOf(m);
    const rows = await logRows(m);
    const errors = () => ann.frames.flatMap((f) => (f.type === 'error' ? [f.error.code] : []));
    const bad = [
      JSON.stringify({ type: 'move', version: v, move: ROLL }),
      JSON.stringify({ type: 'move', version: v, moveId: 'has space', move: ROLL }),
      JSON.stringify({ type: 'move', version: v, moveId: 'big', move: ROLL, pad: 'x'.repeat(2100) }),
      '{"type":"move",',
    ];
    for (const frame of bad) ann.ws!.send(frame);
    await until(() => errors().length === bad.length, 'an error frame per bad frame');
    expect(errors()).toEqual(['frame.invalid', 'frame.invalid', 'frame.too_large', 'frame.invalid']);
    expect(ann.frames.some((f) => f.type === 'moveResult')).toBe(false);
    expect(ann.closed()).toBeNull();
    expect(await logRows(m)).toBe(rows);
    expect(await versionOf(m)).toBe(v);
    // A move frame with an unknown field is a bad request, answered with its move id (as HTTP's 400).
    const extra = await socketMove(ann, { version: v, moveId: 'extra', move: ROLL, pad: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.error.code).toBe('request.invalid');
    expect((await socketMove(ann, { version: v, moveId: 'ok', move: ROLL })).status).toBe(200);
    ann.ws!.close(1000);
  });

  it('the socket move limit is MOVE_LIMITER’s in wrangler.toml', () => {
    const block = /name = "MOVE_LIMITER"[^[]*simple = \{ limit = (\d+), period = (\d+) \}/.exec(wranglerToml);
    expect(block).not.toBeNull();
    expect(MAX_SOCKET_MOVES_PER_WINDOW).toBe(Number(block![1]));
    expect(MOVE_WINDOW_MS).toBe(Number(block![2]) * 1000);
  });

  it('socket moves are held to the HTTP move limit per client: past it 429 rate.limited, nothing played', async () => {
    const m = await annAndBob('socket-moves-limit');
    const ann = await seatSocket(m, m.seats[0]!);
    const v = await versionOf(m);
    const rows = await logRows(m);
    // Stale moves count as moves; the socket's frame budget allows 30 per 10 s (its auth frame spent
    // one), so the clock moves on 10 s after each 29 (120 moves in 50 s, within the minute).
    let sent = 0;
    while (sent < MAX_SOCKET_MOVES_PER_WINDOW) {
      for (let i = 1; i < MAX_FRAMES_PER_WINDOW && sent < MAX_SOCKET_MOVES_PER_WINDOW; i++, sent++)
        ann.ws!.send(JSON.stringify({ type: 'move', version: v + 1, moveId: `stale-${sent}`, move: ROLL }));
      await until(() => ann.frames.filter((f) => f.type === 'moveResult').length === sent, `${sent} answers`);
      await tick(m, 10_000);
    }
    const stale = ann.frames.filter((f): f is MoveResult => f.type === 'moveResult');
    expect(stale.map((f) => f.status)).toEqual(Array(MAX_SOCKET_MOVES_PER_WINDOW).fill(409));
    // Within the minute, the next move, a legal one, is refused and plays nothing.
    const over = await socketMove(ann, { version: v, moveId: 'over', move: ROLL });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate.limited');
    expect(await logRows(m)).toBe(rows);
    expect(await versionOf(m)).toBe(v);
    // A new socket of the same seat has no fresh allowance: the limit is the seat's.
    const again = await seatSocket(m, m.seats[0]!);
    expect((await socketMove(again, { version: v, moveId: 'over-2', move: ROLL })).status).toBe(429);
    expect(ann.closed()).toBeNull();
    // A minute after the window began, moves play again; the refused id was not spent.
    await tick(m, 60_000);
    const ok = await socketMove(ann, { version: v, moveId: 'over', move: ROLL });
    expect(ok.status).toBe(200);
    expect(ok.body.replayed).toBeUndefined();
    expect(await logRows(m)).toBe(rows + 1);
    for (const s of [ann, again]) s.ws!.close(1000);
  });
});
