/**
 * Whole matches over HTTP: a 2-player classic match and a 4-player partnership match, each from a
 * stacked first hand (the test-only seam), played to the end with moves taken from the views' legal
 * moves. Checks the stacked deal, the automatic draw, the end of the match, the public log and that
 * replaying the log reproduces the stored state.
 */
import { describe, expect, it } from 'vitest';
import type { CardId } from '../../worker/engine/index';
import { api, create, info, playOut } from './helpers';

const sorted = (cards: readonly string[]) => [...cards].sort();

describe('a whole match over HTTP', () => {
  it('2 players, classic rules, to 5000 points, from a stacked deck', async () => {
    const hand0: CardId[] = ['roll', 'd100', 'd100', 'd200', 'd75', 'd50'];
    const hand1: CardId[] = ['roll', 'd25', 'd25', 'accident', 'stop', 'd50'];
    const m = await create({
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
      ],
      firstSeat: 0,
      testStack: { seed: 'full-2p', position: { hands: { 0: hand0, 1: hand1 }, deck: ['d100', 'gasoline'] } },
    });
    const a = await info(m, m.seats[0]);
    expect(a.status).toBe('playing');
    // The server drew for Ann (no choice of draw in the classic rules): one request per turn.
    expect(a.view!.phase).toBe('play');
    expect(a.view!.turn).toBe(0);
    expect(sorted(a.view!.hand)).toEqual(sorted([...hand0, 'd100']));
    const b = await info(m, m.seats[1]);
    expect(sorted(b.view!.hand)).toEqual(sorted(hand1));
    expect(b.view!.legalMoves).toEqual([]);

    const { moves, final } = await playOut(m, { seed: 7 });
    expect(moves).toBeGreaterThan(20);
    expect(final.status).toBe('finished');
    expect(final.view!.phase).toBe('matchOver');
    expect(final.view!.matchWinners.length).toBeGreaterThan(0);
    expect(Math.max(...final.view!.scores)).toBeGreaterThanOrEqual(5000);

    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.status).toBe(200);
    expect(replay.body.replayed).toEqual(replay.body.stored);

    // The public history, paged by log row.
    const events: Array<{ seq: number; event: { type: string } }> = [];
    for (let after = 0; ; ) {
      const page = await api(`/api/matches/${m.id}/log?after=${after}`);
      expect(page.status).toBe(200);
      if (page.body.events.length === 0) break;
      events.push(...page.body.events);
      after = page.body.events.at(-1).seq;
    }
    const types = events.map((e) => e.event.type);
    expect(types[0]).toBe('drew');
    expect(types.at(-1)).toBe('matchOver');
    expect(types).toContain('handOver');
    // One log row per accepted move request (the automatic draws ride in the same row), plus the
    // first player's automatic draw when the match started.
    expect(new Set(events.map((e) => e.seq)).size).toBe(moves + 1);
  });

  it('4 players in two teams, partnership rules, to 5000 points', async () => {
    const m = await create({
      rules: 'partnership',
      teamSize: 2,
      seats: [
        { kind: 'human', name: 'N' },
        { kind: 'human', name: 'E' },
        { kind: 'human', name: 'S' },
        { kind: 'human', name: 'W' },
      ],
      firstSeat: 1,
      testStack: {
        seed: 'full-4p',
        position: {
          hands: {
            0: ['roll', 'd100', 'd100', 'd50', 'd50', 'd25'],
            1: ['roll', 'stop', 'd75', 'd75', 'd25', 'd25'],
            2: ['roll', 'driving_ace', 'd200', 'd100', 'd50', 'repairs'],
            3: ['roll', 'accident', 'd100', 'd75', 'gasoline', 'd25'],
          },
          deck: ['d200'],
          turn: 1,
        },
      },
    });
    const e = await info(m, m.seats[1]);
    expect(e.view!.turn).toBe(1);
    expect(e.view!.teams).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(e.view!.hand).toContain('d200');
    const { final } = await playOut(m, { seed: 11 });
    expect(final.status).toBe('finished');
    expect(final.view!.scores).toHaveLength(2);
    expect(Math.max(...final.view!.scores)).toBeGreaterThanOrEqual(5000);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
  });
});
