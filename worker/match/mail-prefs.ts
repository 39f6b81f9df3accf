/**
 * A seat's time zone and mail preferences as its own settings change them: the
 * zone the browser reports, and the digest and quiet hours. Preferences set from a match apply to
 * that seat at once (kept in the seat's `prefs` and in its address's Durable Object) and need an
 * e-mail address on the seat; they become the address's, for all its matches, only through the
 * confirmation link mailed to that address (notify/prefs-mail.ts), which costs one address of the
 * daily budget. Nobody can set another person's preferences by typing their address.
 */
import { publicOrigin } from '../env';
import { mailboxStub } from '../notify/address';
import type { ZonedPrefs } from '../notify/address-prefs';
import type { BudgetPayer } from '../notify/budget';
import { hourlyLimit } from '../notify/config';
import { withCap } from '../notify/mail-quota';
import { sendPrefsConfirmation } from '../notify/prefs-mail';
import { DEFAULT_TIME_ZONE } from '../notify/quiet';
import { senderOf } from '../notify/sender-of';
import type { Settings } from '../protocol/requests';
import type { MailPrefs } from '../protocol/zones';
import { error, type Reply } from '../reply';
import type { MatchContext } from './context';
import { payAddresses } from './pay-addresses';
import type { SeatPrefs, SeatRow } from './rows';

/**
 * What became of a seat's change of its mail preferences beyond the seat (the settings answer's
 * `settings.prefsLink`): `sent` a confirmation link for exactly this change is on its way to the
 * seat's address (mailed now, or earlier and still valid); `seat` none could be mailed (the address
 * blocked mail, the day's links went out, or the mail failed): the change is this match's only;
 * absent: nothing more to do (they are the address's already, or the seat has no address object).
 */
export type PrefsLink = 'sent' | 'seat';

/**
 * The seat's new `prefs` after the settings `s` (its `timeZone` and `mailPrefs`), with what became of
 * a change of its mail preferences (`link`), or a refusal: 409 `settings.no_email` for mail
 * preferences on a seat without an address; 429 `mail.daily_limit` when the confirmation mail would
 * pass the daily budget (nothing is written). With mail preferences, the seat's address gets them at
 * once for this seat and, unless they are already its own or the live link carries them, a new
 * confirmation link, which replaces the live one (a link never applies a change older than the
 * seat's latest: notify/address-do.ts `PrefsLinkPlan`). A new zone or a new address takes the seat's
 * own preferences along (no confirmation link for them), unless a confirmation replaced them at the
 * address: then the seat takes the address's.
 */
export async function changeMailPrefs(
  m: MatchContext,
  seat: number,
  s: Settings,
  payer: BudgetPayer,
): Promise<{ prefs: SeatPrefs; link?: PrefsLink } | Reply> {
  const row = m.seats[seat];
  const prefs: SeatPrefs = { ...row.prefs };
  if (s.timeZone !== undefined) prefs.timeZone = s.timeZone;
  const email = s.email !== undefined ? s.email : row.email;
  // The seat's own preferences are set again at its address when its zone or its address changes.
  const again = s.timeZone !== undefined || (email !== null && email !== row.email);
  const mailPrefs = s.mailPrefs ?? (again ? prefs.mailPrefs : undefined);
  if (s.timeZone !== undefined && s.timeZone !== row.prefs.timeZone && email)
    await noteZone(m, email, s.timeZone);
  if (mailPrefs === undefined) return { prefs };
  if (!email) {
    if (s.mailPrefs === undefined) return { prefs };
    return error(409, 'settings.no_email', 'Mail preferences need an e-mail address on this seat.');
  }
  const { key, stub } = await mailboxStub(m.env, email);
  prefs.mailPrefs = mailPrefs;
  if (!stub) return { prefs };
  const at = { matchId: m.meta!.matchId, seat };
  if (s.mailPrefs === undefined && email === row.email && !(await stub.seatPrefsOf(at))) {
    // A new zone at the same address, after a confirmation link replaced the seat's own preferences
    // there: the address's are in force, so the seat shows them and does not set its old ones again.
    const confirmed = await stub.confirmedPrefs();
    if (confirmed) prefs.mailPrefs = confirmed.prefs;
    else delete prefs.mailPrefs;
    return { prefs };
  }
  const z: ZonedPrefs = { prefs: mailPrefs, timeZone: prefs.timeZone ?? DEFAULT_TIME_ZONE };
  const now = m.now();
  // Only an explicit change asks for a link (a new zone or address carries the seat's own along).
  if (s.mailPrefs === undefined) {
    await stub.setSeatPrefs(key, at, z, now);
    return { prefs };
  }
  const plan = await stub.prefsLinkPlan(z, now);
  if (plan === 'mail') {
    const unpaid = await payAddresses(m, payer, 1);
    if (unpaid) return unpaid;
  }
  await stub.setSeatPrefs(key, at, z, now);
  // The live link must not undo this change: a new one replaces it, or it is replaced now.
  if (plan !== 'mail') await stub.replacePrefsLink(z, now);
  if (plan === 'same') return { prefs };
  if (plan !== 'mail') return { prefs, link: plan };
  const origin = publicOrigin(m.env);
  const sent = await sendPrefsConfirmation({
    stub,
    sender: withCap(m.notifier.hooks.sender ?? senderOf(m.env, origin), { env: m.env, now: () => now }),
    key,
    email,
    language: s.language ?? row.language,
    origin,
    z,
    nowMs: now,
    hourlyLimit: hourlyLimit(m.env),
  });
  // A link made but not mailed must not apply later either.
  if (!sent) await stub.replacePrefsLink(null, now);
  return { prefs, link: sent ? 'sent' : 'seat' };
}

/**
 * Tells the address `email` the zone its seat reported here (notify/address-prefs.ts `noteZone`),
 * so another match's first mail keeps the reader's quiet hours. A failure is logged, not thrown:
 * the seat's own zone is kept here either way.
 */
async function noteZone(m: MatchContext, email: string, zone: string): Promise<void> {
  try {
    const { key, stub } = await mailboxStub(m.env, email);
    await stub?.noteZone(key, zone);
  } catch (e) {
    console.warn(`prefs: noting the zone failed: ${String(e).slice(0, 200)}`);
  }
}

/**
 * Gives the rematch `rematchId` the seats' own mail preferences at their addresses, as far as they
 * are still in force here (the address keeps them per match and seat; confirmed preferences
 * replace them). A failure is logged, not thrown: the rematch works with the address's meanwhile.
 */
export async function carryMailPrefs(m: MatchContext, rematchId: string): Promise<void> {
  const now = m.now();
  const matchId = m.meta!.matchId;
  for (const row of m.seats) {
    if (!row.prefs.mailPrefs || !row.email) continue;
    try {
      const { key, stub } = await mailboxStub(m.env, row.email);
      await stub?.copySeatPrefs(
        key,
        { matchId, seat: row.seat },
        { matchId: rematchId, seat: row.seat },
        now,
      );
    } catch (e) {
      console.warn(`prefs: carrying to the rematch failed: ${String(e).slice(0, 200)}`);
    }
  }
}

/** The seat's time zone and own mail preferences for its MatchInfo.settings (absent ones left out). */
export function mailSettings(row: SeatRow): { timeZone?: string; mailPrefs?: MailPrefs } {
  const out: { timeZone?: string; mailPrefs?: MailPrefs } = {};
  if (row.prefs.timeZone) out.timeZone = row.prefs.timeZone;
  if (row.prefs.mailPrefs) out.mailPrefs = row.prefs.mailPrefs;
  return out;
}
