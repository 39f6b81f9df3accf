/**
 * Regression: switching `responseMode` to `auto` while one's own response window was open left the
 * window open until its deadline. The automatic answer now applies at once, through the same path as
 * the window's timeout: logged (after the setting's row, so replay matches), pushed, window cleared.
 */
import { describe, expect, it } from 'vitest';
import type { CardId } from '../../worker/engine/index';
import { accidentForAskSeat, api, info, logRows, move, scheduleOf } from './helpers';

/** Ann attacks Bob (an `ask` seat holding `victimHolds`) with an Accident: Bob's window is open. */
async function asked(victimHolds: CardId) {
  const m = await accidentForAskSeat(victimHolds, 'auto-switch');
  expect((await move(m, m.seats[0]!, { type: 'play', card: 'accident', target: 1 })).status).toBe(200);
  const bob = await info(m, m.seats[1]);
  expect(bob.view!.phase).toBe('respond');
  expect(bob.deadlines.window).not.toBeNull();
  return m;
}

const toAuto = (token: string, id: string) =>
  api(`/api/matches/${id}/settings`, { token, body: { responseMode: 'auto' } });

describe('switching to auto inside one’s own window', () => {
  it('plays the coup fourré at once, logged after the setting’s row, seen by everyone', async () => {
    const m = await asked('driving_ace');
    const rows = await logRows(m);
    const r = await toAuto(m.seats[1]!, m.id);
    expect(r.status).toBe(200);
    expect(r.body.view.phase).not.toBe('respond');
    expect(r.body.view.tableaux[1].coupFourre).toEqual(['driving_ace']);
    expect(r.body.deadlines.window).toBeNull();
    expect(r.body.seats[1].responseMode).toBe('auto');
    expect(await logRows(m)).toBe(rows + 2);
    expect((await scheduleOf(m)).some((s) => s.kind === 'window')).toBe(false);
    const log = (await api(`/api/matches/${m.id}/log`)).body.events as Array<{
      by: string;
      event: { type: string };
    }>;
    const mode = log.findIndex((e) => e.event.type === 'responseMode');
    const cf = log.findIndex((e) => e.event.type === 'coupFourre');
    expect(mode).toBeGreaterThanOrEqual(0);
    expect(cf).toBeGreaterThan(mode);
    expect(log[cf].by).toBe('server');
    // Ann sees the same state without asking twice, and replay from the log agrees.
    expect((await info(m, m.seats[0])).view!.version).toBe(r.body.view.version);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
  });

  it('passes at once when the seat holds no safety; switching back to ask changes no answer', async () => {
    const m = await asked('d200');
    const r = await toAuto(m.seats[1]!, m.id);
    expect(r.status).toBe(200);
    expect(r.body.view.tableaux[1].battleTop).toBe('accident');
    expect(r.body.view.phase).not.toBe('respond');
    const log = (await api(`/api/matches/${m.id}/log`)).body.events;
    expect(log).toContainEqual(expect.objectContaining({ by: 'server', event: { type: 'passed', seat: 1 } }));
    const rows = await logRows(m);
    const back = await api(`/api/matches/${m.id}/settings`, {
      token: m.seats[1],
      body: { responseMode: 'ask' },
    });
    expect(back.status).toBe(200);
    expect(back.body.view.version).toBe(r.body.view.version);
    expect(await logRows(m)).toBe(rows + 1);
  });

  it('the attacker switching to auto does not answer the victim’s window', async () => {
    const m = await asked('driving_ace');
    const before = await info(m, m.seats[1]);
    const r = await api(`/api/matches/${m.id}/settings`, {
      token: m.seats[0],
      body: { responseMode: 'ask' },
    });
    expect(r.status).toBe(200);
    expect((await toAuto(m.seats[0]!, m.id)).status).toBe(200);
    const after = await info(m, m.seats[1]);
    expect(after.view!.phase).toBe('respond');
    expect(after.view!.hand).toEqual(before.view!.hand);
  });
});
