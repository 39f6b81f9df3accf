/**
 * A seat's own e-mail address: its MatchInfo carries it so Settings can show and
 * remove it, and no other caller (another seat, the host's link, a spectator, a socket frame of
 * another seat) ever receives it.
 */
import { describe, expect, it } from 'vitest';
import { api, create, info } from './helpers';

describe("a seat's own e-mail address", () => {
  it('is in its own settings only, and can be removed', async () => {
    const m = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Host', email: 'host.own@example.org' }, { kind: 'open' }],
    });
    const c = await api(`/api/matches/${m.id}/claim`, {
      body: { invite: m.invite, name: 'Cat', email: 'cat.own@example.org' },
    });
    expect(c.status).toBe(200);
    const cat = await info(m, c.body.token);
    expect(cat.settings).toMatchObject({ hasEmail: true, email: 'cat.own@example.org' });
    const host = await info(m, m.seats[0]);
    expect(host.settings?.email).toBe('host.own@example.org');
    // Nobody else reads Cat's address: the host's seat, the host link, a spectator.
    for (const other of [m.seats[0], m.host, null]) {
      const r = await api(`/api/matches/${m.id}`, other ? { token: other } : {});
      expect(JSON.stringify(r.body)).not.toContain('cat.own@example.org');
    }
    const spectator = await api(`/api/matches/${m.id}`);
    expect(JSON.stringify(spectator.body)).not.toContain('host.own@example.org');
    // Removing it: no address, no mail setting left on.
    const removed = await api(`/api/matches/${m.id}/settings`, {
      token: c.body.token,
      body: { email: null },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.settings).toMatchObject({ hasEmail: false, email: null });
  });
});
