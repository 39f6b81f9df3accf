/**
 * A match's life after its creation (creation.ts): claiming open seats with the invite link, the
 * host's early start, the rematch with the same seats and links, and deletion by the host. Every
 * change goes through the commit path.
 */
import type { BudgetPayer } from '../notify/budget';
import { error, NOT_FOUND, type Reply } from '../reply';
import { hashToken, newMatchId, newToken } from '../tokens';
import { commit } from './commit';
import type { MatchContext } from './context';
import { type CreateInput, lobbyChange, payAddresses, start } from './creation';
import { carryMailPrefs } from './mail-prefs';
import { nameKey, takenNames } from './names';
import { chainIdOf } from './rows';
import { exportLinks } from './seats';
import { matchStub } from './stub';
import { seatForRematch } from './vacation';
import { createdFor, infoFor } from './views';

/** Why a claim is refused now (bad invite, started, full, name taken), or null. */
function claimRefusal(m: MatchContext, inviteHash: string, name: string): Reply | null {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  if (!meta.inviteHash || meta.inviteHash !== inviteHash)
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
  const refused = claimRefusal(m, inviteHash, who.name);
  if (refused) return refused;
  // Hashed first: nothing may wait between the last check and taking the seat.
  const token = newToken();
  const tokenHash = await hashToken(token);
  const late = claimRefusal(m, inviteHash, who.name);
  if (late) return late;
  if (who.email) {
    const unpaid = await payAddresses(m, payer, 1);
    if (unpaid) return unpaid;
    // Checked again after the wait: another claim may have come first.
    const later = claimRefusal(m, inviteHash, who.name);
    if (later) return later;
  }
  const open = m.seats.find((s) => s.kind === 'open')!;
  m.setSeat({
    ...open,
    kind: 'human',
    name: who.name,
    email: who.email ?? null,
    language: who.language ?? open.language,
    tokenHash,
  });
  const change = m.seats.every((s) => s.kind !== 'open')
    ? start(m, open.seat)
    : lobbyChange('claimed', open.seat);
  if ('status' in change) return change;
  commit(m, change);
  const seatUrl = `${origin}/m/${m.meta!.matchId}#seat=${token}`;
  return { status: 200, body: { seat: open.seat, token, seatUrl } };
}

/** The host starts the match; open seats become bots. 200 with the host's MatchInfo. */
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

/**
 * A new match with the same seats, rules and links (the same token hashes), and a new seed. The
 * first call creates it (201 with its `Created` body); every other call, concurrent or later, gets
 * 200 with the same body (docs/API.md). 403 `auth.not_a_seat`, 409 `match.not_finished`.
 */
export function rematch(m: MatchContext, who: string | null, origin: string): Promise<Reply> | Reply {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (caller.seat === null && !caller.host)
    return error(403, 'auth.not_a_seat', 'Only players can ask for a rematch.');
  if (meta.status !== 'finished')
    return error(409, 'match.not_finished', 'A rematch starts after the match is over.');
  if (meta.rematchId) return { status: 200, body: createdFor(m, meta.rematchId, origin) };
  // A request while the first one creates it shares its outcome, as "it exists already".
  if (m.rematching) return m.rematching.then(existing);
  m.rematching = makeRematch(m, origin).finally(() => {
    m.rematching = null;
  });
  return m.rematching;
}

/** The reply to a caller who did not create the rematch: 200 instead of 201, the same body. */
function existing(r: Reply): Reply {
  return r.status === 201 ? { ...r, status: 200 } : r;
}

async function makeRematch(m: MatchContext, origin: string): Promise<Reply> {
  const meta = m.meta!;
  const matchId = newMatchId();
  const input: CreateInput = {
    matchId,
    config: { ...meta.config, chainId: chainIdOf(meta) },
    hostHash: meta.hostHash,
    inviteHash: null,
    seats: m.seats.map(seatForRematch),
  };
  const r = await matchStub(m.env, matchId).createRematch(input);
  if (r.status !== 201) return r;
  m.updateMeta({ rematchId: matchId });
  commit(m, { reason: 'rematch', seat: null, opening: { kind: 'none' }, metaChanged: true });
  // The rematch keeps the seats' links; the links sent in mails too.
  await exportLinks(m, matchId);
  // And the seats' own mail preferences (their addresses keep them per match).
  await carryMailPrefs(m, matchId);
  return { status: 201, body: createdFor(m, matchId, origin) };
}

/** The host deletes the match and everything stored with it. 204; 403 `auth.not_host`. */
export async function remove(m: MatchContext, who: string | null): Promise<Reply> {
  if (!m.meta) return NOT_FOUND;
  if (!m.caller(who).host) return error(403, 'auth.not_host', 'Only the host can delete the match.');
  await m.destroy();
  return { status: 204 };
}
