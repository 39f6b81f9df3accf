import type { MoveWords } from './catalog';

/** Swedish move words. */
export const sv: MoveWords = {
  draw: 'Dra ett kort',
  drawDiscard: 'Ta {card} från slänghögen',
  playDistance: 'Spela {card}',
  playSelf: '{card} på ditt område',
  playOn: '{card} mot {name}',
  discard: 'Släng {card}',
  coupFourre: 'Spela {card} som coup fourré',
  pass: 'Låt det passera',
  quickRemedy: 'Spela {card} direkt',
  hand: 'Din hand: {cards}',
  yourArea: 'Ditt område: {area}',
  area: '{name}: {area}',
  km: '{km} km',
  noBattle: 'inte i rörelse än',
  safeties: 'skyddskort: {cards}',
  discardTop: 'Slänghögen: {card}',
  discardEmpty: 'Slänghögen: tom',
  deck: 'Draghögen: {n} {n|kort|kort}',
  positionIntro: 'Så här står det:',
  suggestIntro: 'Spela direkt från mejlet (varje länk ber dig bekräfta):',
  title: 'Ditt drag',
  confirm: 'Spela det här draget?',
  send: 'Spela',
  played: 'Spelat: {move}.',
  toPlay: '{name} står på tur.',
  youToPlay: 'Din tur igen.',
  handOver: 'Given är slut.',
  stale:
    'Den här länken spelar inget drag längre: matchen har gått vidare, turen är slut eller länken är ogiltig. Öppna bordet för att se ställningen.',
  refused:
    'Draget spelades inte: formuläret måste skickas från den här sidan. Öppna länken i ditt mejl igen.',
  openTable: 'Öppna bordet',
};
