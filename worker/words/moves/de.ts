import type { MoveWords } from './catalog';

/** German move words. */
export const de: MoveWords = {
  draw: 'Karte ziehen',
  drawDiscard: '{card} vom Ablagestapel nehmen',
  playDistance: '{card} spielen',
  playSelf: '{card} auf deinen Bereich',
  playOn: '{card} gegen {name}',
  discard: '{card} abwerfen',
  coupFourre: '{card} als Coup fourré spielen',
  pass: 'Durchlassen',
  quickRemedy: '{card} sofort spielen',
  hand: 'Deine Hand: {cards}',
  yourArea: 'Dein Bereich: {area}',
  area: '{name}: {area}',
  km: '{km} km',
  noBattle: 'noch nicht unterwegs',
  safeties: 'Schutzkarten: {cards}',
  discardTop: 'Ablagestapel: {card}',
  discardEmpty: 'Ablagestapel: leer',
  deck: 'Nachziehstapel: {n} {n|Karte|Karten}',
  positionIntro: 'So steht es:',
  suggestIntro: 'Spiel direkt aus dieser E-Mail (jeder Link fragt nach einer Bestätigung):',
  title: 'Dein Zug',
  confirm: 'Diesen Zug spielen?',
  send: 'Spielen',
  played: 'Gespielt: {move}.',
  toPlay: '{name} ist am Zug.',
  youToPlay: 'Du bist wieder am Zug.',
  handOver: 'Die Runde ist vorbei.',
  stale:
    'Dieser Link spielt keinen Zug mehr: Die Partie ist weitergegangen, der Zug ist abgelaufen, oder der Link ist ungültig. Öffne den Tisch, um den Stand zu sehen.',
  refused:
    'Dieser Zug wurde nicht gespielt: Das Formular muss von dieser Seite kommen. Öffne den Link aus deiner E-Mail noch einmal.',
  openTable: 'Tisch öffnen',
};
