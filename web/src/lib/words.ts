/**
 * Words for the table: seat and team names, the log in sentences, times in the local time zone.
 * Everything is built from public data (MatchInfo and public events); the log's words are the
 * event words shared with the mail.
 */

import { signal } from '@preact/signals';
import type { HandResult } from '../../../worker/engine/types';
import { CARD_KINDS } from '../../../worker/shared/rules-data';
import {
  describeEvent,
  type EventTable,
  joinNames,
  teamName as sharedTeamName,
  teamInList,
} from '../../../worker/words/events/describe';
import { deadlineText } from '../../../worker/words/when';
import { cardName } from '../components/Card';
import { eventWords, lang, type MessageKey, t } from '../i18n';
import type { CardId, GameEvent, MatchInfo, MatchView } from './types';

/** A seat's display name ("Seat 2" when the server gave none). */
export function seatName(info: Pick<MatchInfo, 'seats'> | null, seat: number): string {
  const name = info?.seats.find((s) => s.seat === seat)?.name?.trim();
  return name || t('home.seat', { n: seat + 1 });
}

/** Joins names: "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function listNames(names: readonly string[]): string {
  return joinNames(names, eventWords.value);
}

/** A team's display name: its player, or its players joined ("Ann and Cy"). */
export function teamName(
  info: Pick<MatchInfo, 'seats'> | null,
  view: Pick<MatchView, 'teams'>,
  team: number,
): string {
  return sharedTeamName(eventTable(info, view), team, eventWords.value);
}

/**
 * Teams in one phrase: one team as `teamName` ("Ann and Cy"), several with "&" inside each team
 * ("Ann & Cy and Bob & Di"), so that the teams do not run together.
 */
export function listTeams(
  info: Pick<MatchInfo, 'seats'> | null,
  view: Pick<MatchView, 'teams'>,
  teams: readonly number[],
): string {
  if (teams.length <= 1) return teams.length ? teamName(info, view, teams[0]) : '';
  return listNames(teams.map((team) => teamInList(eventTable(info, view), team)));
}

/**
 * The goal of a finished hand in km: the result's own (the engine records it: 1000 after an
 * extension, RULES.md §8); for a result stored before results carried it, the view's goal for the
 * hand just ended, else the rules' goal.
 */
export function handGoal(result: HandResult, view: Pick<MatchView, 'handNumber' | 'goal' | 'rules'>): number {
  return result.goal ?? (result.hand === view.handNumber ? view.goal : view.rules.options.goal);
}

/** The names and cards of a match for the shared event words (worker/words/events). */
export function eventTable(
  info: Pick<MatchInfo, 'seats'> | null,
  view: Pick<MatchView, 'teams'>,
): EventTable {
  return {
    seat: (seat) => seatName(info, seat),
    teams: view.teams,
    card: cardName,
    kind: (card) => CARD_KINDS[card],
  };
}

/**
 * An ISO time in the viewer's time zone and language, as a deadline reads: "Friday 14:30, in 2 days"
 * (worker/words/when.ts, shared with the mail); "" for an unreadable time.
 */
export function localTime(iso: string, now = Date.now()): string {
  const when = Date.parse(iso);
  return Number.isNaN(when) ? '' : deadlineText(when, now, lang.value);
}

/** Time left as "2 h 05 min", "4 min 09 s" or "0 s". */
export function timeLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(sec).padStart(2, '0')} s`;
  return `${sec} s`;
}

/**
 * One public event as a sentence, in the words shared with the mail (worker/words/events):
 * every team by name. A server log row that is no game event (e.g. a seat's coup-fourré choice)
 * gets "" and is not shown.
 */
export function eventText(
  e: GameEvent,
  info: Pick<MatchInfo, 'seats'> | null,
  view: Pick<MatchView, 'teams'>,
): string {
  return describeEvent(e, eventTable(info, view), eventWords.value);
}

/** The reason words once loaded (a lazy chunk: reason-text.ts), else null. */
const reasonChunk = signal<typeof import('./reason-text') | null>(null);
let reasonLoad: Promise<void> | null = null;

/** Loads the reason words of every language (once); the table asks for them after its first paint. */
export function loadReasonWords(): Promise<void> {
  reasonLoad ??= import('./reason-text').then((m) => {
    reasonChunk.value = m;
  });
  return reasonLoad;
}

/**
 * Why `card` of my hand cannot be played now, in words (worker/words/reasons), read from the reasons
 * the server put in my view (`view.reasons`; the client computes none): e.g. "Bob has Driving Ace."
 * "" when the view gives no reason for the card, or until the words have loaded (then it re-renders).
 */
export function cardReasonText(
  card: CardId,
  info: Pick<MatchInfo, 'seats'> | null,
  view: Pick<MatchView, 'teams' | 'reasons'>,
): string {
  const reasons = view.reasons?.[card];
  if (!reasons?.length) return '';
  const chunk = reasonChunk.value;
  if (!chunk) {
    void loadReasonWords();
    return '';
  }
  const table = { ...eventTable(info, view), team: (team: number) => teamName(info, view, team) };
  return chunk.reasonsText(reasons, table, chunk.REASON_WORDS[lang.value]);
}

/** The error words once loaded (a lazy chunk: error-words/), else null. */
const errorChunk = signal<typeof import('./error-words/index') | null>(null);
let errorLoad: Promise<void> | null = null;

/**
 * Loads the error words of every language (once; the match page asks after its first paint). A
 * failed load is forgotten, so a later error tries again; meanwhile errors read `error.generic`.
 * `load` is the chunk's import (a test passes one that fails).
 */
export function loadErrorWords(
  load: () => Promise<typeof import('./error-words/index')> = () => import('./error-words/index'),
): Promise<void> {
  errorLoad ??= load().then(
    (m) => {
      errorChunk.value = m;
    },
    () => {
      errorLoad = null;
    },
  );
  return errorLoad;
}

/** The words of the page's own failures, which never come from the server (main catalog). */
const PAGE_ERRORS: Readonly<Record<string, MessageKey>> = {
  stale: 'error.stale',
  notFound: 'error.notFound',
  'match.deleted': 'error.deleted',
};

/** Server codes the main catalog words too, for the moment before the error words arrive. */
const EARLY_ERRORS: Readonly<Record<string, MessageKey>> = {
  'match.not_found': 'error.notFound',
  'auth.bad_token': 'error.forbidden',
  'rate.limited': 'error.rateLimited',
  'seat.last_human': 'error.lastHuman',
  'name.taken': 'error.nameTaken',
  'mail.daily_limit': 'error.mailDailyLimit',
  'version.stale': 'error.stale',
};

/**
 * The words for an error shown to the player, in the page's language (`opts.retrying`: the page
 * tries again by itself, as the match's session does): the page's own failures from
 * the main catalog; every server code (the engine's refusals, the routes': worker/protocol/codes.ts
 * `ROUTE_ERROR_CODES`) from the error words (error-words/, loaded on demand; it re-renders when they
 * arrive); before they arrive (or when they could not load) the main catalog's words for a few
 * common codes, else `error.generic`; an unknown code also reads `error.generic`. The server's own `message`
 * (English, for developers) is never shown; only an unexpected failure of the page (`crash`) names it.
 */
export function errorText(err: { code: string; message: string }, opts: { retrying?: boolean } = {}): string {
  // A failed one-off action asks for another try; only the match's own session keeps trying.
  if (err.code === 'network') return t(opts.retrying ? 'error.network' : 'error.networkOnce');
  const page = PAGE_ERRORS[err.code];
  if (page) return t(page);
  if (err.code === 'crash') return t('error.crash', { message: err.message });
  const chunk = errorChunk.value;
  if (!chunk) void loadErrorWords();
  const words: Readonly<Record<string, string>> | undefined = chunk?.ERROR_WORDS[lang.value];
  if (words && Object.hasOwn(words, err.code)) return words[err.code];
  const early = EARLY_ERRORS[err.code];
  return early ? t(early) : t('error.generic');
}

/**
 * `errorText` once the error words are loaded: for words kept as text (a form's error line), so a
 * refusal whose code has words never shows the generic sentence, or the main catalog's stand-in,
 * because its chunk came late. A failed load falls back to what `errorText` says then.
 */
export async function errorWords(err: { code: string; message: string }): Promise<string> {
  await loadErrorWords();
  return errorText(err, {});
}
