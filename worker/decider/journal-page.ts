/**
 * One page of the match journal: one hand's public events and its result, from the logged events
 * that hold it. The same for the match server (match/journal.ts, the asked hand's rows only) and
 * the practice match (web/src/practice/host.ts, its whole log in memory).
 */
import type { HandResult, MatchState } from '../engine/index';
import type { LoggedEvent } from '../protocol/views';

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

/**
 * The page of hand `hand` (0: before the first deal, an empty page) of the match in `state`, from
 * `events`: logged events that hold the whole hand, oldest first (more rows around it are cut away:
 * the hand runs from its own `handStarted` to the next one's).
 */
export function journalPage(
  state: MatchState | null,
  hand: number,
  events: readonly LoggedEvent[],
): JournalPage {
  return {
    hand,
    handsDealt: state?.handNumber ?? 0,
    events: hand === 0 ? [] : cutToHand(events, hand),
    result: state?.results.find((r) => r.hand === hand) ?? null,
    version: state?.version ?? 0,
  };
}

/** The events of hand `hand` (from 1) in `events`: from its `handStarted` (hand 1: the start) to the next one's. */
function cutToHand(events: readonly LoggedEvent[], hand: number): LoggedEvent[] {
  const startsAt = (h: number) =>
    events.findIndex((e) => e.event.type === 'handStarted' && e.event.hand === h);
  // The first row may end the hand before; the next hand's first row may still end this one.
  const first = hand >= 2 ? Math.max(0, startsAt(hand)) : 0;
  const next = startsAt(hand + 1);
  return events.slice(first, next < 0 ? events.length : next);
}
