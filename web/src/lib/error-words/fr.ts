/** Les mots français de chaque code d’erreur du serveur (voir catalog.ts). */
import type { ErrorWords } from './catalog';

export const fr: ErrorWords = {
  // Un coup refusé (le moteur).
  'move.malformed': 'Ce coup n’a pas pu être lu. Regardez à nouveau la table et rejouez.',
  'seat.invalid': 'Ce joueur n’existe pas dans cette partie.',
  'turn.not_yours': 'Ce n’est pas votre tour.',
  'phase.wrong': 'Ce coup n’est pas possible à ce moment du tour.',
  'card.not_in_hand': 'Cette carte n’est plus dans votre main.',
  'draw.discard_not_allowed': 'Ces règles ne permettent pas de piocher dans la défausse.',
  'draw.discard_empty': 'La défausse est vide.',
  'draw.pile_empty': 'La pioche est vide.',
  'distance.not_rolling': 'Il vous faut un Feu vert (ou Véhicule prioritaire) avant de poser des bornes.',
  'distance.speed_limit': 'Sous Limite de vitesse, seulement 25 ou 50 bornes.',
  'distance.too_many_200': 'Vous avez déjà posé deux 200 dans cette manche.',
  'distance.past_goal': 'Cette carte vous ferait dépasser le but : le voyage doit finir pile.',
  'hazard.no_target': 'Choisissez à qui envoyer cette attaque.',
  'hazard.target_self': 'Vous ne pouvez pas attaquer vous-même ni votre partenaire.',
  'hazard.target_protected': 'Ce joueur a la botte contre cette attaque.',
  'hazard.target_not_rolling':
    'Ce joueur ne roule pas : cette attaque ne peut pas lui être envoyée maintenant.',
  'hazard.target_hazarded': 'Ce joueur est déjà arrêté par une attaque.',
  'hazard.target_limited': 'Ce joueur est déjà sous Limite de vitesse.',
  'hazard.attacker_not_started': 'Vous ne pouvez attaquer qu’après avoir roulé dans cette manche.',
  'remedy.not_needed': 'Cette parade ne répond à rien sur votre pile de bataille.',
  'safety.already_played': 'Cette botte est déjà devant vous.',
  'target.not_allowed': 'Seule une attaque se joue sur un autre joueur.',
  'window.not_open': 'Il n’y a rien à quoi répondre maintenant.',
  'window.not_your_answer': 'Ce n’est pas à vous de répondre à cette attaque.',
  'coupFourre.wrong_safety': 'Cette botte ne répond pas à cette attaque.',
  'quickRemedy.not_allowed': 'Ces règles ne permettent pas la parade immédiate.',
  'quickRemedy.wrong_remedy': 'Cette parade ne répond pas à cette attaque.',
  'mulligan.not_allowed': 'Un mulligan n’est pas possible maintenant avec ces règles.',
  'mulligan.bad_cards': 'Pour un mulligan, choisissez une à sept cartes de votre main.',
  'extension.not_offered': 'Aucune allonge n’est proposée maintenant.',
  'hand.not_over': 'Cette manche n’est pas encore finie.',
  // Les routes et le serveur de la partie.
  'auth.bad_invite': 'Ce lien d’invitation n’est pas valable. Demandez-en un nouveau à l’hôte.',
  'auth.bad_token': 'Ce lien ne vous donne pas de place dans cette partie.',
  'auth.not_a_seat': 'Seul un joueur qui a une place peut faire cela. Vous regardez la partie.',
  'auth.not_host': 'Seul l’hôte de la partie peut faire cela.',
  'auth.not_your_seat': 'Seul le lien de cette place peut la reprendre.',
  'chat.closed': 'Cette partie a expiré : sa discussion est close.',
  'chat.not_allowed': 'Seuls les joueurs peuvent lire la discussion de cette partie.',
  'chat.not_found': 'Ce message n’est plus dans cette partie.',
  'chat.not_yours': 'Vous ne pouvez supprimer que vos propres messages.',
  'chat.rate_limited': 'Vous écrivez trop vite. Attendez un moment avant le prochain message.',
  'frame.invalid': 'La page a envoyé quelque chose d’illisible pour le serveur. Rechargez la page.',
  'frame.too_large': 'La page a envoyé trop de données à la fois. Rechargez la page.',
  internal: 'Le serveur a rencontré un problème. Réessayez dans un instant.',
  'journal.no_hand': 'Cette manche n’a pas encore été jouée.',
  'link.expired': 'Ce lien a expiré. Demandez-en un nouveau.',
  'mail.bad_link': 'Ce lien d’e-mail n’est pas (ou plus) valable.',
  'mail.daily_limit':
    'Plus de nouvelles adresses e-mail aujourd’hui. Réessayez demain, ou partagez les liens vous-même.',
  'match.exists': 'Cette partie existe déjà.',
  'match.finished': 'La partie est finie : cela ne peut plus changer.',
  'match.full': 'Toutes les places de cette partie sont prises.',
  'match.not_finished': 'La partie n’est pas encore finie.',
  'match.not_found': 'Cette partie n’existe pas (ou plus). Vérifiez le lien.',
  'match.not_playing': 'Ce n’est possible que pendant la partie.',
  'match.not_started': 'La partie n’a pas encore commencé.',
  'match.rules_version': 'Cette partie suit des règles que ce serveur ne sait plus jouer.',
  'match.started': 'La partie a commencé sans vous. Vous pouvez la regarder.',
  'match.unavailable': 'Cette partie n’a pas répondu. Réessayez dans un instant.',
  'method.not_allowed': 'Le serveur ne propose pas cela. Rechargez la page.',
  'move.id_reused': 'Ce coup a déjà été envoyé. Regardez à nouveau la table.',
  'mute.bad_link': 'Ce lien pour arrêter les e-mails n’est pas valable.',
  'name.taken': 'Deux joueurs auraient le même nom : donnez à chacun son propre nom.',
  not_found: 'Cette page ou adresse n’existe pas. Vérifiez le lien.',
  'push.not_configured': 'Ce serveur ne peut pas envoyer de notifications.',
  'rate.limited': 'Trop de demandes. Attendez une minute et réessayez.',
  'request.invalid': 'Quelque chose ne va pas dans ce formulaire. Vérifiez-le et réessayez.',
  'request.malformed': 'Le serveur n’a pas pu lire ce que la page a envoyé. Rechargez la page.',
  'request.too_large': 'C’est trop long. Raccourcissez et réessayez.',
  'request.upgrade_required':
    'La connexion en direct n’a pas pu s’ouvrir ; la page continue de vérifier les changements.',
  'rules.invalid': 'Ces choix de règles ne vont pas ensemble. Modifiez-les et réessayez.',
  'seat.creator_not_human':
    'La première place est la vôtre : ce ne peut être ni un robot ni une place libre.',
  'seat.last_human': 'Au moins une personne doit continuer à jouer : l’ordinateur ne joue pas seul.',
  'seat.not_found': 'Cette place n’existe pas dans cette partie.',
  'seat.not_human': 'Seule une place tenue par une personne peut être confiée à l’ordinateur.',
  'settings.away_range': 'Choisissez une date à venir, au plus dans 30 jours.',
  'settings.no_email': 'Ajoutez d’abord une adresse e-mail.',
  'socket.limit':
    'Cette partie est ouverte dans trop d’onglets ; celui-ci vérifie les changements de temps en temps.',
  'socket.rate_limited': 'Trop de messages à la fois ; la page vérifie les changements de temps en temps.',
  'token.unknown': 'Ce lien n’est pas (ou plus) valable.',
  'version.stale': 'La table a changé avant l’arrivée de votre coup. Regardez à nouveau et rejouez.',
  // -- chat on the page (issue 16 part A) --
  'chat.away_range': 'Choisissez un jour entre aujourd’hui et dans 90 jours.',
  // -- chat lines in mails (issue 16 part B) --
  // -- rematch by consent (issue 16 part C) --
  'rematch.no_players': 'Tous les joueurs ont quitté cette partie : personne ne jouerait la revanche.',
  'rematch.dealt': 'La revanche a déjà été distribuée.',
  'rematch.declined': 'La proposition de revanche a été refusée. Vous pouvez en faire une nouvelle.',
  'rematch.lapsed': 'La proposition de revanche a expiré. Vous pouvez en faire une nouvelle.',
  'rematch.no_offer': 'Personne n’a encore proposé de revanche.',
  // -- leaving a match (issue 16 part D) --
  'seat.left': 'Vous avez déjà quitté cette partie ; vous pouvez toujours la regarder.',
  // -- practice offline (issue 19) --
  'practice.setup_invalid':
    'Ces règles et ces places ne peuvent pas être jouées ensemble. Choisissez à nouveau.',
  'practice.log_invalid':
    'La partie d’entraînement enregistrée n’a pas pu être reconstruite. Commencez-en une nouvelle.',
  'practice.not_open': 'La partie d’entraînement n’est pas encore ouverte. Réessayez.',
  // -- leagues (issue 20 part 1) --
  // -- open table (issue 20 part 2) --
  // -- replay of finished hands (issue 21) --
};
