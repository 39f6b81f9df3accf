/**
 * The match's alarm: runs every due schedule item, each handled idempotently (an alarm is never
 * early, only possibly repeated, and a handler re-checks the state before acting). The match's own
 * kinds (deadlines.ts) are handled here; the others go to the notifier.
 */
import type { GameEvent } from '../engine/index';
import { answerWindow, botTurn, settle, skipTurn } from './autoplay';
import { afterChange } from './change';
import type { MatchContext } from './context';
import { KINDS, type WindowPayload, windowId } from './deadlines';
import { destroy } from './lifecycle';
import { apply } from './log';
import type { ScheduleItem } from './schedule';
import { actorOf, inTurn } from './turns';

/** Handles the due items, then points the alarm at the next one. */
export async function runAlarm(m: MatchContext): Promise<void> {
  if (!m.meta) {
    // No match here (deleted): nothing can be due.
    await m.ctx.storage.deleteAlarm();
    return;
  }
  m.schedule.alarmFired();
  const now = m.now();
  for (const item of m.schedule.due(now)) {
    if (!m.meta) return;
    const handled = await onDue(m, item, now);
    if (!handled) await m.notifier.onDue(item);
    if (!m.meta) return;
    m.schedule.done(item);
  }
  await m.schedule.syncAlarm();
}

/** Handles one due item of the match's own kinds; false for any other kind. */
async function onDue(m: MatchContext, item: ScheduleItem, now: number): Promise<boolean> {
  const meta = m.meta!;
  switch (item.kind) {
    case KINDS.expire: {
      // Scheduled at creation (lobby), cancelled at the start, scheduled again at the end: a due
      // item in any other status is stale.
      if (meta.status === 'lobby' || meta.status === 'finished') await destroy(m);
      return true;
    }
    case KINDS.bot: {
      const state = meta.state;
      if (meta.status !== 'playing' || !state) return true;
      const before = state;
      const events = botTurn(m, 'bot');
      if (events.length === 0) return true;
      events.push(...settle(m));
      afterChange(m, before, events, { reason: 'bot', seat: null }, now);
      return true;
    }
    case KINDS.turn: {
      const state = meta.state;
      const d = meta.turnDeadline;
      if (meta.status !== 'playing' || !state || !d) return true;
      if (d.atMs > now) {
        // An early wake-up (the deadline moved on since): sleep until the real deadline.
        m.schedule.schedule(KINDS.turn, '', d.atMs);
        return true;
      }
      if (state.handNumber !== d.hand) return true;
      const before = state;
      let events: GameEvent[] = [];
      if (d.seat === -1) {
        if (state.phase !== 'handOver') return true;
        events = apply(m, 0, 'timeout', { type: 'nextHand' }) ?? [];
      } else {
        if (!inTurn(state) || state.turn !== d.seat) return true;
        events = meta.config.onDeadline === 'skip' ? skipTurn(m, d.seat) : botTurn(m, 'timeout', d.seat);
      }
      events.push(...settle(m));
      afterChange(m, before, events, { reason: 'timeout', seat: d.seat < 0 ? null : d.seat }, now);
      return true;
    }
    case KINDS.window: {
      const state = meta.state;
      const p = item.payload as WindowPayload;
      if (meta.status !== 'playing' || !state || state.phase !== 'respond') return true;
      if (actorOf(state) !== p.seat || windowId(state) !== p.id) return true;
      const events = answerWindow(m, p.seat, 'timeout');
      if (events) afterChange(m, state, events, { reason: 'timeout', seat: p.seat }, now);
      return true;
    }
    default:
      return false;
  }
}
