/**
 * End-to-end in Debian chromium against the real Worker: a league of three with
 * one, then two finished matches shows its standings and each member's form chart (with its words),
 * to the owner and to a member (whose matches list comes from the home page's batch read). After one
 * match each chart is a dot, after two a line; at 360 px the standings fit the screen without a cut
 * word (two tables), and a finished match says when it ended and who won, in the owner's list and
 * in a member's rows (not its last move). The matches are played to their end through the API with the members' own league links
 * (legal moves only, one hand to 100 km); each match tells its league on its alarm. Axe finds
 * nothing at 360 and 1280 px. (The owner who plays, on one phone, is league-links.test.ts: a server
 * of its own, so the two stay under the create rate limit of one client.)
 * Screens at 360 px and 1280 px (browser.ts `capture`).
 */

import type { Page } from 'playwright-core';
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

/** Reads the league until `n` of its matches have ended (each tells it on its alarm, right after its end). */
async function endedMatches(leagueId: string, token: string, n: number): Promise<LeagueInfo> {
  let info: LeagueInfo | null = null;
  for (let i = 0; i < 100; i++) {
    info = (await apiCall(h, `/api/leagues/${leagueId}`, { token })).body as LeagueInfo;
    if (info.matches.filter((x) => x.ended).length === n) return info;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(
    `the league heard of ${info?.matches.filter((x) => x.ended).length} ended matches, not ${n}`,
  );
}

/** The displayed standings tables: each one's rows' text, and whether it or a header is cut. */
function standingsTables(page: Page) {
  return page.$$eval('.league-table', (regions) =>
    regions
      .filter((r) => (r as HTMLElement).offsetParent !== null)
      .map((r) => ({
        rows: [...r.querySelectorAll('tbody tr')].map((tr) => tr.textContent ?? ''),
        scrolls: r.scrollWidth > r.clientWidth,
        cutHeaders: [...r.querySelectorAll('th')]
          .filter((th) => th.scrollWidth > th.clientWidth)
          .map((th) => th.textContent),
      })),
  );
}

/** The drawn box (px) of each chart's marks matching `selector` (a dot, a line). */
function markBoxes(page: Page, selector: string) {
  return page.$$eval(`svg.sparkline ${selector}`, (marks) =>
    marks.map((m) => {
      const box = m.getBoundingClientRect();
      return { width: box.width, height: box.height };
    }),
  );
}

describe('a league in the browser', () => {
  it('a league of three with one, then two finished matches shows the standings and the chart', async () => {
    const made = await apiCall(h, '/api/leagues', {
      body: { name: 'Friday club', members: ['Ann', 'Bob', 'Cid'], rules: SHORT },
    });
    expect(made.status).toBe(201);
    const league = made.body as LeagueCreated;
    const members = league.members.map((m) => tokenOf(m.url));
    const playOne = async () => {
      const r = await apiCall(h, `/api/leagues/${league.leagueId}/matches`, {
        token: members[0],
        body: { bots: 0 },
      });
      expect(r.status).toBe(201);
      await playToEnd(r.body.matchId, members);
    };

    // One finished match: each chart is a dot, the standings fit a phone.
    await playOne();
    let info = await endedMatches(league.leagueId, members[0], 1);
    expect(info.standings.map((s) => s.matches)).toEqual([1, 1, 1]);
    const page = await player(h, 'owner', 360);
    await page.goto(league.ownerUrl);
    await waitText(page, '.league h1', 'Friday club');
    await page.waitForFunction(() => document.querySelectorAll('svg.sparkline circle').length === 3);
    for (const box of await markBoxes(page, 'circle')) expect(box.width * box.height).toBeGreaterThan(0);
    const phone = await standingsTables(page);
    // Two tables on a phone, the main one and "More figures", neither scrolling, no header cut.
    expect(phone).toHaveLength(2);
    for (const table of phone) {
      expect(table.scrolls).toBe(false);
      expect(table.cutHeaders).toEqual([]);
      expect(table.rows.map((r) => r.replace(/[\d\s.,]+/g, '')).sort()).toEqual(['Ann', 'Bob', 'Cid']);
    }
    // In the other four languages (German's words the longest) the tables fit too.
    const more = {
      de: 'Weitere Zahlen',
      fr: 'Autres chiffres',
      sv: 'Fler siffror',
      nb: 'Flere tall',
      en: 'More figures',
    };
    for (const [code, caption] of Object.entries(more)) {
      await page.evaluate((l) => localStorage.setItem('mb.lang', l), code);
      await page.reload();
      await waitText(page, '.league-table', caption);
      for (const table of await standingsTables(page)) {
        expect(table.scrolls, code).toBe(false);
        expect(table.cutHeaders, code).toEqual([]);
      }
      if (code === 'de') await h.shots.screen(page, 'league-one-match-de');
    }
    // The owner's list says the match ended, when, and who won.
    const names = new Map(info.members.map((m) => [m.member, m.name]));
    const winners = info.matches[0].winners;
    const winnerNames = winners.map((w) => names.get(w)).join(', ');
    expect(winnerNames).not.toBe('');
    expect(await page.locator('.league-list li').textContent()).toMatch(
      new RegExp(`Ann, Bob, Cid · Finished (now|\\d minutes? ago), ${winnerNames} won$`),
    );
    await h.shots.screen(page, 'league-one-match');

    // A member two hours later: the finished match says when it ended and who won, not who played last.
    const won = winners.includes(1) ? 'you won' : `${winnerNames} won`;
    const bob = await player(h, 'bob', 1280);
    await bob.clock.setFixedTime(Date.now() + 2 * 3_600_000);
    await bob.goto(league.members[1].url);
    await waitText(bob, '.league', 'You play as Bob.');
    await waitText(bob, '.mine-row .mine-acts', `Finished 2 hours ago, ${won}`);
    expect(await bob.locator('.mine-row').textContent()).not.toContain('played');
    await waitText(bob, '.mine-row', 'Final score');
    await h.shots.screen(bob, 'league-member-finished');

    // Two finished matches: each chart is a line of two points, and the same figures in words.
    await playOne();
    info = await endedMatches(league.leagueId, members[0], 2);
    expect(info.standings.map((s) => s.matches)).toEqual([2, 2, 2]);
    await page.reload();
    await waitText(page, '.league h1', 'Friday club');
    // The sparkline's path, or for a member who scored 0 twice a line along the bottom.
    await page.waitForFunction(
      () => document.querySelectorAll('svg.sparkline .sparkline--line').length === 3,
    );
    // A line across the chart (flat when both matches scored alike).
    for (const box of await markBoxes(page, '.sparkline--line')) expect(box.width).toBeGreaterThan(50);
    const words = await page.$$eval('.form-row span', (s) => s.map((e) => e.textContent ?? ''));
    for (const s of info.standings) {
      const line = words.find((w) => w.startsWith(`${s.name}:`));
      expect(line, s.name).toBeDefined();
      expect(line!.split('; ')).toHaveLength(2);
    }
    expect(await page.$$eval('.league-list li', (li) => li.length)).toBe(2);
    // At 1280 px one table holds every figure.
    await page.setViewportSize({ width: 1280, height: 800 });
    const wide = await standingsTables(page);
    expect(wide).toHaveLength(1);
    expect(wide[0].scrolls).toBe(false);
    expect(wide[0].rows).toHaveLength(3);
    await page.setViewportSize({ width: 360, height: 740 });
    await h.shots.screen(page, 'league-owner');
    expect(await axeAtBothWidths(page, 'league')).toEqual([]);

    // A member sees the same standings and the matches through the batch read, with the result.
    await bob.reload();
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
