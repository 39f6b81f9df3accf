/**
 * Away and back (vacation days and bots after repeated timeouts), on the match's test
 * clock: "I'm away until" freezes the player's turn and uses up their vacation days, a move or
 * "I'm back" ends it and gives back what was not used, the days cap the freeze; two timeouts in a
 * row hand the seat to a bot with one mail and the player's link takes it back; an alarm that runs
 * twice changes nothing twice; and a vacation across a deadline moves every time of the turn (its
 * deadline, its mail, its reminders) by exactly the vacation (the one-timestamp rule, timers.ts).
 * Others see only that a player is away; away again in the same turn freezes the days left; a finished
 * match takes no "away until"; play for me only while the match is played, and never for both of the
 * last two people at once; a rematch starts with the whole vacation and no counters.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { SeatPrefs, TurnDeadline } from '../../worker/match/rows';
import {
  api,
  create,
  fireSchedule,
  info,
  logRows,
  move,
  scheduleOf,
  stubOf,
  type TestMatch,
} from './helpers';
import { addresses, duo, HOUR, type MailMatch, MIN, mailMatch, seatTokenIn } from './mail-helpers';
import { finishedAfterVacation, SHORT, seatPrefsOf } from './prefs-helpers';
import { agreeRematch } from './rematch-helpers';

const DAY = 24 * HOUR;

type Inside = {
  match: {
    meta: { turnDeadline: TurnDeadline | null };
    seats: Array<{ prefs: SeatPrefs; standIn: boolean }>;
  };
};

/** The match's running deadline and a seat's prefs, read inside the object. */
async function inside(
  m: TestMatch,
  seat = 1,
): Promise<{ deadline: TurnDeadline | null; prefs: SeatPrefs; standIn: boolean }> {
  return runInDurableObject(stubOf(m), (instance) => {
    const match = (instance as unknown as Inside).match;
    return {
      deadline: match.meta.turnDeadline,
      prefs: match.seats[seat].prefs,
      standIn: match.seats[seat].standIn,
    };
  });
}

/** POST settings for `seat` with its own token. */
function settings(m: TestMatch, seat: number, body: Record<string, unknown>, token = m.seats[seat]) {
  return api(`/api/matches/${m.id}/settings`, { body, token });
}

/** Moves the match clock to `at` and runs the alarm with the turn item due (if it is by then). */
async function runTurnAlarm(h: MailMatch, at: number): Promise<void> {
  await h.setClock(at);
  await runDurableObjectAlarm(stubOf(h.m));
}

/** Ann plays the first of her legal moves (whatever the bot did to her meanwhile). */
async function annPlays(m: TestMatch): Promise<void> {
  const view = (await info(m, m.seats[0])).view!;
  expect(view.turn).toBe(0);
  const r = await move(m, m.seats[0]!, view.legalMoves[0]);
  expect(r.status).toBe(200);
}

/** Ann (seat 0) and Bob (seat 1) with addresses and `over` creation fields; the clock held at `now`. */
function duoMatch(over: Record<string, unknown> = {}): Promise<MailMatch> {
  return mailMatch(duo(addresses(), { turnDeadlineHours: 24, ...over }));
}

describe('vacation days', () => {
  it('stop the clock of an away player’s turn, and a move ends the vacation', async () => {
    const h = await duoMatch();
    const t0 = h.clock.now;
    const until = t0 + 3 * DAY;
    const r = await settings(h.m, 1, { awayUntil: new Date(until).toISOString() });
    expect(r.status).toBe(200);
    expect(r.body.settings.awayUntil).toBe(new Date(until).toISOString());
    // Ann sees it on the table.
    expect((await info(h.m, h.m.seats[0])).seats[1].awayUntil).toBe(new Date(until).toISOString());
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    const frozen = await inside(h.m);
    expect(frozen.deadline).toEqual({
      kind: 'turn',
      seat: 1,
      hand: 1,
      atMs: until + DAY,
      frozen: { fromMs: t0, toMs: until },
    });
    expect(frozen.prefs.vacationUsedMs).toBe(3 * DAY);
    // The usual deadline passes: nothing happens, Bob is still to play.
    const rows = await logRows(h.m);
    await runTurnAlarm(h, t0 + DAY + 1);
    expect(await logRows(h.m)).toBe(rows);
    expect((await info(h.m, h.m.seats[1])).view!.turn).toBe(1);
    // Bob comes back after two days and plays: the vacation ends, one day goes back.
    await h.setClock(t0 + 2 * DAY);
    expect((await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' })).status).toBe(200);
    const back = await inside(h.m);
    expect(back.prefs.awayUntil).toBeUndefined();
    expect(back.prefs.vacationUsedMs).toBe(2 * DAY);
    const bob = await info(h.m, h.m.seats[1]);
    expect(bob.seats[1].awayUntil).toBeNull();
    expect(bob.settings!.vacationLeftMs).toBe(5 * DAY);
  });

  it('"I’m back" ends the freeze: the deadline comes earlier by the unused part, which goes back to the days', async () => {
    const h = await duoMatch();
    const t0 = h.clock.now;
    await settings(h.m, 1, { awayUntil: new Date(t0 + 3 * DAY).toISOString() });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.setClock(t0 + DAY);
    const r = await settings(h.m, 1, { awayUntil: null });
    expect(r.status).toBe(200);
    expect(r.body.settings.awayUntil).toBeNull();
    expect(r.body.settings.vacationLeftMs).toBe(6 * DAY);
    const back = await inside(h.m);
    expect(back.deadline).toEqual({
      kind: 'turn',
      seat: 1,
      hand: 1,
      atMs: t0 + 2 * DAY,
      frozen: { fromMs: t0, toMs: t0 + DAY },
    });
    // The normal deadline rules apply again: at the moved deadline a bot plays the turn.
    const rows = await logRows(h.m);
    await runTurnAlarm(h, t0 + 2 * DAY - 1);
    expect(await logRows(h.m)).toBe(rows);
    await runTurnAlarm(h, t0 + 2 * DAY);
    expect(await logRows(h.m)).toBeGreaterThan(rows);
    expect((await inside(h.m)).prefs.timeoutsInRow).toBe(1);
  });

  it('a freeze never runs longer than the days left; then the normal deadline applies', async () => {
    const h = await duoMatch({ vacationDays: 2 });
    const t0 = h.clock.now;
    await settings(h.m, 1, { awayUntil: new Date(t0 + 10 * DAY).toISOString() });
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    const capped = await inside(h.m);
    expect(capped.deadline).toMatchObject({ atMs: t0 + 3 * DAY, frozen: { fromMs: t0, toMs: t0 + 2 * DAY } });
    expect((await info(h.m, h.m.seats[1])).settings!.vacationLeftMs).toBe(0);
    const rows = await logRows(h.m);
    await runTurnAlarm(h, t0 + 3 * DAY);
    expect(await logRows(h.m)).toBeGreaterThan(rows);
    // Still away, no days left: Bob's next turn runs on the normal clock.
    await h.setClock(t0 + 3 * DAY + HOUR);
    await annPlays(h.m);
    const next = await inside(h.m);
    expect(next.deadline).toEqual({ kind: 'turn', seat: 1, hand: 1, atMs: t0 + 4 * DAY + HOUR });
  });

  it('refuses an away date in the past or more than 30 days ahead, and play-for-me for the last player', async () => {
    const h = await duoMatch();
    const t0 = h.clock.now;
    const past = await settings(h.m, 1, { awayUntil: new Date(t0 - MIN).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe('settings.away_range');
    const far = await settings(h.m, 1, { awayUntil: new Date(t0 + 31 * DAY).toISOString() });
    expect(far.body.error.code).toBe('settings.away_range');
    expect((await settings(h.m, 1, { awayUntil: 'soon' })).status).toBe(400);
    // Bob lets the computer play; Ann then may not (bots do not play alone).
    const mine = await settings(h.m, 1, { playForMe: true });
    expect(mine.status).toBe(200);
    expect(mine.body.settings).toMatchObject({ playForMe: true, standInReason: 'self' });
    expect(mine.body.seats[1].botStandIn).toBe(true);
    const last = await settings(h.m, 0, { playForMe: true });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('seat.last_human');
    const back = await settings(h.m, 1, { playForMe: false });
    expect(back.body.settings).toMatchObject({ playForMe: false, standInReason: null });
  });
});

describe('timeouts in a row', () => {
  it('two timeouts hand the seat to a bot with one mail; the link from it takes the seat back', async () => {
    const h = await duoMatch();
    const t0 = h.clock.now;
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await runTurnAlarm(h, t0 + DAY);
    expect((await inside(h.m)).prefs.timeoutsInRow).toBe(1);
    expect((await inside(h.m)).standIn).toBe(false);
    await h.setClock(t0 + DAY + HOUR);
    await annPlays(h.m);
    // The second timeout, with the alarm running twice: one change, one mail.
    await runTurnAlarm(h, t0 + 2 * DAY + HOUR);
    const rows = await logRows(h.m);
    await fireSchedule(h.m, ['turn']);
    await runDurableObjectAlarm(stubOf(h.m));
    expect(await logRows(h.m)).toBe(rows);
    const kept = await inside(h.m);
    expect(kept.standIn).toBe(true);
    expect(kept.prefs).toMatchObject({ timeoutsInRow: 2, standInReason: 'timeouts' });
    // Ann plays on; the bot plays Bob's turns, and no mail goes for each of them.
    await h.setClock(t0 + 2 * DAY + 2 * HOUR);
    await annPlays(h.m);
    await h.fire(t0 + 3 * DAY);
    await h.fire(t0 + 3 * DAY + 1);
    const outbox = await h.rows();
    expect(outbox.filter((r) => r.key.startsWith('botseat:'))).toHaveLength(1);
    expect(outbox.filter((r) => r.key.startsWith('botturn:'))).toHaveLength(1);
    // (Bob reads French.)
    const seatMails = h.sender.sent.filter((m) => m.text.includes('dépassé leur délai'));
    expect(seatMails).toHaveLength(1);
    expect(seatMails[0].to).toMatch(/^bob\./);
    expect(seatMails[0].text).toContain("jusqu'à ce que vous reveniez avec votre lien");
    // Bob's page offers the seat back; his link from the mail takes it.
    const link = seatTokenIn(seatMails[0]);
    const page = await info(h.m, link);
    expect(page.settings).toMatchObject({ playForMe: true, standInReason: 'timeouts' });
    const r = await api(`/api/matches/${h.m.id}/seats/1/reclaim`, { body: {}, token: link });
    expect(r.status).toBe(200);
    const back = await inside(h.m);
    expect(back.standIn).toBe(false);
    expect(back.prefs.timeoutsInRow).toBeUndefined();
  });

  it('keeps the seat after timeouts with onDeadline skip too, but never the last player’s', async () => {
    const h = await duoMatch({ onDeadline: 'skip', timeoutsToBot: 1 });
    const t0 = h.clock.now;
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await runTurnAlarm(h, t0 + DAY);
    expect((await inside(h.m)).standIn).toBe(true);
    // Ann alone with a bot: her own timeout only skips her turn.
    await runTurnAlarm(h, t0 + 2 * DAY);
    const ann = await inside(h.m, 0);
    expect(ann.standIn).toBe(false);
    expect(ann.prefs.timeoutsInRow).toBe(1);
  });
});

describe('a vacation across a deadline', () => {
  it('moves every time of the turn by exactly the vacation: deadline, turn mail, reminders', async () => {
    const vacation = 3 * DAY + 5 * HOUR;
    const plain = await duoMatch({ turnDeadlineHours: 72 });
    const away = await duoMatch({ turnDeadlineHours: 72 });
    const t0 = plain.clock.now;
    await away.setClock(t0);
    await settings(away.m, 1, { awayUntil: new Date(t0 + vacation).toISOString() });
    for (const h of [plain, away]) await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    const times = async (h: MailMatch) => {
      const d = (await inside(h.m)).deadline!;
      const mail = (await h.rows()).find((r) => r.key.startsWith('turn:1:'));
      return { deadline: d.atMs, mail: mail?.due_at };
    };
    // Bob is not looking: the plain match mails him at once (no row); the away one keeps the mail
    // in a row, due when the vacation ends.
    const a = { ...(await times(plain)), mail: t0 };
    expect(plain.sender.sent.map((m) => m.idempotencyKey)).toContainEqual(
      expect.stringContaining(':turn:1:'),
    );
    const b = (await times(away)) as { deadline: number; mail: number };
    expect(b.deadline - a.deadline).toBe(vacation);
    expect(b.mail - a.mail).toBe(vacation);
    // The away player's turn mail waits for the end of the vacation.
    await away.fire(a.mail);
    expect((await away.rows()).find((r) => r.key.startsWith('turn:1:'))!.status).toBe('queued');
    // Each match sends its turn mail, then sleeps until its reminders: each one later by the vacation.
    const reminders = async (h: MailMatch, from: number) => {
      const out: number[] = [];
      await h.fire(from);
      for (let i = 0; i < 2; i++) {
        const next = (await scheduleOf(h.m)).find((s) => s.kind === 'mail')!.at_ms;
        out.push(next);
        await h.fire(next);
      }
      return out;
    };
    // (From the end of the grace of the match's first turn, Ann's, which is still queued.)
    const ra = await reminders(plain, a.mail + 2 * MIN);
    const rb = await reminders(away, b.mail);
    expect(ra[0] - t0).toBe(24 * HOUR);
    expect(rb.map((t, i) => t - ra[i])).toEqual([vacation, vacation]);
    const sentKeys = (h: MailMatch) => h.sender.sent.map((m) => m.idempotencyKey.slice(h.m.id.length + 1));
    // The same mails (in another order: the plain match's turn mail went before the invitation).
    expect(sentKeys(away).sort()).toEqual(sentKeys(plain).sort());
    // Each turn mail says when the computer plays if nothing happens (Bob reads French).
    const turnMail = away.sender.sent.find((m) => m.idempotencyKey.endsWith(':turn:1:v3'))!;
    expect(turnMail.text).toContain("l'ordinateur jouera ce tour à votre place");
    // The old deadline passes unnoticed; the moved one makes the bot play.
    const rows = await logRows(away.m);
    await runTurnAlarm(away, a.deadline);
    expect(await logRows(away.m)).toBe(rows);
    await runTurnAlarm(away, b.deadline);
    expect(await logRows(away.m)).toBeGreaterThan(rows);
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

describe('vacation days: what the others see, and away again', () => {
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

  it('away, back and away again in the same turn stops the clock again, for the days left', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, { turnDeadlineHours: 24, vacationDays: 2 }));
    const t0 = h.clock.now;
    // Bob looks at the match when his turn starts: his turn mail waits the grace period in a row.
    expect((await api(`/api/matches/${h.m.id}?present=1`, { token: h.m.seats[1] })).status).toBe(200);
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

describe('play for me', () => {
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
});

describe('timeouts in a row: none counted without a bot', () => {
  it('with no bot after timeouts (timeoutsToBot 0), a timeout counts nothing: no seat row written for it', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a, { turnDeadlineHours: 24, timeoutsToBot: 0 }));
    const t0 = h.clock.now;
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.setClock(t0 + DAY);
    await runDurableObjectAlarm(stubOf(h.m));
    // The timeout was handled (a bot played Bob's turn) but nothing counts timeouts in a row.
    expect((await info(h.m, h.m.seats[0])).view!.turn).toBe(0);
    expect((await seatPrefsOf(h.m.id, 1)).timeoutsInRow).toBeUndefined();
    expect((await info(h.m, h.m.seats[1])).seats[1].botStandIn).toBe(false);
  });
});

describe('a rematch and the first match’s counters', () => {
  it('a rematch gives every player their whole vacation, no timeouts in a row and no stand-in reason', async () => {
    const { h } = await finishedAfterVacation();
    const re = await agreeRematch(h.m.id, [h.m.seats[1]!, h.m.seats[0]!]);
    expect(re.status).toBe(201);
    const next: TestMatch = { ...h.m, id: re.body.matchId as string };
    const prefs = await seatPrefsOf(next.id, 1);
    expect(prefs.vacationUsedMs).toBeUndefined();
    expect(prefs.timeoutsInRow).toBeUndefined();
    expect(prefs.standInReason).toBeUndefined();
    expect((await info(next, h.m.seats[1])).settings?.vacationLeftMs).toBe(7 * DAY);
  });
});
