/**
 * The match journal in pages: one hand's public events at a time (the latest hand by default), with
 * that hand's result. Built from the log rows already stored (log.ts): no row is written for it,
 * and the log's hand index (the first row of each hand) means only the rows of the asked hand are
 * read. Every event is a public one (`loggedEvents`: a draw from the pile names no card), so the
 * page is the same for every caller.
 */
import { journalPage } from '../decider/journal-page';
import type { LoggedEvent } from '../protocol/views';
import { error, NOT_FOUND, type Reply } from '../reply';
import type { MatchContext } from './context';
import type { MoveLog } from './log';
import { loggedEvents } from './log-public';

export type { JournalPage } from '../decider/journal-page';

/** The logged events of the rows that hold hand `hand` (from 1): its rows only, by the log's hand index. */
function handRows(log: MoveLog, hand: number): LoggedEvent[] {
  const starts = log.handStarts();
  const from = starts[hand - 1];
  if (from === undefined) return [];
  return log.rowsBetween(from, starts[hand] ?? log.seq).flatMap(loggedEvents);
}

/**
 * The `journal` RPC: 200 with the page of hand `hand` (default: the latest hand; before the first
 * deal, an empty page with `hand` 0); 404 `match.not_found`; 404 `journal.no_hand` for a hand not
 * dealt yet.
 */
export function journalReply(m: MatchContext, hand: number | undefined): Reply {
  if (!m.meta) return NOT_FOUND;
  const state = m.state;
  const handsDealt = state?.handNumber ?? 0;
  const wanted = hand ?? handsDealt;
  if (wanted > handsDealt || (hand !== undefined && hand < 1)) {
    return error(
      404,
      'journal.no_hand',
      `This match has ${handsDealt} hand(s) so far; there is no hand ${hand}.`,
    );
  }
  const events = wanted === 0 ? [] : handRows(m.log, wanted);
  return { status: 200, body: journalPage(state, wanted, events) };
}
