/**
 * End-to-end in Debian chromium against the real Worker for the replay of finished hands:
 * Ann and a computer player finish hand 1; the end of the hand offers "Replay hand 1", whose page
 * shows the deal, then steps through the hand with every seat's cards shown, plays at a chosen speed,
 * opens at a linked step and ends on the hand's score. Once hand 2 runs, the replay of hand 1 shows
 * nothing of it: no seat's current cards, not the current draw pile. At 360 px the step buttons do not
 * move from one step to the next (nor when Play turns into Pause). Screens at 360 and 1280 px, and
 * axe-core finds no serious or critical violation on the replay page at either width.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MatchState, Move } from '../../worker/engine/index';
import type { Created, MatchInfo } from '../../worker/protocol/views';
import { apiCall, linkToken } from './api';
import { axeAtBothWidths } from './axe';
import { capture, e2eHooks, waitText, watchPage } from './browser';

const h = e2eHooks();

/** Ann's seat: reads her info and plays the first legal play, else a draw, else the first legal move. */
let n = 0;
async function playAnn(matchId: string, token: string, until: (i: MatchInfo) => boolean): Promise<MatchInfo> {
  for (let guard = 0; guard < 600; guard++) {
    const info = (await apiCall(h, `/api/matches/${matchId}`, { token })).body as MatchInfo;
    if (until(info)) return info;
    const moves = info.view!.legalMoves as Move[];
    if (!moves.length) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    const move = moves.find((m) => m.type === 'play') ?? moves.find((m) => m.type === 'draw') ?? moves[0];
    const r = await apiCall(h, `/api/matches/${matchId}/moves`, {
      token,
      body: { version: info.view!.version, moveId: `r${n++}`, move },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  throw new Error('the hand did not get there');
}

/** Every seat's shown cards (card ids) on the replay page now. */
const shownHands = (page: Page) =>
  page.$$eval('.replay-seat .replay-cards', (lists) =>
    lists.map((l) => [...l.querySelectorAll('li')].map((li) => li.getAttribute('data-card') ?? '')),
  );

/** Both widths of the page (the test's screenshots), then back to the phone's width. */
async function shoot(page: Page, name: string): Promise<void> {
  await capture(h.shots, page, name, { widths: [360, 1280] });
  await page.setViewportSize({ width: 360, height: 800 });
}

describe('the replay of a finished hand', () => {
  it('steps through hand 1 with every hand shown, and shows nothing of the running hand 2', async () => {
    const res = await apiCall(h, '/api/matches', {
      body: {
        title: 'Replay night',
        rules: { preset: 'classic', options: { goal: 300, matchTarget: 20000 } },
        seats: [
          { kind: 'human', name: 'Ann' },
          { kind: 'bot', name: 'Robo', botLevel: 'basic' },
        ],
        firstSeat: 0,
      },
    });
    expect(res.status).toBe(201);
    const m = res.body as Created;
    const token = linkToken(m.seats[0].url);
    await playAnn(m.matchId, token, (i) => i.view?.phase === 'handOver');

    const context = await h.browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'en-US' });
    const page = watchPage(h, 'ann', await context.newPage());
    await page.goto(m.seats[0].url!);
    await waitText(page, '#end-title', 'Hand 1 is over');
    const open = page.getByRole('link', { name: 'Replay hand 1' });
    await open.waitFor();
    await shoot(page, 'end-of-hand-link');
    await open.click();
    await waitText(page, '#replay-title', 'Replay of hand 1');
    expect(new URL(page.url()).pathname).toBe(`/m/${m.matchId}/replay`);

    // The deal: both hands of six cards, face up.
    await waitText(page, '.replay-count', 'The deal');
    expect((await shownHands(page)).map((cards) => cards.length)).toEqual([6, 6]);
    await shoot(page, 'replay-deal');

    // Step by step: the counter, the address and every seat's cards follow. On a phone the step
    // buttons stay where they are (the next tap lands on the same button).
    const total = Number((await page.locator('.replay-slider input').getAttribute('max')) ?? 0);
    expect(total).toBeGreaterThan(6);
    const next = page.getByRole('button', { name: 'Next step' });
    const dealBox = await next.boundingBox();
    for (let step = 1; step <= 6; step++) {
      await next.click();
      await waitText(page, '.replay-count', `Step ${step} of ${total}`);
      expect(await next.boundingBox(), `step ${step}`).toEqual(dealBox);
      expect(new URL(page.url()).searchParams.get('step')).toBe(String(step));
      const hands = await shownHands(page);
      expect(hands).toHaveLength(2);
      for (const cards of hands) expect(cards.length).toBeGreaterThan(4);
    }
    await shoot(page, 'replay-step');
    // The machine's accessibility check of the new screen (as test/browser/a11y.test.ts does for the others).
    expect(await axeAtBothWidths(page, 'replay')).toEqual([]);

    // Play at 4×, then pause: the steps move on by themselves.
    await page.locator('.replay-speed select').selectOption({ label: '4×' });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // Play turning into Pause moves nothing either.
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect(await next.boundingBox(), 'playing').toEqual(dealBox);
    await waitText(page, '.replay-count', `Step 9 of ${total}`, 10_000);
    await page.getByRole('button', { name: 'Pause' }).click();

    // A link to a step opens there.
    await page.goto(`${h.server.url}/m/${m.matchId}/replay?hand=1&step=3`);
    await waitText(page, '.replay-count', `Step 3 of ${total}`);

    // The last step: the hand's score.
    await page.getByRole('button', { name: 'Last step' }).click();
    await waitText(page, '.replay table.scores caption', 'Score of hand 1');
    await waitText(page, '.replay table.scores', 'Hand total');
    await shoot(page, 'replay-score');

    // Hand 2 runs: the replay of hand 1 reveals nothing of it.
    await playAnn(m.matchId, token, (i) => i.view?.handNumber === 2 && (i.view?.deckSize ?? 106) < 90);
    const state = (await apiCall(h, `/dev/replay/${m.matchId}`)).body.stored as MatchState;
    expect(state.handNumber).toBe(2);
    await page.goto(`${h.server.url}/m/${m.matchId}/replay?hand=1`);
    await waitText(page, '.replay-count', 'The deal');
    const sorted = (cards: readonly string[]) => cards.slice().sort().join(',');
    const current = new Set(state.hands.map(sorted));
    await page.locator('.replay-deck summary').click();
    const dealt = await page.$$eval('.replay-deck li', (lis) =>
      lis.map((li) => li.getAttribute('data-card')),
    );
    expect(dealt.join(',').includes(state.deck.slice().reverse().join(','))).toBe(false);
    for (let step = 0; step <= total; step++) {
      for (const cards of await shownHands(page)) expect(current.has(sorted(cards))).toBe(false);
      if (step < total) {
        await page.getByRole('button', { name: 'Next step' }).click();
        await waitText(page, '.replay-count', `Step ${step + 1} of ${total}`);
      }
    }
    expect(await page.content()).not.toContain(state.seed);
    expect(h.problems).toEqual([]);
  });
});
