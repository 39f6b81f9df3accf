/** Norwegian (bokmål) mail catalog; card names and event words are shared with the page (worker/shared). */
import { nb as cards } from '../../words/cards/nb';
import { nb as events } from '../../words/events/nb';
import type { Catalog } from './catalog';

export const nb: Catalog = {
  locale: 'nb-NO',
  cards,
  events,
  defaultTitle: 'Mille Bornes',
  greeting: 'Hei {name},',
  greetingNoName: 'Hei,',
  subjects: {
    invitation: '{host} inviterer deg til Mille Bornes',
    yourTurn: 'Mille Bornes: det er din tur',
    handOver: 'Mille Bornes: hånd {hand} er over, start neste',
    responseWindow: 'Mille Bornes: {attacker} spilte {hazard} mot deg, svare?',
    reminder: 'Mille Bornes: turen din venter ({left} igjen)',
    botTurn: 'Mille Bornes: en bot spilte turen din',
    botSeat: 'Mille Bornes: en bot tok over plassen din',
    finishedWon: 'Mille Bornes: spillet er over, du vant',
    finishedLost: 'Mille Bornes: spillet er over, se sluttpoengene',
    finishedDraw: 'Mille Bornes: spillet er over, uavgjort',
    myMatches: 'Dine Mille Bornes-spill',
    unblock: 'Slå på e-post fra Mille Bornes igjen',
  },
  bodies: {
    invitation:
      '{host} inviterer deg til et spill Mille Bornes: «{title}». Åpne plassen din med lenken under og velg navnet du spiller under.',
    yourTurnIntro: 'Det er din tur. Siden din forrige tur:',
    handOverIntro: 'Hånd {hand} er over. Siden din forrige tur:',
    yourTurnOnly: 'Det er din tur.',
    deadline: 'Spill innen {time} ({left} igjen).',
    responseWindow: '{attacker} spilte {hazard} mot {target}. Du kan svare nå.',
    responseWindowHint: 'Svarer du ikke innen {time}, gjelder ditt automatiske valg.',
    reminder: 'Turen din venter fortsatt. Fristen er {time} ({left} igjen).',
    botTurn: 'Fristen gikk ut, så en bot spilte turen din.',
    botSeat: 'En bot spiller nå på plassen din.',
    takeBack: 'Du kan ta tilbake plassen din når som helst med lenken din.',
    finished: 'Spillet er over: {winners} vant.',
    finishedDraw: 'Spillet er over: uavgjort.',
    scoresHeading: 'Sluttpoeng',
    rematch: 'En omkamp? Start et nytt spill med de samme spillerne.',
    myMatchesIntro: 'Her er lenken til alle dine pågående Mille Bornes-spill.',
    myMatchesExpiry: 'Lenken virker i {hours} {hours|time|timer}.',
    myMatchesNotYou: 'Hvis du ikke ba om den, kan du se bort fra denne e-posten.',
    unblockIntro: 'Her er lenken din for å slå på e-post fra Mille Bornes til denne adressen igjen.',
  },
  buttons: {
    join: 'Åpne plassen din',
    play: 'Spill turen din',
    answer: 'Svar nå',
    takeBack: 'Ta tilbake plassen',
    rematch: 'Omkamp',
    myMatches: 'Vis spillene mine',
    unblock: 'Slå på e-post igjen',
  },
  footer: {
    copyLink: 'Hvis knappen ikke virker, kopier denne lenken:',
    why: 'Du får denne e-posten fordi du har en plass i «{title}».',
    private: 'Lenken er plassen din: ikke videresend denne e-posten.',
    privateList: 'Lenken åpner alle spillene dine: ikke videresend denne e-posten.',
    mute: 'Slå av e-post for dette spillet og omkampene',
    blockInvites: 'Ikke send meg invitasjoner fra dette nettstedet',
    blockAll: 'Stopp all e-post fra dette nettstedet',
  },
  hours: '{hours} t',
  minutes: '{minutes} min',
  pages: {
    myMatchesTitle: 'Spillene mine',
    myMatchesNone: 'Ingen pågående spill for denne adressen.',
    enterEmail: 'E-postadressen din',
    send: 'Send meg lenken',
    sent: 'Hvis adressen har spill, er en lenke på vei.',
    expired: 'Lenken er utløpt. Be om en ny.',
    muteTitle: 'Slå av e-post for «{title}» og omkampene?',
    muteButton: 'Slå av e-post for spillet',
    muted: 'Ingen flere e-poster om «{title}» eller omkampene.',
    unmuteButton: 'Slå på igjen',
    unmuted: 'E-post om spillet er slått på igjen.',
    statusLobby: 'venter på spillere',
    statusPlaying: 'pågår',
    yourTurnBadge: 'din tur',
    blockTitle: 'Stoppe all e-post fra dette nettstedet?',
    blockText:
      'Ingen invitasjon og ingen annen kamp-e-post sendes til denne adressen igjen, uansett hvem som skriver den inn. Bare en lenke sendt til denne adressen kan slå på e-post igjen.',
    blockButton: 'Stopp all e-post',
    blocked: 'Ferdig: nettstedet sender ikke mer e-post til denne adressen.',
    unblockHint: 'Ombestemt deg? Be om en lenke som slår på e-post igjen.',
    unblockTitle: 'Slå på e-post igjen',
    unblockText:
      'Skriv inn adressen din. Hvis e-post til den er stoppet, sender vi en lenke som slår den på igjen.',
    unblockSent: 'Hvis e-post til adressen er stoppet, er en lenke på vei.',
    unblockButton: 'Slå på e-post igjen',
    unblocked: 'E-post til denne adressen er slått på igjen.',
    notFoundTitle: 'Fant ikke siden',
    notFoundText: 'Det finnes ingen side på denne adressen. Sjekk lenken, eller begynn på nytt fra forsiden.',
    notFoundHome: 'Til forsiden',
  },
  // -- digest, confirmation of mail settings --
  digest: {
    subject: 'Mille Bornes: {count} {count|kamp venter|kamper venter} på deg',
    intro: 'Den daglige oppsummeringen din: {count|denne kampen venter|disse kampene venter} på deg.',
    turn: '{title}: din tur',
    answer: '{title}: ditt svar på et angrep',
    nextHand: '{title}: start neste runde',
    deadline: 'Frist: {time}',
    open: 'Åpne kampen',
    confirmSubject: 'Mille Bornes: bekreft e-postinnstillingene dine',
    confirmIntro:
      'Noen med lenken til plassen din ba om disse e-postinnstillingene for alle kamper på denne adressen:',
    confirmButton: 'Bruk innstillingene',
    confirmTitle: 'Bruke disse e-postinnstillingene for alle kampene dine?',
    confirmText: 'Innstillingene gjelder da hver kamp på denne adressen:',
    confirmed: 'Ferdig: kampene dine følger disse e-postinnstillingene.',
    replacedTitle: 'Denne lenken er erstattet av en nyere',
    replacedText:
      'Du endret e-postinnstillingene dine igjen etter at lenken ble sendt, så den endrer ingenting lenger. Bruk lenken i den nyeste e-posten, eller endre innstillingene igjen i en kamp.',
    digestAt: 'én e-post om dagen kl. {hour}:00',
    eachTurn: 'én e-post for hver tur',
    quietFrom: 'stille fra {from}:00 til {to}:00',
    noQuiet: 'ingen stille timer',
  },
  // -- vacation, stand-in, bot deadline --
  away: {
    idleBot: 'Hvis du ikke har spilt innen {when}, spiller datamaskinen turen for deg.',
    idleSkip: 'Hvis du ikke har spilt innen {when}, hoppes turen din over.',
    botSeatTimeouts:
      'De siste turene dine gikk ut på tid, så datamaskinen spiller nå plassen din. Den fortsetter til du kommer tilbake med lenken din.',
  },
  // -- invitation from the create form --
  // -- window mail words --
  windowMail: {
    askHint:
      'Har du ikke svart innen {time}, spilles {safety} for deg som coup fourré hvis du har kortet; ellers går spillet videre.',
    askHintQuick:
      'Har du ikke svart innen {time}, spilles {safety} for deg som coup fourré hvis du har kortet, ellers {remedy} hvis du har det kortet; ellers går spillet videre.',
  },
  // -- chat on the page --
  // -- chat lines in mails --
  chatMail: {
    intro: 'Nytt i chatten siden ditt forrige trekk:',
    line: '{name} skrev: «{text}»',
    more: 'Eldre meldinger som ikke vises her: {count}.',
  },
  // -- rematch by consent --
  rematchOffer: {
    subject: '{name} tilbyr en returkamp',
    subjectHost: 'En returkamp er tilbudt',
    body: '{name} tilbyr en returkamp av {title}: samme spillere og regler. Den deles ut når alle har takket ja.',
    bodyHost:
      'Verten tilbyr en returkamp av {title}: samme spillere og regler. Den deles ut når alle har takket ja.',
    lapses: 'Takk ja eller nei på kampens side. Tilbudet går ut {when}.',
    button: 'Svar på tilbudet',
  },
  // -- leaving a match --
  leave: {
    subject: 'Mille Bornes: {player} forlot spillet',
    goesOn: 'Spillet fortsetter uten vedkommende.',
    open: 'Åpne spillet',
  },
  paused: {
    subject: 'Mille Bornes: mens e-posten hadde pause',
    intro:
      'Denne serveren nådde den daglige e-postgrensen sin og holdt igjen e-posten til grensen ble nullstilt. Mens e-posten hadde pause:',
    now: 'Slik står det nå:',
  },
};
