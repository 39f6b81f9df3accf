/**
 * End-to-end in Debian chromium, a problem found by a break-it pass: the green "can be
 * played" mark of a hand card must cover no letter of its name or kind, in every language and width
 * (it once sat on the name: "Out of Gas" read "Out of Ga●" at 360 px, "Tempolimit" in German). The
 * name's own box fitting the face (the phone test) does not show this; letters under the mark do.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Created } from '../../worker/protocol/views';
import { apiCall } from './api';
import { e2eHooks, watchPage } from './browser';

const h = e2eHooks();

/** The names of hand cards whose letters the "can be played" mark (.legal-mark) covers. */
function coveredNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('ul.hand button.card')].flatMap((card) => {
      const mark = card.querySelector('.legal-mark');
      if (!mark) return [];
      const m = mark.getBoundingClientRect();
      const walk = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      const hit: string[] = [];
      while (walk.nextNode()) {
        const node = walk.currentNode;
        if (!node.textContent?.trim() || node.parentElement?.closest('.sr-only, .legal-mark')) continue;
        // Each letter's own box, so that a line box wider than its letters does not count.
        for (let i = 0; i < node.textContent.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const r = range.getBoundingClientRect();
          if (
            r.width > 0 &&
            r.left < m.right - 1 &&
            r.right > m.left + 1 &&
            r.top < m.bottom - 1 &&
            r.bottom > m.top + 1
          ) {
            hit.push(node.textContent);
            break;
          }
        }
      }
      return hit;
    }),
  );
}

describe('the phone table', () => {
  for (const [lang, width] of [
    ['en', 360],
    ['de', 360],
    ['de', 320],
    ['fr', 320],
    ['sv', 390],
    ['nb', 430],
    ['fr', 1280],
  ] as const) {
    it(`the "can be played" mark covers no letter of a card name (${lang}, ${width} px)`, async () => {
      const r = await apiCall(h, '/api/matches', {
        body: {
          rules: 'classic',
          firstSeat: 0,
          seats: [
            { kind: 'human', name: 'Ann' },
            { kind: 'bot', name: 'Robo' },
          ],
          testStack: {
            position: {
              hands: {
                0: ['speed_limit', 'out_of_gas', 'flat_tire', 'accident', 'stop', 'roll', 'repairs'],
                1: ['d25', 'd25', 'd25', 'd25', 'd25', 'd25'],
              },
              tableaux: { 1: { battle: ['roll'] } },
              turn: 0,
              phase: 'play',
            },
          },
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const created = r.body as Created;
      const context = await h.browser.newContext({ viewport: { width, height: 740 }, locale: 'en-US' });
      await context.addInitScript((l) => localStorage.setItem('mb.lang', l), lang);
      const page = watchPage(h, `mark-${lang}-${width}`, await context.newPage());
      await page.goto(created.seats[0].url!);
      await page.waitForSelector('ul.hand button.card.legal .legal-mark');
      await h.shots.screen(page, `mark-${lang}-${width}`);
      expect(await coveredNames(page)).toEqual([]);
      await context.close();
    });
  }
});
