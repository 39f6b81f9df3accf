/**
 * The shape of one language's mail catalog. Templates use `{name}` placeholders filled by
 * `fill()`; values are plain text (escaped later for HTML, made header-safe for subjects).
 * Every language file (en, fr, de, sv, nb) implements this whole interface, so the type checker
 * catches a missing string.
 */
import type { CardNames } from '../../words/cards/catalog';
import type { EventWords } from '../../words/events/catalog';

/** All words of one language. */
export interface Catalog {
  /** BCP 47 tag used for dates and the HTML `lang` attribute. */
  locale: string;
  /** Card names, shared with the page (worker/words/cards); text takes them through `cardName`. */
  cards: CardNames;
  /** Event words, shared with the page (worker/words/events). */
  events: EventWords;
  /** Fallback when a match has no title. */
  defaultTitle: string;
  greeting: string; // {name}
  subjects: {
    invitation: string; // {title} {host}
    yourTurn: string; // {title}
    handOver: string; // {title} {hand}
    responseWindow: string; // {title} {attacker} {hazard}
    reminder: string; // {title} {left}
    botTurn: string; // {title}
    botSeat: string; // {title}
    finishedWon: string; // {title} {winners}
    finishedDraw: string; // {title}
    myMatches: string;
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
    myMatchesExpiry: string; // {hours}
    myMatchesNotYou: string;
  };
  buttons: {
    join: string;
    play: string;
    answer: string;
    takeBack: string;
    rematch: string;
    myMatches: string;
  };
  footer: {
    copyLink: string;
    why: string; // {title}
    private: string;
    privateList: string; // the "my matches" mail: its link opens every match of the address
    mute: string;
  };
  /** "{hours} h" / "{minutes} min" for time left. */
  hours: string;
  minutes: string;
  /** My-matches page and mute page words (server-rendered HTML). */
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
  };
}

/** Fills `{key}` placeholders; unknown keys are left as they are so a missing value is visible in tests. */
export { fill } from '../../words/events/fill';
