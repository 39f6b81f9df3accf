/**
 * The match journal on this page: the hands loaded so far (the latest on opening, older ones on
 * demand through `GET /journal?hand=N`), kept up to date with the rows after the last one
 * (`GET /log?after=seq`) when a new version arrives, and the version this device had shown when the
 * match was opened (lib/seen.ts), after which events count as new. One feed per match session.
 */
import { signal } from '@preact/signals';
import type { JournalPage } from '../../../worker/match/journal';
import { api } from './api';
import { seenVersion } from './seen';
import { logEntry } from './session';
import type { LoggedEvent } from './types';

/** One hand of the journal: its public events, oldest first. */
export interface JournalHand {
  hand: number;
  events: LoggedEvent[];
}

/**
 * Where the journal reads from: the server (`api`), or a match played on this device (the practice
 * mode's Web Worker answers the same shapes).
 */
export type JournalSource = Pick<typeof api, 'journal' | 'log'>;

/** How many hands before the latest the opening loads to reach the last version seen. */
const MAX_CATCH_UP_HANDS = 3;

/** Only the rows that are game events or settings (a malformed row is dropped). */
function wellFormed(events: readonly LoggedEvent[]): LoggedEvent[] {
  return events.filter((e, i) => logEntry(e, i) !== null);
}

/** One match's journal as loaded on this page. */
export class JournalFeed {
  /** The loaded hands, newest first. */
  readonly hands = signal<JournalHand[]>([]);
  /** Hands dealt so far (the older ones can be loaded). */
  readonly handsDealt = signal(0);
  /** True once the latest hand is loaded. */
  readonly ready = signal(false);
  /** A hand being loaded on demand, or null. */
  readonly loadingHand = signal<number | null>(null);
  /** The last version this device had shown when the match was opened here; null: never shown here. */
  readonly baseline: number | null;
  /**
   * The latest version loaded when the match was opened here: events after `baseline` up to it are
   * news of the absence ("since you left", marked new); later ones arrive while the reader watches.
   */
  upTo = Number.POSITIVE_INFINITY;
  private lastSeq = 0;
  private queue: Promise<void> = Promise.resolve();
  private updateQueued = false;

  constructor(
    readonly matchId: string,
    private readonly source: JournalSource = api,
  ) {
    this.baseline = seenVersion(matchId);
  }

  /** Runs `job` after the jobs before it (pages and updates never interleave). */
  private run(job: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(job).catch(() => {
      // The journal is a convenience: the table itself is in MatchInfo; the next update retries.
    });
    return this.queue;
  }

  /** Loads the latest hand, and earlier hands back to the last version seen (a few at most). */
  open(): Promise<void> {
    return this.run(async () => {
      if (this.ready.value) return;
      const page = await this.source.journal(this.matchId);
      this.take(page);
      this.lastSeq = Math.max(0, ...page.events.map((e) => e.seq));
      this.upTo = Math.max(this.baseline ?? 0, ...page.events.map((e) => e.version));
      this.ready.value = true;
      for (let h = page.hand - 1; h >= Math.max(1, page.hand - MAX_CATCH_UP_HANDS); h--) {
        const first = this.hands.value.at(-1)?.events[0];
        if (this.baseline === null || (first && first.version <= this.baseline + 1)) break;
        this.take(await this.source.journal(this.matchId, h));
      }
    });
  }

  /** Fetches the rows after the last one loaded (call when a newer version arrived). */
  update(): Promise<void> {
    if (this.updateQueued) return this.queue;
    this.updateQueued = true;
    return this.run(async () => {
      this.updateQueued = false;
      if (!this.ready.value) return;
      const { events } = await this.source.log(this.matchId, this.lastSeq);
      if (events.length === 0) return;
      this.lastSeq = Math.max(this.lastSeq, ...events.map((e) => e.seq));
      this.append(wellFormed(events));
    });
  }

  /** Loads hand `hand` (an older one, on demand). */
  loadHand(hand: number): Promise<void> {
    this.loadingHand.value = hand;
    return this.run(async () => {
      try {
        if (!this.hands.value.some((h) => h.hand === hand))
          this.take(await this.source.journal(this.matchId, hand));
      } finally {
        this.loadingHand.value = null;
      }
    });
  }

  /** The oldest hand loaded (0 when none). */
  oldestLoaded(): number {
    return this.hands.value.at(-1)?.hand ?? 0;
  }

  /** Every loaded event after version `version`, oldest first. */
  eventsAfter(version: number): LoggedEvent[] {
    return [...this.hands.value].reverse().flatMap((h) => h.events.filter((e) => e.version > version));
  }

  /** Adds a page's hand in its place (newest first). */
  private take(page: JournalPage): void {
    this.handsDealt.value = Math.max(this.handsDealt.value, page.handsDealt);
    if (page.hand < 1) return;
    const hands = this.hands.value.filter((h) => h.hand !== page.hand);
    hands.push({ hand: page.hand, events: wellFormed(page.events) });
    hands.sort((a, b) => b.hand - a.hand);
    this.hands.value = hands;
  }

  /** Appends new events: to the latest hand, or to a new hand from its `handStarted`. */
  private append(events: readonly LoggedEvent[]): void {
    const hands = this.hands.value.map((h) => ({ ...h, events: [...h.events] }));
    for (const e of events) {
      if (e.event.type === 'handStarted') {
        const hand = e.event.hand;
        if (!hands.some((h) => h.hand === hand)) hands.unshift({ hand, events: [] });
        this.handsDealt.value = Math.max(this.handsDealt.value, hand);
      }
      if (hands.length === 0) hands.push({ hand: 1, events: [] });
      hands[0].events.push(e);
    }
    this.hands.value = hands;
  }
}

const feeds = new WeakMap<object, JournalFeed>();

/**
 * The journal feed of a match session (`owner`: the session object; one feed per session), read from
 * the owner's `journalSource` when it has one (a practice match), else from the server.
 */
export function feedFor(owner: { journalSource?: JournalSource }, matchId: string): JournalFeed {
  let feed = feeds.get(owner);
  if (!feed) feeds.set(owner, (feed = new JournalFeed(matchId, owner.journalSource)));
  return feed;
}
