/**
 * The coup-fourré response mode as a seat setting: a change is one log row (replay needs it), an
 * unchanged mode writes none, a finished match refuses a change with 409 `match.finished` and
 * writes nothing, and a change does not make another seat's in-flight move stale.
 */
import { describe, expect, it } from 'vitest';
import { annAndBob, api, info, logRows, move, type TestMatch } from './helpers';

/** Ann and Bob; a hand to 100 km and no match target: Roll, Roll, 100 km ends the match. */
const shortMatch = () =>
  annAndBob('response-mode', { preset: 'classic', options: { goal: 100, matchTarget: 0 } });

const setMode = (m: TestMatch, token: string, responseMode: 'auto' | 'ask') =>
  api(`/api/matches/${m.id}/settings`, { token, body: { responseMode } });

describe('response mode', () => {
  it('once the match is over a change is refused with 409 match.finished and writes nothing', async () => {
    const m = await shortMatch();
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    await move(m, ann, { type: 'play', card: 'roll' });
    await move(m, bob, { type: 'play', card: 'roll' });
    await move(m, ann, { type: 'play', card: 'd100' });
    const over = await info(m, bob);
    expect(over.status).toBe('finished');
    const rows = await logRows(m);
    const log = await api(`/api/matches/${m.id}/log`);
    for (let i = 0; i < 6; i++) {
      const r = await setMode(m, bob, i % 2 === 0 ? 'ask' : 'auto');
      if (i % 2 === 0) {
        expect(r.status).toBe(409);
        expect(r.body.error.code).toBe('match.finished');
      } else {
        // 'auto' is the mode Bob already has: nothing to change, nothing written.
        expect(r.status).toBe(200);
      }
    }
    // A refused change takes nothing else with it either.
    const mixed = await api(`/api/matches/${m.id}/settings`, {
      token: bob,
      body: { responseMode: 'ask', language: 'fr' },
    });
    expect(mixed.status).toBe(409);
    expect(await logRows(m)).toBe(rows);
    expect((await api(`/api/matches/${m.id}/log`)).body).toEqual(log.body);
    const after = await info(m, bob);
    expect(after.seats[1].responseMode).toBe('auto');
    expect(after.settings!.language).toBe(over.settings!.language);
    expect(after.view!.version).toBe(over.view!.version);
    const replay = await api(`/dev/replay/${m.id}`);
    expect(replay.body.replayed).toEqual(replay.body.stored);
  });

  it('an unchanged mode writes no log row while the match is played', async () => {
    const m = await shortMatch();
    const bob = m.seats[1]!;
    const rows = await logRows(m);
    for (let i = 0; i < 3; i++) expect((await setMode(m, bob, 'auto')).status).toBe(200);
    expect(await logRows(m)).toBe(rows);
    expect((await setMode(m, bob, 'ask')).status).toBe(200);
    expect((await setMode(m, bob, 'ask')).status).toBe(200);
    expect(await logRows(m)).toBe(rows + 1);
  });

  it('seat B switching to ask does not make seat A’s move at the same version stale', async () => {
    const m = await shortMatch();
    const [ann, bob] = [m.seats[0]!, m.seats[1]!];
    const v = (await info(m, ann)).view!.version;
    expect((await setMode(m, bob, 'ask')).status).toBe(200);
    const r = await move(m, ann, { type: 'play', card: 'roll' }, { version: v });
    expect(r.status).toBe(200);
    expect((await info(m, bob)).seats[1].responseMode).toBe('ask');
  });
});
