/**
 * The match's one alarm: handles the due timers of the schedule, each handler re-checking the
 * state first (an alarm may run twice, and may wake early: the schedule never moves it later,
 * schedule.ts `syncAlarm`; with nothing due it only points the alarm at the next item), and turns what is due into a change
 * through the commit path (a bot's turn, a timed-out turn or window, the next hand); the expiry
 * deletes the match, the open-table fill starts it, the league tell reports its result. Kinds it
 * does not own go to the notifier. What sets the timers is the decider's (worker/decider/timers.ts).
 * Past the platform's daily limit (a refused write) the alarm stops where it is: the item stays
 * scheduled, the alarm is pointed at the reset (00:00 UTC), and the first alarm after it moves the
 * deadlines that fell inside the outage before anything is due (commit.ts `endOutage`).
 */

import { isDailyLimit } from '../daily-limit';
import { KINDS, type WindowPayload } from '../decider/change';
import { windowId } from '../decider/timers';
import { whoActs } from '../engine/index';
import { nextResetMs } from '../shared/limits';
import { atomically, commit, endOutage } from './commit';
import type { MatchContext } from './context';
import { tellLeague } from './league-tell';
import { fillOpenSeats } from './open-seat';
import type { ScheduleItem } from './schedule';

/** The alarm: handles the due items, then points the alarm at the next one. */
export async function runAlarm(m: MatchContext): Promise<void> {
  if (!m.meta) {
    // No match here (deleted): nothing can be due.
    await m.ctx.storage.deleteAlarm();
    return;
  }
  m.schedule.alarmFired();
  const now = m.now();
  try {
    if (m.outageSince !== null) atomically(m, now, () => endOutage(m, now));
    for (const item of m.schedule.due(now)) {
      if (!m.meta) return;
      const handled = await onDue(m, item, now);
      if (!handled) await m.notifier.onDue(item);
      if (!m.meta) return;
      m.schedule.done(item);
    }
  } catch (e) {
    if (!isDailyLimit(e)) throw e;
    m.startOutage(now);
    // The alarm that ran is spent: the next one at the reset (a refused setAlarm waits for a request).
    await m.ctx.storage.setAlarm(nextResetMs(now)).catch(() => {});
    return;
  }
  await syncAlarmSafely(m);
}

/**
 * Points the alarm at the next item (schedule.ts `syncAlarm`); the platform refusing it for its daily
 * limit (`setAlarm` is billed as a row written) starts the outage instead of failing the request,
 * whose rows are already stored: the next request or alarm tries again.
 */
export async function syncAlarmSafely(m: MatchContext): Promise<void> {
  try {
    await m.schedule.syncAlarm();
  } catch (e) {
    if (!isDailyLimit(e)) throw e;
    m.schedule.alarmFired();
    m.startOutage(m.now());
  }
}

/**
 * Sends the mails that the changes just stored left to go at once (the notifier's `sendPending`),
 * without holding the reply: the object is kept alive for them (`waitUntil`), and the alarm is
 * pointed again once they went (a mail that must wait was stored and moved the outbox's wake-up).
 */
export function sendPendingMail(m: MatchContext): void {
  const task = m.notifier.sendPending(async () => {
    if (m.meta) await syncAlarmSafely(m);
  });
  if (task) m.ctx.waitUntil(task);
}

/** Handles one due item of the match's own kinds; false for any other kind. */
async function onDue(m: MatchContext, item: ScheduleItem, now: number): Promise<boolean> {
  const meta = m.meta!;
  const state = meta.state;
  const playing = meta.status === 'playing' && state !== null;
  switch (item.kind) {
    case KINDS.expire:
      // Scheduled at creation (lobby), cancelled at the start, scheduled again at the end: a due
      // item in any other status is stale.
      if (meta.status === 'lobby' || meta.status === 'finished') await m.destroy();
      return true;
    case KINDS.openFill:
      fillOpenSeats(m);
      return true;
    case KINDS.bot:
      if (playing) commit(m, { reason: 'bot', seat: null, opening: { kind: 'botTurn' } });
      return true;
    case KINDS.turn: {
      const d = meta.turnDeadline;
      if (!playing || !d) return true;
      if (d.atMs > now) {
        // An early wake-up (the deadline moved on since): sleep until the real deadline.
        m.schedule.schedule(KINDS.turn, '', d.atMs);
        return true;
      }
      if (state.handNumber !== d.hand) return true;
      if (d.kind === 'handOver') {
        if (state.phase === 'handOver')
          commit(m, { reason: 'timeout', seat: null, opening: { kind: 'handTimeout' } });
        return true;
      }
      const w = whoActs(state);
      if (w.kind !== 'turn' || w.seat !== d.seat) return true;
      // (The timeoutsToBot-th timeout in a row hands the seat to a bot for good: the decider counts it.)
      const opening = { kind: 'turnTimeout', seat: d.seat, onDeadline: meta.config.onDeadline } as const;
      commit(m, { reason: 'timeout', seat: d.seat, opening });
      return true;
    }
    case KINDS.window: {
      const p = item.payload as WindowPayload;
      const w = playing ? whoActs(state) : null;
      if (w?.kind !== 'window' || w.seat !== p.seat || windowId(state!) !== p.id) return true;
      commit(m, {
        reason: 'timeout',
        seat: p.seat,
        opening: { kind: 'windowAnswer', seat: p.seat, actor: 'timeout' },
      });
      return true;
    }
    case KINDS.league:
      await tellLeague(m, item);
      return true;
    default:
      return false;
  }
}
