/**
 * Words for a match's history read back, shared by the page and the mail: draws from the pile
 * folded into the move they precede (or into one line, "Alice drew 3 times", when no move follows), the lines of "what happened" for one reader
 * (the your-turn mail's list and the page's "since you left" summary say the same), and a hand's end
 * line, which says so when the hand was played out with nobody reaching the goal. Pure: no platform.
 */
import type { GameEvent, HandResult } from '../../engine/types';
import type { EventWords } from './catalog';
import { describeEvent, type EventTable, joinNames, scoreLine, teamInList, teamName } from './describe';
import { fill } from './fill';

/**
 * A player left the match: a platform event the match's log adds to the engine's events
 * (the same shape as the protocol's `LeftEvent`), shown by the page's journal and "since you left".
 */
export interface PlayerLeft {
  type: 'left';
  seat: number;
  outcome: 'bot' | 'skip' | 'end';
}

/** "Bob left the match; the computer plays their seat." (or their turns are skipped, or the match ends). */
export function describeLeft(e: PlayerLeft, table: EventTable, w: EventWords): string {
  const key = e.outcome === 'bot' ? 'leftBot' : e.outcome === 'skip' ? 'leftSkip' : 'leftEnd';
  return fill(w[key], { player: table.seat(e.seat) }, w.lang);
}

/**
 * One line of a folded history: an item with the draws from the pile that its seat made just before
 * it (`drawn`, oldest first, often none: the turn's draw is folded into the move it precedes), or a
 * run of `count` ≥ 2 draws from the pile by `seat` that no move of that seat follows.
 */
export type Folded<T> =
  | { kind: 'one'; item: T; drawn: T[] }
  | { kind: 'draws'; seat: number; count: number; items: T[] };

/** A draw from the pile (it names no card), by seat; null for any other event. */
function pileDrawSeat(e: { type: string }): number | null {
  const d = e as GameEvent;
  return d.type === 'drew' && d.from === 'pile' ? d.seat : null;
}

/** The seat an event is by, or null (a hand's start or end, a reshuffle). */
function seatOf(e: { type: string }): number | null {
  const s = (e as { seat?: unknown }).seat;
  return typeof s === 'number' ? s : null;
}

/**
 * Folds the draws from the pile into the lines they belong to: a run of draws by one seat (the
 * turn's draw, a mulligan's draws back to six, the draw after a coup fourré and the next turn's) goes
 * into the next event when it is that seat's own (its play, discard, coup fourré; not its leaving),
 * so a turn reads as one line. A run that no move of its seat follows (the hand ended, another seat
 * acts, the seat has not moved yet) stays a line of its own: one draw, or `count` folded. `eventOf`
 * gives an item's event. Order is kept; no card is named that the items did not name.
 */
export function foldDraws<T>(items: readonly T[], eventOf: (item: T) => { type: string }): Folded<T>[] {
  const out: Folded<T>[] = [];
  let run: { seat: number; items: T[] } | null = null;
  const flush = () => {
    if (!run) return;
    const [first] = run.items;
    out.push(
      run.items.length === 1
        ? { kind: 'one', item: first, drawn: [] }
        : { kind: 'draws', seat: run.seat, count: run.items.length, items: run.items },
    );
    run = null;
  };
  for (const item of items) {
    const e = eventOf(item);
    const drawer = pileDrawSeat(e);
    if (drawer !== null) {
      if (run && run.seat !== drawer) flush();
      run ??= { seat: drawer, items: [] };
      run.items.push(item);
      continue;
    }
    if (run && seatOf(e) === run.seat && e.type !== 'left') {
      out.push({ kind: 'one', item, drawn: run.items });
      run = null;
      continue;
    }
    flush();
    out.push({ kind: 'one', item, drawn: [] });
  }
  flush();
  return out;
}

/** `count` draws from the pile by `seat` in words: "Alice drew a card." or "Alice drew 3 times." */
export function drawsText(seat: number, count: number, table: EventTable, w: EventWords): string {
  return count === 1
    ? fill(w.drewPile, { player: table.seat(seat) }, w.lang)
    : fill(w.drewPileTimes, { player: table.seat(seat), count }, w.lang);
}

/**
 * What happened, for one reader (`reader`: their seat, or null): one sentence per event, a hazard on
 * the reader's team "on you", hand and match ends with the scores, and no draw from the pile (it
 * names no card and says nothing); a player who left (`PlayerLeft`) in words too. The your-turn mail's list and the page's "since you left" summary.
 * A hand's end whose result is in `results` (the state's, each with its goal) is its end line: it
 * says so when the hand was played out (`describeHandEnd`).
 */
export function readerLines(
  events: readonly (GameEvent | PlayerLeft)[],
  table: EventTable,
  w: EventWords,
  reader: number | null,
  results: readonly HandResult[] = [],
): string[] {
  const lines: string[] = [];
  for (const e of events) {
    if (e.type === 'left') {
      lines.push(describeLeft(e, table, w));
      continue;
    }
    if (pileDrawSeat(e) !== null) continue;
    const result = e.type === 'handOver' ? results.find((r) => r.hand === e.hand) : undefined;
    const line =
      result?.goal !== undefined
        ? describeHandEnd(result, result.goal, table, w)
        : describeEvent(e, table, w, { reader, scores: true });
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * The words of a hand played out with nobody completing the trip (`result.tripBy` null), RULES.md §8:
 * "Nobody reached 1000 km; Bob went farthest." The hand's winners are the closest teams; with no
 * winner (a tie under the `none` rule) the teams that drove farthest are named; nobody when no team
 * drove. The goal is the result's own (km); `goal` is used for a result stored before results
 * carried it (the view's `goal`: 700, or 1000 after an extension).
 * Null when the trip was completed. For the journal's end-of-hand line and the end-of-hand screen.
 */
export function describePlayedOut(
  result: HandResult,
  goal: number,
  table: EventTable,
  w: EventWords,
): string | null {
  if (result.tripBy !== null) return null;
  const km = result.goal ?? goal;
  const farthest = Math.max(0, ...result.scores.map((s) => s.distance));
  const teams = result.winners.length
    ? result.winners
    : farthest > 0
      ? result.scores.flatMap((s, team) => (s.distance === farthest ? [team] : []))
      : [];
  if (teams.length === 0) return fill(w.playedOutNobody, { goal: km }, w.lang);
  const players = joinNames(
    teams.map((team) => (teams.length > 1 ? teamInList(table, team) : teamName(table, team, w))),
    w,
  );
  return fill(teams.length === 1 ? w.playedOut : w.playedOutTie, { goal: km, players }, w.lang);
}

/**
 * A finished hand's end line: "Hand 2 is over. Nobody reached 1000 km; Bob went farthest. Scores:
 * Ann 450, Bob 300." (the played-out sentence only when nobody completed the trip; the scores are
 * the hand's totals per team). `goal` as for `describePlayedOut`.
 */
export function describeHandEnd(result: HandResult, goal: number, table: EventTable, w: EventWords): string {
  const over = fill(w.handOver, { hand: result.hand }, w.lang);
  const playedOut = describePlayedOut(result, goal, table, w);
  const scores = fill(
    w.scores,
    {
      scores: scoreLine(
        table,
        result.scores.map((s) => s.total),
      ),
    },
    w.lang,
  );
  return [over, playedOut, scores].filter((s) => s !== null).join(' ');
}
