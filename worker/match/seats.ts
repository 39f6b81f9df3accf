/**
 * Changes to one seat after creation: a player's own settings (language, e-mail, notifications,
 * the chat muted, coup-fourré response mode, which is logged so replay still matches),
 * the host handing a seat to a bot, and the player taking it back. Every change goes through the commit path. Also the seat
 * links sent in mails: each mail carries a token for its seat (256 bits, derived for the seat's
 * person, address and link generation: `mintSeatLink`); only its SHA-256 is kept, with the seats
 * (`mail_links`), and `MatchContext.caller` accepts it like the seat's own token until the seat's
 * e-mail address changes or is removed. A rematch gets a copy of the hashes of
 * the seats their person still plays (not a leaver's), so links from earlier mails open the seat there
 * too, and a revocation follows them along.
 */

import type { Opening } from '../decider/change';
import { applyAway, isLastHuman, withStandIn } from '../decider/vacation';
import { setResponseMode } from '../engine/index';
import type { BudgetPayer } from '../notify/budget';
import type { Settings } from '../protocol/requests';
import { error, NOT_FOUND, type Reply } from '../reply';
import { hashToken, keyedToken, newToken } from '../tokens';
import { awayRefusal } from './away';
import { commit } from './commit';
import type { MatchContext } from './context';
import { changeMailPrefs } from './mail-prefs';
import { payAddresses } from './pay-addresses';
import type { SeatPrefs, SeatRow } from './rows';
import { matchStub } from './stub';
import { infoFor } from './views';

/**
 * Changes the caller's own seat settings. 200 with their MatchInfo; 403 `auth.not_a_seat`; 409
 * `match.finished` for a response-mode change once the match is over (nothing is written); 429
 * `mail.daily_limit` when a new address would pass the daily budget charged to `payer` (IP key
 * and limits, notify/budget.ts; nothing is written). A new or removed e-mail address revokes the
 * seat links sent by mail (below). A response-mode change is a log row (replay needs it);
 * an unchanged mode writes none. Switching to `auto` while the seat's own response window is open
 * applies the automatic answer at once (logged as by the `server` and pushed like any move).
 * Away until / play for me: 400 `settings.away_range`, 409 `seat.last_human` /
 * `match.not_playing` (away.ts `awayRefusal`); the computer playing the seat moves at once.
 * Every refusal is checked before anything is paid, written or mailed, and again before the seat
 * is written (another request may have changed the match while this one waited).
 */
export async function changeSettings(
  m: MatchContext,
  who: string | null,
  s: Settings,
  payer: BudgetPayer,
): Promise<Reply> {
  if (!m.meta) return NOT_FOUND;
  // A rematch being dealt copies the seats: a change waits for it, so it reaches the rematch too.
  if (m.rematching) await m.rematching;
  const caller = m.caller(who);
  if (caller.seat === null)
    return error(403, 'auth.not_a_seat', 'Only a player with a seat link has settings.');
  const seat = caller.seat;
  // Refused before anything is paid, written or mailed (the mail preferences below)...
  const early = checked(m, seat, s);
  if ('status' in early) return early;
  const current = m.seats[seat].email;
  if (s.email && s.email.toLowerCase() !== current?.toLowerCase()) {
    // A new address costs the daily budget, so settings cannot turn a seat into a way to mail strangers.
    const unpaid = await payAddresses(m, payer, 1);
    if (unpaid) return unpaid;
  }
  const changed = await changeMailPrefs(m, seat, s, payer);
  if ('status' in changed) return changed;
  const { prefs, link } = changed;
  // ...and again after the awaits, in which other requests may have changed the match (another
  // player asking the computer to play for them too).
  const late = checked(m, seat, s);
  if ('status' in late) return late;
  const { modeChanges } = late;
  const state = m.state;
  const wasStandIn = m.seats[seat].standIn;
  // Away until / I'm back / play for me (decider/vacation.ts); the turn's clock follows in the commit.
  const row = applyAway({ ...m.seats[seat], prefs }, s);
  if (s.language !== undefined) row.language = s.language;
  // Mails sent to the old address must no longer open the seat (deleted here at once; the
  // rematch's copies once the request's other changes are made).
  const revoking = s.email !== undefined && s.email !== row.email ? revokeSeatLinks(m, seat, s.email) : null;
  if (revoking) row.prefs = nextLinkGeneration(row).prefs;
  if (s.email !== undefined) row.email = s.email;
  if (s.emailNotifications !== undefined) row.emailNotifications = s.emailNotifications;
  if (s.alwaysEmail !== undefined) row.prefs = { ...row.prefs, alwaysEmail: s.alwaysEmail };
  if (s.mailHand !== undefined) row.prefs = withMailHand(row.prefs, s.mailHand);
  if (s.chatMuted !== undefined) row.prefs = withChatMuted(row.prefs, s.chatMuted);
  if (s.responseMode !== undefined && !state) row.responseMode = s.responseMode;
  // The seat's row is written only when it changed (an unchanged setting writes none).
  const seats = JSON.stringify(row) !== JSON.stringify(m.seats[seat]) ? [row] : [];
  const opening: Opening =
    modeChanges && s.responseMode !== undefined
      ? { kind: 'responseMode', seat, mode: s.responseMode }
      : row.standIn && !wasStandIn
        ? { kind: 'settle' }
        : { kind: 'none' };
  // The reply shows what the caller's token is now: a mailed link this change revoked holds no seat.
  const now = m.caller(who);
  const done = commit(m, { reason: 'settings', seat, opening, seats }, now);
  await revoking;
  const info = done.ok && done.info ? done.info : infoFor(m, now);
  // What became of a change of the mail preferences beyond this seat, for the page to say.
  const body = link && info.settings ? { ...info, settings: { ...info.settings, prefsLink: link } } : info;
  return { status: 200, body };
}

/** `prefs` showing the hand in turn mails (the field left out, its default) or not (`mailHand: false`). */
function withMailHand(prefs: SeatPrefs, shown: boolean): SeatPrefs {
  const { mailHand: _, ...rest } = prefs;
  return shown ? rest : { ...prefs, mailHand: false };
}

/** `prefs` with the chat muted (`chatMuted: true`, in place) or not (the field left out, its default). */
function withChatMuted(prefs: SeatPrefs, muted: boolean): SeatPrefs {
  const { chatMuted: _, ...rest } = prefs;
  return muted ? { ...prefs, chatMuted: true } : rest;
}

/**
 * The refusals of the settings `s` for `seat` as the match is now (away until, play for me:
 * away.ts `awayRefusal`; 409 `match.finished` for a response-mode change once the match is
 * over), or whether they change the seat's coup-fourré response mode in the running state.
 */
function checked(m: MatchContext, seat: number, s: Settings): Reply | { modeChanges: boolean } {
  const away = awayRefusal(m, seat, s, m.now());
  if (away) return away;
  const state = m.state;
  const modeChanges =
    s.responseMode !== undefined && state !== null && setResponseMode(state, seat, s.responseMode) !== state;
  if (modeChanges && (m.meta!.status === 'finished' || state.phase === 'matchOver'))
    return error(409, 'match.finished', 'The match is over: its coup-fourré setting can no longer change.');
  return { modeChanges };
}

/**
 * The host hands a human seat to a bot (until the player takes it back). 200 with the host's
 * MatchInfo; 403 `auth.not_host`, 404 `seat.not_found`, 409 `seat.not_human` / `match.not_playing` /
 * `seat.last_human` (every other human seat is already played by a bot).
 */
export function giveToBot(m: MatchContext, who: string | null, seat: number): Reply {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  if (!m.caller(who).host) return error(403, 'auth.not_host', 'Only the host can give a seat to a bot.');
  const row = m.seats[seat];
  if (!row) return error(404, 'seat.not_found', `There is no seat ${seat}.`);
  if (row.kind !== 'human')
    return error(409, 'seat.not_human', 'Only a player’s seat can be given to a bot.');
  if (meta.status !== 'playing') return error(409, 'match.not_playing', 'The match is not being played.');
  if (!row.standIn && isLastHuman(m.seats, seat)) {
    // Bots alone would play the match out at once, to nobody's benefit (and on the daily budget).
    return error(409, 'seat.last_human', 'At least one player must keep their seat; bots do not play alone.');
  }
  if (!row.standIn)
    commit(m, { reason: 'seat', seat, opening: { kind: 'settle' }, seats: [withStandIn(row, 'host')] });
  return { status: 200, body: infoFor(m, m.caller(who)) };
}

/**
 * A player takes their seat back from the bot. 200 with their MatchInfo, 403 `auth.not_your_seat`;
 * 403 `auth.not_a_seat` for the link of a player who left (a leave is for good).
 */
export function reclaim(m: MatchContext, who: string | null, seat: number): Reply {
  if (!m.meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (caller.left !== undefined)
    return error(403, 'auth.not_a_seat', 'You left this match: your link only watches it now.');
  if (caller.seat !== seat)
    return error(403, 'auth.not_your_seat', 'Only this seat’s link can take it back.');
  // Back in person: no stand-in, no vacation, no run of timeouts (decider/vacation.ts).
  if (m.seats[seat].standIn) commit(m, { reason: 'seat', seat, opening: { kind: 'reclaim', seat } });
  return { status: 200, body: infoFor(m, caller) };
}

/** Hashes passed between matches at most in one call. */
const MAX_LINKS = 5000;

/**
 * The seat link for a mail to `seat`: `${origin}/m/<matchId>#seat=<token>`. The token is derived
 * (tokens.ts `keyedToken`, under the deployment's secret) from the match, the seat, the seat's own
 * token hash, its address and its link generation (`SeatPrefs.linkGeneration`), so every mail to the
 * same person at the same address carries the same link: its hash is stored once (one row written
 * by the seat's first mail, none by the next ones) and found like any mailed link. A revocation
 * deletes the stored hashes and starts a new generation, so no later mail brings an old link back.
 * Without a deployment secret the token is random (one row per link).
 */
export async function mintSeatLink(m: MatchContext, seat: number, origin: string): Promise<string> {
  const token = (await derivedSeatToken(m, seat)) ?? newToken();
  m.store.addLink(await hashToken(token), seat, m.now());
  return `${origin}/m/${m.meta!.matchId}#seat=${token}`;
}

/** The derived token of `seat`'s mailed link now (see `mintSeatLink`), or null without a deployment secret. */
function derivedSeatToken(m: MatchContext, seat: number): Promise<string | null> {
  const row = m.seats[seat];
  const about = [m.meta!.matchId, seat, row?.tokenHash ?? '', row?.email?.toLowerCase() ?? ''];
  const generation = row?.prefs.linkGeneration ?? 0;
  return keyedToken(m.env, `mail-link:${JSON.stringify([...about, generation])}`);
}

/**
 * The token of the seat link its mails carry (as `mintSeatLink` gives it), only when that link is
 * stored and opens `seat` now; null otherwise. Writes nothing (a move link's page offers it to open
 * the table, and plays as the seat with it when the seat has no token of its own).
 */
export async function storedSeatToken(m: MatchContext, seat: number): Promise<string | null> {
  const token = await derivedSeatToken(m, seat);
  return token && m.store.seatForLink(await hashToken(token)) === seat ? token : null;
}

/** `row` in the next link generation: the seat's mail links were revoked, a later mail carries a new one. */
export function nextLinkGeneration(row: SeatRow): SeatRow {
  return { ...row, prefs: { ...row.prefs, linkGeneration: (row.prefs.linkGeneration ?? 0) + 1 } };
}

/**
 * Revokes every mail-link token of `seat` (its e-mail address changed to `email`, null: removed), here
 * and on along the rematches, so mails sent to the old address no longer open the seat; the rematches
 * take the new address too (`revokeLinks`). The seat's own link keeps working. Returns how many were
 * revoked here.
 */
export async function revokeSeatLinks(m: MatchContext, seat: number, email: string | null): Promise<number> {
  const hashes = m.store.removeSeatLinks(seat);
  await forwardRevocation(m, hashes, { seat, email });
  return hashes.length;
}

/** A seat's new e-mail address (null: removed), passed along the rematches with its revoked links. */
export interface AddressChange {
  seat: number;
  email: string | null;
}

/**
 * Forgets hashes revoked in the match this one is a rematch of (at most 5000), and, with `address`,
 * gives that seat its new address here when the same person still plays it (its own mail links are
 * revoked too: they went to the old address); passes both on to this match's rematch.
 */
export async function revokeLinks(
  m: MatchContext,
  tokenHashes: readonly string[],
  address?: AddressChange,
): Promise<void> {
  const revoked = tokenHashes.slice(0, MAX_LINKS).filter((h) => m.store.removeLink(h));
  const row = address ? m.seats[address.seat] : undefined;
  if (address && row && row.kind === 'human' && !row.prefs.left && row.email !== address.email) {
    const moved = {
      ...nextLinkGeneration(row),
      email: address.email,
      emailNotifications: address.email !== null && row.emailNotifications,
    };
    commit(m, { reason: 'settings', seat: address.seat, opening: { kind: 'edit' }, seats: [moved] });
    revoked.push(...m.store.removeSeatLinks(address.seat));
  }
  await forwardRevocation(m, revoked, address);
}

/** Stores hashes exported by the match this one is a rematch of (at most 5000). */
export function importLinks(
  m: MatchContext,
  links: ReadonlyArray<{ tokenHash: string; seat: number }>,
): void {
  const now = m.now();
  for (const l of links.slice(0, MAX_LINKS)) m.store.addLink(l.tokenHash, l.seat, now);
}

/**
 * Copies this match's mail-link hashes to its rematch `rematchId`, only those of seats their person
 * still plays there: a player who left gets a computer in the rematch, and their links open nothing
 * there. A failure is logged, not thrown: the rematch exists and works with the seats' own links.
 */
export async function exportLinks(m: MatchContext, rematchId: string): Promise<void> {
  const links = m.store
    .links()
    .filter((l) => m.seats[l.seat]?.kind === 'human' && !m.seats[l.seat].prefs.left);
  if (links.length === 0) return;
  try {
    await matchStub(m.env, rematchId).importSeatLinks(links);
  } catch (e) {
    console.warn(`mail: link export failed: ${String(e).slice(0, 200)}`);
  }
}

/**
 * Tells this match's rematch (if any) to forget the revoked hashes and to take the seat's new address.
 * A failure is logged, not thrown: the revocation here is already stored and the caller's request must
 * not fail for it.
 */
async function forwardRevocation(
  m: MatchContext,
  tokenHashes: string[],
  address?: AddressChange,
): Promise<void> {
  const rematchId = m.meta?.rematchId;
  if (!rematchId || (tokenHashes.length === 0 && !address)) return;
  try {
    await matchStub(m.env, rematchId).revokeSeatLinks(tokenHashes, address);
  } catch (e) {
    console.warn(`mail: link revocation in the rematch failed: ${String(e).slice(0, 200)}`);
  }
}

/**
 * League to match: the league's owner gave a member a new link, and the member's league token is
 * their seat token in every league match, so the seat whose own token hash is `oldHash` takes
 * `newHash` (one seat row; the sockets opened with the old token are then closed by
 * `recheckSockets`, and the old link opens nothing here). 200 `{ relinked }`: false when no seat holds
 * `oldHash` (nothing is written); 404 when the match does not exist. The match's rematch, if any, is
 * told the same.
 */
export async function relinkSeat(m: MatchContext, oldHash: string, newHash: string): Promise<Reply> {
  if (!m.meta) return NOT_FOUND;
  const row = m.seats.find((s) => s.tokenHash === oldHash);
  if (!row || oldHash === newHash) return { status: 200, body: { relinked: false } };
  const done = commit(m, {
    reason: 'settings',
    seat: row.seat,
    opening: { kind: 'edit' },
    seats: [{ ...row, tokenHash: newHash }],
  });
  // A rematch seats the same token: it follows (a failure is logged; the rematch keeps the old one).
  const rematchId = m.meta.rematchId;
  if (done.ok && rematchId) {
    try {
      await matchStub(m.env, rematchId).relinkSeat(oldHash, newHash);
    } catch (e) {
      console.warn(`league: relinking the rematch failed: ${String(e).slice(0, 200)}`);
    }
  }
  return { status: 200, body: { relinked: done.ok } };
}
