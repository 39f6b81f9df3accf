/** French mail catalog; card names and event words are shared with the page (worker/shared). */
import { fr as cards } from '../../words/cards/fr';
import { fr as events } from '../../words/events/fr';
import type { Catalog } from './catalog';

export const fr: Catalog = {
  locale: 'fr-FR',
  cards,
  events,
  defaultTitle: 'Mille Bornes',
  greeting: 'Bonjour {name},',
  greetingNoName: 'Bonjour,',
  subjects: {
    invitation: '{host} vous invite à jouer au Mille Bornes',
    yourTurn: "Mille Bornes : c'est à vous de jouer",
    handOver: 'Mille Bornes : la manche {hand} est terminée, lancez la suivante',
    responseWindow: 'Mille Bornes : {attacker} vous a joué {hazard}, répondre ?',
    reminder: 'Mille Bornes : votre tour vous attend (encore {left})',
    botTurn: 'Mille Bornes : un robot a joué votre tour',
    botSeat: 'Mille Bornes : un robot a pris votre place',
    finishedWon: 'Mille Bornes : partie terminée, vous avez gagné',
    finishedLost: 'Mille Bornes : partie terminée, voyez les scores',
    finishedDraw: 'Mille Bornes : partie terminée, égalité',
    myMatches: 'Vos parties de Mille Bornes',
    unblock: 'Réactiver les mails de Mille Bornes',
  },
  bodies: {
    invitation:
      '{host} vous invite à une partie de Mille Bornes : « {title} ». Ouvrez votre place avec le lien ci-dessous et choisissez le nom sous lequel vous jouez.',
    yourTurnIntro: "C'est à vous de jouer. Depuis votre dernier tour :",
    handOverIntro: 'La manche {hand} est terminée. Depuis votre dernier tour :',
    yourTurnOnly: "C'est à vous de jouer.",
    deadline: 'Merci de jouer avant le {time} (encore {left}).',
    responseWindow: '{attacker} a joué {hazard} contre {target}. Vous pouvez répondre maintenant.',
    responseWindowHint: "Sans réponse avant le {time}, votre choix automatique s'applique.",
    reminder: "Votre tour vous attend toujours. L'échéance est le {time} (encore {left}).",
    botTurn: 'Le délai est passé : un robot a joué votre tour.',
    botSeat: 'Un robot joue désormais à votre place.',
    takeBack: 'Vous pouvez reprendre votre place à tout moment avec votre lien.',
    finished: 'La partie est terminée : {winners} a gagné.',
    finishedDraw: 'La partie est terminée : égalité.',
    scoresHeading: 'Scores finaux',
    rematch: 'Une revanche ? Relancez une partie avec les mêmes joueurs.',
    myMatchesIntro: 'Voici votre lien vers toutes vos parties de Mille Bornes en cours.',
    myMatchesExpiry: 'Le lien est valable {hours} {hours|heure|heures}.',
    myMatchesNotYou: "Si vous ne l'avez pas demandé, ignorez ce message.",
    unblockIntro: 'Voici votre lien pour réactiver les mails de Mille Bornes vers cette adresse.',
  },
  buttons: {
    join: 'Ouvrir votre place',
    play: 'Jouer votre tour',
    answer: 'Répondre',
    takeBack: 'Reprendre votre place',
    rematch: 'Revanche',
    myMatches: 'Voir mes parties',
    unblock: 'Réactiver les mails',
  },
  footer: {
    copyLink: 'Si le bouton ne marche pas, copiez ce lien :',
    why: 'Vous recevez ce message car vous avez une place dans « {title} ».',
    private: 'Ce lien est votre place : ne transférez pas ce message.',
    privateList: 'Ce lien ouvre toutes vos parties : ne transférez pas ce message.',
    mute: 'Ne plus recevoir de mails pour cette partie et ses revanches',
    blockInvites: "Ne plus m'envoyer d'invitations depuis ce site",
    blockAll: 'Ne plus recevoir aucun mail de ce site',
  },
  hours: '{hours} h',
  minutes: '{minutes} min',
  pages: {
    myMatchesTitle: 'Mes parties',
    myMatchesNone: 'Aucune partie en cours pour cette adresse.',
    enterEmail: 'Votre adresse e-mail',
    send: "M'envoyer le lien",
    sent: 'Si cette adresse a des parties, un lien est en route.',
    expired: 'Ce lien a expiré. Demandez-en un nouveau.',
    muteTitle: 'Couper les mails de « {title} » et de ses revanches ?',
    muteButton: 'Couper les mails de cette partie',
    muted: 'Plus de mails pour « {title} » ni pour ses revanches.',
    unmuteButton: 'Réactiver',
    unmuted: 'Les mails de cette partie sont réactivés.',
    statusLobby: 'en attente de joueurs',
    statusPlaying: 'en cours',
    yourTurnBadge: 'à vous de jouer',
    blockTitle: 'Ne plus recevoir aucun mail de ce site ?',
    blockText:
      'Plus aucune invitation ni aucun mail de partie ne sera envoyé à cette adresse, quelle que soit la personne qui la saisit. Seul un lien envoyé à cette adresse peut réactiver les mails.',
    blockButton: 'Arrêter tous les mails',
    blocked: "C'est fait : ce site n'envoie plus de mails à cette adresse.",
    unblockHint: "Vous avez changé d'avis ? Demandez un lien qui réactive les mails.",
    unblockTitle: 'Réactiver les mails',
    unblockText:
      'Saisissez votre adresse. Si ses mails ont été arrêtés, nous lui envoyons un lien qui les réactive.',
    unblockSent: 'Si les mails de cette adresse ont été arrêtés, un lien est en route.',
    unblockButton: 'Réactiver les mails',
    unblocked: 'Les mails vers cette adresse sont réactivés.',
    notFoundTitle: 'Page introuvable',
    notFoundText: 'Il n’y a pas de page à cette adresse. Vérifiez le lien, ou repartez de la page d’accueil.',
    notFoundHome: 'Aller à la page d’accueil',
  },
  // -- digest, confirmation of mail settings --
  digest: {
    subject: 'Mille Bornes : {count} {count|partie vous attend|parties vous attendent}',
    intro: 'Votre résumé du jour : {count|cette partie vous attend|ces parties vous attendent}.',
    turn: '{title} : à vous de jouer',
    answer: '{title} : votre réponse à une attaque',
    nextHand: '{title} : lancez la manche suivante',
    deadline: 'Échéance : {time}',
    open: 'Ouvrir la partie',
    confirmSubject: 'Mille Bornes : confirmez vos réglages de mail',
    confirmIntro:
      "Quelqu'un ayant le lien de votre place a demandé ces réglages de mail pour toutes les parties de cette adresse :",
    confirmButton: 'Utiliser ces réglages',
    confirmTitle: 'Utiliser ces réglages de mail pour toutes vos parties\u00a0?',
    confirmText: "Ces réglages s'appliqueront à toutes les parties de cette adresse\u00a0:",
    confirmed: "C'est fait : vos parties suivent ces réglages de mail.",
    replacedTitle: 'Ce lien a été remplacé par un plus récent',
    replacedText:
      'Vous avez de nouveau modifié vos réglages de mail après l’envoi de ce lien\u00a0: il ne change plus rien. Utilisez le lien du mail le plus récent, ou modifiez à nouveau les réglages dans une partie.',
    digestAt: 'un mail par jour à {hour} h',
    eachTurn: 'un mail à chaque tour',
    quietFrom: 'silence de {from} h à {to} h',
    noQuiet: 'pas d’heures de silence',
  },
  // -- vacation, stand-in, bot deadline --
  away: {
    idleBot: "Si vous n'avez pas joué d'ici {when}, l'ordinateur jouera ce tour à votre place.",
    idleSkip: "Si vous n'avez pas joué d'ici {when}, votre tour sera passé.",
    botSeatTimeouts:
      "Vos derniers tours ont dépassé leur délai : l'ordinateur joue désormais à votre place, jusqu'à ce que vous reveniez avec votre lien.",
  },
  // -- invitation from the create form --
  // -- window mail words --
  windowMail: {
    askHint:
      'Sans réponse de votre part avant le {time}, la botte {safety} est jouée pour vous en coup fourré si vous l’avez ; sinon, le jeu continue.',
    askHintQuick:
      'Sans réponse de votre part avant le {time}, la botte {safety} est jouée pour vous en coup fourré si vous l’avez, sinon la parade {remedy} si vous l’avez ; sinon, le jeu continue.',
  },
  // -- chat on the page --
  // -- chat lines in mails --
  chatMail: {
    intro: 'Nouveau dans la discussion depuis votre dernier coup :',
    line: '{name} a écrit : « {text} »',
    more: 'Messages plus anciens non affichés ici : {count}.',
  },
  // -- rematch by consent --
  rematchOffer: {
    subject: '{name} propose une revanche',
    subjectHost: 'Une revanche est proposée',
    body: '{name} propose une revanche de {title} : mêmes joueurs, mêmes règles. Elle sera distribuée quand tout le monde aura accepté.',
    bodyHost:
      'L’organisateur propose une revanche de {title} : mêmes joueurs, mêmes règles. Elle sera distribuée quand tout le monde aura accepté.',
    lapses: 'Acceptez ou refusez sur la page de la partie. La proposition expire {when}.',
    button: 'Répondre à la proposition',
  },
  // -- leaving a match --
  leave: {
    subject: 'Mille Bornes : {player} a quitté la partie',
    goesOn: 'La partie continue sans cette personne.',
    open: 'Ouvrir la partie',
  },
  paused: {
    subject: 'Mille Bornes : pendant la pause des mails',
    intro:
      "Ce serveur a atteint sa limite quotidienne de mails et les a retenus jusqu'à sa remise à zéro. Pendant la pause :",
    now: 'Où en est la partie maintenant :',
  },
};
