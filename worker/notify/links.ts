/**
 * Seat links in mails: each mail carries a fresh "mail link" token for the seat (256 bits); only
 * its SHA-256 is kept (`mail_links`), and the match accepts it like the seat's own token until the
 * seat's e-mail address changes or is removed. A rematch gets a copy of the hashes, so links from
 * earlier mails work there too.
 */

import type { Reply } from '../match/replies';
import { hashToken, newToken } from '../match/tokens';
import type { MailRpc } from './protocol';
import type { MailScope } from './scope';

/** The seat a mail-link token hash belongs to, or null. */
export function seatForToken(n: MailScope, tokenHash: string): number | null {
  const row = n.ctx.sql
    .exec<{ seat: number }>('SELECT seat FROM mail_links WHERE token_hash = ?', tokenHash)
    .toArray()[0];
  return row ? row.seat : null;
}

/**
 * Revokes every mail-link token issued for `seat` (deletes their hashes): called when the seat's
 * e-mail address changes or is removed, so mails sent to the old address no longer open the seat.
 * The seat's own link is not a mail link and keeps working. The rematch holds copies of the hashes
 * (`exportLinks`): they are revoked there too, and on along its own rematches. Returns the number of
 * links revoked here.
 */
export async function revokeSeatLinks(n: MailScope, seat: number): Promise<number> {
  const hashes = n.ctx.sql
    .exec<{ token_hash: string }>('DELETE FROM mail_links WHERE seat = ? RETURNING token_hash', seat)
    .toArray()
    .map((r) => r.token_hash);
  await forwardRevocation(n, hashes);
  return hashes.length;
}

/** Forgets mail-link hashes revoked in the match this one is a rematch of (at most 5000), and passes them on. */
export async function revokeLinks(n: MailScope, tokenHashes: readonly string[]): Promise<void> {
  const revoked: string[] = [];
  for (const h of tokenHashes.slice(0, 5000)) {
    if (n.ctx.sql.exec('DELETE FROM mail_links WHERE token_hash = ?', h).rowsWritten > 0) revoked.push(h);
  }
  await forwardRevocation(n, revoked);
}

/**
 * Tells this match's rematch (if any) to forget the revoked hashes it was given. A failure is logged,
 * not thrown: the revocation here is already stored and the caller's request must not fail for it.
 */
async function forwardRevocation(n: MailScope, tokenHashes: string[]): Promise<void> {
  const rematchId = n.ctx.meta()?.rematchId;
  if (!rematchId || tokenHashes.length === 0) return;
  try {
    await matchMail(n, rematchId)(null, { op: 'revokeLinks', tokenHashes });
  } catch (e) {
    console.warn(`mail: link revocation in the rematch failed: ${String(e).slice(0, 200)}`);
  }
}

/** The `mail` RPC method of another match's object. */
function matchMail(n: MailScope, matchId: string): (who: null, req: MailRpc) => Promise<Reply> {
  const ns = n.ctx.env.MATCH;
  const stub = ns.get(ns.idFromName(matchId)) as unknown as {
    mail(who: null, req: MailRpc): Promise<Reply>;
  };
  return (who, req) => stub.mail(who, req);
}

/** A fresh mail-link token for the seat (only its hash is stored) and the seat's deep link. */
export async function mintSeatLink(
  n: MailScope,
  seat: number,
  now: number,
  origin = n.ctx.origin(),
): Promise<string> {
  const token = newToken();
  n.ctx.sql.exec(
    'INSERT INTO mail_links (token_hash, seat, created_at) VALUES (?, ?, ?)',
    await hashToken(token),
    seat,
    now,
  );
  return `${origin}/m/${n.ctx.meta()!.matchId}#seat=${token}`;
}

/** Stores mail-link hashes exported by the match this one is a rematch of (at most 5000). */
export function importLinks(
  n: MailScope,
  links: ReadonlyArray<{ tokenHash: string; seat: number }>,
  now: number,
): void {
  for (const l of links.slice(0, 5000)) {
    n.ctx.sql.exec(
      'INSERT OR IGNORE INTO mail_links (token_hash, seat, created_at) VALUES (?, ?, ?)',
      l.tokenHash,
      l.seat,
      now,
    );
  }
}

/** Copies this match's mail-link hashes to the rematch, so links from mails work there as well. */
export async function exportLinks(n: MailScope, rematchId: string): Promise<void> {
  const links = n.ctx.sql
    .exec<{ token_hash: string; seat: number }>('SELECT token_hash, seat FROM mail_links')
    .toArray()
    .map((r) => ({ tokenHash: r.token_hash, seat: r.seat }));
  if (links.length === 0) return;
  await matchMail(n, rematchId)(null, { op: 'importLinks', links });
}
