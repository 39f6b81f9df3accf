/**
 * The words of a move offered outside the table (issue 34: the suggested moves of a "your turn"
 * mail and the confirmation page of a move link), of the position they show, and of that page.
 * Worded as the page's own buttons ("Play 75 km", "Roll on your area", "Stop against Bob",
 * "Discard 25 km"). Templates use `{name}` placeholders and `{n|one|other}` plurals (events/fill.ts).
 * Every language file (en, fr, de, sv, nb) implements the whole interface.
 */

/** One language's move, position and confirmation-page words. */
export interface MoveWords {
  // -- moves --
  /** Draw from the pile. */
  draw: string;
  /** Take the discard pile's top card: {card}. */
  drawDiscard: string;
  /** A distance card: {card}. */
  playDistance: string;
  /** A remedy, speed card or safety on the reader's own area: {card}. */
  playSelf: string;
  /** A hazard on another team: {card} {name}. */
  playOn: string;
  /** {card}. */
  discard: string;
  /** A coup fourré: {card}. */
  coupFourre: string;
  /** Let a hazard go without a coup fourré. */
  pass: string;
  /** A quick remedy (the house rule): {card}. */
  quickRemedy: string;
  // -- the position --
  /** "Your hand: {cards}". */
  hand: string;
  /** "Your area: {area}". */
  yourArea: string;
  /** A team's area: {name} {area}. */
  area: string;
  /** {km}. */
  km: string;
  /** Battle pile empty (not yet rolling). */
  noBattle: string;
  /** Safeties: {cards}. */
  safeties: string;
  /** {card}. */
  discardTop: string;
  discardEmpty: string;
  /** {n} cards in the draw pile, with plural forms. */
  deck: string;
  // -- the mail --
  /** Before the position in a mail. */
  positionIntro: string;
  /** Before the suggested moves in a mail. */
  suggestIntro: string;
  // -- the confirmation page --
  /** Page title. */
  title: string;
  /** Before the move: "Play this move?". */
  confirm: string;
  /** The form's button. */
  send: string;
  /** After the move: {move}. */
  played: string;
  /** Whose turn now: {name}. */
  toPlay: string;
  /** The reader's turn again. */
  youToPlay: string;
  /** The hand is over or the match ended. */
  handOver: string;
  /** A stale, used, wrong or forged link (one answer for all). */
  stale: string;
  /** A form sent from another site, or without its page's token. */
  refused: string;
  /** The link to the match's page. */
  openTable: string;
}
