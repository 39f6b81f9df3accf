/**
 * Seat links in mails: each mail carries a fresh token for its seat (256 bits); only its SHA-256 is
 * kept, with the seats (`mail_links`), and `MatchContext.caller` accepts it like the seat's own token
 * until the seat's e-mail address changes or is removed. A rematch gets a copy of the hashes, so
 * links from earlier mails open the seat there too, and a revocation follows them along.
 */
import { hashToken, newToken } from '../tokens';
import type { MatchContext } from './context';
import { matchStub } from './stub';

/** Hashes passed between matches at most in one call. */
const MAX_LINKS = 5000;

/**
 * A fresh seat link for a mail: a new token for `seat` (its hash stored, one row written) inside
 * `${origin}/m/<matchId>#seat=<token>`.
 */
export async function mintSeatLink(m: MatchContext, seat: number, origin: string): Promise<string> {
  const token = newToken();
  m.store.addLink(await hashToken(token), seat, m.now());
  return `${origin}/m/${m.meta!.matchId}#seat=${token}`;
}

/**
 * Revokes every mail-link token of `seat` (its e-mail address changed or was removed), here and on
 * along the rematches, so mails sent to the old address no longer open the seat. The seat's own
 * link keeps working. Returns how many were revoked here.
 */
export async function revokeSeatLinks(m: MatchContext, seat: number): Promise<number> {
  const hashes = m.store.removeSeatLinks(seat);
  await forwardRevocation(m, hashes);
  return hashes.length;
}

/** Forgets hashes revoked in the match this one is a rematch of (at most 5000), and passes them on. */
export async function revokeLinks(m: MatchContext, tokenHashes: readonly string[]): Promise<void> {
  const revoked = tokenHashes.slice(0, MAX_LINKS).filter((h) => m.store.removeLink(h));
  await forwardRevocation(m, revoked);
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
 * Copies this match's mail-link hashes to its rematch `rematchId`. A failure is logged, not thrown:
 * the rematch exists and works with the seats' own links.
 */
export async function exportLinks(m: MatchContext, rematchId: string): Promise<void> {
  const links = m.store.links();
  if (links.length === 0) return;
  try {
    await matchStub(m.env, rematchId).importSeatLinks(links);
  } catch (e) {
    console.warn(`mail: link export failed: ${String(e).slice(0, 200)}`);
  }
}

/**
 * Tells this match's rematch (if any) to forget the revoked hashes. A failure is logged, not thrown:
 * the revocation here is already stored and the caller's request must not fail for it.
 */
async function forwardRevocation(m: MatchContext, tokenHashes: string[]): Promise<void> {
  const rematchId = m.meta?.rematchId;
  if (!rematchId || tokenHashes.length === 0) return;
  try {
    await matchStub(m.env, rematchId).revokeSeatLinks(tokenHashes);
  } catch (e) {
    console.warn(`mail: link revocation in the rematch failed: ${String(e).slice(0, 200)}`);
  }
}
