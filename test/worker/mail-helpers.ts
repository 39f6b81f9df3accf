/**
 * Helpers for the mail tests: a fake sender installed in a match's notifier (through its test
 * hooks, which only exist with the test seams on), the match's clock held still at times the test
 * chooses (the object's one clock: moves, deadlines and sending all read it), and access to the
 * outbox rows. The match's alarm is driven with `fireSchedule(m, ['mail'])`.
 */
import { runInDurableObject } from 'cloudflare:test';
import type { NotifierTestHooks } from '../../worker/notify/scope';
import type { OutgoingMail, SendResult } from '../../worker/notify/types';
import { create, fireSchedule, move, pinClock, stubOf, type TestMatch, worker } from './helpers';

/** A fake provider: records every message; `next` scripts the outcomes (default ok). */
export class FakeSender {
  readonly name = 'resend' as const;
  sent: OutgoingMail[] = [];
  attempts: OutgoingMail[] = [];
  next: SendResult[] = [];
  /** Scripted outcome per message (wins over `next`). */
  script: ((mail: OutgoingMail) => SendResult | undefined) | null = null;
  async send(mail: OutgoingMail): Promise<SendResult> {
    this.attempts.push(mail);
    const r = this.script?.(mail) ??
      this.next.shift() ?? { ok: true, providerId: `fake-${this.attempts.length}` };
    if (r.ok) this.sent.push(mail);
    return r;
  }
  to(address: string): OutgoingMail[] {
    return this.sent.filter((m) => m.to === address);
  }
}

/** One row of a match's mail outbox, as the tests read it. */
export type OutboxRow = {
  key: string;
  seat: number;
  kind: string;
  status: string;
  error: string | null;
  attempts: number;
  due_at: number;
};

/** A match with mail hooks: `clock` is the match's time, held still (ms), `sender` the fake provider. */
export interface MailMatch {
  m: TestMatch;
  sender: FakeSender;
  clock: { now: number };
  /** Runs the alarm with the `mail` item due, at the match time `at` (default: unchanged). */
  fire(at?: number): Promise<void>;
  /** Moves the match clock to `at` (ms) without running the alarm (and installs the hooks again). */
  setClock(at: number): Promise<void>;
  /** The outbox rows, oldest first (once the mails sent at once have gone). */
  rows(): Promise<OutboxRow[]>;
  /** Waits for the mails sent at once after the last change (`settled`). */
  settled(): Promise<void>;
}

/**
 * Waits until the mails a change sent at once (worker/notify/notifier.ts `sendPending`, after the
 * reply) have gone, and the alarm was pointed again after them.
 */
export async function settled(m: TestMatch): Promise<void> {
  await runInDurableObject(stubOf(m), (instance) =>
    (instance as unknown as { match: { notifier: { settled(): Promise<void> } } }).match.notifier.settled(),
  );
}

/** Installs the hooks in the match's notifier (call again after anything that may evict the object). */
export async function hook(m: TestMatch, hooks: NotifierTestHooks): Promise<void> {
  await runInDurableObject(stubOf(m), (instance) => {
    const match = (
      instance as unknown as { match: { notifier: { setTestHooks(h: NotifierTestHooks): void } } }
    ).match;
    match.notifier.setTestHooks(hooks);
  });
}

/**
 * Creates a match, installs a fake sender and holds the match's clock still at the present: moves
 * then happen at `clock.now`, and `fire(at)` moves the clock to `at` and runs the alarm.
 */
export async function mailMatch(
  body: Record<string, unknown>,
  extra: Partial<NotifierTestHooks> = {},
): Promise<MailMatch> {
  return attach(await create(body), new FakeSender(), { now: Date.now() }, extra);
}

/**
 * Installs `sender` and holds the match clock at `clock.now` in an existing match (a rematch: pass
 * the first match's sender and clock to see every mail of the chain in one place).
 */
export async function attach(
  m: TestMatch,
  sender: FakeSender,
  clock: { now: number },
  extra: Partial<NotifierTestHooks> = {},
): Promise<MailMatch> {
  await hook(m, { sender, ...extra });
  await pinClock(m, clock.now);
  return {
    m,
    sender,
    clock,
    async setClock(at: number) {
      clock.now = at;
      // The hooks again too: a move after an eviction sends its mails at once, through them.
      await hook(m, { sender, ...extra });
      await pinClock(m, at);
    },
    settled: () => settled(m),
    async fire(at?: number) {
      await settled(m);
      if (at !== undefined) clock.now = at;
      await hook(m, { sender, ...extra });
      await pinClock(m, clock.now);
      await fireSchedule(m, ['mail']);
    },
    rows: async () => {
      await settled(m);
      return runInDurableObject(stubOf(m), (_i, state) =>
        state.storage.sql
          .exec<OutboxRow>(
            `SELECT key, seat, kind, status, error, attempts, due_at FROM mail_outbox WHERE kind != 'marker' ORDER BY seq`,
          )
          .toArray(),
      );
    },
  };
}

/** POSTs a form body to a full URL (a link from a mail) through the Worker. */
export async function postForm(url: string, body: string) {
  const res = await worker().fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '203.0.113.9' },
    body,
  });
  return { status: res.status, text: await res.text() };
}

/** The first `/api/mail/<kind>/…` link in a message's plain text (mute, block). */
export function linkIn(mail: OutgoingMail, kind: 'mute' | 'block'): string {
  const m = new RegExp(`https?://\\S+/api/mail/${kind}/\\S+`).exec(mail.text);
  if (!m) throw new Error(`no ${kind} link in ${mail.subject}`);
  return m[0];
}

/** The token of the `#seat=` link in a message's text. */
export function seatTokenIn(mail: OutgoingMail): string {
  const m = /#seat=([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!m) throw new Error(`no seat link in ${mail.subject}`);
  return m[1];
}

let tag = 0;
/** Fresh addresses for Ann and Bob (the per-address state is shared by every match of a test file). */
export function addresses(): { ann: string; bob: string } {
  tag++;
  return { ann: `ann.${tag}@example.org`, bob: `bob.${tag}@example.org` };
}

/** Two players with e-mail addresses; Bob reads French. Ann starts and holds a Roll and 100 km. */
export function duo(
  a: { ann: string; bob: string },
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...DUO,
    seats: [
      { ...DUO.seats[0], email: a.ann },
      { ...DUO.seats[1], email: a.bob },
    ],
    ...over,
  };
}

/**
 * A duo (`over` adds creation fields) where Bob answers hazards himself (`ask`): both roll, then Ann
 * plays a Stop on Bob, which opens his response window (`beforeStop` runs just before it). `stop` is
 * the reply to Ann's Stop.
 */
export async function stopOnAskSeat(
  a: { ann: string; bob: string },
  over: Record<string, unknown> = {},
  beforeStop: (m: TestMatch) => Promise<void> = async () => {},
): Promise<{ h: MailMatch; stop: { status: number } }> {
  const body = duo(a, over);
  (body.seats as Array<Record<string, unknown>>)[1].responseMode = 'ask';
  const h = await mailMatch(body);
  await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' });
  await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' });
  await beforeStop(h.m);
  const stop = await move(h.m, h.m.seats[0]!, { type: 'play', card: 'stop', target: 1 });
  return { h, stop };
}

const DUO = {
  title: 'Friday night',
  rules: 'classic' as unknown,
  seats: [
    { kind: 'human', name: 'Ann', email: 'ann@example.org' },
    { kind: 'human', name: 'Bob', email: 'bob@example.org', language: 'fr' },
  ],
  firstSeat: 0,
  testStack: {
    seed: 'mail',
    position: {
      hands: {
        0: ['roll', 'd100', 'd100', 'd50', 'd25', 'stop'],
        1: ['roll', 'd25', 'd50', 'd75', 'd100', 'accident'],
      },
    },
  },
};

export const MIN = 60_000;
export const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * 10:00 UTC on the day `days` days after today (ms since the epoch): a fixed time of day, far from
 * the 00:00 UTC reset of the daily limits, so a test that lets minutes or hours pass before the
 * reset it expects passes whenever it runs (one counted from `Date.now()` failed a run at 23:32).
 */
export function dayOn(days: number): number {
  return Math.floor(Date.now() / DAY) * DAY + days * DAY + 10 * HOUR;
}

/**
 * Now, or 02:00 UTC when now is within an hour before or two hours after the 00:00 UTC reset (ms
 * since the epoch; at most 3 h later than now): the next reset is then 1 to 22 hours away. For a
 * match made now whose test lets minutes pass before the reset it expects and an hour after it,
 * still within a day of the turn that started now (its 24 h reminder not yet due), whenever it runs.
 */
export function awayFromReset(nowMs: number = Date.now()): number {
  const today = Math.floor(nowMs / DAY) * DAY;
  const time = nowMs - today;
  if (time < 2 * HOUR) return today + 2 * HOUR;
  if (time >= 23 * HOUR) return today + DAY + 2 * HOUR;
  return nowMs;
}
