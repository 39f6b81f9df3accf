import type { MoveWords } from './catalog';

/** Norwegian (Bokmål) move words. */
export const nb: MoveWords = {
  draw: 'Trekk et kort',
  drawDiscard: 'Ta {card} fra kastebunken',
  playDistance: 'Spill {card}',
  playSelf: '{card} på din sone',
  playOn: '{card} mot {name}',
  discard: 'Kast {card}',
  coupFourre: 'Spill {card} som coup fourré',
  pass: 'La det passere',
  quickRemedy: 'Spill {card} straks',
  hand: 'Din hånd: {cards}',
  yourArea: 'Din sone: {area}',
  area: '{name}: {area}',
  km: '{km} km',
  noBattle: 'ikke i gang ennå',
  safeties: 'botter: {cards}',
  discardTop: 'Kastebunken: {card}',
  discardEmpty: 'Kastebunken: tom',
  deck: 'Trekkbunken: {n} {n|kort|kort}',
  title: 'Ditt trekk',
  confirm: 'Spille dette trekket?',
  send: 'Spill',
  played: 'Spilt: {move}.',
  toPlay: '{name} sin tur.',
  youToPlay: 'Din tur igjen.',
  handOver: 'Runden er over.',
  stale:
    'Denne lenken spiller ikke noe trekk lenger: partiet har gått videre, turen er over, eller lenken er ugyldig. Åpne bordet for å se stillingen.',
  refused: 'Trekket ble ikke spilt: skjemaet må sendes fra denne siden. Åpne lenken i e-posten din igjen.',
  openTable: 'Åpne bordet',
};
