/**
 * End-to-end in Debian chromium against the real Worker (leaving a match): Bob
 * leaves a three-seat match from his settings, after a confirmation that says the computer will
 * play his seat; his page then shows the match as a spectator's with a notice, and Ann's table says
 * Bob left while the computer plays on. In a 2-player match Ann leaves and Bob sees the match end
 * with himself the winner. Nothing gets wider than the screen; screens captured at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MatchInfo } from '../../worker/protocol/views';
import { apiCall, linkToken } from './api';
import { e2eHooks, player, waitText } from './browser';

const h = e2eHooks();

const width = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Creates a classic match of `seats` (seat 0 starts) and returns its id and seat links. */
async function match(seats: unknown[]): Promise<{ matchId: string; seats: Array<{ url: string | null }> }> {
  const created = await apiCall(h, '/api/matches', {
    body: { title: 'Leaving', rules: 'classic', seats, firstSeat: 0 },
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** Opens the settings and asks to leave; the confirmation dialog is open on return. */
async function askToLeave(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Settings/ }).click();
  await page.getByRole('button', { name: 'Leave this match' }).click();
  await waitText(page, 'dialog', 'Leave this match?');
}

describe('leaving a match', () => {
  it('a player leaves from the settings after a confirmation; the computer plays the seat on', async () => {
    const m = await match([{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }, { kind: 'bot' }]);
    const ann = await player(h, 'ann', 1280);
    await ann.goto(m.seats[0].url!);
    await waitText(ann, 'section.tableau.mine', 'Your area');
    const bob = await player(h, 'bob', 360);
    await bob.goto(m.seats[1].url!);
    await waitText(bob, 'section.tableau.mine', 'Your area');

    await askToLeave(bob);
    await waitText(bob, 'dialog', 'The computer plays your seat for the rest of the match');
    expect(await width(bob)).toBeLessThanOrEqual(360);
    await h.shots.screen(bob, 'leave-confirm');
    // "Stay" changes nothing.
    await bob.getByRole('button', { name: 'Stay' }).click();
    // Only the confirmation closes: the settings (a dialog too) stay open under it.
    await bob.getByRole('dialog', { name: 'Leave this match?' }).waitFor({ state: 'detached' });
    expect(await bob.locator('dialog.dialog-settings[open]').count()).toBe(1);
    const still = await apiCall(h, `/api/matches/${m.matchId}`, { token: linkToken(m.seats[1].url) });
    expect((still.body as MatchInfo).you.seat).toBe(1);

    await bob.getByRole('button', { name: 'Leave this match' }).click();
    await bob.getByRole('button', { name: 'Leave the match' }).click();
    await waitText(bob, '.left-notice', 'You left this match: the computer plays your seat.');
    // A spectator's page: no hand, no settings.
    expect(await bob.locator('section.tableau.mine').count()).toBe(0);
    expect(await bob.getByRole('button', { name: /Settings/ }).count()).toBe(0);
    expect(await width(bob)).toBeLessThanOrEqual(360);
    await h.shots.screen(bob, 'after-leave');

    // Ann's table says Bob left; the computer plays his turns.
    await waitText(ann, '.chip', 'Bob left the match');
    await waitText(ann, 'body', 'Bob left the match; the computer plays their seat.');
    const info = (await apiCall(h, `/api/matches/${m.matchId}`, { token: linkToken(m.seats[0].url) }))
      .body as MatchInfo;
    expect(info.left).toEqual([{ seat: 1, hand: 1, at: expect.any(String), outcome: 'bot' }]);
    expect(info.seats[1].botStandIn).toBe(true);
    const log = (await apiCall(h, `/api/matches/${m.matchId}/journal`)).body;
    expect(log.events.map((e: { event: unknown }) => e.event)).toContainEqual({
      type: 'left',
      seat: 1,
      outcome: 'bot',
    });
    await h.shots.screen(ann, 'other-sees-left');
    // Bob's link only watches now: the server refuses a move or taking the seat back.
    const back = await apiCall(h, `/api/matches/${m.matchId}/seats/1/reclaim`, {
      token: linkToken(m.seats[1].url),
      body: {},
    });
    expect(back.status).toBe(403);
    // Ann's home list says Bob left (not that he moved) and marks his seat.
    await ann.goto(`${h.server.url}/`);
    await waitText(ann, '.mine-last', 'Bob left the match');
    await waitText(ann, '.mine-players', 'Bob (left)');
    await h.shots.screen(ann, 'home-after-leave');
    expect(h.problems).toEqual([]);
  });

  it('in a 2-player match the leave ends the match and the other player sees they won', async () => {
    const m = await match([
      { kind: 'human', name: 'Ann' },
      { kind: 'human', name: 'Bob' },
    ]);
    const ann = await player(h, 'ann', 360);
    await ann.goto(m.seats[0].url!);
    await waitText(ann, 'section.tableau.mine', 'Your area');
    const bob = await player(h, 'bob', 1280);
    await bob.goto(m.seats[1].url!);
    await waitText(bob, 'section.tableau.mine', 'Your area');

    await askToLeave(ann);
    await waitText(ann, 'dialog', 'The match ends now, and the win goes to Bob.');
    await h.shots.screen(ann, 'leave-confirm-end');
    await ann.getByRole('button', { name: 'Leave the match' }).click();
    await waitText(ann, '.left-notice', 'You left this match, and it ended there.');
    await waitText(bob, '.forfeit-end', 'Ann left the match, which ends here.');
    await waitText(bob, '.forfeit-end', 'Bob won the match!');
    expect(await width(ann)).toBeLessThanOrEqual(360);
    await h.shots.screen(bob, 'other-sees-end');
    await h.shots.screen(ann, 'after-leave-end');
    expect(h.problems).toEqual([]);
  });
});
