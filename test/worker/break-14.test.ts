/**
 * Away and back under odd sequences: settings refused with 409 change nothing (no
 * confirmation mail, no address preferences), "play for me" only while the match is played, and a
 * rematch starts with the players' choices but not the first match's counters (vacation used,
 * timeouts in a row, why a bot played), its seats' own mail preferences in force there too.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { SeatPrefs, TurnDeadline } from '../../worker/match/rows';
import { api, create, info, move, stubOf, type TestMatch } from './helpers';
import { addresses, duo, HOUR, type MailMatch, mailMatch, postForm } from './mail-helpers';
import { addressDo, hookAddress, prefsAt, prefsLinkIn } from './prefs-helpers';
import { agreeRematch } from './rematch-helpers';

const DAY = 24 * HOUR;
/** A match Ann wins with her first 100 km. */
const SHORT = { rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } }, turnDeadlineHours: 24 };

/** Seat `seat`'s stored prefs in match `id`. */
function prefsOf(id: string, seat: number): Promise<SeatPrefs> {
  return runInDurableObject(
    stubOf(id),
    (instance) =>
      (instance as unknown as { match: { seats: Array<{ prefs: SeatPrefs }> } }).match.seats[seat].prefs,
  );
}

/** POST settings for `seat` of `m` with its own token. */
function settings(m: TestMatch, seat: number, body: Record<string, unknown>) {
  return api(`/api/matches/${m.id}/settings`, { body, token: m.seats[seat] });
}

/** Ann and Bob with addresses; Bob used one day of vacation; Ann then wins (the match is finished). */
async function finishedAfterVacation(): Promise<{ h: MailMatch; bob: string }> {
  const a = addresses();
  const h = await mailMatch(duo(a, SHORT));
  const t0 = h.clock.now;
  expect((await settings(h.m, 1, { awayUntil: new Date(t0 + 3 * DAY).toISOString() })).status).toBe(200);
  expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
  await h.setClock(t0 + DAY);
  expect((await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' })).status).toBe(200);
  expect((await prefsOf(h.m.id, 1)).vacationUsedMs).toBe(DAY);
  expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' })).status).toBe(200);
  expect((await info(h.m, h.m.seats[0])).status).toBe('finished');
  return { h, bob: a.bob };
}

describe('away and back, odd sequences', () => {
  it('a settings request refused for the finished match sends no confirmation and sets no preferences', async () => {
    const { h, bob } = await finishedAfterVacation();
    const before = h.sender.to(bob).length;
    const r = await settings(h.m, 1, { responseMode: 'ask', mailPrefs: { digestHour: 8, quiet: null } });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('match.finished');
    expect(h.sender.to(bob).length).toBe(before);
    expect((await prefsAt(bob, h.m, 1)).prefs.digestHour).toBeNull();
    expect((await prefsOf(h.m.id, 1)).mailPrefs).toBeUndefined();
  });

  it('play for me is refused before the start and after the end, changing nothing', async () => {
    const { h } = await finishedAfterVacation();
    const done = await settings(h.m, 1, { playForMe: true });
    expect(done.status).toBe(409);
    expect(done.body.error.code).toBe('match.not_playing');
    expect((await info(h.m, h.m.seats[1])).seats[1].botStandIn).toBe(false);

    const lobby = await create({
      rules: 'classic',
      seats: [{ kind: 'human', name: 'Ann' }, { kind: 'human', name: 'Bob' }, { kind: 'open' }],
    });
    const early = await settings(lobby, 1, { playForMe: true });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('match.not_playing');
    expect((await info(lobby, lobby.seats[1])).seats[1].botStandIn).toBe(false);
    // Taking the seat back is never refused (nothing to take back: nothing changes).
    expect((await settings(lobby, 1, { playForMe: false })).status).toBe(200);
  });

  it('a rematch gives every player their whole vacation, no timeouts in a row and no stand-in reason', async () => {
    const { h } = await finishedAfterVacation();
    const re = await agreeRematch(h.m.id, [h.m.seats[1]!, h.m.seats[0]!]);
    expect(re.status).toBe(201);
    const next: TestMatch = { ...h.m, id: re.body.matchId as string };
    const prefs = await prefsOf(next.id, 1);
    expect(prefs.vacationUsedMs).toBeUndefined();
    expect(prefs.timeoutsInRow).toBeUndefined();
    expect(prefs.standInReason).toBeUndefined();
    expect((await info(next, h.m.seats[1])).settings?.vacationLeftMs).toBe(7 * DAY);
  });

  it('a seat’s own mail preferences are in force in its rematch, as its settings there say', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, SHORT));
    const own = { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 8, quiet: null } };
    expect((await settings(h.m, 1, own)).status).toBe(200);
    expect((await prefsAt(a.bob, h.m, 1)).prefs.digestHour).toBe(8);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    const re = await agreeRematch(h.m.id, [h.m.seats[0]!, h.m.seats[1]!]);
    expect(re.status).toBe(201);
    const next: TestMatch = { ...h.m, id: re.body.matchId as string };
    expect((await info(next, h.m.seats[1])).settings?.mailPrefs).toEqual(own.mailPrefs);
    expect((await prefsAt(a.bob, next, 1)).prefs.digestHour).toBe(8);
  });

  it('a rematch follows the address’s confirmed preferences once they replaced the seat’s own', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, SHORT));
    const first = { digestHour: 8, quiet: null };
    expect((await settings(h.m, 1, { timeZone: 'Europe/Oslo', mailPrefs: first })).status).toBe(200);
    // A second change while the first link is live mails no new link: the link still confirms the first.
    expect((await settings(h.m, 1, { mailPrefs: { digestHour: 9, quiet: null } })).status).toBe(200);
    const links = h.sender.to(a.bob).filter((m) => m.text.includes('/api/mail/prefs/'));
    expect(links).toHaveLength(1);
    expect((await postForm(prefsLinkIn(links[0]), '')).status).toBe(200);
    expect((await prefsAt(a.bob, h.m, 1)).prefs).toEqual(first);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    const re = await agreeRematch(h.m.id, [h.m.seats[0]!, h.m.seats[1]!]);
    expect(re.status).toBe(201);
    expect((await prefsAt(a.bob, { ...h.m, id: re.body.matchId as string }, 1)).prefs).toEqual(first);
  });

  it('a confirmation link works only at its own address, within its day, once', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, SHORT));
    const mailPrefs = { digestHour: 8, quiet: null };
    expect((await settings(h.m, 1, { timeZone: 'Europe/Oslo', mailPrefs })).status).toBe(200);
    expect((await settings(h.m, 0, { timeZone: 'Europe/Oslo', mailPrefs })).status).toBe(200);
    const bobLink = prefsLinkIn(h.sender.to(a.bob).find((m) => m.text.includes('/api/mail/prefs/'))!);
    const annLink = prefsLinkIn(h.sender.to(a.ann).find((m) => m.text.includes('/api/mail/prefs/'))!);
    // Bob's token under Ann's address key: refused, Ann's address keeps no confirmed preferences.
    const annKey = annLink.split('/').at(-2)!;
    const bobKey = bobLink.split('/').at(-2)!;
    const crossed = bobLink.replace(`/${bobKey}/`, `/${annKey}/`);
    expect((await api(crossed.replace('https://mb.test', ''))).status).toBe(403);
    expect((await postForm(crossed, '')).status).toBe(403);
    expect(await (await addressDo(a.ann)).confirmedPrefs()).toBeNull();
    // A day later Ann's own link has expired.
    await hookAddress(a.ann, h.clock.now + DAY + 1, h.sender);
    expect((await postForm(annLink, '')).status).toBe(403);
    expect(await (await addressDo(a.ann)).confirmedPrefs()).toBeNull();
    // Bob's works once.
    expect((await postForm(bobLink, '')).status).toBe(200);
    expect((await postForm(bobLink, '')).status).toBe(403);
  });

  it('another player sees Bob away, and nothing else of his settings', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, { turnDeadlineHours: 24, vacationDays: 3 }));
    const until = new Date(h.clock.now + 5 * DAY).toISOString();
    const bob = { timeZone: 'Pacific/Chatham', mailPrefs: { digestHour: 5, quiet: { from: 21, to: 6 } } };
    expect((await settings(h.m, 1, { ...bob, awayUntil: until, alwaysEmail: true })).status).toBe(200);
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    const seen = [
      JSON.stringify(await info(h.m, h.m.seats[0])),
      JSON.stringify(await info(h.m, h.m.host)),
      JSON.stringify(await info(h.m, null)),
      JSON.stringify(
        (await api('/api/matches/summaries', { body: { items: [{ matchId: h.m.id, token: h.m.seats[0] }] } }))
          .body,
      ),
    ];
    for (const text of seen) {
      expect(text).toContain(until);
      for (const secret of [
        'Pacific/Chatham',
        a.bob,
        '"digestHour":5',
        'vacationLeftMs":0',
        'alwaysEmail":true',
      ])
        expect(text).not.toContain(secret);
    }
  });

  it('a seat’s own mail preferences follow it to its new address', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, SHORT));
    const own = { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 8, quiet: null } };
    expect((await settings(h.m, 1, own)).status).toBe(200);
    const moved = `new.${a.bob}`;
    const r = await settings(h.m, 1, { email: moved });
    expect(r.status).toBe(200);
    expect(r.body.settings.mailPrefs).toEqual(own.mailPrefs);
    expect(await prefsAt(moved, h.m, 1)).toEqual({ prefs: own.mailPrefs, timeZone: 'Europe/Oslo' });
    // No confirmation link for the new address: the preferences are this seat's only.
    expect(h.sender.to(moved).filter((m) => m.text.includes('/api/mail/prefs/'))).toHaveLength(0);
  });

  it('two players asking the computer to play for them at once leave one seat to a person', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, SHORT));
    // Their own mail preferences make each request wait for their address's object meanwhile.
    const own = { timeZone: 'Europe/Oslo', mailPrefs: { digestHour: 8, quiet: null } };
    expect((await settings(h.m, 0, own)).status).toBe(200);
    expect((await settings(h.m, 1, own)).status).toBe(200);
    const both = await Promise.all(
      [0, 1].map((seat) => settings(h.m, seat, { playForMe: true, timeZone: 'Europe/Berlin' })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.error.code).toBe('seat.last_human');
    const seen = await info(h.m, h.m.seats[0]);
    expect(seen.seats.filter((s) => s.botStandIn)).toHaveLength(1);
    expect(seen.status).toBe('playing');
  });

  it('away, back and away again in the same turn stops the clock again, for the days left', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, { turnDeadlineHours: 24, vacationDays: 2 }));
    const t0 = h.clock.now;
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    const turnMailDue = async () =>
      (await h.rows()).find((r) => r.seat === 1 && r.kind === 'yourTurn' && r.status === 'queued')!.due_at;
    const due = await turnMailDue();
    const away = (at: number) => settings(h.m, 1, { awayUntil: new Date(at).toISOString() });
    await h.setClock(t0 + HOUR);
    expect((await away(t0 + 5 * DAY)).status).toBe(200);
    await h.setClock(t0 + 2 * HOUR);
    expect((await settings(h.m, 1, { awayUntil: null })).status).toBe(200);
    // One hour used, one frozen: the deadline is an hour later.
    expect((await deadlineOf(h.m.id)).atMs).toBe(t0 + 25 * HOUR);
    await h.setClock(t0 + 3 * HOUR);
    const again = await away(t0 + 5 * DAY);
    expect(again.status).toBe(200);
    // The rest of the two days (47 h) freezes the turn again: the deadline moves by the whole of it.
    expect(again.body.settings.vacationLeftMs).toBe(0);
    const d = await deadlineOf(h.m.id);
    expect(d.atMs).toBe(t0 + 25 * HOUR + 47 * HOUR);
    expect(d.frozen!.toMs - d.frozen!.fromMs).toBe(48 * HOUR);
    expect(d.frozen!.toMs).toBe(t0 + 50 * HOUR);
    expect(again.body.deadlines.turn).toBe(new Date(t0 + 72 * HOUR).toISOString());
    // Bob's turn mail moves with it, by the whole frozen time (the one-timestamp rule).
    expect(await turnMailDue()).toBe(due + 48 * HOUR);
    // Back again at once: the unused part is given back, the deadline comes earlier by as much.
    await h.setClock(t0 + 4 * HOUR);
    const back = await settings(h.m, 1, { awayUntil: null });
    expect(back.body.settings.vacationLeftMs).toBe(2 * DAY - 2 * HOUR);
    expect((await deadlineOf(h.m.id)).atMs).toBe(t0 + 26 * HOUR);
  });

  it('with no bot after timeouts (timeoutsToBot 0), a timeout counts nothing: no seat row written for it', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, { turnDeadlineHours: 24, timeoutsToBot: 0 }));
    const t0 = h.clock.now;
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.setClock(t0 + DAY);
    await runDurableObjectAlarm(stubOf(h.m));
    // The timeout was handled (a bot played Bob's turn) but nothing counts timeouts in a row.
    expect((await info(h.m, h.m.seats[0])).view!.turn).toBe(0);
    expect((await prefsOf(h.m.id, 1)).timeoutsInRow).toBeUndefined();
    expect((await info(h.m, h.m.seats[1])).seats[1].botStandIn).toBe(false);
  });
});

/** The match's running turn deadline. */
function deadlineOf(id: string): Promise<Extract<TurnDeadline, { kind: 'turn' }>> {
  return runInDurableObject(
    stubOf(id),
    (instance) =>
      (instance as unknown as { match: { meta: { turnDeadline: Extract<TurnDeadline, { kind: 'turn' }> } } })
        .match.meta.turnDeadline,
  );
}
