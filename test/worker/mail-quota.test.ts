/**
 * Mail at a daily quota (issue #33 part 2, the mail side; worker/notify/mail-quota.ts, catch-up.ts):
 * with the fault seam's `mail` fault (`POST /dev/faults`) the provider refuses as Resend does past its
 * daily quota; the refused mail and the match's other mails wait for the reset without asking again,
 * then each seat gets one catch-up mail, and nothing is sent twice. The daily mail cap
 * (MAIL_DAILY_CAP, set per match through the notifier's test hooks) is never exceeded across matches;
 * a provider's quota refusal closes the cap's day; with the cap off no request reaches the budget.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { PLATFORM_MESSAGES } from '../../worker/faults';
import { MAIL_BUDGET_NAME, type MailBudgetDurableObject, utcDay } from '../../worker/notify/budget-do';
import { cappedSender, dailyCap, providerQuotaAnswer } from '../../worker/notify/mail-quota';
import type { OutgoingMail } from '../../worker/notify/types';
import { nextResetMs } from '../../worker/shared/limits';
import { api, move } from './helpers';
import {
  addresses,
  awayFromReset,
  dayOn,
  duo,
  FakeSender,
  type MailMatch,
  MIN,
  mailMatch,
} from './mail-helpers';

const faults = (body: Record<string, unknown>) => api('/dev/faults', { body });

afterEach(async () => {
  await faults({ mail: null });
});

/** The deployment's mail count on the UTC day of `atMs` (the budget object's row; 0 without one). */
async function mailCount(atMs: number): Promise<number> {
  const ns = env.MAIL_BUDGET as unknown as DurableObjectNamespace<MailBudgetDurableObject>;
  return runInDurableObject(
    ns.get(ns.idFromName(MAIL_BUDGET_NAME)),
    (_i, state) =>
      state.storage.sql
        .exec<{ n: number }>(`SELECT n FROM counts WHERE day = ? AND key = '@mail'`, utcDay(atMs))
        .toArray()[0]?.n ?? 0,
  );
}

/**
 * 10:00 UTC `days` days from today (mail-helpers.ts `dayOn`): each test counts on days of its own
 * (the budget object is shared by the file's tests).
 */
const daysOn = dayOn;

/**
 * A duo without a turn deadline (no reminders across the days a test lets pass); `annMailed` false:
 * Ann (seat 0, whose turn comes first) has no address, so only Bob's mails count.
 */
async function duoMatch(
  extra: { mailCap?: string } = {},
  annMailed = false,
): Promise<MailMatch & { ann: string; bob: string }> {
  const a = addresses();
  const body = duo(a, { turnDeadlineHours: 0 });
  if (!annMailed) delete (body.seats as Array<{ email?: string }>)[0].email;
  const h = await mailMatch(body, extra);
  return Object.assign(h, a);
}

describe('the provider’s daily quota', () => {
  it('keeps the mails waiting until the reset, then sends one catch-up mail per seat, none twice', async () => {
    const h = await duoMatch({}, true);
    // Minutes pass before the reset this test expects: never from just before it.
    const t0 = awayFromReset(h.clock.now);
    await h.setClock(t0);
    const reset = nextResetMs(t0);
    expect((await faults({ mail: 'daily_limit', untilMs: reset })).status).toBe(200);

    // Bob's invitation is refused as Resend refuses past its quota: it waits for the reset.
    await h.fire(t0);
    expect(h.sender.attempts).toHaveLength(0);
    expect((await h.rows()).find((r) => r.kind === 'invitation')).toMatchObject({
      status: 'queued',
      error: 'mail.quota',
      due_at: reset,
    });

    // Ann rolls: Bob's turn mail is due after the grace, and waits without asking the provider again.
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    // Bob rolls (his waiting turn mail is stale now), Ann plays 100 km: Bob's turn again.
    await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 6 * MIN);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' });
    await h.fire(t0 + 9 * MIN);
    expect(h.sender.attempts).toHaveLength(0);
    const waiting = (await h.rows()).filter((r) => r.status === 'queued');
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    for (const r of waiting) expect(r).toMatchObject({ error: 'mail.quota', due_at: reset });

    // The reset: one catch-up mail to Bob (French), nothing to Ann (her turn mail is stale).
    await h.fire(reset);
    expect(h.sender.sent).toHaveLength(1);
    const [catchUp] = h.sender.sent;
    expect(catchUp.to).toBe(h.bob);
    expect(catchUp.subject).toBe('Mille Bornes : pendant la pause des mails');
    expect(catchUp.text).toContain('- Ann vous invite à jouer au Mille Bornes');
    expect(catchUp.text).toContain("- C'est à vous de jouer");
    expect(catchUp.text).toContain('- Ann a roulé 100 bornes.');
    const rows = await h.rows();
    expect(rows.filter((r) => r.status === 'queued')).toEqual([]);
    expect(rows.find((r) => r.kind === 'invitation')).toMatchObject({ status: 'sent', error: 'mail.folded' });
    expect(rows.filter((r) => r.seat === 1 && r.kind === 'yourTurn').map((r) => [r.status, r.error])).toEqual(
      [
        ['dropped', 'acted'],
        ['sent', null],
      ],
    );
    expect(rows.filter((r) => r.seat === 0).every((r) => r.status === 'dropped')).toBe(true);

    // The alarm may run again: nothing goes twice.
    await h.fire(reset + 10 * MIN);
    await h.fire(reset + 60 * MIN);
    expect(h.sender.sent).toHaveLength(1);
  });

  it('sends a lone waiting mail as it is, at the reset', async () => {
    const h = await duoMatch();
    const t0 = daysOn(5);
    const reset = nextResetMs(t0);
    await faults({ mail: 'daily_limit', untilMs: reset });
    await h.fire(t0);
    await h.fire(reset);
    expect(h.sender.sent.map((m) => m.subject)).toEqual(['Ann vous invite à jouer au Mille Bornes']);
    expect((await h.rows()).find((r) => r.kind === 'invitation')).toMatchObject({
      status: 'sent',
      error: null,
    });
  });

  it('asks the provider once while paused: the rest of the queue waits without asking', async () => {
    const h = await duoMatch();
    const t0 = daysOn(7);
    const reset = nextResetMs(t0);
    // The provider's own answer past its quota, as the Resend sender parses it.
    let quota = true;
    h.sender.script = () => (quota ? providerQuotaAnswer('resend', t0) : undefined);
    await h.setClock(t0);
    await h.fire(t0);
    expect(h.sender.attempts).toHaveLength(1);
    await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
    await h.fire(t0 + 3 * MIN);
    await h.fire(t0 + 30 * MIN);
    expect(h.sender.attempts).toHaveLength(1);
    expect((await h.rows()).map((r) => [r.kind, r.status, r.error, r.due_at])).toEqual([
      ['invitation', 'queued', 'mail.quota', reset],
      ['yourTurn', 'queued', 'mail.quota', reset],
    ]);
    quota = false;
    await h.fire(reset);
    expect(h.sender.attempts).toHaveLength(2);
    expect(h.sender.sent.map((m) => m.subject)).toEqual(['Mille Bornes : pendant la pause des mails']);
  });

  it('closes the cap’s day: the other matches stop offering mail to the provider until the reset', async () => {
    const first = await duoMatch({ mailCap: '100' });
    const t0 = daysOn(10);
    await first.setClock(t0);
    const reset = nextResetMs(t0);
    await faults({ mail: 'daily_limit', untilMs: reset });
    await first.fire(t0);
    expect(await mailCount(t0)).toBe(100);
    // The provider would take mail again (the fault is lifted), but the day is closed.
    await faults({ mail: null });
    const second = await duoMatch({ mailCap: '100' });
    await second.setClock(t0 + MIN);
    await second.fire(t0 + MIN);
    expect(second.sender.attempts).toHaveLength(0);
    expect((await second.rows()).find((r) => r.kind === 'invitation')).toMatchObject({
      status: 'queued',
      error: 'mail.quota',
      due_at: reset,
    });
    await first.fire(reset);
    await second.fire(reset + MIN);
    expect([...first.sender.sent, ...second.sender.sent].map((m) => m.to).sort()).toEqual(
      [first.bob, second.bob].sort(),
    );
    expect(await mailCount(reset)).toBe(2);
  });
});

describe('the daily mail cap', () => {
  it('is never exceeded across matches; the rest wait for the next day, and the next', async () => {
    const ms = [await duoMatch({ mailCap: '3' })];
    for (let i = 0; i < 3; i++) ms.push(await duoMatch({ mailCap: '3' }));
    const sent = () => ms.reduce((n, h) => n + h.sender.sent.length, 0);
    const t0 = daysOn(20);
    const day1 = nextResetMs(t0);
    const day2 = nextResetMs(day1);

    // Day 0: four invitations, three go; the fourth waits.
    for (const h of ms) await h.fire(t0);
    expect(sent()).toBe(3);
    expect(await mailCount(t0)).toBe(3);
    expect(ms[3].sender.attempts).toHaveLength(0);
    expect((await ms[3].rows())[0]).toMatchObject({ status: 'queued', error: 'mail.quota', due_at: day1 });

    // Day 1: the first three matches' turn mails take the day's three; the fourth waits again.
    for (const h of ms.slice(0, 3)) {
      await h.setClock(day1 + MIN);
      await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
      await h.fire(day1 + 5 * MIN);
    }
    expect(sent()).toBe(6);
    await ms[3].fire(day1 + 6 * MIN);
    expect(sent()).toBe(6);
    expect(await mailCount(day1)).toBe(3);
    expect((await ms[3].rows())[0]).toMatchObject({ status: 'queued', error: 'mail.quota', due_at: day2 });

    // Day 2: it goes, once.
    await ms[3].fire(day2);
    await ms[3].fire(day2 + MIN);
    expect(sent()).toBe(7);
    expect(ms[3].sender.sent.map((m) => m.subject)).toEqual(['Ann vous invite à jouer au Mille Bornes']);
    expect(await mailCount(day2)).toBe(1);
  });

  it('reads off, a number or the sender’s free quota', () => {
    expect(dailyCap({}, 'resend')).toBe(100);
    expect(dailyCap({}, 'cloudflare')).toBe(100);
    expect(dailyCap({}, 'outbox')).toBeNull();
    expect(dailyCap({ MAIL_DAILY_CAP: 'off' }, 'resend')).toBeNull();
    expect(dailyCap({ MAIL_DAILY_CAP: ' 250 ' }, 'resend')).toBe(250);
    expect(dailyCap({ MAIL_DAILY_CAP: '0' }, 'resend')).toBe(0);
    expect(dailyCap({ MAIL_DAILY_CAP: '-3' }, 'resend')).toBe(100);
    expect(dailyCap({ MAIL_DAILY_CAP: '12.5' }, 'outbox')).toBeNull();
  });

  it('off makes no request to the budget object; on, one per mail, counted only when admitted', async () => {
    const mail: OutgoingMail = {
      to: 'cap@example.org',
      subject: 's',
      text: 't',
      html: 'h',
      headers: {},
      idempotencyKey: 'cap:1',
    };
    const touched: string[] = [];
    const real = env.MAIL_BUDGET as DurableObjectNamespace;
    const spy = {
      idFromName: (name: string) => {
        touched.push(name);
        return real.idFromName(name);
      },
      get: (id: DurableObjectId) => real.get(id),
    } as unknown as DurableObjectNamespace;
    const at = Date.UTC(2031, 0, 5, 12);
    const fake = new FakeSender();
    const off = cappedSender(fake, { env: { MAIL_DAILY_CAP: 'off', MAIL_BUDGET: spy }, now: () => at });
    for (let i = 0; i < 5; i++) expect((await off.send(mail)).ok).toBe(true);
    expect(touched).toEqual([]);
    expect(await mailCount(at)).toBe(0);

    const on = cappedSender(fake, { env: { MAIL_DAILY_CAP: '2', MAIL_BUDGET: spy }, now: () => at });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await on.send(mail));
    expect(results.map((r) => (r.ok ? 'ok' : r.code))).toEqual(['ok', 'ok', 'mail.quota', 'mail.quota']);
    expect(results[3]).toMatchObject({ retryable: true, retryAtMs: Date.UTC(2031, 0, 6) });
    expect(fake.attempts).toHaveLength(7);
    expect(await mailCount(at)).toBe(2);
  });

  it('waits for the reset when the budget object is past the platform’s daily limit, and fails otherwise', async () => {
    const refusing = (message: string) =>
      ({
        idFromName: () => env.MAIL_BUDGET!.idFromName('x'),
        get: () => ({
          takeMail: async () => {
            throw new Error(message);
          },
        }),
      }) as unknown as DurableObjectNamespace;
    const at = Date.UTC(2031, 1, 1, 9);
    const fake = new FakeSender();
    const mail = {
      to: 'x@example.org',
      subject: 's',
      text: 't',
      html: 'h',
      headers: {},
      idempotencyKey: 'k',
    };
    const limited = cappedSender(fake, {
      env: { MAIL_DAILY_CAP: '5', MAIL_BUDGET: refusing(PLATFORM_MESSAGES.writes) },
      now: () => at,
    });
    expect(await limited.send(mail)).toMatchObject({
      ok: false,
      code: 'mail.quota',
      retryAtMs: Date.UTC(2031, 1, 2),
    });
    const broken = cappedSender(fake, {
      env: { MAIL_DAILY_CAP: '5', MAIL_BUDGET: refusing('Durable Object is overloaded.') },
      now: () => at,
    });
    await expect(broken.send(mail)).rejects.toThrow('overloaded');
    expect(fake.attempts).toHaveLength(0);
  });
});

describe('the cap’s cost', () => {
  it('writes about one row per admitted mail and none for a refused one', async () => {
    const ns = env.MAIL_BUDGET as unknown as DurableObjectNamespace<MailBudgetDurableObject>;
    const at = Date.UTC(2031, 2, 1, 8);
    const written = await runInDurableObject(ns.get(ns.idFromName(MAIL_BUDGET_NAME)), async (instance) => {
      const inside = instance as unknown as { sql: SqlStorage };
      const real = inside.sql;
      const cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
      inside.sql = {
        exec: (query: string, ...params: unknown[]) => {
          const c = real.exec(query, ...params);
          cursors.push(c);
          return c;
        },
      } as unknown as SqlStorage;
      const rows = () => cursors.reduce((n, c) => n + c.rowsWritten, 0);
      // A refused ask first: it deletes the earlier days' counts (the file's other tests) and writes nothing else.
      await instance.takeMail(0, at);
      const perMail: number[] = [];
      for (let i = 0; i < 4; i++) {
        const before = rows();
        await instance.takeMail(3, at);
        perMail.push(rows() - before);
      }
      inside.sql = real;
      return perMail;
    });
    // The day's first mail inserts the count (its row and its key's index entry); each next one updates it.
    expect(written).toEqual([2, 1, 1, 0]);
  });
});
