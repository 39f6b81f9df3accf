/**
 * The journal's lines, worked out from a hand's public events (no DOM): draws folded into the move
 * they precede (a turn is one line), the hand's end line with its score line (and "Nobody reached
 * 1000 km; …" for a played-out hand),
 * coup fourré and safeties flagged, events after the last version seen flagged new, and the
 * "since you left" lines. Every sentence comes from the words shared with the mail
 * (worker/words/events).
 */
import type { HandResult } from '../../../../worker/engine/types';
import { CARD_KINDS } from '../../../../worker/shared/rules-data';
import {
  describeHandEnd,
  describeLeft,
  drawsText,
  foldDraws,
  type PlayerLeft,
  readerLines,
} from '../../../../worker/words/events/history';
import { eventWords } from '../../i18n';
import type { JournalHand } from '../../lib/journal';
import type { GameEvent, LoggedEvent, MatchInfo, MatchView } from '../../lib/types';
import { eventTable, eventText, handGoal } from '../../lib/words';

/** One line of the journal. */
export interface JournalLine {
  /** Stable within the hand while the line stands for the same events (a move folding in a draw changes it). */
  key: string;
  text: string;
  /** ISO time of the line's (last) event. */
  at: string;
  /** A coup fourré or a safety: shown highlighted (with a mark, not by colour only). */
  highlight: boolean;
  /** After the last version this device had shown. */
  isNew: boolean;
  /** Not the reader's own doing (see `ownDoing`; a hand's end is nobody's): announced when it arrives. */
  other: boolean;
  /** Draws from the pile alone (one, or a run no move followed): not announced, they say nothing. */
  draw: boolean;
  /** The newest row the line stands for. */
  seq: number;
}

/** The seat an event is by, or null (hand and match ends, reshuffles). */
function seatOf(e: LoggedEvent['event']): number | null {
  return 'seat' in e && typeof e.seat === 'number' ? e.seat : null;
}

/** A coup fourré, or a safety played in turn. */
function isHighlight(e: LoggedEvent['event']): boolean {
  return e.type === 'coupFourre' || (e.type === 'played' && CARD_KINDS[e.card] === 'safety');
}

/**
 * A hand's lines, oldest first: each event (or folded run of draws) with its words, time and flags;
 * the hand's end with its score line when `result` is known. `baseline`: the last version shown on
 * this device (null: none, nothing is new).
 */
export function handLines(
  hand: JournalHand,
  ctx: {
    info: MatchInfo;
    view: MatchView;
    result: HandResult | null;
    baseline: number | null;
    upTo?: number;
  },
): JournalLine[] {
  const { info, view, result, baseline } = ctx;
  const fresh = (e: LoggedEvent) => isFresh(e, view, baseline, ctx.upTo);
  const table = eventTable(info, view);
  const w = eventWords.value;
  const lines: JournalLine[] = [];
  for (const f of foldDraws(hand.events, (e) => e.event)) {
    // A move's line stands for the draws folded into it too (their times, news and seats).
    const items = f.kind === 'one' ? [...f.drawn, f.item] : f.items;
    const last = items[items.length - 1];
    const e = last.event;
    let text: string;
    if (f.kind === 'draws') text = drawsText(f.seat, f.count, table, w);
    else if (e.type === 'left') text = describeLeft(e, table, w);
    else if (e.type === 'handOver' && result)
      text = describeHandEnd(result, handGoal(result, view), table, w);
    else text = eventText(e as GameEvent, info, view);
    if (!text) continue;
    const seat = seatOf(e);
    lines.push({
      // A draw's line turns into its move's when the move arrives: a new key, so the move is announced.
      key: `${items[0].seq}-${lines.length}-${items.length}`,
      text,
      at: last.at,
      highlight: items.some((i) => isHighlight(i.event)),
      isNew: items.some(fresh),
      other: seat === null || !items.every((i) => ownDoing(i, view)),
      draw: f.kind === 'draws' || (e.type === 'drew' && e.from === 'pile'),
      seq: last.seq,
    });
  }
  return lines;
}

/**
 * Whether an event is news to this reader: after version `baseline` (the last shown on this device;
 * null: none, nothing is news) and up to `upTo` (the version the page opened with: what arrives
 * while the reader watches is announced, not "since you left"), and not the reader's own move.
 */
function isFresh(
  e: LoggedEvent,
  view: MatchView,
  baseline: number | null,
  upTo = Number.POSITIVE_INFINITY,
): boolean {
  if (baseline === null || e.version <= baseline || e.version > upTo) return false;
  return !ownDoing(e, view);
}

/**
 * What the reader did, or what was done on their seat as a matter of course: their own moves, and the
 * server's automatic draws for them. A bot's or a timeout's move on their seat is news to them.
 */
function ownDoing(e: LoggedEvent, view: MatchView): boolean {
  if (view.seat === null || seatOf(e.event) !== view.seat) return false;
  return e.by === 'player' || (e.by === 'server' && e.event.type === 'drew');
}

/**
 * The "since you left" lines: what others did after version `baseline` up to `upTo` (the version the
 * page opened with), as the your-turn mail says it.
 */
export function sinceLines(
  events: readonly LoggedEvent[],
  info: MatchInfo,
  view: MatchView,
  baseline: number,
  upTo = Number.POSITIVE_INFINITY,
): string[] {
  const after = events.filter((e) => e.event.type !== 'responseMode' && isFresh(e, view, baseline, upTo));
  return readerLines(
    after.map((e) => e.event as GameEvent | PlayerLeft),
    eventTable(info, view),
    eventWords.value,
    view.seat,
    view.results,
  );
}
