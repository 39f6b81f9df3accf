/**
 * The shape of one language's mail catalog. Templates use `{name}` placeholders filled by
 * `fill()`, and a counted word carries both its forms, `{count} {count|partie|parties}`, picked by
 * the language's plural rules (words/plural.ts; `fill` takes the catalog's `locale`); values are
 * plain text (escaped later for HTML, made header-safe for subjects).
 * Every language file (en, fr, de, sv, nb) implements this whole interface, so the type checker
 * catches a missing string.
 */
import type { CardNames } from '../../words/cards/catalog';
import type { EventWords } from '../../words/events/catalog';

/** All words of one language. */
export interface Catalog {
  /** BCP 47 tag used for dates, plural forms and the HTML `lang` attribute. */
  locale: string;
  /** Card names, shared with the page (worker/words/cards); text takes them through `cardName`. */
  cards: CardNames;
  /** Event words, shared with the page (worker/words/events). */
  events: EventWords;
  /** Fallback when a match has no title. */
  defaultTitle: string;
  greeting: string; // {name}
  /** The greeting of a reader whose seat name is a placeholder (an invited guest yet to choose one). */
  greetingNoName: string;
  /**
   * Subjects carry no match title and at most one short player name (a mail-client preview must
   * not show text a stranger chose): "Mille Bornes: …", or the inviter's name.
   */
  subjects: {
    invitation: string; // {host}
    yourTurn: string;
    handOver: string; // {hand}
    responseWindow: string; // {attacker} {hazard}
    reminder: string; // {left}
    botTurn: string;
    botSeat: string;
    finishedWon: string; // the reader's team won
    finishedLost: string; // another team won
    finishedDraw: string;
    myMatches: string;
    unblock: string;
  };
  bodies: {
    invitation: string; // {host} {title}
    yourTurnIntro: string; // lead-in to the list of events
    handOverIntro: string; // {hand}; starts with the shared `events.handOver` line
    yourTurnOnly: string; // when nothing happened since the last turn
    deadline: string; // {time} {left}
    responseWindow: string; // {attacker} {hazard} {target}
    responseWindowHint: string; // {time}
    reminder: string; // {time} {left}
    botTurn: string;
    botSeat: string;
    takeBack: string;
    finished: string; // {winners}
    finishedDraw: string;
    scoresHeading: string;
    rematch: string;
    myMatchesIntro: string;
    myMatchesExpiry: string; // {hours} with its plural forms
    myMatchesNotYou: string;
    unblockIntro: string; // the mail that turns mail back on for an address
  };
  buttons: {
    join: string;
    play: string;
    answer: string;
    takeBack: string;
    rematch: string;
    myMatches: string;
    unblock: string;
  };
  footer: {
    copyLink: string;
    why: string; // {title}
    private: string;
    privateList: string; // the "my matches" mail: its link opens every match of the address
    mute: string; // mutes the match and its rematches
    blockInvites: string; // the invitation's link that stops every mail to the address
    blockAll: string; // the same link in every other match mail
  };
  /** "{hours} h" / "{minutes} min" for time left. */
  hours: string;
  minutes: string;
  /** My-matches, mute, block, unblock and not-found page words (server-rendered HTML). */
  pages: {
    myMatchesTitle: string;
    myMatchesNone: string;
    enterEmail: string;
    send: string;
    sent: string;
    expired: string;
    muteTitle: string; // {title}
    muteButton: string;
    muted: string; // {title}
    unmuteButton: string;
    unmuted: string;
    statusLobby: string;
    statusPlaying: string;
    yourTurnBadge: string;
    blockTitle: string;
    blockText: string;
    blockButton: string;
    blocked: string;
    unblockHint: string; // link text to the page that asks for an unblock link
    unblockTitle: string;
    unblockText: string;
    unblockSent: string;
    unblockButton: string;
    unblocked: string;
    /** The 404 page of a path that is neither a page of the app nor one of its files (routes/site.ts). */
    notFoundTitle: string;
    notFoundText: string;
    notFoundHome: string; // the link to the home page (on every server-rendered page)
  };
  // -- digest, confirmation of mail settings --
  /** The daily digest and the confirmation of mail settings. */
  digest: {
    subject: string; // {count} with its plural forms
    intro: string; // {count|…|…}: "this match waits" / "these matches wait"
    turn: string; // {title}
    answer: string; // {title}
    nextHand: string; // {title}
    deadline: string; // {time}
    open: string; // button
    confirmSubject: string;
    confirmIntro: string;
    confirmButton: string;
    /** Page words of the confirmation link. */
    confirmTitle: string;
    confirmText: string;
    confirmed: string;
    /** A link a later change replaced: its page (it applies nothing). */
    replacedTitle: string;
    replacedText: string;
    digestAt: string; // {hour}: one mail a day at this hour
    eachTurn: string;
    quietFrom: string; // {from} {to}
    noQuiet: string;
  };
  // -- vacation, stand-in, bot deadline --
  /** When a turn's deadline passes with nothing played, and a bot keeping the seat after timeouts. */
  away: {
    idleBot: string; // {when}
    idleSkip: string; // {when}
    botSeatTimeouts: string;
  };
  // -- invitation from the create form --
  // -- window mail words --
  /** The response window's hint for a seat that chose "ask me" (RULES.md §7). */
  windowMail: {
    askHint: string; // {time} {safety}
    askHintQuick: string; // {time} {safety} {remedy}
  };
  // -- chat on the page --
  // -- chat lines in mails --
  /**
   * Chat lines in the your-turn mail and the digest: the lead-in, one line per message,
   * how many earlier lines are left out, and the quick phrases in this language.
   */
  chatMail: {
    intro: string;
    line: string; // {name} {text}
    more: string; // {count}
  };
  // -- rematch by consent --
  rematchOffer: {
    subject: string; // {name}
    subjectHost: string;
    body: string; // {name} {title}
    bodyHost: string; // {title}
    lapses: string; // {when}
    button: string;
  };
  // -- leaving a match --
  /** Another player left the match and it goes on (the line itself is the shared event words' `leftBot`/`leftSkip`). */
  leave: {
    subject: string; // {player}
    goesOn: string;
    /** The button: the match's page (the reader's seat link). */
    open: string;
  };
  // -- the daily mail quota (issue #33) --
  /** A catch-up mail after a pause of the server's mail at its daily limit (notify/catch-up.ts). */
  paused: {
    subject: string;
    /** Before the list of what waited (the waiting mails' subjects). */
    intro: string;
    /** Before the newest mail's own words: where things stand now. */
    now: string;
  };
}

/**
 * Fills `{key}` placeholders and `{n|one|other}` plural forms in the language given (the catalog's
 * `locale`); unknown keys are left as they are so a missing value is visible in tests.
 */
export { fill } from '../../words/events/fill';
