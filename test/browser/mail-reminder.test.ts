/**
 * A reminder end to end in Debian chromium against the real Worker and its local outbox: Ann's turn
 * mail goes, a day passes on the match's test clock (`POST /dev/clock/:id`), and her reminder shows
 * her position and the same move links; its first link plays through its confirmation page at
 * 360 px. The reminder's HTML is saved as a mail client shows it (E2E_SCREENSHOTS).
 */
import { describe, expect, it } from 'vitest';
import type { MatchInfo } from '../../worker/protocol/views';
import { apiCall, linkToken } from './api';
import { e2eHooks, waitText, watchPage } from './browser';
import { type OutboxMail, waitForMail } from './outbox';

const h = e2eHooks({ mail: true });

/** The newest mail to `to` whose subject matches `subject`, waiting for it. */
function mailTo(to: string, subject: RegExp): Promise<OutboxMail> {
  return waitForMail(
    h,
    (m) => m.to === to && subject.test(m.subject),
    `mail to ${to} with subject ${subject}`,
  );
}

/** The move links of a mail's text, in order. */
const links = (mail: OutboxMail) =>
  [...mail.text.matchAll(/^.+:\n(http:\/\/\S+\/turn\/\S+)$/gm)].map((m) => m[1]);

describe('a reminder by mail', () => {
  it('comes a day into the turn with the position and the turn mail’s links, which play', async () => {
    const stamp = Date.now();
    const ann = `ann.${stamp}@example.org`;
    const created = await apiCall(h, '/api/matches', {
      body: {
        title: 'Reminded',
        rules: 'classic',
        turnDeadlineHours: 72,
        seats: [
          { kind: 'human', name: 'Ann', email: ann, language: 'en' },
          { kind: 'human', name: 'Bob', email: `bob.${stamp}@example.org`, language: 'fr' },
        ],
        firstSeat: 0,
        testStack: { seed: 'mail-reminder-e2e' },
      },
    });
    expect(created.status).toBe(201);
    const m = created.body as { matchId: string; seats: Array<{ url: string }> };
    const tokens = m.seats.map((s) => linkToken(s.url));
    const confirm = { token: tokens[1], body: { name: 'Bob' } };
    expect((await apiCall(h, `/api/matches/${m.matchId}/confirm`, confirm)).status).toBe(200);
    const clock = (ms: number) => apiCall(h, `/dev/clock/${m.matchId}`, { body: { ms } });
    expect((await clock(3 * 60_000)).status).toBe(200);
    const turn = await mailTo(ann, /your turn$/);
    expect((await clock(24 * 3_600_000)).status).toBe(200);
    const reminder = await mailTo(ann, /waiting/);
    expect(reminder.text).toContain('Where things stand:');
    expect(links(reminder)).toEqual(links(turn));
    const ctx = await h.browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    const shown = watchPage(h, 'reminder', await ctx.newPage());
    await shown.setContent(reminder.html);
    await h.shots.screen(shown, 'reminder-mail');
    const page = watchPage(h, 'confirm', await ctx.newPage());
    await page.goto(links(reminder)[0]);
    const before = ((await apiCall(h, `/api/matches/${m.matchId}`, { token: tokens[0] })).body as MatchInfo)
      .view!.version;
    await page.getByRole('button').click();
    await waitText(page, 'main', 'Bob to play.');
    const after = ((await apiCall(h, `/api/matches/${m.matchId}`, { token: tokens[0] })).body as MatchInfo)
      .view!.version;
    expect(after).toBeGreaterThan(before);
    await ctx.close();
    expect(h.problems).toEqual([]);
  });
});
