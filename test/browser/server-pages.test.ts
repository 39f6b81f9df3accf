/**
 * Every kind of server-rendered page (worker/routes/mail-pages.ts `page`) in chromium against the
 * real Worker: the 404 page, the mail links' pages (a move link, mute, stop all mail, lift a block,
 * mail preferences: here with links that no longer hold, so each shows its own page), the forms that
 * ask for an address (lift a block, my matches, with its script) and the dev outbox. Each takes its
 * one inline style sheet under the CSP's hash (no "Refused to apply inline style" on the console,
 * the sheet's rules in force: the top bar's colour, the card's width) and fetches no style sheet.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_CSS } from '../../worker/routes/page-style';
import { e2eHooks, player } from './browser';

const h = e2eHooks({ mail: true });

const KEY = 'a'.repeat(64);
const TOKEN = 'A'.repeat(43);
const MATCH = 'A'.repeat(22);

/** Each page kind: its path and the status it answers with. */
const PAGES: Array<[string, string, number]> = [
  ['not found', '/no/such/page', 404],
  ['move link', `/turn/${MATCH}/1.3.eyJ0eXBlIjoiZHJhdyJ9.${TOKEN}`, 409],
  ['mute', `/api/mail/mute/${KEY}/${MATCH}/${'m'.repeat(32)}`, 403],
  ['stop all mail', `/api/mail/block/${KEY}/${'b'.repeat(32)}`, 403],
  ['lift a block (form)', '/api/mail/unblock', 200],
  ['lift a block (link)', `/api/mail/unblock/${KEY}/${TOKEN}`, 403],
  ['mail preferences', `/api/mail/prefs/${KEY}/${TOKEN}`, 403],
  ['my matches', '/api/mail/my-matches', 200],
  ['dev outbox', '/dev/mail', 200],
];

describe('the server-rendered pages', () => {
  it('each takes its inline style under the CSP, and fetches no style sheet', async () => {
    const page = await player(h, 'server-pages', 360);
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') fetched.push(r.url());
    });
    for (const [label, path, status] of PAGES) {
      const res = await page.goto(`${h.server.url}${path}`);
      expect(res?.status(), label).toBe(status);
      const look = await page.evaluate(() => ({
        // A style element the CSP refuses gets no sheet.
        rules: [...document.querySelectorAll('style')].map((s) => s.sheet?.cssRules.length ?? -1),
        text: document.querySelector('style')?.textContent,
        bar: getComputedStyle(document.querySelector('.top')!).backgroundColor,
        width: getComputedStyle(document.querySelector('main')!).maxWidth,
      }));
      expect(look.text, label).toBe(PAGE_CSS);
      expect(look.rules.length, label).toBe(1);
      expect(look.rules[0], label).toBeGreaterThan(10);
      expect(look.bar, label).toBe('rgb(29, 78, 137)');
      expect(look.width, label).toBe('640px');
      await h.shots.screen(page, label.replace(/\W+/g, '-'));
    }
    expect(fetched).toEqual([]);
    expect(h.problems).toEqual([]);
    await page.context().close();
  });
});
