/**
 * A practice match on this page: a `MatchSession` whose server is the Web Worker
 * (practice.worker.ts) instead of the network, so the online table (screens/Table.tsx and table/)
 * shows it unchanged. Every change is appended to the stored record (store.ts: setup plus the whole
 * move log) before the next move is taken; a finished match moves to the finished list. The bots'
 * moves of a change are shown one by one (lib/replay.ts), `PRACTICE_BOT_DELAY_MS` apart.
 */
import { signal } from '@preact/signals';
import type { JournalPage } from '../../../worker/match/journal';
import { ApiError } from '../lib/api';
import type { JournalSource } from '../lib/journal';
import { MatchSession } from '../lib/session';
import type { LoggedEvent, Move } from '../lib/types';
import {
  isPracticeError,
  type PracticeCalls,
  type PracticeRecord,
  type PracticeReply,
  type PracticeRequest,
  type PracticeUpdate,
} from './protocol';
import { archive, saveCurrent } from './store';

/** The pace at which the bots' moves of one change are shown (ms), as a server's bot delay. */
export const PRACTICE_BOT_DELAY_MS = 700;

/**
 * A test seam: `localStorage['mb.practice.delayMs']` sets the pace (the browser tests play at 0).
 * Reads nothing else and sends nothing.
 */
function botDelayMs(): number {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem('mb.practice.delayMs');
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : PRACTICE_BOT_DELAY_MS;
}

/** The practice match being played on this page. */
export class PracticeSession extends MatchSession {
  /** The journal reads this match from the Web Worker (lib/journal.ts `feedFor`). */
  override readonly journalSource: JournalSource;
  /** False when the device could not store the last change (it plays on, unsaved). */
  readonly saved = signal(true);
  /** Every bot decision's time in the Web Worker so far (ms), for the page's measurement. */
  readonly thinkMs: number[] = [];
  private readonly worker: Worker;
  private readonly answers = new Map<number, (reply: PracticeReply) => void>();
  private nextId = 1;
  /** Changes are stored one after the other, in order. */
  private saving: Promise<unknown> = Promise.resolve();

  constructor(
    private record: PracticeRecord,
    again: () => void,
  ) {
    super(record.setup.id, null);
    this.local = { again };
    this.worker = new Worker(new URL('./practice.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<PracticeReply>) => {
      this.answers.get(e.data.id)?.(e.data);
      this.answers.delete(e.data.id);
    };
    this.worker.onerror = (e) => this.fail(new Error(e.message || 'practice worker failed'));
    const source = {
      journal: (_id: string, hand?: number) => this.call('journal', [hand]) as Promise<JournalPage>,
      log: (_id: string, after: number) => this.call('log', [after]) as Promise<{ events: LoggedEvent[] }>,
    };
    this.journalSource = source;
  }

  /** Asks the Web Worker; a crash there rejects. */
  private call<K extends keyof PracticeCalls>(call: K, args: Parameters<PracticeCalls[K]>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.answers.set(id, (r) => (r.ok ? resolve(r.result) : reject(new Error(r.message))));
      this.worker.postMessage({ id, call, args } as PracticeRequest);
    });
  }

  /** Rebuilds the match in the Web Worker from the stored record (a new match has an empty log). */
  override start(): void {
    this.status.value = 'live';
    void this.call('open', [this.record, Date.now()])
      .then((r) => {
        if (isPracticeError(r)) this.error.value = r;
        else this.take(r as PracticeUpdate, false);
      })
      .catch((e) => this.fail(e));
  }

  /** Ends the Web Worker (the page left the practice). */
  override stop(): void {
    this.worker.terminate();
  }

  /** Nothing to fetch: the Web Worker's answers are the match. */
  override async refresh(): Promise<void> {}

  /** Plays the player's move in the Web Worker; the bots answer in the same change. */
  override async sendMove(move: Move): Promise<boolean> {
    const view = this.info.value?.view;
    if (!view || this.pending.value) return false;
    this.pending.value = move;
    this.error.value = null;
    try {
      const r = await this.call('move', [move, view.version, Date.now()]);
      if (isPracticeError(r)) {
        this.fail(new ApiError(409, r.code, r.message));
        return false;
      }
      this.take(r as PracticeUpdate, true);
      return true;
    } catch (e) {
      this.fail(e);
      return false;
    } finally {
      this.pending.value = null;
    }
  }

  /** Shows an update (its bots' moves one by one when `replay`) and stores its steps. */
  private take(u: PracticeUpdate, replay: boolean): void {
    this.thinkMs.push(...u.thinkMs);
    this.takeRun(u.info, replay ? u.events : undefined, botDelayMs());
    if (u.steps.length === 0 && this.record.log.length > 0) return;
    const over = u.info.status === 'finished';
    this.record = {
      ...this.record,
      log: [...this.record.log, ...u.steps],
      ...(over ? { finishedAt: Date.now() } : {}),
    };
    const record = this.record;
    this.saving = this.saving
      .then(() => (over ? archive(record) : saveCurrent(record)))
      .then((ok) => (this.saved.value = ok));
  }

  /** Resolves once every change so far is stored (tests, leaving the page). */
  flushed(): Promise<unknown> {
    return this.saving;
  }
}
