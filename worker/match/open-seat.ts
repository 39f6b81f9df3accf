/**
 * A match on the open table, from the match's side: its `open` setting, a
 * stranger taking a free seat (the invitation's claim path, lifecycle.ts `takeSeat`, with no invite
 * link and no e-mail address), and the end of the wait, when bots fill the free seats and the match
 * starts (the `openFill` timer, alarm.ts). The one-seat-per-person and per-address limits are the
 * open table's (worker/open/); the match keeps the list up to date through open-listing.ts.
 */
import type { BudgetPayer } from '../notify/budget';
import type { Reply } from '../reply';
import { commit } from './commit';
import type { MatchContext } from './context';
import { start } from './creation';
import { takeSeat } from './lifecycle';

/** A stranger pays for no address: they give none (the open table's join has no e-mail field). */
const NO_PAYER: BudgetPayer = { client: 'open-table', limits: { perClient: 0, total: 0 } };

/**
 * A stranger from the open table takes the first free seat under `who.name` (and `who.language`):
 * 200 `{ seat, token, seatUrl }` as a claim; 404 `open.not_found` (not an open match), 409
 * `match.started` / `match.full` / `name.taken`. The match starts when it was the last free seat.
 */
export function joinOpen(
  m: MatchContext,
  who: { name: string; language?: string },
  origin: string,
): Promise<Reply> {
  return takeSeat(m, { open: true }, who, NO_PAYER, origin);
}

/**
 * The wait of an open match is over (its `openFill` alarm): bots take the free seats and the first
 * hand is dealt, unless the match started meanwhile (strangers filled it, or the host started it).
 */
export function fillOpenSeats(m: MatchContext): void {
  if (m.meta?.status !== 'lobby' || !m.meta.config.open) return;
  const change = start(m, null);
  if (!('status' in change)) commit(m, change);
}
