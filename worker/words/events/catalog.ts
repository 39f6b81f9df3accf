/**
 * The shape of one language's event words: one template per public game event, shared by the
 * page's log and the "your turn" mail (see describe.ts for how they are filled). Every language
 * file (en, fr, de, sv, nb) implements the whole shape, so the type checker catches a missing
 * phrase. Templates use `{name}` placeholders and `{n|one|other}` plurals (see fill.ts).
 */

/**
 * Every phrase key, with its placeholders:
 * - `and` {a} {b}: joins names ("Ann, Bob and Cy": {a} is all but the last name).
 * - `you`, `yourTeam`: a hazard's target when it is the reader's own team (the mail's reader).
 * - `handStarted` {hand} {player}; `drewPile` {player}; `drewDiscard` {player} {card};
 *   `reshuffled` {cards}: a new draw pile of that many cards.
 * - `drove` {player} {card}: a distance card; `playedOn` {player} {card} {target}: a hazard;
 *   `played` {player} {card}: a remedy; `playedSafety` {player} {card}: a safety in turn.
 * - `hazardCancelled` {card} {hazard} {target}: a safety lifted a hazard from a battle pile.
 * - `discarded` {player} {card}; `windowOpened` {player} {hazard} {attacker}; `passed` {player}.
 * - `coupFourre` {player} {card} {hazard} {attacker}; `quickRemedy` {player} {card} {hazard}.
 * - `turnLost` {player}; `turnsLost` {players}; `mulligan` {player} {count}; `extraTurn` {player}.
 * - `extensionOffered`, `extensionAccepted`, `extensionDeclined`, `skipped`: {player}.
 * - `drawPileExhausted`; `handOver` {hand}; `matchOver`; `scores`, `finalScores` {scores}.
 * - `drewPileTimes` {player} {count}: consecutive draws from the pile, folded into one line.
 * - `sinceYouLeft`: the lead-in of what happened since the reader's last visit.
 * - `playedOut` {goal} {players}: a hand played out with no trip, and who went farthest;
 *   `playedOutTie` {goal} {players}: the same when several went equally far; `playedOutNobody` {goal}.
 * - `leftBot`, `leftSkip`, `leftEnd` {player}: a player left the match (a platform event,
 *   not the engine's): a computer plays the seat for good, its turns are skipped, or the match ends.
 */
export const EVENT_PHRASE_KEYS = [
  'and',
  'you',
  'yourTeam',
  'handStarted',
  'drewPile',
  'drewDiscard',
  'reshuffled',
  'drove',
  'playedOn',
  'played',
  'playedSafety',
  'hazardCancelled',
  'discarded',
  'windowOpened',
  'passed',
  'coupFourre',
  'quickRemedy',
  'turnLost',
  'turnsLost',
  'mulligan',
  'extraTurn',
  'extensionOffered',
  'extensionAccepted',
  'extensionDeclined',
  'skipped',
  'drawPileExhausted',
  'handOver',
  'matchOver',
  'scores',
  'finalScores',
  'drewPileTimes',
  'sinceYouLeft',
  'playedOut',
  'playedOutTie',
  'playedOutNobody',
  'leftBot',
  'leftSkip',
  'leftEnd',
] as const;

/** One phrase key (see `EVENT_PHRASE_KEYS` for its placeholders). */
export type EventPhraseKey = (typeof EVENT_PHRASE_KEYS)[number];

/** One language's event words: its language code (for plural rules) and every phrase. */
export type EventWords = { readonly lang: string } & { readonly [K in EventPhraseKey]: string };
