/**
 * The daily mail cap (MAIL_DAILY_CAP, worker/notify/mail-quota.ts) with many matches sending at once
 * (issue #33 part 2): never exceeded, whatever the order the budget object hears them in; a day
 * passing on the test clock opens the next day's count, read under the cap as it is then (changed
 * between days); cap 0 sends nothing and loses nothing.
 */
import { describe, expect, it } from 'vitest';
import { nextResetMs } from '../../worker/shared/limits';
import { fireSchedule, pinClock } from './helpers';
import { addresses, dayOn, duo, hook, type MailMatch, mailMatch } from './mail-helpers';

/** A duo whose invitation (to Bob) is its one mail until a turn is played; the cap as given. */
async function duoMatch(mailCap: string): Promise<MailMatch> {
  const body = duo(addresses(), { turnDeadlineHours: 0 });
  delete (body.seats as Array<{ email?: string }>)[0].email;
  return mailMatch(body, { mailCap });
}

/** Every match's alarm at `at`, all at once. */
async function fireAll(ms: MailMatch[], at: number): Promise<void> {
  await Promise.all(ms.map((h) => h.fire(at)));
}

const sent = (ms: MailMatch[]) => ms.reduce((n, h) => n + h.sender.sent.length, 0);

describe('the daily mail cap with matches sending at once', () => {
  it('is never exceeded; the next day counts afresh under the cap as it is then', async () => {
    const ms: MailMatch[] = [];
    for (let i = 0; i < 8; i++) ms.push(await duoMatch('3'));
    // Days of this file's own (the budget object is shared).
    const t0 = dayOn(200);
    await fireAll(ms, t0);
    expect(sent(ms)).toBe(3);
    // The cap changed overnight: 2 the next day.
    const day1 = nextResetMs(t0);
    for (const h of ms) await h.fire(day1 - 1); // still the first day: nothing more
    expect(sent(ms)).toBe(3);
    await fireAll(ms, day1);
    expect(sent(ms)).toBe(6);
    const day2 = nextResetMs(day1);
    // The cap as each match reads it on day 2 (its fire() would install the creation's cap again).
    for (const h of ms) await hook(h.m, { sender: h.sender, mailCap: '2' });
    await Promise.all(
      ms.map(async (h) => {
        h.clock.now = day2;
        await pinClock(h.m, day2);
        await fireSchedule(h.m, ['mail']);
      }),
    );
    expect(sent(ms)).toBe(8);
    // Each invitation once.
    expect(new Set(ms.flatMap((h) => h.sender.sent.map((m) => m.idempotencyKey))).size).toBe(8);
    for (const h of ms) expect((await h.rows()).filter((r) => r.status === 'queued')).toEqual([]);
  });

  it('at 0 sends nothing and keeps every mail waiting', async () => {
    const ms = [await duoMatch('0'), await duoMatch('0')];
    const t0 = dayOn(300);
    await fireAll(ms, t0);
    await fireAll(ms, nextResetMs(t0));
    expect(sent(ms)).toBe(0);
    expect(ms.reduce((n, h) => n + h.sender.attempts.length, 0)).toBe(0);
    for (const h of ms)
      expect((await h.rows()).map((r) => [r.status, r.error])).toEqual([['queued', 'mail.quota']]);
  });
});
