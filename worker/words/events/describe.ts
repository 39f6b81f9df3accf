/**
 * Public game events in words, for the page's log and the "your turn" mail alike. The caller
 * gives the names (seats, cards) and the catalog of one language; the medium's own choices
 * (a reader addressed as "you", score lines) are options. Pure: no platform, no DOM.
 */
import type { CardId, CardKind } from '../../engine/cards';
import type { GameEvent } from '../../engine/types';
import { teamOf } from '../../shared/teams';
import type { EventWords } from './catalog';
import { fill } from './fill';

/** Who sits where and what the cards are called, in the words' language. */
export interface EventTable {
  /** A seat's display name. */
  seat: (seat: number) => string;
  /** Teams as lists of seats, by team index (individual play: one seat each). */
  teams: readonly (readonly number[])[];
  /** A card's name. */
  card: (card: CardId) => string;
  /** A card's kind (the engine's `kindOf`), given by the caller so this module holds no engine code. */
  kind: (card: CardId) => CardKind;
}

/** What differs between media: the mail speaks to one reader and repeats the scores. */
export interface DescribeOptions {
  /** The reader's seat: a hazard on the reader's team reads "on you" / "on your team". Null: every team by name. */
  reader: number | null;
  /** Add the team totals to "hand over" and "match over" (the mail; the page shows its score table). */
  scores: boolean;
}

const PAGE: DescribeOptions = { reader: null, scores: false };

/** "Anna", "Anna and Bob", "Anna, Bob and Cleo"; "" for no names. */
export function joinNames(names: readonly string[], w: EventWords): string {
  if (names.length <= 1) return names[0] ?? '';
  return fill(w.and, { a: names.slice(0, -1).join(', '), b: names[names.length - 1] }, w.lang);
}

/** The players of a team (a team index) by name. */
export function teamName(table: EventTable, team: number, w: EventWords): string {
  return joinNames((table.teams[team] ?? []).map(table.seat), w);
}

/**
 * A team's players joined by "&", for a list of several teams ("Al & Cy and Bo & Di", "Al & Cy
 * 900, Bo & Di 300"), where "and" inside a team would run the teams together.
 */
export function teamInList(table: EventTable, team: number): string {
  return (table.teams[team] ?? []).map(table.seat).join(' & ');
}

/**
 * A hazard's target (a team index or any seat of the team) in words: "you" or "your team" when it
 * is the reader's team, else the team's players by name.
 */
export function targetName(table: EventTable, target: number, w: EventWords, reader: number | null): string {
  const team = teamOf(table, target);
  if (reader !== null && teamOf(table, reader) === team) {
    return (table.teams[team]?.length ?? 1) > 1 ? w.yourTeam : w.you;
  }
  return teamName(table, team, w);
}

/** Team totals as "Anna 450, Bob 300" or "Al & Cy 450, Bo & Di 300" (scores by team index). */
export function scoreLine(table: EventTable, scores: readonly number[]): string {
  return scores.map((s, team) => `${teamInList(table, team)} ${s}`).join(', ');
}

/** "played …" by the card's kind: distance is driven, a hazard goes on its target, a safety is named. */
function playedText(
  e: Extract<GameEvent, { type: 'played' }>,
  table: EventTable,
  w: EventWords,
  o: DescribeOptions,
): string {
  const say = (template: string, values: Record<string, string>) => fill(template, values, w.lang);
  const values = { player: table.seat(e.seat), card: table.card(e.card) };
  const kind = table.kind(e.card);
  if (kind === 'distance') return say(w.drove, values);
  if (kind === 'safety') return say(w.playedSafety, values);
  if (e.target !== undefined)
    return say(w.playedOn, { ...values, target: targetName(table, e.target, w, o.reader) });
  return say(w.played, values);
}

/**
 * One public event as a sentence, never empty for a game event. A row that is no game event (the
 * page's log may hold other server rows) gets "". Options default to the page's: teams by name,
 * no score lines.
 */
export function describeEvent(
  e: GameEvent,
  table: EventTable,
  w: EventWords,
  options: DescribeOptions = PAGE,
): string {
  const say = (template: string, values: Record<string, string | number> = {}) =>
    fill(template, values, w.lang);
  const p = table.seat;
  const c = table.card;
  switch (e.type) {
    case 'handStarted':
      return say(w.handStarted, { hand: e.hand, player: p(e.firstSeat) });
    case 'drew':
      return e.from === 'discard'
        ? say(w.drewDiscard, { player: p(e.seat), card: c(e.card) })
        : say(w.drewPile, { player: p(e.seat) });
    case 'reshuffled':
      return say(w.reshuffled, { cards: e.cards });
    case 'played':
      return playedText(e, table, w, options);
    case 'hazardCancelled':
      return say(w.hazardCancelled, {
        card: c(e.by),
        hazard: c(e.hazard),
        target: targetName(table, e.team, w, options.reader),
      });
    case 'discarded':
      return say(w.discarded, { player: p(e.seat), card: c(e.card) });
    case 'windowOpened':
      return say(w.windowOpened, { player: p(e.seat), hazard: c(e.hazard), attacker: p(e.attacker) });
    case 'passed':
      return say(w.passed, { player: p(e.seat) });
    case 'coupFourre':
      return say(w.coupFourre, {
        player: p(e.seat),
        card: c(e.card),
        hazard: c(e.hazard),
        attacker: p(e.attacker),
      });
    case 'quickRemedy':
      return say(w.quickRemedy, { player: p(e.seat), card: c(e.card), hazard: c(e.hazard) });
    case 'turnsLost':
      return e.seats.length === 1
        ? say(w.turnLost, { player: p(e.seats[0]) })
        : say(w.turnsLost, { players: joinNames(e.seats.map(p), w) });
    case 'mulligan':
      return say(w.mulligan, { player: p(e.seat), count: e.cards.length });
    case 'extraTurn':
      return say(w.extraTurn, { player: p(e.seat) });
    case 'extensionOffered':
      return say(w.extensionOffered, { player: p(e.seat) });
    case 'extended':
      return say(e.accept ? w.extensionAccepted : w.extensionDeclined, { player: p(e.seat) });
    case 'skipped':
      return say(w.skipped, { player: p(e.seat) });
    case 'drawPileExhausted':
      return say(w.drawPileExhausted);
    case 'handOver': {
      const over = say(w.handOver, { hand: e.hand });
      return options.scores ? `${over} ${say(w.scores, { scores: scoreLine(table, e.scores) })}` : over;
    }
    case 'matchOver': {
      const over = say(w.matchOver);
      return options.scores ? `${over} ${say(w.finalScores, { scores: scoreLine(table, e.scores) })}` : over;
    }
    default: {
      // A new event kind fails the type check here; a row that is no game event gets no words.
      const _never: never = e;
      void _never;
      return '';
    }
  }
}
