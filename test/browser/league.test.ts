/**
 * End-to-end in Debian chromium against the real Worker: a league of three with
 * two finished matches shows its standings and each member's form chart (with its words), to the
 * owner and to a member (whose matches list comes from the home page's batch read). The matches are
 * played to their end through the API with the members' own league links (legal moves only, one
 * hand to 100 km); each match tells its league on its alarm. Axe finds nothing at 360 and 1280 px. (The owner who
 * plays, on one phone, is league-links.test.ts: a server of its own, so the two stay under the
 * create rate limit of one client.)
 * Screens at 360 px and 1280 px (browser.ts `capture`).
 */
import { describe, expect, it } from 'vitest';
import type { LeagueCreated, LeagueInfo } from '../../worker/league-protocol';
import type { MatchInfo } from '../../worker/protocol/views';
import { apiCall } from './api';
import { axeAtBothWidths } from './axe';
import { e2eHooks, player, waitText } from './browser';

const h = e2eHooks();
const SHORT = { preset: 'classic', options: { goal: 100, matchTarget: 0 } };

const tokenOf = (url: string) => new URL(url).hash.replace(/^#(owner|member)=/, '');

/** Plays match `id` to its end: each turn, the member whose view offers moves plays its first legal one. */
async function playToEnd(id: string, tokens: string[]): Promise<void> {
  for (let n = 0; n < 2000; n++) {
    let moved = false;
    for (const token of tokens) {
      const info = (await apiCall(h, `/api/matches/${id}`, { token })).body as MatchInfo;
      if (info.status === 'finished') return;
      const legal = info.view?.legalMoves ?? [];
      if (legal.length === 0) continue;
      // Distance first when there is some: the hand ends sooner.
      const move = legal.find((m) => m.type === 'play' && m.card.startsWith('d')) ?? legal[0];
      const r = await apiCall(h, `/api/matches/${id}/moves`, {
        token,
        body: { version: info.view!.version, moveId: `e${n}-${Math.random()}`, move },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      moved = true;
      break;
    }
    if (!moved) throw new Error('nobody can move');
  }
  throw new Error('the match did not end');
}

describe('a league in the browser', () => {
  it('a league of three with two finished matches shows the standings and the chart', async () => {
    const made = await apiCall(h, '/api/leagues', {
      body: { name: 'Friday club', members: ['Ann', 'Bob', 'Cid'], rules: SHORT },
    });
    expect(made.status).toBe(201);
    const league = made.body as LeagueCreated;
    const members = league.members.map((m) => tokenOf(m.url));
    for (let k = 0; k < 2; k++) {
      const r = await apiCall(h, `/api/leagues/${league.leagueId}/matches`, {
        token: members[0],
        body: { bots: 0 },
      });
      expect(r.status).toBe(201);
      await playToEnd(r.body.matchId, members);
    }
    // The tells run on each match's alarm, right after its end.
    let info: LeagueInfo | null = null;
    for (let i = 0; i < 100; i++) {
      info = (await apiCall(h, `/api/leagues/${league.leagueId}`, { token: members[0] })).body as LeagueInfo;
      if (info.matches.every((x) => x.ended)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(info!.standings.map((s) => s.matches)).toEqual([2, 2, 2]);

    const page = await player(h, 'owner', 360);
    await page.goto(league.ownerUrl);
    await waitText(page, '.league h1', 'Friday club');
    const rows = await page.$$eval('.league-table tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.replace(/[\d\s.,]+/g, '')).sort()).toEqual(['Ann', 'Bob', 'Cid']);
    // Each member's chart: a line of two points, and the same figures in words.
    await page.waitForFunction(
      () => document.querySelectorAll('svg.sparkline path.sparkline--line').length === 3,
    );
    const words = await page.$$eval('.form-row span', (s) => s.map((e) => e.textContent ?? ''));
    for (const s of info!.standings) {
      const line = words.find((w) => w.startsWith(`${s.name}:`));
      expect(line, s.name).toBeDefined();
      expect(line!.split('; ')).toHaveLength(2);
    }
    expect(await page.$$eval('.league-list li', (li) => li.length)).toBe(2);
    await h.shots.screen(page, 'league-owner');
    expect(await axeAtBothWidths(page, 'league')).toEqual([]);

    // A member sees the same standings and the matches through the batch read, with the result.
    const bob = await player(h, 'bob', 1280);
    await bob.goto(league.members[1].url);
    await waitText(bob, '.league', 'You play as Bob.');
    await bob.waitForFunction(() => document.querySelectorAll('.mine-row').length === 2);
    await waitText(bob, '.mine-row', 'Final score');
    await h.shots.screen(bob, 'league-member');
    // The creation page.
    await bob.goto(`${h.server.url}/l/new`);
    await waitText(bob, 'h1', 'Start a league');
    await h.shots.screen(bob, 'league-new');
    expect(h.problems).toEqual([]);
  });
});
