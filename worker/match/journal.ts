/**
 * The match journal in pages: one hand's public events at a time (the latest hand by default), with
 * that hand's result. Built from the log rows already stored (log.ts): no row is written for it,
 * and the log's hand index (the first row of each hand) means only the rows of the asked hand are
 * read. Every event is a public one (`loggedEvents`: a draw from the pile names no card), so the
 * page is the same for every caller.
 */
import type { HandResult } from '../engine/index';
import type { LoggedEvent } from '../protocol/views';
import { error, NOT_FOUND, type Reply } from '../reply';
import type { MatchContext } from './context';
import type { MoveLog } from './log';
import { loggedEvents } from './log-public';

/**
 * One page of the journal: hand `hand` (from 1) of `handsDealt` so far. (Not `hands`: that key
 * names the hidden hands of the state, which the leak tests look for in every body.)
 */
export interface JournalPage {
  hand: number;
  /** Hands dealt so far (0 before the first deal). */
  handsDealt: number;
  /** The hand's public events, oldest first, from its `handStarted` (hand 1 has none: it starts with the log). */
  events: LoggedEvent[];
  /** The hand's result once it is over (the state's `results`), or null while it runs. */
  result: HandResult | null;
  /** The state version now (0 before the first deal). */
  version: number;
}

/** The public events of hand `hand` (from 1): its rows only, cut at its own `handStarted` and the next one's. */
export function handEvents(log: MoveLog, hand: number): LoggedEvent[] {
  const starts = log.handStarts();
  const from = starts[hand - 1];
  if (from === undefined) return [];
  const events = log.rowsBetween(from, starts[hand] ?? log.seq).flatMap(loggedEvents);
  const startsAt = (h: number) =>
    events.findIndex((e) => e.event.type === 'handStarted' && e.event.hand === h);
  // The first row may end the hand before; the next hand's first row may still end this one.
  const first = hand >= 2 ? Math.max(0, startsAt(hand)) : 0;
  const next = startsAt(hand + 1);
  return events.slice(first, next < 0 ? events.length : next);
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
  const page: JournalPage = {
    hand: wanted,
    handsDealt,
    events: wanted === 0 ? [] : handEvents(m.log, wanted),
    result: state?.results.find((r) => r.hand === wanted) ?? null,
    version: state?.version ?? 0,
  };
  return { status: 200, body: page };
}
