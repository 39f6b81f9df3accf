/**
 * A turn mail for a seat nobody is looking at goes at once, right after the move (not after the grace
 * period), from memory: no outbox row is written for a mail that is sent. A row is stored only when
 * the mail must wait (quiet hours: mail-quiet.test.ts) or be retried (a provider failure, retried by
 * the alarm as any row). And the alarm is lazy: it is never moved later, so a turn whose reminders
 * and deadline move on costs no `setAlarm`, and an alarm that wakes with nothing due only re-arms.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, move, scheduleOf, stubOf, type TestMatch } from './helpers';
import { addresses, duo, HOUR, MIN, mailMatch } from './mail-helpers';

const TURN_SUBJECT = "Mille Bornes : c'est à vous de jouer";

/** The match object's counters (test seams): rows written by statement, `setAlarm` calls. */
async function stats(m: TestMatch) {
  return (await api(`/dev/stats/${m.id}`)).body as {
    rowsByStatement: Record<string, number>;
    alarmWrites: number;
    logRows: number;
  };
}

/** Rows written to the outbox (any statement on `mail_outbox`) in the counters `s`. */
const outboxRows = (s: Awaited<ReturnType<typeof stats>>) =>
  Object.entries(s.rowsByStatement)
    .filter(([q]) => q.includes('mail_outbox'))
    .reduce((a, [, k]) => a + k, 0);

/** The alarm time set on the match's object (null: none). */
const alarmOf = (m: TestMatch) => runInDurableObject(stubOf(m), (_i, state) => state.storage.getAlarm());

describe('a turn mail at once', () => {
  it('goes to a seat not looking at the move itself, once, with no outbox row written', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const before = await stats(h.m);
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.settled();
    const turn = h.sender.to(bob).filter((m) => m.subject === TURN_SUBJECT);
    expect(turn).toHaveLength(1);
    expect(turn[0].text).toContain('- Ann a joué Feu vert.');
    expect(outboxRows(await stats(h.m))).toBe(outboxRows(before));
    expect((await h.rows()).filter((r) => r.seat === 1 && r.kind === 'yourTurn')).toEqual([]);
    // Nothing of it is left for the alarm: it is never sent again.
    await h.fire(h.clock.now + 3 * MIN);
    await h.fire(h.clock.now + 25 * HOUR);
    expect(h.sender.to(bob).filter((m) => m.subject === TURN_SUBJECT)).toHaveLength(1);
  });

  it('a provider failure at once leaves a queued row, which the alarm retries once, successfully', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }));
    const t0 = h.clock.now;
    await h.fire(t0); // the invitation
    h.sender.next = [{ ok: false, code: 'mail.provider_error', retryable: true, message: 'resend 503' }];
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.settled();
    const attempts = () => h.sender.attempts.filter((m) => m.subject === TURN_SUBJECT);
    expect(attempts()).toHaveLength(1);
    const row = (await h.rows()).find((r) => r.seat === 1 && r.kind === 'yourTurn')!;
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: 'mail.provider_error',
      due_at: t0 + MIN,
    });
    expect((await scheduleOf(h.m)).find((i) => i.kind === 'mail')?.at_ms).toBe(t0 + MIN);
    await h.fire(t0 + MIN);
    expect(attempts()).toHaveLength(2);
    expect(attempts()[1]).toEqual(attempts()[0]);
    expect(h.sender.to(bob).filter((m) => m.subject === TURN_SUBJECT)).toHaveLength(1);
    expect((await h.rows()).find((r) => r.seat === 1 && r.kind === 'yourTurn')).toMatchObject({
      status: 'sent',
    });
    await h.fire(t0 + 10 * MIN);
    expect(attempts()).toHaveLength(2);
  });
});

describe('the turn after a mail at once', () => {
  it('reminds at 24 h from the turn’s start as the log tells it, also after the object restarted', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }, { turnDeadlineHours: 72 }));
    const t0 = h.clock.now;
    await h.fire(t0); // the invitation
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.fire(t0 + 3 * MIN);
    expect(h.sender.to(bob).filter((m) => m.subject === TURN_SUBJECT)).toHaveLength(1);
    // The object is evicted: nothing of the turn is in memory any more.
    await evictDurableObject(stubOf(h.m));
    const reminders = () => h.sender.to(bob).filter((m) => m.subject.includes('votre tour vous attend'));
    await h.fire(t0 + 24 * HOUR - MIN);
    expect(reminders()).toHaveLength(0);
    await h.fire(t0 + 24 * HOUR);
    expect(reminders().map((m) => m.idempotencyKey)).toEqual([
      expect.stringMatching(/:reminder:1:v\d+:24h$/),
    ]);
    await h.fire(t0 + 25 * HOUR);
    expect(reminders()).toHaveLength(1);
    expect(h.sender.to(bob).filter((m) => m.subject === TURN_SUBJECT)).toHaveLength(1);
  });
});

describe('the lazy alarm', () => {
  it('is not set again when only later items moved (the next turns, their deadlines and reminders)', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }, { turnDeadlineHours: 24 }));
    const t0 = h.clock.now;
    await h.fire(t0); // the invitation
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.settled();
    await h.fire(t0 + 3 * MIN); // the grace of the match's first turn (Ann's, dropped: she played)
    const alarm = await alarmOf(h.m);
    const before = (await stats(h.m)).alarmWrites;
    // Three more turns, a minute apart: each moves the deadline and the reminders later.
    const cards = [
      [1, 'roll'],
      [0, 'd100'],
      [1, 'd25'],
    ] as const;
    for (const [i, [seat, card]] of cards.entries()) {
      await h.setClock(h.clock.now + (i + 1) * MIN);
      expect((await move(h.m, h.m.seats[seat]!, { type: 'play', card })).status).toBe(200);
      await h.settled();
    }
    expect((await stats(h.m)).alarmWrites).toBe(before);
    expect(await alarmOf(h.m)).toBe(alarm);
    const next = Math.min(...(await scheduleOf(h.m)).map((i) => i.at_ms));
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(next);
  });

  it('an early wake-up (nothing due) re-arms at the next item and does nothing else', async () => {
    const { ann, bob } = addresses();
    const h = await mailMatch(duo({ ann, bob }, { turnDeadlineHours: 24 }));
    const t0 = h.clock.now;
    await h.fire(t0); // the invitation
    expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
    await h.settled();
    await h.fire(t0 + 3 * MIN); // the grace of the match's first turn (Ann's, dropped: she played)
    // An alarm left earlier than every item (as after turns that moved them later).
    await h.setClock(t0 + 5 * MIN);
    const early = t0 + 5 * MIN;
    await runInDurableObject(stubOf(h.m), async (_i, state) => state.storage.setAlarm(early));
    const next = Math.min(...(await scheduleOf(h.m)).map((i) => i.at_ms));
    expect(next).toBeGreaterThan(early);
    const before = await stats(h.m);
    const mails = h.sender.attempts.length;
    expect(await runDurableObjectAlarm(stubOf(h.m))).toBe(true);
    const after = await stats(h.m);
    expect(after.alarmWrites).toBe(before.alarmWrites + 1);
    expect(after.rowsByStatement).toEqual(before.rowsByStatement);
    expect(after.logRows).toBe(before.logRows);
    expect(h.sender.attempts).toHaveLength(mails);
    expect(await alarmOf(h.m)).toBe(next);
  });
});
