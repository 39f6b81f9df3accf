/** Swedish mail catalog; card names and event words are shared with the page (worker/shared). */
import { sv as cards } from '../../words/cards/sv';
import { sv as events } from '../../words/events/sv';
import type { Catalog } from './catalog';

export const sv: Catalog = {
  locale: 'sv-SE',
  cards,
  events,
  defaultTitle: 'Mille Bornes',
  greeting: 'Hej {name},',
  greetingNoName: 'Hej,',
  subjects: {
    invitation: '{host} bjuder in dig till Mille Bornes',
    yourTurn: 'Mille Bornes: det är din tur',
    handOver: 'Mille Bornes: giv {hand} är slut, starta nästa',
    responseWindow: 'Mille Bornes: {attacker} spelade {hazard} mot dig, svara?',
    reminder: 'Mille Bornes: din tur väntar ({left} kvar)',
    botTurn: 'Mille Bornes: en bot spelade din tur',
    botSeat: 'Mille Bornes: en bot tog över din plats',
    finishedWon: 'Mille Bornes: matchen är slut, du vann',
    finishedLost: 'Mille Bornes: matchen är slut, se slutpoängen',
    finishedDraw: 'Mille Bornes: matchen är slut, oavgjort',
    myMatches: 'Dina Mille Bornes-matcher',
    unblock: 'Slå på mejl från Mille Bornes igen',
  },
  bodies: {
    invitation:
      '{host} bjuder in dig till en match i Mille Bornes: ”{title}”. Öppna din plats med länken nedan och välj namnet du spelar under.',
    yourTurnIntro: 'Det är din tur. Sedan din senaste tur:',
    handOverIntro: 'Giv {hand} är slut. Sedan din senaste tur:',
    yourTurnOnly: 'Det är din tur.',
    deadline: 'Spela senast {time} ({left} kvar).',
    responseWindow: '{attacker} spelade {hazard} mot {target}. Du kan svara nu.',
    responseWindowHint: 'Om du inte svarar före {time} gäller ditt automatiska val.',
    reminder: 'Din tur väntar fortfarande. Tiden går ut {time} ({left} kvar).',
    botTurn: 'Tiden gick ut, så en bot spelade din tur.',
    botSeat: 'En bot spelar nu på din plats.',
    takeBack: 'Du kan ta tillbaka din plats när som helst med din länk.',
    finished: 'Matchen är slut: {winners} vann.',
    finishedDraw: 'Matchen är slut: oavgjort.',
    scoresHeading: 'Slutpoäng',
    rematch: 'En returmatch? Starta en ny match med samma spelare.',
    myMatchesIntro: 'Här är din länk till alla dina pågående Mille Bornes-matcher.',
    myMatchesExpiry: 'Länken gäller i {hours} {hours|timme|timmar}.',
    myMatchesNotYou: 'Om du inte bad om den kan du strunta i det här mejlet.',
    unblockIntro: 'Här är din länk för att slå på mejl från Mille Bornes till den här adressen igen.',
  },
  buttons: {
    join: 'Öppna din plats',
    play: 'Spela din tur',
    answer: 'Svara nu',
    takeBack: 'Ta tillbaka din plats',
    rematch: 'Returmatch',
    myMatches: 'Visa mina matcher',
    unblock: 'Slå på mejl igen',
  },
  footer: {
    copyLink: 'Om knappen inte fungerar, kopiera den här länken:',
    why: 'Du får det här mejlet eftersom du har en plats i ”{title}”.',
    private: 'Länken är din plats: vidarebefordra inte mejlet.',
    privateList: 'Länken öppnar alla dina matcher: vidarebefordra inte mejlet.',
    mute: 'Stäng av mejl för den här matchen och dess returmatcher',
    blockInvites: 'Skicka inga fler inbjudningar från den här webbplatsen',
    blockAll: 'Stoppa alla mejl från den här webbplatsen',
  },
  hours: '{hours} h',
  minutes: '{minutes} min',
  pages: {
    myMatchesTitle: 'Mina matcher',
    myMatchesNone: 'Inga pågående matcher för den här adressen.',
    enterEmail: 'Din e-postadress',
    send: 'Skicka länken',
    sent: 'Om adressen har matcher är en länk på väg.',
    expired: 'Länken har gått ut. Be om en ny.',
    muteTitle: 'Stäng av mejl för ”{title}” och dess returmatcher?',
    muteButton: 'Stäng av mejl för matchen',
    muted: 'Inga fler mejl om ”{title}” eller dess returmatcher.',
    unmuteButton: 'Slå på igen',
    unmuted: 'Mejl om matchen är på igen.',
    statusLobby: 'väntar på spelare',
    statusPlaying: 'pågår',
    yourTurnBadge: 'din tur',
    blockTitle: 'Stoppa alla mejl från den här webbplatsen?',
    blockText:
      'Ingen inbjudan och inget annat matchmejl skickas till den här adressen igen, vem som än anger den. Bara en länk som mejlas till adressen kan slå på mejlen igen.',
    blockButton: 'Stoppa alla mejl',
    blocked: 'Klart: webbplatsen skickar inga fler mejl till den här adressen.',
    unblockHint: 'Ångrat dig? Be om en länk som slår på mejlen igen.',
    unblockTitle: 'Slå på mejl igen',
    unblockText: 'Ange din adress. Om mejl till den har stoppats skickar vi en länk som slår på dem igen.',
    unblockSent: 'Om mejl till adressen har stoppats är en länk på väg.',
    unblockButton: 'Slå på mejl igen',
    unblocked: 'Mejl till den här adressen är på igen.',
    notFoundTitle: 'Sidan finns inte',
    notFoundText:
      'Det finns ingen sida på den här adressen. Kontrollera länken, eller börja om från startsidan.',
    notFoundHome: 'Till startsidan',
  },
  // -- digest, confirmation of mail settings --
  digest: {
    subject: 'Mille Bornes: {count} {count|match väntar|matcher väntar} på dig',
    intro: 'Din dagliga sammanfattning: {count|den här matchen väntar|de här matcherna väntar} på dig.',
    turn: '{title}: din tur',
    answer: '{title}: ditt svar på en attack',
    nextHand: '{title}: starta nästa giv',
    deadline: 'Tidsgräns: {time}',
    open: 'Öppna matchen',
    confirmSubject: 'Mille Bornes: bekräfta dina e-postinställningar',
    confirmIntro:
      'Någon med länken till din plats bad om de här e-postinställningarna för alla matcher på den här adressen:',
    confirmButton: 'Använd inställningarna',
    confirmTitle: 'Använda de här e-postinställningarna för alla dina matcher?',
    confirmText: 'Inställningarna gäller då varje match på den här adressen:',
    confirmed: 'Klart: dina matcher följer de här e-postinställningarna.',
    replacedTitle: 'Den här länken har ersatts av en nyare',
    replacedText:
      'Du ändrade dina e-postinställningar igen efter att länken skickades, så den ändrar ingenting längre. Använd länken i det senaste mejlet, eller ändra inställningarna igen i en match.',
    digestAt: 'ett mejl om dagen kl. {hour}:00',
    eachTurn: 'ett mejl för varje tur',
    quietFrom: 'tyst från {from}:00 till {to}:00',
    noQuiet: 'inga tysta timmar',
  },
  // -- vacation, stand-in, bot deadline --
  away: {
    idleBot: 'Om du inte har spelat senast {when} spelar datorn turen åt dig.',
    idleSkip: 'Om du inte har spelat senast {when} hoppas din tur över.',
    botSeatTimeouts:
      'Dina senaste turer gick ut på tid, så datorn spelar nu din plats. Den fortsätter tills du kommer tillbaka med din länk.',
  },
  // -- invitation from the create form --
  // -- window mail words --
  windowMail: {
    askHint:
      'Om du inte har svarat före {time} spelas {safety} åt dig som coup fourré om du har kortet; annars fortsätter spelet.',
    askHintQuick:
      'Om du inte har svarat före {time} spelas {safety} åt dig som coup fourré om du har kortet, annars {remedy} om du har det kortet; annars fortsätter spelet.',
  },
  // -- chat on the page --
  // -- chat lines in mails --
  chatMail: {
    intro: 'Nytt i chatten sedan ditt senaste drag:',
    line: '{name} skrev: ”{text}”',
    more: 'Äldre meddelanden som inte visas här: {count}.',
  },
  // -- rematch by consent --
  rematchOffer: {
    subject: '{name} erbjuder en returmatch',
    subjectHost: 'En returmatch erbjuds',
    body: '{name} erbjuder en returmatch av {title}: samma spelare och regler. Den delas ut när alla har tackat ja.',
    bodyHost:
      'Värden erbjuder en returmatch av {title}: samma spelare och regler. Den delas ut när alla har tackat ja.',
    lapses: 'Tacka ja eller nej på matchens sida. Erbjudandet går ut {when}.',
    button: 'Svara på erbjudandet',
  },
  // -- leaving a match --
  leave: {
    subject: 'Mille Bornes: {player} lämnade matchen',
    goesOn: 'Matchen fortsätter utan hen.',
    open: 'Öppna matchen',
  },
  paused: {
    subject: 'Mille Bornes: medan mejlen pausade',
    intro:
      'Den här servern nådde sin dagliga gräns för mejl och höll inne dem tills gränsen nollställdes. Medan mejlen pausade:',
    now: 'Så här ser det ut nu:',
  },
};
