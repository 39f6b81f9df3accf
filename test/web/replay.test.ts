// @vitest-environment happy-dom
/**
 * The replay of a bot run (lib/replay.ts) with fake timers: a socket frame that brings a
 * human's move and three bots' moves shows the mover's move at once, each bot's move the bot delay
 * after the one before, and the final view (the player's turn) only with the last one; the same run
 * in the move reply is not replayed twice; a tap jumps to the end.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSteps } from '../../web/src/lib/replay';
import { MatchSession } from '../../web/src/lib/session';
import type { GameEvent } from '../../web/src/lib/types';
import { info, view } from './fixtures';

const ID = 'BBBBBBBBBBBBBBBBBBBBBB';
const DELAY = 1500;

/** Ann (seat 0) draws and plays, then bots 1, 2 and 3 draw and play: Ann's turn again. */
const RUN: GameEvent[] = [0, 1, 2, 3].flatMap((seat) => [
  { type: 'drew', seat, from: 'pile' } as const,
  { type: 'played', seat, card: 'd25' } as const,
]);

/** A socket the test feeds frames into. */
class StubSocket {
  static readonly OPEN = 1;
  static last: StubSocket | null = null;
  readyState = 1;
  private readonly on: Record<string, Array<(e: unknown) => void>> = {};
  constructor() {
    StubSocket.last = this;
  }
  addEventListener(type: string, fn: (e: unknown) => void): void {
    (this.on[type] ??= []).push(fn);
  }
  send(): void {}
  close(): void {}
  emit(type: string, e: unknown): void {
    for (const fn of this.on[type] ?? []) fn(e);
  }
}

const at = (version: number, turn: number) =>
  info(view({ version, turn }), { you: { seat: 0, host: false } });
const frame = (body: unknown) => StubSocket.last?.emit('message', { data: JSON.stringify(body) });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('WebSocket', StubSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).includes('/log') ? Response.json({ events: [] }) : Response.json(at(10, 0)),
    ),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A session whose socket told the bot delay (and so loaded the replay). */
async function live(): Promise<MatchSession> {
  const s = new MatchSession(ID, 'tok');
  s.start();
  await vi.advanceTimersByTimeAsync(0);
  StubSocket.last?.emit('open', {});
  frame({ type: 'info', info: at(10, 0), botDelayMs: DELAY });
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
  return s;
}

describe('the replay of a bot run', () => {
  it('groups a run by seat: the mover at once, then one step per other seat', () => {
    expect(runSteps(RUN)).toEqual([2, 4, 6, 8]);
    expect(runSteps(RUN.slice(0, 2))).toEqual([2]);
    // A window opened belongs to its attacker; an event of nobody joins the step before.
    const hazard: GameEvent[] = [
      { type: 'played', seat: 1, card: 'stop', target: 0 },
      { type: 'windowOpened', seat: 0, attacker: 1, hazard: 'stop' },
      { type: 'drawPileExhausted' },
      { type: 'passed', seat: 0 },
    ];
    expect(runSteps(hazard)).toEqual([3, 4]);
  });

  it('shows each bot the delay after the one before, then the final view', async () => {
    const s = await live();
    frame({ type: 'info', info: at(11, 0), events: RUN, botDelayMs: DELAY });
    // At once: Ann's own move; the new view with nobody to act.
    expect(s.replay.value?.shown).toBe(2);
    expect(s.info.value?.view?.version).toBe(11);
    expect(s.info.value?.view?.turn).toBeNull();
    expect(s.info.value?.view?.legalMoves).toEqual([]);
    // The status line names the seat whose move shows next: bot 1, then 2, then 3.
    const next: Array<number | null> = [s.replay.value?.next ?? null];
    const seen: number[] = [];
    for (let t = 0; t < 3; t++) {
      await vi.advanceTimersByTimeAsync(DELAY - 1);
      seen.push(s.replay.value?.shown ?? 8);
      await vi.advanceTimersByTimeAsync(1);
      seen.push(s.replay.value?.shown ?? 8);
      if (s.replay.value) next.push(s.replay.value.next);
    }
    expect(seen).toEqual([2, 4, 4, 6, 6, 8]);
    expect(next).toEqual([1, 2, 3]);
    expect(s.replay.value).toBeNull();
    expect(s.info.value?.view?.turn).toBe(0);
    expect(s.info.value?.view?.legalMoves.length).toBeGreaterThan(0);
    s.stop();
  });

  it('replays the run once when the push and the reply both bring it; a tap jumps to the end', async () => {
    const s = await live();
    frame({ type: 'info', info: at(11, 0), events: RUN, botDelayMs: DELAY });
    await vi.advanceTimersByTimeAsync(DELAY);
    frame({ type: 'info', info: at(11, 0), events: RUN, botDelayMs: DELAY });
    expect(s.replay.value?.shown).toBe(4);
    dispatchEvent(new Event('pointerdown'));
    expect(s.replay.value).toBeNull();
    expect(s.info.value?.view?.turn).toBe(0);
    // A newer view during a replay ends it first; a run of one step (no bots) shows at once.
    frame({ type: 'info', info: at(12, 1), events: RUN, botDelayMs: DELAY });
    expect(s.replay.value?.version).toBe(12);
    frame({ type: 'info', info: at(13, 0), events: RUN.slice(0, 2), botDelayMs: DELAY });
    expect(s.replay.value).toBeNull();
    expect(s.info.value?.view?.version).toBe(13);
    s.stop();
  });

  it('keeps news of the run’s own version that arrives during the replay (a stand-in, settings) for its end', async () => {
    const s = await live();
    frame({ type: 'info', info: at(11, 0), events: RUN, botDelayMs: DELAY });
    await vi.advanceTimersByTimeAsync(DELAY);
    // Same version, other news: a seat handed to the computer (no new view version).
    const news = at(11, 0);
    news.seats = news.seats.map((x, i) => (i === 1 ? { ...x, botStandIn: true } : x));
    frame({ type: 'info', info: news, botDelayMs: DELAY });
    expect(s.replay.value?.shown).toBe(4); // the replay goes on
    expect(s.info.value?.seats[1].botStandIn).toBe(true); // the news shows at once
    expect(s.info.value?.view?.turn).toBeNull(); // still nobody to act
    // An older view changes nothing.
    frame({ type: 'info', info: at(10, 0), botDelayMs: DELAY });
    expect(s.info.value?.view?.version).toBe(11);
    await vi.advanceTimersByTimeAsync(2 * DELAY);
    expect(s.replay.value).toBeNull();
    expect(s.info.value?.seats[1].botStandIn).toBe(true); // and stays at the end
    expect(s.info.value?.view?.turn).toBe(0);
    s.stop();
  });

  it('shows everything at once when the bot delay is 0', async () => {
    const s = await live();
    frame({ type: 'info', info: at(11, 0), events: RUN, botDelayMs: 0 });
    expect(s.replay.value).toBeNull();
    expect(s.info.value?.view?.turn).toBe(0);
    s.stop();
  });
});
