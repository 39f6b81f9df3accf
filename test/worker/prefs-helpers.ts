/**
 * Helpers for the digest and quiet-hours tests: an address's Durable Object
 * reached by its address, its test clock and digest sender (test seams), a seat's settings
 * request, and the confirmation link of a mail.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { mailboxKey } from '../../worker/notify/address';
import type { MailAddressDurableObject } from '../../worker/notify/address-do';
import type { OutgoingMail } from '../../worker/notify/types';
import { api, type TestMatch } from './helpers';
import type { FakeSender } from './mail-helpers';

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
