/**
 * A match's life after its creation (creation.ts): claiming open seats with the invite link, an
 * invited guest confirming their name, the host's early start and deletion by the host (the rematch by consent is rematch.ts). Every change
 * goes through the commit path.
 */
import type { BudgetPayer } from '../notify/budget';
import { error, NOT_FOUND, type Reply } from '../reply';
import { hashToken, newToken } from '../tokens';
import { commit } from './commit';
import type { MatchContext } from './context';
import { awaitsGuest, lobbyChange, start } from './creation';
import { nameKey, takenNames } from './names';
import { payAddresses } from './pay-addresses';
import type { SeatRow } from './rows';
import { infoFor } from './views';

/**
 * How a seat is claimed: with the invite link's hash, or as a stranger from the
 * open table, which the match allows only while it is open (`config.open`).
 */
export type SeatAccess = { invite: string } | { open: true };

/** Why a claim is refused now (bad invite, not open, started, full, name taken), or null. */
function claimRefusal(m: MatchContext, access: SeatAccess, name: string): Reply | null {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  if ('open' in access) {
    if (!meta.config.open) return error(404, 'open.not_found', 'This match is not on the open table.');
  } else if (!meta.inviteHash || meta.inviteHash !== access.invite)
    return error(403, 'auth.bad_invite', 'This invite link is not valid.');
  if (meta.status !== 'lobby') return error(409, 'match.started', 'The match has already started.');
  if (!m.seats.some((s) => s.kind === 'open')) return error(409, 'match.full', 'Every seat is taken.');
  if (takenNames(m.seats).has(nameKey(name)))
    return error(409, 'name.taken', 'Another seat of this match has this name: choose another one.');
  return null;
}

/**
 * A visitor with the invite link (`inviteHash`) claims the first open seat; `payer` pays for an
 * e-mail address from the daily budget. 200 `{ seat, token, seatUrl }` (the new seat token, once,
 * with its link under `origin`); 403 `auth.bad_invite`, 409 `match.started` / `match.full` /
 * `name.taken` (another seat has this name, compared by `nameKey`), 429 `mail.daily_limit`.
 */
export async function claim(
  m: MatchContext,
  inviteHash: string,
  who: { name: string; email?: string; language?: string },
  payer: BudgetPayer,
  origin: string,
): Promise<Reply> {
  return takeSeat(m, { invite: inviteHash }, who, payer, origin);
}

/** `claim` with either access (see `SeatAccess`); a stranger of the open table gives no address. */
export async function takeSeat(
  m: MatchContext,
  access: SeatAccess,
  who: { name: string; email?: string; language?: string },
  payer: BudgetPayer,
  origin: string,
): Promise<Reply> {
  const refused = claimRefusal(m, access, who.name);
  if (refused) return refused;
  // Hashed first: nothing may wait between the last check and taking the seat.
  const token = newToken();
  const tokenHash = await hashToken(token);
  const late = claimRefusal(m, access, who.name);
  if (late) return late;
  if (who.email) {
    const unpaid = await payAddresses(m, payer, 1);
    if (unpaid) return unpaid;
    // Checked again after the wait: another claim may have come first.
    const later = claimRefusal(m, access, who.name);
    if (later) return later;
  }
  const open = m.seats.find((s) => s.kind === 'open')!;
  const claimed: SeatRow = {
    ...open,
    kind: 'human',
    name: who.name,
    email: who.email ?? null,
    language: who.language ?? open.language,
    tokenHash,
  };
  const change = m.seats.every((s) => s.seat === open.seat || !awaitsGuest(s))
    ? start(m, open.seat, [claimed])
    : { ...lobbyChange('claimed', open.seat), seats: [claimed] };
  if ('status' in change) return change;
  commit(m, change);
  const seatUrl = `${origin}/m/${m.meta!.matchId}#seat=${token}`;
  return { status: 200, body: { seat: open.seat, token, seatUrl } };
}

/**
 * A guest invited by mail confirms (or types) their name through their seat's link (its own token or
 * a mailed one), language too; when no other seat is awaited, the match starts. 200 with the
 * caller's MatchInfo; 403 `auth.not_a_seat`, 409 `match.started` (the host started without waiting:
 * the seat keeps the name the host gave it), `seat.confirmed` (not an invited seat, or confirmed
 * already), `name.taken` (another seat has this name, compared by `nameKey`). Writes the seat row,
 * and the start's rows when it starts the match.
 */
export function confirmName(
  m: MatchContext,
  who: string | null,
  named: { name: string; language?: string },
): Reply {
  if (!m.meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (caller.seat === null)
    return error(403, 'auth.not_a_seat', 'Only the invited seat’s link confirms its name.');
  if (m.meta.status !== 'lobby') return error(409, 'match.started', 'The match has already started.');
  const row = m.seats[caller.seat];
  if (row.prefs.invited === undefined)
    return error(409, 'seat.confirmed', 'This seat’s name is confirmed already.');
  if (takenNames(m.seats, row.seat).has(nameKey(named.name)))
    return error(409, 'name.taken', 'Another seat of this match has this name: choose another one.');
  const { invited: _, ...prefs } = row.prefs;
  const confirmed: SeatRow = { ...row, name: named.name, language: named.language ?? row.language, prefs };
  const change = m.seats.every((s) => s.seat === row.seat || !awaitsGuest(s))
    ? start(m, row.seat, [confirmed])
    : { ...lobbyChange('claimed', row.seat), seats: [confirmed] };
  if ('status' in change) return change;
  const done = commit(m, change, caller);
  return { status: 200, body: done.ok ? done.info : infoFor(m, caller) };
}

/**
 * The host starts the match; open seats become bots, and a seat invited by mail whose guest has not
 * confirmed a name stays theirs (their link and mail still open it) under the name the host gave it
 * (or the default one, "Player 2"). 200 with the host's MatchInfo.
 */
export function startNow(m: MatchContext, who: string | null): Reply {
  if (!m.meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (!caller.host) return error(403, 'auth.not_host', 'Only the host can start the match.');
  if (m.meta.status !== 'lobby') return error(409, 'match.started', 'The match has already started.');
  const change = start(m, null);
  if ('status' in change) return change;
  const done = commit(m, change, caller);
  return { status: 200, body: done.ok ? done.info : infoFor(m, caller) };
}

/** The host deletes the match and everything stored with it. 204; 403 `auth.not_host`. */
export async function remove(m: MatchContext, who: string | null): Promise<Reply> {
  if (!m.meta) return NOT_FOUND;
  if (!m.caller(who).host) return error(403, 'auth.not_host', 'Only the host can delete the match.');
  await m.destroy();
  return { status: 204 };
}
