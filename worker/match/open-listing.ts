/**
 * How an open match keeps its line on the open table up to date: after every
 * request, socket move and alarm of the match's object (durable.ts), `syncOpenTable` tells the
 * open table's Durable Object the match's listing while it waits for strangers in the lobby, and
 * that it left the list once it started (strangers or bots filled it, the host started it) or was
 * deleted. It calls only when the listing changed since the last call it made (kept in memory), so
 * a move in a running match costs the open table nothing (an object woken without that memory tells
 * it once, and only before the listing's own expiry). Only public facts are listed: no
 * address, token or card.
 */

import { fillsAtMs } from '../decider/timers';
import { openTable } from '../open/client';
import { OPEN_GRACE_MS, type OpenListing } from '../open/listing';
import type { MatchContext } from './context';

/** What each match object last told the open table (memory only): its match id and listing (null: removed). */
const told = new WeakMap<MatchContext, { matchId: string; text: string | null }>();

/** The match's line on the open table now, or null when it is not (or no longer) open. */
export function listingOf(m: MatchContext): OpenListing | null {
  const meta = m.meta;
  const open = meta?.config.open;
  if (!meta || !open || meta.status !== 'lobby') return null;
  const rules = meta.config.rules;
  const taken = m.seats.filter((s) => s.kind !== 'open');
  return {
    matchId: meta.matchId,
    title: meta.config.title,
    preset: typeof rules === 'string' ? rules : rules.preset,
    custom: typeof rules !== 'string' && Object.keys(rules.options ?? {}).length > 0,
    seats: m.seats.length,
    free: m.seats.length - taken.length,
    players: taken.map((s) => s.name),
    turnDeadlineHours: meta.config.turnDeadlineHours,
    languages: [...new Set(m.seats.filter((s) => s.kind === 'human').map((s) => s.language))],
    createdAt: new Date(meta.createdAt).toISOString(),
    fillsAt: new Date(fillsAtMs(meta.createdAt, open)).toISOString(),
  };
}

/**
 * Tells the open table what changed in this match's listing since the last call (nothing for a
 * match that was never open). A failure is logged and left to the listing's own expiry.
 */
export async function syncOpenTable(m: MatchContext): Promise<void> {
  const last = told.get(m);
  if (!m.meta?.config.open && !last?.text) return;
  const listing = listingOf(m);
  const text = listing ? JSON.stringify(listing) : null;
  if (last && last.text === text) return;
  // Woken up without memory and not listed: the table may still show the match only until its
  // own expiry (the fill time and a grace), so a later wake-up need not tell it again.
  const open = m.meta?.config.open;
  const fillsAt = open ? fillsAtMs(m.meta!.createdAt, open) : 0;
  if (!last && !listing && m.now() >= fillsAt + OPEN_GRACE_MS) return;
  const matchId = m.meta?.matchId ?? last?.matchId;
  const table = openTable(m.env);
  if (!matchId || !table) return;
  try {
    if (listing) await table.update(listing);
    else await table.remove(matchId);
    told.set(m, { matchId, text });
  } catch (e) {
    console.error(`open table: ${String(e)}`);
  }
}

/**
 * The host deleted open match `matchId`: its line leaves the table now, also when this object woke up
 * without memory of its line (`syncOpenTable` then no longer knows the match once its storage is gone).
 */
export async function unlistDeleted(m: MatchContext, matchId: string): Promise<void> {
  told.set(m, { matchId, text: null });
  try {
    await openTable(m.env)?.remove(matchId);
  } catch (e) {
    console.error(`open table: ${String(e)}`);
  }
}
