/**
 * A guest who opens the invitation after the host pressed "Start now": the match
 * is readable without a token (the page shows it to watch), and a claim is refused with the stable
 * code the page words as "the match started without you" (409 `match.started`), taking no seat.
 */
import { describe, expect, it } from 'vitest';
import { api, create, info } from './helpers';

describe('a late guest', () => {
  it('may watch, and a claim after the start is 409 match.started', async () => {
    const m = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }],
    });
    expect((await api(`/api/matches/${m.id}/start`, { body: {}, token: m.host })).status).toBe(200);
    const watching = await info(m, null);
    expect(watching.status).toBe('playing');
    expect(watching.you).toEqual({ seat: null, host: false });
    const late = await api(`/api/matches/${m.id}/claim`, { body: { invite: m.invite, name: 'Late' } });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('match.started');
    expect((await info(m, null)).seats.map((s) => s.name)).not.toContain('Late');
  });
});
