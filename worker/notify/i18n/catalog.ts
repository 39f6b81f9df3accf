/**
 * The shape of one language's mail catalog. Templates use `{name}` placeholders filled by
 * `fill()`; values are plain text (escaped later for HTML, made header-safe for subjects).
 * Every language file (en, fr, de, sv, nb) implements this whole interface, so the type checker
 * catches a missing string.
 */
import type { CardId } from '../../engine/cards';

/** Event phrases: one template per public event kind (see worker/notify/events.ts for the placeholders). */
export interface EventPhrases {
  handStarted: string; // {hand} {player}
  drewDiscard: string; // {player} {card}
  reshuffled: string;
  drove: string; // {player} {card}
  hazard: string; // {player} {card} {target}
  remedy: string; // {player} {card}
  safety: string; // {player} {card}
  hazardCancelled: string; // {card} {hazard} {target}
  discarded: string; // {player} {card}
  windowOpened: string; // {player} {hazard} {attacker}
  passed: string; // {player}
  coupFourre: string; // {player} {card} {hazard} {attacker}
  quickRemedy: string; // {player} {card} {hazard}
  turnLost: string; // {player}
  turnsLost: string; // {players}
  mulligan: string; // {player} {count}
  extraTurn: string; // {player}
  extensionOffered: string; // {player}
  extensionAccepted: string; // {player}
  extensionDeclined: string; // {player}
  skipped: string; // {player}
  drawPileExhausted: string;
  handOver: string; // {hand} {scores}
  matchOver: string; // {scores}
}

/** All words of one language. */
export interface Catalog {
  /** BCP 47 tag used for dates and the HTML `lang` attribute. */
  locale: string;
  cards: Record<CardId, string>;
  /** How a hazard's target reads: the reader, the reader's team, or others by name ({names}). */
  target: { you: string; yourTeam: string; other: string };
  /** Joins names in a list: "Anna, Bob and Cleo". */
  and: string;
  events: EventPhrases;
  /** Shown when nothing public happened since the reader's last turn. */
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
    handOverIntro: string; // {hand}
    yourTurnOnly: string; // when nothing happened since the last turn
    handOverOnly: string; // {hand}, when nothing else happened
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
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
