/**
 * The test seams the transcript recorder (scripts/transcript.ts) relies on: a creation may ask for
 * its match id (`X-Test-Match-Id`), and a match may be told the id and seed of its next rematch and
 * have its clock pinned (`testFix`). Without the seams the header is ignored: scripts/mf-harness.ts
 * `checkSeam` checks the production bundle.
 */
import { describe, expect, it } from 'vitest';
import type { MatchInfo } from '../../worker/protocol/views';
import { annAndBob, api, freshIp, info, move, stubOf } from './helpers';
import { agreeRematch } from './rematch-helpers';

/** The match object's `testFix` (test-seams.ts), as the recorder calls it. */
interface Fixable {
  testFix(fix: {
    pinClockMs?: number | null;
    nextRematch?: { matchId: string; seed: string } | null;
  }): Promise<{ status: number; body?: { now: number } }>;
}

const BODY = { rules: 'classic', seats: [{ kind: 'human' }, { kind: 'human' }], firstSeat: 0 };

describe('transcript seams', () => {
  it('a creation takes the match id asked for; a bad or taken one is refused', async () => {
    const id = 'seam-asked-match-id-01';
    const headers = { 'X-Test-Match-Id': id };
    const made = await api('/api/matches', { body: BODY, headers, ip: freshIp() });
    expect(made.status).toBe(201);
    expect(made.body.matchId).toBe(id);
    const again = await api('/api/matches', { body: BODY, headers, ip: freshIp() });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('match.exists');
    const bad = await api('/api/matches', {
      body: BODY,
      headers: { 'X-Test-Match-Id': 'short' },
      ip: freshIp(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('request.invalid');
  });

  it('a pinned clock stands still; the next rematch takes the fixed id and seed, once', async () => {
    const deal = async (seed: string) => {
      const m = await annAndBob(seed, { preset: 'classic', options: { goal: 100, matchTarget: 0 } });
      const stub = stubOf(m) as unknown as Fixable;
      expect((await stub.testFix({ pinClockMs: Date.UTC(2030, 0, 7) })).body?.now).toBe(Date.UTC(2030, 0, 7));
      const [ann, bob] = [m.seats[0]!, m.seats[1]!];
      for (const [token, card] of [
        [ann, 'roll'],
        [bob, 'roll'],
        [ann, 'd100'],
      ] as const)
        await move(m, token, { type: 'play', card });
      const matchId = `seam-rematch-${seed}`.padEnd(22, '0');
      expect((await stub.testFix({ nextRematch: { matchId, seed: 'fixed-deal' } })).status).toBe(200);
      const dealt = await agreeRematch(m.id, [ann, bob]);
      expect(dealt.status).toBe(201);
      expect(dealt.body.matchId).toBe(matchId);
      // The clock stood still through the moves; the fix was used once.
      expect((await stub.testFix({})).body?.now).toBe(Date.UTC(2030, 0, 7));
      return ((await info({ ...m, id: matchId }, bob)) as MatchInfo).view!.hand;
    };
    // Two matches whose rematches are fixed to the same seed: the same hands.
    const [a, b] = [await deal('a'), await deal('b')];
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThanOrEqual(6);
  });
});
