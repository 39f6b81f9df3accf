/** English mail catalog; card names and event words are shared with the page (worker/shared). */
import { en as cards } from '../../words/cards/en';
import { en as events } from '../../words/events/en';
import type { Catalog } from './catalog';

export const en: Catalog = {
  locale: 'en-GB',
  cards,
  events,
  defaultTitle: 'Mille Bornes',
  greeting: 'Hello {name},',
  greetingNoName: 'Hello,',
  subjects: {
    invitation: '{host} invites you to play Mille Bornes',
    yourTurn: 'Mille Bornes: it is your turn',
    handOver: 'Mille Bornes: hand {hand} is over, start the next one',
    responseWindow: 'Mille Bornes: {attacker} played {hazard} on you, answer?',
    reminder: 'Mille Bornes: your turn is waiting ({left} left)',
    botTurn: 'Mille Bornes: a bot played your turn',
    botSeat: 'Mille Bornes: a bot took your seat',
    finishedWon: 'Mille Bornes: match over, you won',
    finishedLost: 'Mille Bornes: match over, see the scores',
    finishedDraw: 'Mille Bornes: match over, a tie',
    myMatches: 'Your Mille Bornes matches',
    unblock: 'Turn Mille Bornes mail back on',
  },
  bodies: {
    invitation:
      '{host} invites you to a game of Mille Bornes: "{title}". Open your seat with the link below and choose the name you play under.',
    yourTurnIntro: 'It is your turn. Since your last turn:',
    handOverIntro: 'Hand {hand} is over. Since your last turn:',
    yourTurnOnly: 'It is your turn.',
    deadline: 'Please play by {time} ({left} left).',
    responseWindow: '{attacker} played {hazard} on {target}. You may answer now.',
    responseWindowHint: 'If you do not answer by {time}, your automatic choice applies.',
    reminder: 'Your turn is still waiting. The deadline is {time} ({left} left).',
    botTurn: 'The deadline passed, so a bot played your turn.',
    botSeat: 'A bot now plays your seat.',
    takeBack: 'You can take your seat back at any time with your link.',
    finished: 'The match is over: {winners} won.',
    finishedDraw: 'The match is over: it is a tie.',
    scoresHeading: 'Final scores',
    rematch: 'Fancy another one? Start a rematch with the same players.',
    myMatchesIntro: 'Here is your link to all your open Mille Bornes matches.',
    myMatchesExpiry: 'The link works for {hours} {hours|hour|hours}.',
    myMatchesNotYou: 'If you did not ask for it, you can ignore this mail.',
    unblockIntro: 'Here is your link to turn mail from Mille Bornes back on for this address.',
  },
  buttons: {
    join: 'Open your seat',
    play: 'Play your turn',
    answer: 'Answer now',
    takeBack: 'Take your seat back',
    rematch: 'Rematch',
    myMatches: 'Show my matches',
    unblock: 'Turn mail back on',
  },
  footer: {
    copyLink: 'If the button does not work, copy this link:',
    why: 'You get this mail because you have a seat in "{title}".',
    private: 'The link is your seat: do not forward this mail.',
    privateList: 'The link opens all your matches: do not forward this mail.',
    mute: 'Mute this match and its rematches',
    blockInvites: 'Do not send me invitations from this site',
    blockAll: 'Stop all mail from this site',
  },
  hours: '{hours} h',
  minutes: '{minutes} min',
  pages: {
    myMatchesTitle: 'My matches',
    myMatchesNone: 'No open matches for this address.',
    enterEmail: 'Your e-mail address',
    send: 'Send me the link',
    sent: 'If this address has matches, a link is on its way.',
    expired: 'This link has expired. Ask for a new one.',
    muteTitle: 'Mute "{title}" and its rematches?',
    muteButton: 'Mute this match',
    muted: 'No more mails about "{title}" or its rematches.',
    unmuteButton: 'Unmute',
    unmuted: 'Mails about this match are back on.',
    statusLobby: 'waiting for players',
    statusPlaying: 'in play',
    yourTurnBadge: 'your turn',
    blockTitle: 'Stop all mail from this site?',
    blockText:
      'No invitation and no other match mail will be sent to this address again, whoever enters it. Only a link mailed to this address can turn mail back on.',
    blockButton: 'Stop all mail',
    blocked: 'Done: this site sends no more mail to this address.',
    unblockHint: 'Changed your mind? Ask for a link that turns mail back on.',
    unblockTitle: 'Turn mail back on',
    unblockText: 'Enter your address. If mail to it was stopped, we send it a link that turns mail back on.',
    unblockSent: 'If mail to this address was stopped, a link is on its way.',
    unblockButton: 'Turn mail back on',
    unblocked: 'Mail to this address is back on.',
    notFoundTitle: 'Page not found',
    notFoundText: 'There is no page at this address. Check the link, or start again from the home page.',
    notFoundHome: 'Go to the home page',
  },
  // -- digest, confirmation of mail settings --
  digest: {
    subject: 'Mille Bornes: {count} {count|match waits|matches wait} for you',
    intro: 'Your daily summary: {count|this match waits|these matches wait} for you.',
    turn: '{title}: your turn',
    answer: '{title}: your answer to a hazard',
    nextHand: '{title}: start the next hand',
    deadline: 'Deadline: {time}',
    open: 'Open the match',
    confirmSubject: 'Mille Bornes: confirm your mail settings',
    confirmIntro:
      'Someone with your seat link asked to use these mail settings for all matches of this address:',
    confirmButton: 'Use these settings',
    confirmTitle: 'Use these mail settings for all your matches?',
    confirmText: 'These settings will apply to every match of this address:',
    confirmed: 'Done: your matches follow these mail settings.',
    replacedTitle: 'This link was replaced by a newer one',
    replacedText:
      'You changed your mail settings again after this link was sent, so it no longer changes anything. Use the link in the newest mail, or change the settings again in a match.',
    digestAt: 'one mail a day at {hour}:00',
    eachTurn: 'a mail for each turn',
    quietFrom: 'quiet from {from}:00 to {to}:00',
    noQuiet: 'no quiet hours',
  },
  // -- vacation, stand-in, bot deadline --
  away: {
    idleBot: 'If you have not played by {when}, the computer will play this turn for you.',
    idleSkip: 'If you have not played by {when}, your turn will be skipped.',
    botSeatTimeouts:
      'Your last turns ran out of time, so the computer now plays your seat. It keeps playing until you come back with your link.',
  },
  // -- invitation from the create form --
  // -- window mail words --
  windowMail: {
    askHint:
      'If you have not answered by {time}, {safety} is played for you as a coup fourré if you hold it; if not, play goes on.',
    askHintQuick:
      'If you have not answered by {time}, {safety} is played for you as a coup fourré if you hold it, else {remedy} if you hold it; if not, play goes on.',
  },
  // -- chat on the page --
  // -- chat lines in mails --
  chatMail: {
    intro: 'New in the chat since your last move:',
    line: '{name} wrote: “{text}”',
    more: 'Earlier messages not shown here: {count}.',
  },
  // -- rematch by consent --
  rematchOffer: {
    subject: '{name} offers a rematch',
    subjectHost: 'A rematch is offered',
    body: '{name} offers a rematch of {title}: the same players and rules. It is dealt when everybody has accepted.',
    bodyHost:
      'The host offers a rematch of {title}: the same players and rules. It is dealt when everybody has accepted.',
    lapses: 'Accept or decline on the match page. The offer lapses {when}.',
    button: 'Answer the offer',
  },
  // -- leaving a match --
  leave: {
    subject: 'Mille Bornes: {player} left the match',
    goesOn: 'The match goes on without them.',
    open: 'Open the match',
  },
  paused: {
    subject: 'Mille Bornes: while mail was paused',
    intro:
      'This server reached its daily mail limit and held its mail until the limit reset. While mail was paused:',
    now: 'Where things stand now:',
  },
};
