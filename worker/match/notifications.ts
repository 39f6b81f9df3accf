/**
 * The match's notification hook. The match Durable Object calls `afterChange` after every accepted
 * change (moves, claims, settings, seat hand-overs, timeouts) and `onDue` for schedule items whose
 * kind it does not handle itself. The mail/push issue fills these in (turn mails, reminders, outbox);
 * for now they do nothing, and `onDue` reports the item as not handled.
 */

import type { GameEvent, MatchState } from '../engine/index';
import type { Env } from '../env';
import type { MatchInfo } from '../protocol';
import type { Schedule, ScheduleItem } from './schedule';
import type { Meta, SeatRow } from './storage';

/** What a notifier may use: the match's bindings, SQL storage, schedule and current rows. */
export interface NotifierContext {
  env: Env;
  sql: SqlStorage;
  schedule: Schedule;
  /** The current meta row and seats (read at call time). */
  meta(): Meta | null;
  seats(): SeatRow[];
  /** The public origin for links (e.g. "https://mb.example.org"). */
  origin(): string;
}

/** One accepted change, as seen by the notifier. */
export interface Change {
  /** Why it happened: a move, the match starting, a claim, a settings change, a timeout, … */
  reason: 'created' | 'claimed' | 'started' | 'move' | 'settings' | 'seat' | 'timeout' | 'bot' | 'rematch';
  /** The seat that caused it, if any. */
  seat: number | null;
}

/** Sends mails and pushes for one match (filled in by the notifications issue). */
export class Notifier {
  constructor(protected readonly ctx: NotifierContext) {}

  /**
   * Called after every accepted change, once the new state is stored. `before`/`after` are the
   * engine states (null in the lobby); `events` are the public events of the change.
   */
  afterChange(
    _before: MatchState | null,
    _after: MatchState | null,
    _events: GameEvent[],
    _change: Change,
  ): void {}

  /** Called for a due schedule item of a kind the match does not own. Returns true when handled. */
  async onDue(_item: ScheduleItem): Promise<boolean> {
    return false;
  }

  /** Host-only mail statuses to show in MatchInfo (undefined: nothing to show). */
  mailStatus(): MatchInfo['mail'] {
    return undefined;
  }

  /** Called before the match's storage is deleted (host delete or expiry). */
  beforeDelete(): void {}
}
