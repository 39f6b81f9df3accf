/**
 * Public game events in the mail, from one reader's point of view ("Bob played Stop on you"). Used
 * by the "your turn" mail to say what happened since the reader's last turn. The words come from
 * the event words shared with the page (worker/words/events), the card names too
 * (worker/words/cards); this file adapts the mail's table to them and leaves out a draw from
 * the pile (it names no card and says nothing).
 */
import { type CardId, kindOf } from '../engine/cards';
import type { GameEvent, HandResult } from '../engine/types';
import { cardName } from '../words/cards/catalog';
import {
  describeEvent as describe,
  type EventTable,
  joinNames as join,
  targetName,
  teamName as team,
} from '../words/events/describe';
import { readerLines } from '../words/events/history';
import type { Catalog } from './i18n';

/** Who sits where: names by seat, the teams (lists of seats) and the reader's seat (null: a spectator). */
export interface TableNames {
  names: readonly string[];
  teams: readonly (readonly number[])[];
  reader: number | null;
}

/** A card's name in the mail's language: the page's name for it, without soft hyphens. */
export function cardText(card: CardId, c: Catalog): string {
  return cardName(c.cards, card);
}

function eventTable(t: TableNames, c: Catalog): EventTable {
  return {
    seat: (s) => t.names[s] ?? `#${s + 1}`,
    teams: t.teams,
    card: (id) => cardText(id, c),
    kind: kindOf,
  };
}

/** "Anna", "Anna and Bob", "Anna, Bob and Cleo". */
export function joinNames(names: readonly string[], c: Catalog): string {
  return join(names, c.events);
}

/** The players of a team by name. */
export function teamName(t: TableNames, teamIndex: number, c: Catalog): string {
  return team(eventTable(t, c), teamIndex, c.events);
}

/** A hazard's target (a team index or any seat of the team): "you", "your team" or the team by name. */
export function targetText(t: TableNames, target: number, c: Catalog): string {
  return targetName(eventTable(t, c), target, c.events, t.reader);
}

/** One event in words, or null for an event not worth a line (a face-down draw). */
export function describeEvent(e: GameEvent, t: TableNames, c: Catalog): string | null {
  if (e.type === 'drew' && e.from === 'pile') return null;
  return describe(e, eventTable(t, c), c.events, { reader: t.reader, scores: true }) || null;
}

/**
 * Every event worth a line, in order: the shared `readerLines` (worker/words/events/history.ts), which
 * the page's "since you left" summary uses too. Consecutive identical lines are kept (each is one move).
 * `results`: the match's finished hands, so that a played-out hand's end says so.
 */
export function describeEvents(
  events: readonly GameEvent[],
  t: TableNames,
  c: Catalog,
  results: readonly HandResult[] = [],
): string[] {
  return readerLines(events, eventTable(t, c), c.events, t.reader, results);
}
