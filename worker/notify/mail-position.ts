/**
 * A seat's position and a move in words, for the "your turn" mail and the confirmation page of a
 * move link (issue 34): the reader's hand in the page's order, their area, each other team's line,
 * the discard pile's top and the draw pile's size; a move worded as the page's buttons ("Play 75 km",
 * "Roll on your area", "Stop against Bob"). Built only from the seat's own view (engine/view.ts
 * `viewFor`), so nothing hidden can enter a mail or a page.
 */
import { type CardId, isDistance, isHazard } from '../engine/cards';
import type { MatchView, Move, TableauView } from '../engine/types';
import { teamOf } from '../shared/teams';
import { type CardNames, cardName } from '../words/cards/catalog';
import { fill } from '../words/events/fill';
import type { MoveWords } from '../words/moves';

/** The part of a seat's view a position shows (never another hand, never the deck's order). */
export type PositionView = Pick<
  MatchView,
  'seat' | 'teams' | 'hand' | 'tableaux' | 'deckSize' | 'discardTop'
>;

/** The words a position or move needs: the language's move words, card names and locale, and the seats' names. */
export interface PositionWords {
  words: MoveWords;
  cards: CardNames;
  /** BCP 47 tag for plural forms. */
  locale: string;
  /** Display names by seat. */
  names: readonly string[];
  /** "Ann and Bob" for a team's seats. */
  join: (names: readonly string[]) => string;
}

/** The view's part a position shows, copied (so a caller can hand it across an RPC). */
export function positionOf(view: MatchView): PositionView {
  const { seat, teams, hand, tableaux, deckSize, discardTop } = view;
  return { seat, teams, hand, tableaux, deckSize, discardTop };
}

function teamNames(teams: readonly (readonly number[])[], team: number, p: PositionWords): string {
  return p.join((teams[team] ?? []).map((s) => p.names[s] ?? `#${s + 1}`));
}

/**
 * A move in words, as the page's buttons say it ("Play 75 km", "Roll on your area", "Stop against
 * Bob", "Take 50 km from the discard pile"), from the reader's view; null for a move only the
 * table offers (a mulligan, the 700 km choice, the next hand).
 */
export function moveText(move: Move, view: PositionView, p: PositionWords): string | null {
  const w = p.words;
  const card = (id: CardId) => cardName(p.cards, id);
  switch (move.type) {
    case 'draw':
      return move.from === 'discard' && view.discardTop
        ? fill(w.drawDiscard, { card: card(view.discardTop) }, p.locale)
        : w.draw;
    case 'play':
      if (isDistance(move.card)) return fill(w.playDistance, { card: card(move.card) }, p.locale);
      if (isHazard(move.card) && move.target !== undefined) {
        const name = teamNames(view.teams, teamOf(view, move.target), p);
        return fill(w.playOn, { card: card(move.card), name }, p.locale);
      }
      return fill(w.playSelf, { card: card(move.card) }, p.locale);
    case 'discard':
      return fill(w.discard, { card: card(move.card) }, p.locale);
    case 'coupFourre':
      return fill(w.coupFourre, { card: card(move.card) }, p.locale);
    case 'pass':
      return w.pass;
    case 'quickRemedy':
      return fill(w.quickRemedy, { card: card(move.card) }, p.locale);
    default:
      // A mulligan, the 700 km choice and the next hand are played at the table only.
      return null;
  }
}

/** One area in words: "125 km, Roll, Speed Limit, safeties: Driving Ace". */
function areaText(t: TableauView, p: PositionWords): string {
  const w = p.words;
  const parts = [fill(w.km, { km: t.km }, p.locale)];
  parts.push(t.battleTop ? cardName(p.cards, t.battleTop) : w.noBattle);
  if (t.speedTop) parts.push(cardName(p.cards, t.speedTop));
  if (t.safeties.length > 0)
    parts.push(fill(w.safeties, { cards: t.safeties.map((s) => cardName(p.cards, s)).join(', ') }, p.locale));
  return parts.join(', ');
}

/**
 * The position in lines: the reader's hand (in the view's order, the page's), their area, each
 * other team's area (in seat order), the discard pile's top and the draw pile's size. A spectator's view (seat
 * null) has no hand and no "your area".
 */
export function positionLines(view: PositionView, p: PositionWords): string[] {
  const w = p.words;
  const lines: string[] = [];
  const mine = view.seat === null ? null : teamOf(view, view.seat);
  if (view.seat !== null)
    lines.push(fill(w.hand, { cards: view.hand.map((c) => cardName(p.cards, c)).join(', ') }, p.locale));
  // The reader's own area first, then the others in seat order.
  const areas = [...view.tableaux].sort((a, b) => Number(b.team === mine) - Number(a.team === mine));
  for (const t of areas) {
    const area = areaText(t, p);
    lines.push(
      t.team === mine
        ? fill(w.yourArea, { area }, p.locale)
        : fill(w.area, { name: teamNames(view.teams, t.team, p), area }, p.locale),
    );
  }
  lines.push(
    view.discardTop
      ? fill(w.discardTop, { card: cardName(p.cards, view.discardTop) }, p.locale)
      : w.discardEmpty,
  );
  lines.push(fill(w.deck, { n: view.deckSize }, p.locale));
  return lines;
}

/**
 * What a "your turn" or response-window mail shows of the reader's turn (issue 34): the position
 * from the reader's own view and the suggested moves, each with its move link, and the table's link.
 */
export interface MailPlay {
  position: PositionView;
  moves: Array<{ move: Move; url: string }>;
}
