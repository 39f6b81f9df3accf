/**
 * The journal: the whole history of the match, hand by hand, the latest hand first (older hands on
 * demand), each line with who did it and when (relative, and the absolute time in the reader's time
 * zone), draws folded into the move they precede, coup fourré and safeties marked, and what came after the last
 * version this device had shown marked new. It is the page's only live region for other players'
 * moves: a polite one that announces just the new lines, never the whole list again.
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { lang, t } from '../../i18n';
import { feedFor, type JournalHand } from '../../lib/journal';
import type { Replaying } from '../../lib/replay';
import type { MatchSession } from '../../lib/session';
import { dateTimeText, minuteNow, relativeTime } from '../../lib/time';
import type { LoggedEvent, MatchInfo, MatchView } from '../../lib/types';
import { handLines, type JournalLine } from './journal-lines';

/**
 * "2 hours ago", "yesterday", "now", in the page's language (lib/time.ts, as "my matches" says it);
 * a time ahead of this device's clock (a clock running behind the server's) reads "now".
 */
function ago(iso: string, now = Date.now()): string {
  return relativeTime(Math.min(Date.parse(iso), now), now, lang.value);
}

/** The absolute time in the reader's time zone, e.g. "12 Dec 2025, 14:30". */
export function absoluteTime(iso: string): string {
  return dateTimeText(Date.parse(iso), lang.value);
}

/** A time: relative on screen, the absolute time as its title and for screen readers. */
function When({ at }: { at: string }): JSX.Element {
  const absolute = absoluteTime(at);
  const now = minuteNow();
  return (
    <time dateTime={at} title={absolute}>
      <span aria-hidden="true">{ago(at, now)}</span>
      <span class="sr-only">{absolute}</span>
    </time>
  );
}

function Line({ line }: { line: JournalLine }): JSX.Element {
  const cls = [line.highlight ? 'highlight' : '', line.isNew ? 'new' : '', line.draw ? 'draw' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li class={cls || undefined}>
      {line.isNew && <span class="badge">{t('journal.new')}</span>}
      {line.highlight && (
        <span class="mark" aria-hidden="true">
          ★{' '}
        </span>
      )}
      {line.highlight ? <strong>{line.text}</strong> : line.text} <When at={line.at} />
    </li>
  );
}

function Hand(props: { hand: JournalHand; lines: JournalLine[] }): JSX.Element {
  const { hand, lines } = props;
  const first = hand.events[0];
  return (
    <section class="journal-hand" aria-labelledby={`journal-hand-${hand.hand}`}>
      <h3 id={`journal-hand-${hand.hand}`}>
        {t('journal.hand', { n: hand.hand })}
        {first && (
          <>
            {' · '}
            <When at={first.at} />
          </>
        )}
      </h3>
      {lines.length === 0 ? (
        <p class="muted">{t('log.empty')}</p>
      ) : (
        <ol>
          {[...lines].reverse().map((line) => (
            <Line key={line.key} line={line} />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The hands without the events of a run not shown yet (`MatchSession.replay`, lib/replay.ts): of the
 * run's version, only the first `shown` events; the others appear one step at a time.
 */
function withoutUnshown(hands: readonly JournalHand[], replay: Replaying | null): readonly JournalHand[] {
  if (!replay) return hands;
  let left = replay.shown;
  const keep = (e: LoggedEvent) => e.version !== replay.version || left-- > 0;
  return [...hands]
    .reverse()
    .map((h) => ({ ...h, events: h.events.filter(keep) }))
    .reverse();
}

/**
 * The lines by others not announced yet, oldest first, as one announcement (a run's lines share their
 * row's seq and appear one by one: each is said once, by its key). Lines older than `floor` (hands
 * loaded on demand) are never news.
 */
function announcement(lines: readonly JournalLine[], floor: number, said: Set<string>): string {
  const fresh = lines.filter((l) => l.seq >= floor && !said.has(l.key));
  for (const l of fresh) said.add(l.key);
  return fresh
    .filter((l) => l.other && !l.draw)
    .map((l) => l.text)
    .join(' ');
}

/** The journal section. */
export function Journal(props: { session: MatchSession; info: MatchInfo; view: MatchView }): JSX.Element {
  const { session, info, view } = props;
  const feed = feedFor(session, session.matchId);
  useEffect(() => {
    void feed.open();
  }, [feed]);
  // A player leaving is a log row that may keep the version: it asks for the rows too.
  useEffect(() => {
    void feed.update();
  }, [feed, view.version, info.left?.length]);
  const hands = withoutUnshown(feed.hands.value, session.replay?.value ?? null);
  const perHand = hands.map((hand) => ({
    hand,
    lines: handLines(hand, {
      info,
      view,
      result: view.results.find((r) => r.hand === hand.hand) ?? null,
      baseline: feed.baseline,
      upTo: feed.upTo,
    }),
  }));
  // Announce only lines that arrive after the first load, once each.
  const announced = useRef<{ floor: number; said: Set<string> } | null>(null);
  // Each announcement is a new node (keyed by its count): the same words twice are said twice.
  const [said, setSaid] = useState({ text: '', n: 0 });
  const lines = perHand.flatMap((h) => h.lines);
  const newest = `${lines.length}:${Math.max(0, ...lines.map((l) => l.seq))}`;
  useEffect(() => {
    if (!feed.ready.value) return;
    if (announced.current === null) {
      const floor = Math.max(0, ...lines.map((l) => l.seq));
      announced.current = { floor, said: new Set(lines.map((l) => l.key)) };
      return;
    }
    const text = announcement(lines, announced.current.floor, announced.current.said);
    if (text) setSaid((s) => ({ text, n: s.n + 1 }));
  }, [newest, feed.ready.value]);
  const older = feed.oldestLoaded() - 1;
  const loading = feed.loadingHand.value;
  return (
    <section class="log journal" aria-labelledby="journal-title">
      <h2 id="journal-title">{t('table.log')}</h2>
      <div class="sr-only" aria-live="polite">
        <p key={said.n}>{said.text}</p>
      </div>
      {!feed.ready.value ? (
        <p class="muted">{t('common.loading')}</p>
      ) : hands.length === 0 ? (
        <p class="muted">{t('log.empty')}</p>
      ) : (
        perHand.map(({ hand, lines }) => <Hand key={hand.hand} hand={hand} lines={lines} />)
      )}
      {feed.ready.value && older >= 1 && (
        <button
          type="button"
          class="secondary"
          disabled={loading !== null}
          onClick={() => void feed.loadHand(older)}
        >
          {loading !== null ? t('common.loading') : t('journal.showHand', { n: older })}
        </button>
      )}
    </section>
  );
}
