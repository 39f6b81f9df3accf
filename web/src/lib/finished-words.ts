/**
 * A finished match in words, for a row of a list (my matches, a league's matches): when it ended
 * and who won, "Finished 2 hours ago, Lea won" ("…, Ann & Bob won", the verb agreeing with the
 * number of players named, words/plural.ts through the catalog), "…, you won" when the reader's
 * team won, "Finished 2 hours ago" alone when no winner is named. The time in words is
 * worker/words/when.ts `relativeTime`.
 */
import { lang, t } from '../i18n';
import { relativeTime } from './time';

/** Who won: the reader's team, or the winners' names as one text and how many players they are. */
export type Winners = 'you' | { names: string; players: number } | null;

/** The words for a match that ended at `endedAtMs`, read at `nowMs` (both ms since the epoch). */
export function finishedWords(endedAtMs: number, nowMs: number, winners: Winners): string {
  const when = relativeTime(Math.min(endedAtMs, nowMs), nowMs, lang.value);
  if (winners === 'you') return t('home.mine.finishedYouWon', { when });
  if (winners === null || winners.players === 0) return t('home.mine.finished', { when });
  return t('home.mine.finishedWon', { when, names: winners.names, n: winners.players });
}
