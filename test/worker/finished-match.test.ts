/**
 * Regression: `nextHand` after the match was over answered 422 `hand.not_over` ("The hand is not
 * over yet."). Every move on a finished match now gets 409 `match.finished` with the current info
 * and changes nothing; a retry of the move that ended the match still gets its outcome.
 */
import { describe, expect, it } from 'vitest';
import { annAndBob, api, info, logRows, move } from './helpers';

describe('moves on a finished match', () => {
  it('nextHand and any other move get 409 match.finished and change nothing', async () => {
    // A hand to 100 km and no match target: Roll, Roll, 100 km ends the match.
    const m = await annAndBob('finished', { preset: 'classic', options: { goal: 100, matchTarget: 0 } });
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    await move(m, ann, { type: 'play', card: 'roll' });
    await move(m, bob, { type: 'play', card: 'roll' });
    const last = await move(m, ann, { type: 'play', card: 'd100' }, { moveId: 'the-end' });
    expect(last.status).toBe(200);
    const over = await info(m, ann);
    expect(over.status).toBe('finished');
    const rows = await logRows(m);
    const version = over.view!.version;
    for (const [token, mv] of [
      [ann, { type: 'nextHand' }],
      [bob, { type: 'nextHand' }],
      [bob, { type: 'play', card: 'd25' }],
      [ann, { type: 'draw' }],
    ] as const) {
      const r = await move(m, token, mv, { version });
      expect(r.status, JSON.stringify(mv)).toBe(409);
      expect(r.body.error.code).toBe('match.finished');
      expect(r.body.info.status).toBe('finished');
      expect(r.body.info.view.version).toBe(version);
    }
    // A stale version on a finished match says the same.
    expect((await move(m, bob, { type: 'nextHand' }, { version: 0 })).body.error.code).toBe('match.finished');
    const retry = await move(
      m,
      ann,
      { type: 'play', card: 'd100' },
      { version: version - 1, moveId: 'the-end' },
    );
    expect(retry.status).toBe(200);
    expect(retry.body.replayed).toBe(true);
    expect(await logRows(m)).toBe(rows);
    expect((await info(m, ann)).view!.version).toBe(version);
    const spectator = await api(`/api/matches/${m.id}/moves`, {
      body: { version, moveId: 'x1', move: { type: 'nextHand' } },
    });
    expect(spectator.status).toBe(403);
  });
});
