/**
 * Helpers for the settings, vacation, digest and quiet-hours tests: an address's Durable Object
 * reached by its address, its test clock and digest sender (test seams), a seat's settings
 * request and stored preferences, the confirmation link of a mail, and a short match finished after
 * a day of vacation.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { expect } from 'vitest';
import type { SeatPrefs } from '../../worker/match/rows';
import { mailboxKey } from '../../worker/notify/address';
import type { MailAddressDurableObject } from '../../worker/notify/address-do';
import type { OutgoingMail } from '../../worker/notify/types';
import { api, info, move, stubOf, type TestMatch } from './helpers';
import { addresses, duo, type FakeSender, HOUR, type MailMatch, mailMatch } from './mail-helpers';

/** The stub of `email`'s Durable Object. */
export async function addressDo(email: string): Promise<DurableObjectStub<MailAddressDurableObject>> {
  const ns = env.MAIL_ADDRESS!;
  return ns.get(ns.idFromName(await mailboxKey(email, env))) as DurableObjectStub<MailAddressDurableObject>;
}

/** Holds `email`'s object clock at `nowMs` and gives it `sender` for the digest. */
export async function hookAddress(email: string, nowMs: number, sender: FakeSender): Promise<void> {
  await runInDurableObject(await addressDo(email), (instance: MailAddressDurableObject) => {
    instance.setTestHooks({ nowMs, sender });
  });
}

/** Runs `email`'s object alarm (the digest) at `nowMs`; returns whether an alarm was set. */
export async function runDigestAt(email: string, nowMs: number, sender: FakeSender): Promise<boolean> {
  await hookAddress(email, nowMs, sender);
  return runDurableObjectAlarm(await addressDo(email));
}

/** Seat `seat` of `m` changes its own settings. */
export function settings(m: TestMatch, seat: number, body: Record<string, unknown>) {
  return api(`/api/matches/${m.id}/settings`, { token: m.seats[seat]!, body });
}

/** The confirmation link of a mail-preferences mail. */
export function prefsLinkIn(mail: OutgoingMail): string {
  const m = /https?:\/\/\S+\/api\/mail\/prefs\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no confirmation link in ${mail.subject}`);
  return m[0];
}

/** The digest slot times and the preferences in force for seat `seat` of `m` at `email`'s object. */
export async function prefsAt(email: string, m: TestMatch, seat: number) {
  return (await addressDo(email)).prefsFor({ matchId: m.id, seat }, null);
}

/** Ann and Bob with addresses, 24 h turns, in a match Ann wins with her first 100 km. */
export const SHORT = {
  rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } },
  turnDeadlineHours: 24,
};

/** Seat `seat`'s stored prefs in match `id`. */
export function seatPrefsOf(id: string, seat: number): Promise<SeatPrefs> {
  return runInDurableObject(
    stubOf(id),
    (instance) =>
      (instance as unknown as { match: { seats: Array<{ prefs: SeatPrefs }> } }).match.seats[seat].prefs,
  );
}

/** Ann and Bob with addresses; Bob used one day of vacation; Ann then wins (the match is finished). */
export async function finishedAfterVacation(): Promise<{ h: MailMatch; bob: string }> {
  const DAY = 24 * HOUR;
  const a = addresses();
  const h = await mailMatch(duo(a, SHORT));
  const t0 = h.clock.now;
  expect((await settings(h.m, 1, { awayUntil: new Date(t0 + 3 * DAY).toISOString() })).status).toBe(200);
  expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'roll' })).status).toBe(200);
  await h.setClock(t0 + DAY);
  expect((await move(h.m, h.m.seats[1]!, { type: 'play', card: 'roll' })).status).toBe(200);
  expect((await seatPrefsOf(h.m.id, 1)).vacationUsedMs).toBe(DAY);
  expect((await move(h.m, h.m.seats[0]!, { type: 'play', card: 'd100' })).status).toBe(200);
  expect((await info(h.m, h.m.seats[0])).status).toBe('finished');
  return { h, bob: a.bob };
}
