/**
 * "Since you left": the short summary the table opens with when something happened after the last
 * version this device had shown (lib/seen.ts), in the same words as the your-turn mail
 * (worker/words/events `readerLines`). Showing the table marks its version seen on this device
 * while the page is visible; the summary stays for this visit until dismissed (its button by its
 * title). Not a live region: the journal alone announces other players' moves.
 */
import { useSignal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import { eventWords, t } from '../../i18n';
import { feedFor } from '../../lib/journal';
import { markSeen } from '../../lib/seen';
import type { MatchSession } from '../../lib/session';
import type { MatchInfo, MatchView } from '../../lib/types';
import { sinceLines } from './journal-lines';

/** Lines shown: few, so that on a phone the summary lies over the piles only. */
const SHOWN = 3;

/**
 * The lines the summary shows: the newest `shown` of `lines` (oldest first), since what happened
 * last is what the table now shows and what the reader must answer; `earlier` counts the rest,
 * which the journal below holds.
 */
export function newestLines(lines: readonly string[], shown = SHOWN): { lines: string[]; earlier: number } {
  const earlier = Math.max(0, lines.length - shown);
  return { lines: lines.slice(earlier), earlier };
}

/** Marks `version` of the match seen whenever the page is visible (now, and when it becomes visible). */
function useMarkSeen(matchId: string, version: number): void {
  useEffect(() => {
    const mark = () => {
      if (document.visibilityState !== 'hidden') markSeen(matchId, version);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [matchId, version]);
}

/** The summary at the top of the table (nothing when nothing happened since the last visit here). */
export function SinceYouLeft(props: {
  session: MatchSession;
  info: MatchInfo;
  view: MatchView;
}): JSX.Element | null {
  const { session, info, view } = props;
  const feed = feedFor(session, session.matchId);
  const dismissed = useSignal(false);
  useEffect(() => {
    void feed.open();
  }, [feed]);
  useMarkSeen(session.matchId, view.version);
  const baseline = feed.baseline;
  if (baseline === null || dismissed.value || !feed.ready.value) return null;
  const all = sinceLines(feed.eventsAfter(baseline), info, view, baseline, feed.upTo);
  if (all.length === 0) return null;
  const { lines, earlier } = newestLines(all);
  return (
    <section class="since" aria-labelledby="since-title">
      <div class="since-head">
        <h2 id="since-title">{eventWords.value.sinceYouLeft}</h2>
        <button type="button" class="secondary small" onClick={() => (dismissed.value = true)}>
          {t('since.dismiss')}
        </button>
      </div>
      <div class="since-lines">
        {earlier > 0 && <p class="muted">{t('since.earlier', { n: earlier })}</p>}
        <ul>
          {lines.map((line, i) => (
            <li key={`${earlier + i}-${line}`}>{line}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
