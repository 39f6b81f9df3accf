/** When to notify: intents from real engine changes, reminder times and the retry backoff. */
import { describe, expect, it } from 'vitest';
import { applyMove, createMatch, type MatchState, type Move } from '../../worker/engine/index';
import { intentsFor, MAIL_RETRY, type PolicySeat, reminderTimes } from '../../worker/notify/policy';
import { doublingWaits, retriesLeft, retryWaitMs } from '../../worker/retry';

const HOUR = 3_600_000;

function start(responses: Array<'auto' | 'ask'> = ['auto', 'auto']): MatchState {
  const r = createMatch({
    rules: 'classic',
    seats: 2,
    seed: 'policy',
    firstSeat: 0,
    responses,
    position: {
      hands: {
        0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'],
        1: ['roll', 'd25', 'd50', 'd75', 'd100', 'driving_ace'],
      },
    },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.state;
}

function play(state: MatchState, seat: number, move: Move) {
  const r = applyMove(state, seat, move);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r;
}

/** Applies a move, then the next seat's draw if the draw is its only choice (as the server does). */
function turn(state: MatchState, seat: number, move: Move) {
  const r = play(state, seat, move);
  let s = r.state;
  const events = [...r.events];
  if (s.phase === 'draw' && s.turn !== null) {
    const d = play(s, s.turn, { type: 'draw' });
    s = d.state;
    events.push(...d.events);
  }
  return { state: s, events };
}

const seats: PolicySeat[] = [
  { seat: 0, human: true, standIn: false, notifiable: true },
  { seat: 1, human: true, standIn: false, notifiable: true },
];
const opts = { firstChange: false, onDeadline: 'bot' as const, nowMs: 1000 };

describe('intentsFor', () => {
  it('invites every human seat but the host on the first change, and the first player gets a turn mail', () => {
    const s0 = start();
    const intents = intentsFor(null, s0, [], { reason: 'started', seat: null }, seats, {
      ...opts,
      firstChange: true,
    });
    expect(intents.map((i) => [i.kind, i.seat, i.key])).toEqual([
      ['invitation', 1, 'invite:1'],
      ['yourTurn', 0, `turn:0:v${s0.version}`],
    ]);
  });

  it('a move that passes the turn queues the next player’s mail with a grace period; staying in turn does not', () => {
    const s0 = play(start(), 0, { type: 'draw' }).state;
    const t = turn(s0, 0, { type: 'play', card: 'roll' });
    const intents = intentsFor(s0, t.state, t.events, { reason: 'move', seat: 0 }, seats, opts);
    expect(intents).toEqual([
      expect.objectContaining({
        kind: 'yourTurn',
        seat: 1,
        grace: true,
        active: false,
        key: `turn:1:v${t.state.version}`,
      }),
    ]);
    // Bob draws by hand (not forced here): same turn, no new intent.
    const again = intentsFor(t.state, t.state, [], { reason: 'settings', seat: 0 }, seats, opts);
    expect(again).toEqual([]);
  });

  it('opens a response-window mail for an ask seat, never saying whether it holds the safety', () => {
    let s = play(start(['auto', 'ask']), 0, { type: 'draw' }).state;
    s = turn(s, 0, { type: 'play', card: 'roll' }).state;
    s = turn(s, 1, { type: 'play', card: 'roll' }).state;
    const r = play(s, 0, { type: 'play', card: 'stop', target: 1 });
    const intents = intentsFor(s, r.state, r.events, { reason: 'move', seat: 0 }, seats, opts);
    expect(intents).toEqual([
      expect.objectContaining({
        kind: 'responseWindow',
        seat: 1,
        data: { kind: 'responseWindow', version: r.state.version, attacker: 0, hazard: 'stop', target: 1 },
      }),
    ]);
  });

  it('nothing for seats that are not notifiable or played by a bot', () => {
    const s0 = play(start(), 0, { type: 'draw' }).state;
    const t = turn(s0, 0, { type: 'play', card: 'roll' });
    const quiet = seats.map((x) => ({ ...x, notifiable: x.seat === 0 }));
    expect(intentsFor(s0, t.state, t.events, { reason: 'move', seat: 0 }, quiet, opts)).toEqual([]);
    const bot = seats.map((x) => ({ ...x, standIn: x.seat === 1 }));
    expect(intentsFor(s0, t.state, t.events, { reason: 'move', seat: 0 }, bot, opts)).toEqual([]);
  });

  it('tells the seat when the host gives it to a bot, and when a deadline made a bot play', () => {
    const s0 = play(start(), 0, { type: 'draw' }).state;
    const given = seats.map((x) => ({ ...x, standIn: x.seat === 1 }));
    expect(intentsFor(s0, s0, [], { reason: 'seat', seat: 1 }, given, opts)).toEqual([
      expect.objectContaining({ kind: 'botTookOver', seat: 1, data: { kind: 'botTookOver', scope: 'seat' } }),
    ]);
    const t = turn(s0, 0, { type: 'play', card: 'roll' });
    const intents = intentsFor(s0, t.state, t.events, { reason: 'timeout', seat: 0 }, seats, opts);
    expect(intents.map((i) => [i.kind, i.seat])).toEqual([
      ['yourTurn', 1],
      ['botTookOver', 0],
    ]);
    expect(
      intentsFor(s0, t.state, t.events, { reason: 'timeout', seat: 0 }, seats, {
        ...opts,
        onDeadline: 'skip',
      }).map((i) => i.kind),
    ).toEqual(['yourTurn']);
  });
});

describe('reminderTimes', () => {
  it('72 h deadline: at 24 h and 12 h before the end', () => {
    expect(reminderTimes(0, 72 * HOUR)).toEqual([
      { tag: '24h', atMs: 24 * HOUR },
      { tag: 'deadline', atMs: 60 * HOUR },
    ]);
  });
  it('24 h deadline: only before the deadline (a quarter of the time before it)', () => {
    expect(reminderTimes(0, 24 * HOUR)).toEqual([{ tag: 'deadline', atMs: 18 * HOUR }]);
  });
  it('no deadline: once, after 24 h', () => {
    expect(reminderTimes(5, null)).toEqual([{ tag: '24h', atMs: 5 + 24 * HOUR }]);
  });
  it('a short deadline gets no reminder inside its first hour', () => {
    expect(reminderTimes(0, HOUR)).toEqual([]);
    // A 2-hour turn: 1 h before the deadline is exactly 1 h after the start, which is kept.
    expect(reminderTimes(0, 2 * HOUR)).toEqual([{ tag: 'deadline', atMs: HOUR }]);
    expect(reminderTimes(0, 4 * HOUR)).toEqual([{ tag: 'deadline', atMs: 3 * HOUR }]);
  });
  it('keeps the two reminders at least an hour apart', () => {
    expect(reminderTimes(0, 36 * HOUR)).toEqual([
      { tag: '24h', atMs: 24 * HOUR },
      { tag: 'deadline', atMs: 27 * HOUR },
    ]);
    expect(reminderTimes(0, 32 * HOUR)).toEqual([{ tag: 'deadline', atMs: 24 * HOUR }]);
  });
});

describe('the mail retry policy', () => {
  it('grows from a minute to six hours', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => retryWaitMs(MAIL_RETRY, n))).toEqual([
      60_000,
      300_000,
      1_800_000,
      2 * HOUR,
      6 * HOUR,
      6 * HOUR,
    ]);
  });
});

describe('retry policies', () => {
  it('stop after the attempts in all', () => {
    expect([1, 5, 6, 7].map((n) => retriesLeft(MAIL_RETRY, n))).toEqual([true, true, false, false]);
  });

  it('double from a first wait up to a most, as the league tell waits', () => {
    const waits = doublingWaits(60_000, 6 * HOUR);
    const policy = { maxAttempts: 30, waitsMs: waits };
    for (let attempt = 0; attempt < 29; attempt++)
      expect(retryWaitMs(policy, attempt + 1)).toBe(Math.min(6 * HOUR, 60_000 * 2 ** attempt));
  });
});
