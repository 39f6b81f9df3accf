/** German mail catalog; card names and event words are shared with the page (worker/shared). */
import { de as cards } from '../../words/cards/de';
import { de as events } from '../../words/events/de';
import type { Catalog } from './catalog';

export const de: Catalog = {
  locale: 'de-DE',
  cards,
  events,
  defaultTitle: 'Mille Bornes',
  greeting: 'Hallo {name},',
  greetingNoName: 'Hallo,',
  subjects: {
    invitation: '{host} lädt dich zu Mille Bornes ein',
    yourTurn: 'Mille Bornes: du bist dran',
    handOver: 'Mille Bornes: Runde {hand} ist vorbei, starte die nächste',
    responseWindow: 'Mille Bornes: {attacker} hat {hazard} gegen dich gespielt, antworten?',
    reminder: 'Mille Bornes: dein Zug wartet (noch {left})',
    botTurn: 'Mille Bornes: ein Bot hat deinen Zug gespielt',
    botSeat: 'Mille Bornes: ein Bot hat deinen Platz übernommen',
    finishedWon: 'Mille Bornes: Partie vorbei, du hast gewonnen',
    finishedLost: 'Mille Bornes: Partie vorbei, sieh dir den Endstand an',
    finishedDraw: 'Mille Bornes: Partie vorbei, unentschieden',
    myMatches: 'Deine Mille-Bornes-Partien',
    unblock: 'Mails von Mille Bornes wieder einschalten',
  },
  bodies: {
    invitation:
      '{host} lädt dich zu einer Partie Mille Bornes ein: „{title}“. Öffne deinen Platz mit dem Link unten und wähle den Namen, unter dem du spielst.',
    yourTurnIntro: 'Du bist dran. Seit deinem letzten Zug:',
    handOverIntro: 'Runde {hand} ist vorbei. Seit deinem letzten Zug:',
    yourTurnOnly: 'Du bist dran.',
    deadline: 'Bitte spiele bis {time} (noch {left}).',
    responseWindow: '{attacker} hat {hazard} gegen {target} gespielt. Du kannst jetzt antworten.',
    responseWindowHint: 'Ohne Antwort bis {time} gilt deine automatische Wahl.',
    reminder: 'Dein Zug wartet noch. Die Frist endet {time} (noch {left}).',
    botTurn: 'Die Frist ist abgelaufen, deshalb hat ein Bot deinen Zug gespielt.',
    botSeat: 'Ein Bot spielt jetzt auf deinem Platz.',
    takeBack: 'Mit deinem Link kannst du deinen Platz jederzeit zurückholen.',
    finished: 'Die Partie ist vorbei: {winners} hat gewonnen.',
    finishedDraw: 'Die Partie ist vorbei: unentschieden.',
    scoresHeading: 'Endstand',
    rematch: 'Noch eine Partie? Starte eine Revanche mit denselben Spielern.',
    myMatchesIntro: 'Hier ist dein Link zu all deinen laufenden Mille-Bornes-Partien.',
    myMatchesExpiry: 'Der Link gilt {hours} {hours|Stunde|Stunden}.',
    myMatchesNotYou: 'Wenn du ihn nicht angefordert hast, ignoriere diese Mail.',
    unblockIntro: 'Hier ist dein Link, um Mails von Mille Bornes an diese Adresse wieder einzuschalten.',
  },
  buttons: {
    join: 'Platz öffnen',
    play: 'Zug spielen',
    answer: 'Jetzt antworten',
    takeBack: 'Platz zurückholen',
    rematch: 'Revanche',
    myMatches: 'Meine Partien zeigen',
    unblock: 'Mails wieder einschalten',
  },
  footer: {
    copyLink: 'Falls der Knopf nicht geht, kopiere diesen Link:',
    why: 'Du bekommst diese Mail, weil du einen Platz in „{title}“ hast.',
    private: 'Der Link ist dein Platz: leite diese Mail nicht weiter.',
    privateList: 'Der Link öffnet alle deine Partien: leite diese Mail nicht weiter.',
    mute: 'Diese Partie und ihre Revanchen stummschalten',
    blockInvites: 'Keine Einladungen mehr von dieser Seite',
    blockAll: 'Keine Mails mehr von dieser Seite',
  },
  hours: '{hours} Std.',
  minutes: '{minutes} Min.',
  pages: {
    myMatchesTitle: 'Meine Partien',
    myMatchesNone: 'Keine laufenden Partien für diese Adresse.',
    enterEmail: 'Deine E-Mail-Adresse',
    send: 'Link schicken',
    sent: 'Wenn diese Adresse Partien hat, ist ein Link unterwegs.',
    expired: 'Dieser Link ist abgelaufen. Fordere einen neuen an.',
    muteTitle: '„{title}“ und ihre Revanchen stummschalten?',
    muteButton: 'Diese Partie stummschalten',
    muted: 'Keine Mails mehr zu „{title}“ und ihren Revanchen.',
    unmuteButton: 'Wieder einschalten',
    unmuted: 'Mails zu dieser Partie sind wieder an.',
    statusLobby: 'wartet auf Spieler',
    statusPlaying: 'läuft',
    yourTurnBadge: 'du bist dran',
    blockTitle: 'Keine Mails mehr von dieser Seite?',
    blockText:
      'An diese Adresse geht keine Einladung und keine andere Spiel-Mail mehr, egal wer sie eingibt. Nur ein Link, der an diese Adresse geschickt wird, schaltet Mails wieder ein.',
    blockButton: 'Alle Mails stoppen',
    blocked: 'Erledigt: Diese Seite schickt keine Mails mehr an diese Adresse.',
    unblockHint: 'Anders überlegt? Fordere einen Link an, der Mails wieder einschaltet.',
    unblockTitle: 'Mails wieder einschalten',
    unblockText:
      'Gib deine Adresse ein. Wenn Mails an sie gestoppt wurden, schicken wir ihr einen Link, der sie wieder einschaltet.',
    unblockSent: 'Wenn Mails an diese Adresse gestoppt wurden, ist ein Link unterwegs.',
    unblockButton: 'Mails wieder einschalten',
    unblocked: 'Mails an diese Adresse sind wieder an.',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText:
      'Unter dieser Adresse gibt es keine Seite. Prüfe den Link oder fang auf der Startseite neu an.',
    notFoundHome: 'Zur Startseite',
  },
  // -- digest, confirmation of mail settings --
  digest: {
    subject: 'Mille Bornes: {count} {count|Partie wartet|Partien warten} auf dich',
    intro: 'Deine tägliche Übersicht: {count|diese Partie wartet|diese Partien warten} auf dich.',
    turn: '{title}: du bist dran',
    answer: '{title}: deine Antwort auf einen Angriff',
    nextHand: '{title}: starte die nächste Runde',
    deadline: 'Frist: {time}',
    open: 'Partie öffnen',
    confirmSubject: 'Mille Bornes: bestätige deine Mail-Einstellungen',
    confirmIntro:
      'Jemand mit dem Link deines Platzes möchte diese Mail-Einstellungen für alle Partien dieser Adresse:',
    confirmButton: 'Diese Einstellungen verwenden',
    confirmTitle: 'Diese Mail-Einstellungen für alle deine Partien verwenden?',
    confirmText: 'Diese Einstellungen gelten dann für jede Partie dieser Adresse:',
    confirmed: 'Erledigt: deine Partien folgen diesen Mail-Einstellungen.',
    replacedTitle: 'Dieser Link wurde durch einen neueren ersetzt',
    replacedText:
      'Du hast deine Mail-Einstellungen geändert, nachdem dieser Link verschickt wurde; er ändert nichts mehr. Nutze den Link aus der neuesten Mail oder ändere die Einstellungen erneut in einer Partie.',
    digestAt: 'eine Mail am Tag um {hour}:00',
    eachTurn: 'eine Mail pro Zug',
    quietFrom: 'Ruhe von {from}:00 bis {to}:00',
    noQuiet: 'keine Ruhezeit',
  },
  // -- vacation, stand-in, bot deadline --
  away: {
    idleBot: 'Wenn du bis {when} nicht gespielt hast, spielt der Computer diesen Zug für dich.',
    idleSkip: 'Wenn du bis {when} nicht gespielt hast, wird dein Zug übersprungen.',
    botSeatTimeouts:
      'Deine letzten Züge haben die Frist überschritten, deshalb spielt jetzt der Computer deinen Platz – bis du mit deinem Link zurückkommst.',
  },
  // -- invitation from the create form --
  // -- window mail words --
  windowMail: {
    askHint:
      'Antwortest du nicht bis {time}, wird {safety} für dich als Coup fourré gespielt, falls du die Karte hast; sonst geht das Spiel weiter.',
    askHintQuick:
      'Antwortest du nicht bis {time}, wird {safety} für dich als Coup fourré gespielt, falls du die Karte hast, sonst {remedy}, falls du diese hast; sonst geht das Spiel weiter.',
  },
  // -- chat on the page --
  // -- chat lines in mails --
  chatMail: {
    intro: 'Neu im Chat seit deinem letzten Zug:',
    line: '{name} schrieb: „{text}“',
    more: 'Ältere Nachrichten, die hier fehlen: {count}.',
  },
  // -- rematch by consent --
  rematchOffer: {
    subject: '{name} bietet eine Revanche an',
    subjectHost: 'Eine Revanche wird angeboten',
    body: '{name} bietet eine Revanche von {title} an: dieselben Spieler, dieselben Regeln. Sie wird ausgeteilt, sobald alle zugestimmt haben.',
    bodyHost:
      'Der Gastgeber bietet eine Revanche von {title} an: dieselben Spieler, dieselben Regeln. Sie wird ausgeteilt, sobald alle zugestimmt haben.',
    lapses: 'Nimm es auf der Seite der Partie an oder lehne es ab. Das Angebot gilt bis {when}.',
    button: 'Auf das Angebot antworten',
  },
  // -- leaving a match --
  leave: {
    subject: 'Mille Bornes: {player} hat die Partie verlassen',
    goesOn: 'Die Partie geht ohne diese Person weiter.',
    open: 'Partie öffnen',
  },
  paused: {
    subject: 'Mille Bornes: während die Mails pausierten',
    intro:
      'Dieser Server hat sein tägliches Mail-Limit erreicht und seine Mails bis zum Zurücksetzen zurückgehalten. Während der Pause:',
    now: 'So steht es jetzt:',
  },
};
