/**
 * The server reports its own time on every API answer (`Server-Timing: total;dur=<ms>`), so that the
 * page benchmark (scripts/bench-page.ts) can subtract it from a move's tap-to-screen time.
 */
import { describe, expect, it } from 'vitest';
import { api, create, info, move } from './helpers';

/** The `total` metric's duration in ms, or null when the header or the metric is missing. */
function totalMs(headers: Headers): number | null {
  const m = /(?:^|,)\s*total;dur=([\d.]+)/.exec(headers.get('Server-Timing') ?? '');
  return m ? Number(m[1]) : null;
}

describe('Server-Timing', () => {
  it('a move, a read, an error and an unknown path each carry the server time in ms', async () => {
    const m = await create({ rules: 'classic', firstSeat: 0, seats: [{ kind: 'human' }, { kind: 'human' }] });
    // Classic rules draw for the player: the first move is a play or a discard; a discard is always legal.
    const card = (await info(m, m.seats[0])).view!.hand![0];
    const played = await move(m, m.seats[0]!, { type: 'discard', card });
    expect(played.status).toBe(200);
    const read = await api(`/api/matches/${m.id}`, { token: m.seats[0] });
    const refused = await move(m, m.seats[0]!, { type: 'discard', card }, { version: 0 });
    expect(refused.status).toBe(409);
    const unknown = await api('/api/nothing-here');
    expect(unknown.status).toBe(404);
    for (const r of [played, read, refused, unknown]) {
      const ms = totalMs(r.headers);
      expect(ms, r.headers.get('Server-Timing') ?? 'no header').not.toBeNull();
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(60_000);
    }
  });
});
