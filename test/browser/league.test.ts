/**
 * End-to-end in Debian chromium against the real Worker: a league of three with
 * two finished matches shows its standings and each member's form chart (with its words), to the
 * owner and to a member (whose matches list comes from the home page's batch read). The matches are
 * played to their end through the API with the members' own league links (legal moves only, one
 * hand to 100 km); each match tells its league on its alarm. Then the owner who plays, on one phone:
 * created in the page, the league opens with Ann's "New match" and every member's link with Copy and
 * Share; Lea's link opened on the same device and back, the owner's view is still there; home lists
 * the league; a new link for Lea refuses her old one. Axe finds nothing at 360 and 1280 px.
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

  it('the owner who plays keeps both links on one device, with every member’s link to copy or share', async () => {
    const page = await player(h, 'owner', 360);
    // The system share sheet, recorded: headless chromium has none.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared.push(data);
          return Promise.resolve();
        },
      });
      (window as unknown as { shared: ShareData[] }).shared = [];
    });
    await page.goto(`${h.server.url}/`);
    await page.click('nav a[href="/l/new"]');
    await waitText(page, 'h1', 'Start a league');
    await page.getByLabel('League name').fill('Sunday club');
    for (const [n, name] of ['Ann', 'Lea', 'Bob'].entries())
      await page.getByLabel(`Member ${n + 1}`, { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Create the league' }).click();
    await waitText(page, '[role=status]', 'Your league is ready');
    // Every link of the new league with Copy and Share.
    expect(await page.locator('.share').count()).toBe(4);
    expect(await page.locator('.share button', { hasText: 'Copy link' }).count()).toBe(4);
    expect(await page.locator('.share button', { hasText: 'Share…' }).count()).toBe(4);
    await h.shots.screen(page, 'league-created');

    // The device holds the owner's link and every member's: it plays as Ann (member 1), picked here.
    const playing = () => page.locator('.league-play-as select option:checked').textContent();
    await page.getByRole('button', { name: 'Open the league' }).click();
    await waitText(page, '.league', 'You hold the owner link.');
    expect(await playing()).toBe('Ann');
    await waitText(page, '.league', 'You hold the owner link.');
    const leagueUrl = page.url();
    expect(leagueUrl).not.toContain('#');
    await page.getByRole('button', { name: 'New match with every member' }).waitFor();
    const rows = page.locator('.league-link-list > li');
    expect(await rows.count()).toBe(3);
    const lea = rows.filter({ hasText: 'Link for Lea' });
    const leaUrl = await lea.locator('input.link').inputValue();
    expect(leaUrl).toMatch(/#member=[A-Za-z0-9_-]{43}$/);
    await lea.getByRole('button', { name: 'Share…' }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    expect(shared.map((x) => x.url)).toEqual([leaUrl]);
    expect(shared[0].text).toContain('Lea');
    await h.shots.screen(page, 'league-owner-member');

    // Back: the creation form is gone from the history; home lists the league.
    await page.goBack();
    await waitText(page, '.my-leagues', 'Sunday club');

    // Lea's link opened on the same device: Lea for that visit; the owner's link and Ann's stay.
    await page.goto(leaUrl);
    await waitText(page, '.league', 'You hold the owner link.');
    await page.waitForFunction(
      () => document.querySelector('.league-play-as option:checked')?.textContent === 'Lea',
    );
    await page.goto(leagueUrl);
    await waitText(page, '.league', 'You hold the owner link.');
    expect(await playing()).toBe('Ann');
    await page.getByRole('button', { name: 'New match with every member' }).waitFor();
    expect(await rows.count()).toBe(3);
    expect(await lea.locator('input.link').inputValue()).toBe(leaUrl);

    // Home lists the league, and the way in opens it.
    await page.goto(`${h.server.url}/`);
    await waitText(page, '.my-leagues', 'Sunday club');
    await h.shots.screen(page, 'home-leagues');
    await page.locator('.my-leagues a', { hasText: 'Sunday club' }).click();
    await waitText(page, '.league', 'You hold the owner link.');
    expect(await playing()).toBe('Ann');

    // A new link for Lea: her old one is refused on her phone, the new one opens her place.
    await lea.getByRole('button', { name: 'New link' }).click();
    await lea.getByRole('button', { name: 'Yes, new link' }).click();
    await waitText(page, '.league-link-list', 'New link for Lea ready');
    const leaNew = await lea.locator('input.link').inputValue();
    expect(leaNew).not.toBe(leaUrl);
    const phone = await player(h, 'lea', 360);
    await phone.goto(leaUrl);
    await waitText(phone, '[role=alert]', 'it was replaced');
    await phone.goto(leaNew);
    await waitText(phone, '.league', 'You play as Lea.');
    // A member sees their own link only, never the others' nor the owner's.
    await waitText(phone, '.league-links', 'Your link');
    const html = await phone.content();
    const ownLinks = await page
      .locator('.league input.link')
      .evaluateAll((i) => i.map((e) => (e as HTMLInputElement).value));
    for (const url of ownLinks.filter((u) => u !== leaNew)) expect(html).not.toContain(url.split('#')[1]);
    expect(await phone.locator('.league-link-list').count()).toBe(0);
    await h.shots.screen(phone, 'league-member-own-link');
    expect(await axeAtBothWidths(page, 'league-owner-member')).toEqual([]);

    // The owner plays: the new match opens on Ann's seat.
    await page.getByRole('button', { name: 'New match with every member' }).click();
    await page.waitForURL(/\/m\//);
    expect(h.problems).toEqual([]);
  });
});
