/**
 * End-to-end in Debian chromium: the table on a phone. Against a computer player,
 * on every turn at 360×740 and 390×844, the hand's cards and (once a card is selected) its action
 * buttons are inside the viewport and the page never scrolls sideways; at 320 and 430 px neither.
 * A response window tells the seat what to do in words with an h:mm:ss countdown, and the focus
 * goes to the next useful control after the answer. While the player draws at 360×740, the dock takes
 * at most about a fifth of the height and the piles and "Your area" heading are in sight above it.
 * Every card name of the five languages fits its face at 320, 360 and 430 px. The viewport of each step is captured when E2E_SCREENSHOTS names a
 * folder (browser.ts `capture`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall, linkToken, playAs } from './api';
import { capture, e2eHooks, screenshotFolder, waitText, watchPage } from './browser';

const h = e2eHooks();

/** Captures what the viewport shows at its size now, only when screenshots are written (each turn is many). */
async function shot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  if (!screenshotFolder() || !size) return;
  await capture(h.shots, page, name, { widths: [size.width], height: size.height, fullPage: false });
}

/** A page of its own (own storage, English, Oslo time) at `width`×`height`. */
async function phone(label: string, width: number, height: number, lang = 'en'): Promise<Page> {
  const context = await h.browser.newContext({
    viewport: { width, height },
    locale: 'en-US',
    timezoneId: 'Europe/Oslo',
  });
  await context.addInitScript((l) => localStorage.setItem('mb.lang', l), lang);
  return watchPage(h, label, await context.newPage());
}

/** Creates a match through the API; returns it. */
async function create(body: unknown): Promise<Created> {
  const r = await apiCall(h, '/api/matches', { body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Created;
}

/** Ann against a computer player, classic rules, Ann first. */
const againstBot = (title: string) =>
  create({
    title,
    rules: 'classic',
    seats: [
      { kind: 'human', name: 'Ann' },
      { kind: 'bot', name: 'Robo' },
    ],
    firstSeat: 0,
  });

/**
 * What is outside the viewport: the hand's cards and the dock's action buttons whose box sticks out,
 * and the page's width beyond the viewport's (a sideways scroll).
 */
function outside(page: Page) {
  return page.evaluate(() => {
    const { innerWidth: vw, innerHeight: vh } = window;
    const out = (el: Element) => {
      const b = el.getBoundingClientRect();
      return b.width === 0 || b.top < -0.5 || b.left < -0.5 || b.bottom > vh + 0.5 || b.right > vw + 0.5;
    };
    const cards = [...document.querySelectorAll('ul.hand button.card')];
    const buttons = [...document.querySelectorAll('.hand-area .actions button')];
    return {
      cards: cards.length,
      buttons: buttons.length,
      out: [...cards, ...buttons].filter(out).map((e) => e.textContent),
      sideways: document.documentElement.scrollWidth - vw,
    };
  });
}

/** Waits until it is Ann's move and the page shows it (no move being sent). */
async function myTurn(page: Page): Promise<void> {
  await waitText(page, '.statusbar', 'Your turn');
  await page.waitForFunction(
    () =>
      !document.querySelector('.hand .pending') &&
      /Choose a card|No card can be played|Draw a card/.test(
        document.querySelector('.hint')?.textContent ?? '',
      ),
  );
}

describe('the hand docked on a phone', () => {
  for (const [width, height] of [
    [360, 740],
    [390, 844],
  ] as const) {
    it(`keeps the hand and its buttons in view on every turn at ${width}×${height}`, async () => {
      const m = await againstBot(`Phone ${width}`);
      const page = await phone(`ann${width}`, width, height);
      await page.goto(m.seats[0].url!);
      const first = width === 360;
      for (let turn = 0; turn < 6; turn++) {
        await myTurn(page);
        // Wherever the page is scrolled, the dock stays: check at the top and at the bottom.
        await page.evaluate(
          (down) => window.scrollTo(0, down ? document.body.scrollHeight : 0),
          turn % 2 === 1,
        );
        let seen = await outside(page);
        expect(seen.cards).toBeGreaterThan(0);
        expect(seen.out, `turn ${turn}`).toEqual([]);
        expect(seen.sideways).toBeLessThanOrEqual(0);
        if (first && turn === 0) await shot(page, '01-turn-360');
        const legal = page.locator('ul.hand button.legal');
        const unplayable = page.locator('ul.hand button.card:not(.legal)');
        if (turn === 0 && (await legal.count()) && (await unplayable.count())) {
          // A card that cannot be played says why on itself, inside the screen; a second tap closes it.
          await unplayable.first().click();
          const why = page.locator('.card-why');
          await why.waitFor();
          expect((await outside(page)).out, 'reason shown').toEqual([]);
          if (first) await shot(page, '03-reason-on-card-360');
          await unplayable.first().click();
          await why.waitFor({ state: 'detached' });
        }
        if (await legal.count()) {
          await legal.first().click();
          seen = await outside(page);
          expect(seen.buttons).toBeGreaterThan(1); // a play and Cancel at least
          expect(seen.out, `turn ${turn}, card selected`).toEqual([]);
          if (first && turn === 0) await shot(page, '02-card-selected-360');
          await page.locator('.hand-area .actions button.primary').first().click();
        } else {
          await page.locator('ul.hand button.card').first().click();
          const why = page.locator('.card-why');
          await why.waitFor();
          const box = (await why.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          seen = await outside(page);
          expect(seen.out, `turn ${turn}, card without a play`).toEqual([]);
          if (first) await shot(page, `03-reason-on-card-360-turn${turn}`);
          await page.locator('.hand-area .actions button.secondary').first().click();
        }
        await page.waitForFunction(() => !document.querySelector('.hand .pending'));
        // After the move the focus goes to a control (the status line while Robo plays), not the body.
        await page.waitForFunction(() => document.activeElement !== document.body);
        if (first && turn === 1) await shot(page, '05-after-move-360');
      }
      // Robo's area is one line that opens to the full area.
      const line = page.locator('button.area-line');
      await line.click();
      expect(await line.getAttribute('aria-expanded')).toBe('true');
      await page.locator('section.tableau[data-team="1"]').waitFor({ state: 'visible' });
      expect((await outside(page)).sideways).toBeLessThanOrEqual(0);
      if (first) await shot(page, '04-opponent-open-360');
      expect(h.problems).toEqual([]);
    });
  }

  it('never scrolls sideways at 320 and 430 px, nor at 1280 (the roomy layout)', async () => {
    const m = await againstBot('Phone widths');
    for (const width of [320, 430, 1280]) {
      const page = await phone(`ann-w${width}`, width, 760);
      await page.goto(m.seats[0].url!);
      await myTurn(page);
      await page.locator('ul.hand button.card').first().click();
      if (width < 700) await page.locator('button.area-line').first().click();
      const seen = await outside(page);
      expect(seen.sideways, `${width} px`).toBeLessThanOrEqual(0);
      if (width < 700) expect(seen.out, `${width} px`).toEqual([]);
      // The wide layout keeps every area in full, without the compact lines.
      if (width === 1280) {
        expect(await page.locator('button.area-line').first().isVisible()).toBe(false);
        expect(await page.locator('section.tableau[data-team="1"]').isVisible()).toBe(true);
        await shot(page, '08-table-1280');
      } else await shot(page, `09-table-${width}`);
      await page.context().close();
    }
    expect(h.problems).toEqual([]);
  });
});

describe('a response window on a phone', () => {
  it('says what to do in words, counts down in h:mm:ss, and moves the focus after the answer', async () => {
    const m = await create({
      title: 'Window',
      rules: 'hasbro-2016',
      seats: [
        { kind: 'human', name: 'Ann', responseMode: 'ask' },
        { kind: 'human', name: 'Bob' },
      ],
      firstSeat: 1,
      testStack: {
        position: {
          hands: {
            '0': ['right_of_way', 'd100', 'd25', 'd25', 'd50', 'd75'],
            '1': ['stop', 'd100', 'd100', 'd25', 'd25', 'd50'],
          },
          tableaux: {
            '0': { battle: ['roll'], distance: ['d200', 'd200', 'd100', 'd100', 'd100', 'd100', 'd100'] },
            '1': { battle: ['roll'], distance: ['d100'] },
          },
          deck: ['d75', 'd75', 'd75', 'd75', 'd75', 'd75', 'd50', 'd50', 'd50', 'd50'],
          unplaced: 'box',
          discard: ['d25'],
          turn: 1,
          phase: 'draw',
        },
      },
    });
    const bob = linkToken(m.seats[1].url);
    const page = await phone('ann-window', 360, 740);
    await page.goto(m.seats[0].url!);
    await waitText(page, '.statusbar', "Bob's turn");
    await playAs(h, m.matchId, bob, { type: 'draw' }, 'bob-draw');
    await playAs(h, m.matchId, bob, { type: 'play', card: 'stop', target: 0 }, 'bob-stop');
    await waitText(page, '.prompt', 'Bob played Stop on you. Answer?');
    expect(await page.locator('.hand-area .hint').textContent()).toBe(
      'Answer the Stop with the buttons above.',
    );
    const clock = page.locator('.prompt [role="timer"]');
    const before = await clock.textContent();
    expect(before).toMatch(/^\d+:\d\d:\d\d left$/);
    await page.waitForFunction(
      (b) => document.querySelector('.prompt [role="timer"]')?.textContent !== b,
      before,
    );
    await shot(page, '06-window-open-360');
    await page.getByRole('button', { name: 'Coup fourré with Right of Way' }).click();
    // Ann moves next (the coup fourré takes the turn): the focus goes to her draw, the draw pile.
    await waitText(page, '.statusbar', 'Your turn');
    await page.waitForFunction(() => document.activeElement?.matches('.piles button.deck') === true);
    expect((await outside(page)).out).toEqual([]);
    await page.keyboard.press('Enter');
    await page.locator('ul.hand button', { hasText: '100 km, distance card' }).click();
    await page.locator('.hand-area .actions button', { hasText: 'Play on my area' }).click();
    await waitText(page, '#end-title', 'Hand 1 is over');
    await shot(page, '07-end-of-hand-360');
    expect((await outside(page)).sideways).toBeLessThanOrEqual(0);
    expect(h.problems).toEqual([]);
  });
});

/** The top and bottom (px in the viewport) of the first element matching each selector, null when absent. */
function boxes(page: Page, selectors: Record<string, string>) {
  return page.evaluate((sels) => {
    const out: Record<string, { top: number; bottom: number } | null> = {};
    for (const [k, sel] of Object.entries(sels)) {
      const r = document.querySelector(sel)?.getBoundingClientRect();
      out[k] = r && r.height > 0 ? { top: r.top, bottom: r.bottom } : null;
    }
    return out;
  }, selectors);
}

describe('drawing on a phone', () => {
  it('keeps the piles and "Your area" in sight above a compact dock at 360×740', async () => {
    // Hasbro 2016: the draw is a choice (the pile or the discard's Speed Limit).
    const m = await create({
      title: 'Drawing',
      rules: 'hasbro-2016',
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'human', name: 'Bob' },
      ],
      firstSeat: 0,
      testStack: {
        position: {
          hands: { '0': ['right_of_way', 'd100', 'd25', 'd25', 'd50', 'd75'] },
          discard: ['speed_limit'],
          turn: 0,
          phase: 'draw',
        },
      },
    });
    const page = await phone('ann-draw', 360, 740);
    await page.goto(m.seats[0].url!);
    await waitText(page, '.piles button.discard.legal', 'Take Speed Limit from the discard pile');
    await page.locator('.piles button.deck.legal').waitFor();
    const seen = await boxes(page, {
      dock: '.hand-area.dock',
      piles: '.piles',
      mine: 'section.tableau.mine h2',
    });
    const dock = seen.dock!;
    expect(dock.bottom).toBe(740);
    // About a fifth of the screen (it was a third, with the draw buttons in it).
    expect(dock.bottom - dock.top).toBeLessThanOrEqual(160);
    expect(seen.piles!.top).toBeGreaterThanOrEqual(0);
    expect(seen.piles!.bottom).toBeLessThanOrEqual(dock.top);
    expect(seen.mine!.bottom).toBeLessThanOrEqual(dock.top);
    expect((await outside(page)).out).toEqual([]);
    await capture(h.shots, page, 'drawing', { widths: [360, 1280], height: 740, fullPage: false });
    // The draw is the pile's own button.
    await page.locator('.piles button.deck').click();
    await waitText(page, '.hint', 'Choose a card');
    expect(await page.locator('ul.hand button.card').count()).toBe(7);
    expect(h.problems).toEqual([]);
  });
});

describe('card names on the faces', () => {
  it('fit their face, uncut, for every card in every language at 320, 360 and 430 px', async () => {
    const cuts: string[] = [];
    for (const lang of ['en', 'fr', 'de', 'sv', 'nb']) {
      const page = await phone(`cards-${lang}`, 320, 800, lang);
      await page.goto(`${h.server.url}/rules`);
      await page.waitForSelector('.card-gallery .face-name');
      // The same faces as docked hand cards (the phone's size), next to the gallery's.
      await page.evaluate(() => {
        const dock = document.createElement('section');
        dock.className = 'dock';
        dock.innerHTML = `<ul class="hand">${[...document.querySelectorAll('.card-gallery .face')]
          .map((f) => `<li><button class="card size-hand">${f.outerHTML}</button></li>`)
          .join('')}</ul><div class="tableau">${[...document.querySelectorAll('.card-gallery .face')]
          .map((f) => `<div class="card-wrap"><div class="card size-table">${f.outerHTML}</div></div>`)
          .join('')}</div>`;
        document.querySelector('main')!.appendChild(dock);
      });
      for (const width of [320, 360, 430]) {
        await page.setViewportSize({ width, height: 800 });
        const cut = await page.$$eval('.face-name', (names) =>
          names
            .filter((n) => {
              const card = n.closest('.card')!.getBoundingClientRect();
              const box = n.getBoundingClientRect();
              return n.scrollWidth > n.clientWidth || box.bottom > card.bottom + 0.5;
            })
            .map((n) => n.textContent),
        );
        expect(await page.locator('.face-name').count()).toBe(57);
        cuts.push(...cut.map((c) => `${lang} ${width}: ${c}`));
        if (lang === 'sv' && width === 320) await shot(page, '10-card-names-sv-320');
      }
      await page.context().close();
    }
    expect(cuts).toEqual([]);
  });
});
