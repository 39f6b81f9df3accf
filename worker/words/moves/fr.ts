import type { MoveWords } from './catalog';

/** French move words. */
export const fr: MoveWords = {
  draw: 'Piocher une carte',
  drawDiscard: 'Prendre {card} de la défausse',
  playDistance: 'Jouer {card}',
  playSelf: '{card} sur votre zone',
  playOn: '{card} contre {name}',
  discard: 'Défausser {card}',
  coupFourre: 'Jouer {card} en coup fourré',
  pass: 'Laisser passer',
  quickRemedy: 'Jouer {card} tout de suite',
  hand: 'Votre main : {cards}',
  yourArea: 'Votre zone : {area}',
  area: '{name} : {area}',
  km: '{km} km',
  noBattle: 'pas encore en route',
  safeties: 'bottes : {cards}',
  discardTop: 'Défausse : {card}',
  discardEmpty: 'Défausse : vide',
  deck: 'Pioche : {n} {n|carte|cartes}',
  positionIntro: 'Où en est la partie :',
  suggestIntro: 'Jouez depuis ce courriel (chaque lien vous demande de confirmer) :',
  title: 'Votre coup',
  confirm: 'Jouer ce coup ?',
  send: 'Jouer',
  played: 'Joué : {move}.',
  toPlay: 'À {name} de jouer.',
  youToPlay: 'À vous de jouer encore.',
  handOver: 'La manche est terminée.',
  stale:
    'Ce lien ne joue plus de coup : la partie a avancé, le tour est fini, ou le lien n’est pas valide. Ouvrez la table pour voir où en est la partie.',
  refused:
    'Ce coup n’a pas été joué : le formulaire doit être envoyé depuis cette page. Rouvrez le lien de votre courriel.',
  openTable: 'Ouvrir la table',
};
