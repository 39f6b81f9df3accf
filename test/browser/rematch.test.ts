/**
 * End-to-end in Debian chromium against the real Worker (`wrangler dev`): rematch by consent (issue
 * 16 part C). Ann and Bob finish a quick match (stacked through the test seam, played through the
 * API) with both end screens open:
 * 1. Ann presses "Play again"; Bob sees the offer live, and in his list of matches "Rematch offered —
 *    answer"; he accepts and both pages move to the new match;
 * 2. Bob declines: Ann sees who declined, and "Play again" is offered again.
 * The end screen with the offer and the home list are captured at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall, linkToken, playAs } from './api';
import { e2eHooks, player, waitText } from './browser';

const h = e2eHooks();

/** Ann and Bob (Ann starts), a hand to 100 km: Roll, Roll, 100 km ends the match. */
async function finishedMatch(title: string): Promise<Created> {
  const r = await apiCall(h, '/api/matches', {
    body: {
      title,
      rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } },
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
      ],
      firstSeat: 0,
      testStack: {
        seed: title,
        position: {
          hands: {
            0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'],
            1: ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
          },
        },
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const m = r.body as Created;
  const [ann, bob] = [linkToken(m.seats[0].url), linkToken(m.seats[1].url)];
  await playAs(h, m.matchId, ann, { type: 'play', card: 'roll' }, 'a1');
  await playAs(h, m.matchId, bob, { type: 'play', card: 'roll' }, 'b1');
  await playAs(h, m.matchId, ann, { type: 'play', card: 'd100' }, 'a2');
  return m;
}

/** Both players' pages on the finished match's end screen. */
async function endScreens(m: Created): Promise<{ ann: Page; bob: Page }> {
  const ann = await player(h, 'ann', 1280);
  const bob = await player(h, 'bob', 360);
  for (const [page, seat] of [
    [ann, 0],
    [bob, 1],
  ] as const) {
    await page.goto(m.seats[seat].url!);
    await waitText(page, '.winner', 'Ann won the match');
    await page.getByRole('button', { name: /Play again/ }).waitFor();
  }
  return { ann, bob };
}

describe('rematch by consent', () => {
  it('one offers on the end screen, the other sees it live and accepts: both land in the new match', async () => {
    const m = await finishedMatch('Offer accepted');
    const { ann, bob } = await endScreens(m);
    await ann.getByRole('button', { name: /Play again/ }).click();
    await waitText(ann, '.rematch-offer', 'You offered a rematch');
    await waitText(ann, '.rematch-offer', 'Waiting for Bob.');
    expect(await ann.getByRole('button', { name: /Play again/ }).count()).toBe(0);
    // Bob's open page shows it at once (pushed over the socket).
    await waitText(bob, '.rematch-offer', 'Ann offers a rematch');
    await waitText(bob, '.rematch-offer', 'Accepted so far: Ann.');
    await h.shots.screen(bob, 'end-offer');
    // His list of matches asks him to answer.
    const home = await bob.context().newPage();
    await home.goto(`${h.server.url}/`);
    await waitText(home, '.mine-row', 'Rematch offered — answer');
    await h.shots.screen(home, 'home-offer');
    await home.close();
    const first = new URL(ann.url()).pathname;
    await bob.locator('.rematch-offer button', { hasText: 'Accept' }).click();
    await bob.waitForURL((u) => u.pathname.startsWith('/m/') && u.pathname !== first);
    const next = new URL(bob.url()).pathname;
    await ann.waitForURL((u) => u.pathname === next);
    // The same links; the first seat moved one to the left: Bob starts.
    await waitText(bob, 'section.tableau.mine', 'Your area');
    await waitText(ann, 'section.tableau[data-team="1"]', "Bob's area");
    await waitText(bob, '.statusbar', 'Your turn');
    expect(h.problems).toEqual([]);
  });

  it('a decline ends the offer: the offerer sees who declined and may offer again', async () => {
    const m = await finishedMatch('Offer declined');
    const { ann, bob } = await endScreens(m);
    await ann.getByRole('button', { name: /Play again/ }).click();
    await waitText(bob, '.rematch-offer', 'Ann offers a rematch');
    await bob.locator('.rematch-offer button', { hasText: 'Decline' }).click();
    await waitText(ann, '.rematch-offer', 'Bob declined the rematch.');
    await waitText(bob, '.rematch-offer', 'Bob declined the rematch.');
    await ann.getByRole('button', { name: /Play again/ }).waitFor();
    await h.shots.screen(ann, 'end-declined');
    const info = await apiCall(h, `/api/matches/${m.matchId}`);
    expect(info.body.rematchId).toBeNull();
    expect(info.body.rematch).toMatchObject({ state: 'declined', declined: [1] });
    expect(h.problems).toEqual([]);
  });
});
