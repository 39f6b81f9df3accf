/**
 * League standings: a match made in a league tells the league its result at its
 * end; the league counts each match exactly once, when the message reaches it twice and when it
 * fails once and is retried on the match's alarm. Also the rows a league match costs the league.
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { advance, api, fireSchedule, info, stubOf } from './helpers';
import {
  createLeague,
  finishLeagueMatch,
  leagueInfo,
  leagueMatch,
  leagueStubOf,
  pendingTell,
} from './league-helpers';
import { agreeRematch } from './rematch-helpers';

describe('league standings', () => {
  it('a finished match updates the standings from its final score', async () => {
    const l = await createLeague();
    const m = await leagueMatch(l, 1);
    // The members' own league links open their seats (hashes reused, no new seat token).
    const seatOfBob = await info(m, l.members[1]);
    expect(seatOfBob.you.seat).toBe(0);
    await finishLeagueMatch(m);
    const final = await info(m, l.members[0]);
    expect(final.status).toBe('finished');
    const league = await leagueInfo(l, l.owner);
    expect(league.matches[0]).toMatchObject({ matchId: m.id, ended: true });
    // The end time the league lists is the match's own, as "my matches" reads it.
    const summary = await api('/api/matches/summaries', {
      body: { items: [{ matchId: m.id, token: l.members[0] }] },
    });
    expect(summary.body.items[0].summary.finishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(league.matches[0].endedAt).toBe(summary.body.items[0].summary.finishedAt);
    for (const s of league.standings) {
      const seat = league.matches[0].seats.indexOf(s.member);
      const team = seat % final.view!.scores.length;
      expect(s.matches).toBe(1);
      expect(s.points).toBe(final.view!.scores[team]);
      expect(s.hands).toBe(1);
      expect(s.form).toHaveLength(1);
      expect(s.perHand).toBe(s.points);
    }
    const winners = league.standings.filter((s) => s.matchesWon === 1);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    expect(winners.every((w) => w.longestRun === 1)).toBe(true);
    // (A played-out hand's winner by km may differ from the match's winner by points.)
    expect(league.standings.every((s) => s.handsWon <= 1 && s.coupsFourres >= 0)).toBe(true);
    expect(league.matches[0].winners.sort()).toEqual(winners.map((w) => w.member).sort());
  });

  it('tells the coups fourrés counted from the log, as many as the hand results score', async () => {
    for (const seed of [1, 2, 3]) {
      const l = await createLeague(['Ann', 'Bob']);
      const m = await leagueMatch(l, 0);
      await finishLeagueMatch(m, seed);
      const { told, scored } = await coupsFourresOf(m.id);
      expect(told).toEqual(scored);
    }
  });

  it('a match-end message that reaches the league twice counts once', async () => {
    const l = await createLeague(['Ann', 'Bob']);
    const m = await leagueMatch(l, 0);
    await finishLeagueMatch(m);
    expect(await pendingTell(m)).toBeNull();
    const once = await leagueInfo(l, l.owner);
    expect(once.standings.map((s) => s.matches)).toEqual([1, 1]);
    // The same result again, as a duplicated delivery would bring it.
    const result = await runInMatch(m.id);
    const again = await leagueStubOf(l).matchEnded(result);
    expect(again).toMatchObject({ status: 200, body: { counted: false } });
    const twice = await leagueInfo(l, l.owner);
    expect(twice.standings).toEqual(once.standings);
  });

  it('a match-end message that fails once is retried on the match’s alarm and counts once', async () => {
    const l = await createLeague(['Ann', 'Bob']);
    const m = await leagueMatch(l, 0);
    await leagueStubOf(l).testFailTells(1);
    await finishLeagueMatch(m);
    // The failed tell waits on the match's schedule, a minute later.
    expect(await pendingTell(m)).toEqual({ attempt: 1 });
    expect((await leagueInfo(l, l.owner)).standings.map((s) => s.matches)).toEqual([0, 0]);
    const stub = stubOf(m) as unknown as { testAdvanceClock(ms: number): Promise<unknown> };
    await stub.testAdvanceClock(61_000);
    await runDurableObjectAlarm(stubOf(m));
    expect(await pendingTell(m)).toBeNull();
    const after = await leagueInfo(l, l.owner);
    expect(after.standings.map((s) => s.matches)).toEqual([1, 1]);
    expect(after.standings.reduce((n, s) => n + s.matchesWon, 0)).toBeGreaterThanOrEqual(1);
    // Another alarm tells nothing more.
    await runDurableObjectAlarm(stubOf(m));
    expect((await leagueInfo(l, l.owner)).standings).toEqual(after.standings);
  });

  it('a league match costs the league two rows: its creation and its result', async () => {
    const l = await createLeague(['Ann', 'Bob']);
    const league = leagueStubOf(l);
    const before = (await league.benchStats()).body.rows;
    const m = await leagueMatch(l, 0, 1);
    expect((await league.benchStats()).body.rows - before).toBe(1);
    await finishLeagueMatch(m);
    expect((await league.benchStats()).body.rows - before).toBe(2);
  });

  it('a rematch of a league match (the same members’ links) counts in the league too', async () => {
    const l = await createLeague(['Ann', 'Bob']);
    const m = await leagueMatch(l, 0);
    await finishLeagueMatch(m);
    const offer = await api(`/api/matches/${m.id}/rematch`, { token: m.seats[0]!, body: {} });
    expect(offer.status).toBe(202);
    const dealt = await api(`/api/matches/${m.id}/rematch`, {
      token: m.seats[1]!,
      body: { answer: 'accept' },
    });
    expect(dealt.status).toBe(201);
    const again = { ...m, id: dealt.body.matchId as string };
    expect((await info(again, l.members[0])).you.seat).not.toBeNull();
    await finishLeagueMatch(again, 2);
    const league = await leagueInfo(l, l.owner);
    expect(league.matches.map((x) => x.matchId)).toEqual([again.id, m.id]);
    expect(league.standings.map((s) => s.matches)).toEqual([2, 2]);
    expect(JSON.stringify(league)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('the league refuses the result of a match it did not make', async () => {
    const l = await createLeague(['Ann', 'Bob']);
    const r = await leagueStubOf(l).matchEnded({ matchId: 'x'.repeat(22), endedAt: 0, seats: [] });
    expect(r.status).toBe(404);
    expect((await leagueInfo(l, l.owner)).matches).toEqual([]);
    expect((await api(`/api/leagues/${l.id}`)).status).toBe(403);
  });
});

const post = (path: string, token: string | null, body: unknown = {}) => api(path, { token, body });

describe('league standings: leavers and days passing', () => {
  it('a rematch after a member left counts for those still in the league only', async () => {
    const l = await createLeague(['Ann', 'Bob', 'Cid']);
    const m = await leagueMatch(l, 0);
    await finishLeagueMatch(m);
    const counted = (await leagueInfo(l, l.owner)).standings.map((s) => [s.member, s.matches]);
    expect(counted.every(([, n]) => n === 1)).toBe(true);
    expect((await post(`/api/leagues/${l.id}/leave`, l.members[2])).status).toBe(200);
    const dealt = await agreeRematch(m.id, m.seats as string[]);
    expect(dealt.status).toBe(201);
    await finishLeagueMatch({ ...m, id: dealt.body.matchId as string }, 3);
    const league = await leagueInfo(l, l.owner);
    const of = (member: number) => league.standings.find((s) => s.member === member)!;
    expect(of(0).matches).toBe(2);
    expect(of(1).matches).toBe(2);
    expect(of(2).matches).toBe(1);
  });

  it('days passing after a league match ended count it once', async () => {
    const l = await createLeague(['Ann', 'Bob']);
    const m = await leagueMatch(l, 0);
    await finishLeagueMatch(m);
    for (let day = 0; day < 3; day++) await advance(m, 24 * 3_600_000);
    await fireSchedule(m, ['league']);
    const league = await leagueInfo(l, l.owner);
    expect(league.matches).toHaveLength(1);
    expect(league.standings.map((s) => s.matches)).toEqual([1, 1]);
    expect(await pendingTell(m)).toBeNull();
  });
});

/** The league result the match would send (built inside its Durable Object). */
async function runInMatch(matchId: string): Promise<unknown> {
  const { runInDurableObject } = await import('cloudflare:test');
  const { leagueResultOf: leagueResult } = await import('../../worker/match/league-tell');
  return runInDurableObject(stubOf(matchId), (instance) =>
    leagueResult((instance as unknown as { match: Parameters<typeof leagueResult>[0] }).match),
  );
}

/** The coups fourrés per seat the league result tells, and those the hand results' points give (per coup fourré scored). */
async function coupsFourresOf(matchId: string): Promise<{ told: number[]; scored: number[] }> {
  const { runInDurableObject } = await import('cloudflare:test');
  const { leagueResultOf: leagueResult } = await import('../../worker/match/league-tell');
  const { SCORE_TABLE } = await import('../../worker/engine/scoring');
  const { teamOf } = await import('../../worker/engine/index');
  return runInDurableObject(stubOf(matchId), (instance) => {
    const match = (instance as unknown as { match: Parameters<typeof leagueResult>[0] }).match;
    const state = match.meta!.state!;
    const perCoup = SCORE_TABLE[state.rules.options.scoring].coupFourre;
    return {
      told: leagueResult(match).seats.map((s) => s.coupsFourres),
      scored: match.seats.map((s) => {
        const team = teamOf(state, s.seat);
        return state.results.reduce((n, r) => n + Math.round(r.scores[team].coupFourre / perCoup), 0);
      }),
    };
  });
}
