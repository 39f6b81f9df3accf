/**
 * The end of an outage in the decider (worker/decider/outage.ts): what falls inside it moves by its
 * length, nothing else moves, and a deadline handled long after its time counts as held back.
 */
import { describe, expect, it } from 'vitest';
import { outageShift } from '../../worker/decider/outage';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const since = 10 * HOUR;
const now = 12 * HOUR;

describe('outageShift', () => {
  it('moves a turn deadline and a window inside the outage by its length, and the turn’s mail with them', () => {
    const turn = { kind: 'turn', seat: 1, hand: 2, atMs: 11 * HOUR } as const;
    const window = { atMs: since, payload: { seat: 0, id: 'w' } };
    expect(outageShift(turn, window, since, now)).toEqual({
      turnDeadline: { ...turn, atMs: 13 * HOUR },
      timers: [
        { op: 'schedule', kind: 'turn', atMs: 13 * HOUR },
        { op: 'schedule', kind: 'window', atMs: 12 * HOUR, payload: window.payload },
      ],
      shiftTurn: { seat: 1, deltaMs: 2 * HOUR },
    });
  });

  it('moves a deadline between hands without any mail, and nothing outside the outage', () => {
    const hand = { kind: 'handOver', hand: 2, atMs: now } as const;
    const moved = outageShift(hand, undefined, since, now);
    expect(moved.turnDeadline).toEqual({ ...hand, atMs: now + 2 * HOUR });
    expect(moved.shiftTurn).toBeNull();
    const before = { kind: 'turn', seat: 0, hand: 1, atMs: since - 1 } as const;
    const after = { atMs: now + 1, payload: null };
    expect(outageShift(before, after, since, now)).toEqual({
      turnDeadline: null,
      timers: [],
      shiftTurn: null,
    });
    expect(outageShift(null, undefined, since, now)).toEqual({
      turnDeadline: null,
      timers: [],
      shiftTurn: null,
    });
  });
});
