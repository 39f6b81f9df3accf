import type { MoveWords } from './catalog';

/** English move words. */
export const en: MoveWords = {
  draw: 'Draw a card',
  drawDiscard: 'Take {card} from the discard pile',
  playDistance: 'Play {card}',
  playSelf: '{card} on your area',
  playOn: '{card} against {name}',
  discard: 'Discard {card}',
  coupFourre: 'Play {card} as a coup fourré',
  pass: 'Let it go',
  quickRemedy: 'Play {card} at once',
  hand: 'Your hand: {cards}',
  yourArea: 'Your area: {area}',
  area: '{name}: {area}',
  km: '{km} km',
  noBattle: 'not rolling yet',
  safeties: 'safeties: {cards}',
  discardTop: 'Discard pile: {card}',
  discardEmpty: 'Discard pile: empty',
  deck: 'Draw pile: {n} {n|card|cards}',
  positionIntro: 'Where things stand:',
  suggestIntro: 'Play from this mail (each link asks you to confirm):',
  title: 'Your move',
  confirm: 'Play this move?',
  send: 'Play it',
  played: 'Played: {move}.',
  toPlay: '{name} to play.',
  youToPlay: 'Your turn again.',
  handOver: 'The hand is over.',
  stale:
    'This link no longer plays a move: the match has moved on, the turn has ended, or the link is not valid. Open the table to see where the match stands.',
  refused:
    'This move was not played: the form must be sent from this page. Open the link from your mail again.',
  openTable: 'Open the table',
};
