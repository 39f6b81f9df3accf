/**
 * A coup fourré in an `ask` response window (RULES.md §7), answered once by the player and once by
 * the window's deadline on the alarm (the seat's automatic choice applies), plus a window that times
 * out into a pass. The alarm handler is idempotent: running it again changes nothing.
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CardId } from '../../worker/engine/index';
import { accidentForAskSeat, api, fireSchedule, info, move, scheduleOf, stubOf } from './helpers';

async function attackedMatch(victimHolds: CardId) {
  const m = await accidentForAskSeat(victimHolds, 'cf', { responseWindowMinutes: 30 });
  const before = await info(m, m.seats[1]);
  expect(before.seats[1].responseMode).toBe('ask');
  const r = await move(m, m.seats[0]!, { type: 'play', card: 'accident', target: 1 });
  expect(r.status).toBe(200);
  expect(r.body.events.map((e: { type: string }) => e.type)).toContain('windowOpened');
  const asked = await info(m, m.seats[1]);
  expect(asked.view!.phase).toBe('respond');
  expect(asked.view!.window).toMatchObject({ seat: 1, attacker: 0, hazard: 'accident' });
  expect(asked.deadlines.window).not.toBeNull();
  const due = Date.parse(asked.deadlines.window!) - Date.now();
  expect(due).toBeGreaterThan(29 * 60_000);
  expect(due).toBeLessThanOrEqual(30 * 60_000);
  // The attacker is told a window is open, never what Bob holds.
  const attacker = await info(m, m.seats[0]);
  expect(attacker.view!.window).toEqual(asked.view!.window);
  expect(attacker.view!.legalMoves).toEqual([]);
  return m;
}

describe('coup fourré in an ask window', () => {
  it('is resolved by the player’s answer', async () => {
    const m = await attackedMatch('driving_ace');
    const bob = await info(m, m.seats[1]);
    expect(bob.view!.legalMoves).toContainEqual({ type: 'coupFourre', card: 'driving_ace' });
    const r = await move(m, m.seats[1]!, { type: 'coupFourre', card: 'driving_ace' });
    expect(r.status).toBe(200);
    expect(r.body.events).toContainEqual(
      expect.objectContaining({ type: 'coupFourre', seat: 1, card: 'driving_ace' }),
    );
    const after = await info(m, m.seats[1]);
    expect(after.view!.tableaux[1].coupFourre).toEqual(['driving_ace']);
    expect(after.deadlines.window).toBeNull();
    expect((await scheduleOf(m)).some((s) => s.kind === 'window')).toBe(false);
  });

  it('is resolved by the alarm when the window times out (the automatic choice plays it)', async () => {
    const m = await attackedMatch('driving_ace');
    expect(await fireSchedule(m, ['window'])).toBe(true);
    const after = await info(m, m.seats[1]);
    expect(after.view!.phase).not.toBe('respond');
    expect(after.view!.tableaux[1].coupFourre).toEqual(['driving_ace']);
    const log = await api(`/api/matches/${m.id}/log`);
    const cf = log.body.events.find((e: { event: { type: string } }) => e.event.type === 'coupFourre');
    expect(cf.by).toBe('timeout');
    // At-least-once delivery: running the alarm again changes nothing.
    const version = after.view!.version;
    await runDurableObjectAlarm(stubOf(m));
    expect((await info(m, m.seats[1])).view!.version).toBe(version);
  });

  it('passes when the asked seat holds no safety and the window times out', async () => {
    const m = await attackedMatch('d200');
    expect(await fireSchedule(m, ['window'])).toBe(true);
    const after = await info(m, m.seats[1]);
    expect(after.view!.tableaux[1].battleTop).toBe('accident');
    const log = await api(`/api/matches/${m.id}/log`);
    expect(log.body.events).toContainEqual(
      expect.objectContaining({ by: 'timeout', event: { type: 'passed', seat: 1 } }),
    );
  });
});
