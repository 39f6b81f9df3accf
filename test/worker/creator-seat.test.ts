/**
 * Regression: a match with no human at seat 0 (all bots, or an open seat 0) was created and played
 * itself out unattended, writing hundreds of rows. Seat 0 is the creator: it must be human.
 */
import { describe, expect, it } from 'vitest';
import { api, create, freshIp, logRows } from './helpers';

function post(body: Record<string, unknown>) {
  return api('/api/matches', { body, ip: freshIp() });
}

describe('the creator’s seat', () => {
  it('a match of bots only is refused with 400 seat.creator_not_human and nothing is created', async () => {
    const r = await post({ rules: 'classic', seats: [{ kind: 'bot' }, { kind: 'bot' }] });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('seat.creator_not_human');
    expect(r.body.error.message).toMatch(/Seat 0/);
    expect(r.body.matchId).toBeUndefined();
  });

  it('an open or bot seat 0 is refused whatever follows it', async () => {
    for (const seats of [
      [{ kind: 'open' }, { kind: 'human', name: 'Ann' }],
      [{ kind: 'bot' }, { kind: 'human', name: 'Ann' }],
      [{ kind: 'open' }, { kind: 'open' }, { kind: 'bot', botLevel: 'expert' }],
    ]) {
      const r = await post({ rules: 'classic', seats });
      expect(r.status, JSON.stringify(seats)).toBe(400);
      expect(r.body.error.code).toBe('seat.creator_not_human');
    }
  });

  it('a human at seat 0 with bots and open seats after it is fine', async () => {
    const m = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Ann' }, { kind: 'bot' }, { kind: 'open' }],
    });
    expect(m.created.seats.map((s) => s.kind)).toEqual(['human', 'bot', 'open']);
    expect(await logRows(m)).toBe(0);
  });
});
