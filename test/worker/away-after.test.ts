/**
 * Away and back after the fact (a break-it pass): a confirmed link's preferences stay in
 * force when a seat whose own ones they replaced reports its zone again (the seat then shows the
 * address's), and a finished match neither takes nor shows "away until".
 */
import { describe, expect, it } from 'vitest';
import { api, info, move, type TestMatch } from './helpers';
import { addresses, duo, HOUR, mailMatch, postForm } from './mail-helpers';
import { prefsAt, prefsLinkIn } from './prefs-helpers';

const DAY = 24 * HOUR;
/** A match Ann wins with her first 100 km. */
const SHORT = { rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } }, turnDeadlineHours: 24 };

function settings(m: TestMatch, seat: number, body: Record<string, unknown>) {
  return api(`/api/matches/${m.id}/settings`, { body, token: m.seats[seat] });
}

describe('away and back, after the fact', () => {
  it('a zone reported after a confirmation keeps the address’s preferences, and the seat shows them', async () => {
    const a = addresses();
    const one = await mailMatch(duo(a, SHORT));
    const two = await mailMatch(duo(a, SHORT));
    // Bob sets a digest at 08:00 in match one (his seat's own, and the link to make it the address's).
    expect(
      (await settings(one.m, 1, { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 8, quiet: null } }))
        .status,
    ).toBe(200);
    // In match two he sets 09:00 for that seat only, and confirms the first link: 08:00 for all.
    expect(
      (await settings(two.m, 1, { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 9, quiet: null } }))
        .status,
    ).toBe(200);
    const link = one.sender.to(a.bob).find((m) => m.text.includes('/api/mail/prefs/'))!;
    expect((await postForm(prefsLinkIn(link), '')).status).toBe(200);
    expect((await prefsAt(a.bob, two.m, 1)).prefs.digestHour).toBe(8);
    // Match two's page reports the zone again (as on every visit from another place).
    expect((await settings(two.m, 1, { timeZone: 'America/New_York' })).status).toBe(200);
    // The confirmed 08:00 stays in force, and the seat's settings now say so.
    expect((await prefsAt(a.bob, two.m, 1)).prefs.digestHour).toBe(8);
    expect((await info(two.m, two.m.seats[1])).settings?.mailPrefs?.digestHour).toBe(8);
    // An explicit change afterwards is the seat's own again.
    expect((await settings(two.m, 1, { mailPrefs: { digestHour: 10, quiet: null } })).status).toBe(200);
    expect((await prefsAt(a.bob, two.m, 1)).prefs.digestHour).toBe(10);
  });

  it('a finished match refuses "away until" and shows nobody away', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, SHORT));
    const t0 = h.clock.now;
    expect((await settings(h.m, 1, { awayUntil: new Date(t0 + 3 * DAY).toISOString() })).status).toBe(200);
    expect((await info(h.m, h.m.seats[0])).seats[1].awayUntil).not.toBeNull();
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    // Bob is away: his turn waits; Ann cannot end the match alone, so Bob comes back and plays.
    expect((await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' })).status).toBe(200);
    expect((await settings(h.m, 1, { awayUntil: new Date(t0 + 2 * DAY).toISOString() })).status).toBe(200);
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' })).status).toBe(200);
    const over = await info(h.m, h.m.seats[0]);
    expect(over.status).toBe('finished');
    expect(over.seats[1].awayUntil).toBeNull();
    const late = await settings(h.m, 1, { awayUntil: new Date(t0 + 2 * DAY).toISOString() });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('match.finished');
    // "I'm back" is never refused.
    expect((await settings(h.m, 1, { awayUntil: null })).status).toBe(200);
  });
});
