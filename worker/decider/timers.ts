/**
 * When things happen by themselves: what a change does to the match's timers on its one alarm. The
 * turn deadline's wake-up of a human seat (or between hands), the response window of an `ask`
 * seat, the delayed bot move (the rest of a run cut by its bot budget, or one turn of a match with
 * no human left to act), the expiry of a finished match and a league match's tell. The shell's
 * alarm (worker/match/alarm.ts) turns a due timer into a change.
 */
import { type MatchState, whoActs } from '../engine/index';
import { KINDS, type WindowPayload } from './change';
import { humanActing } from './deadline';
import type { Draft } from './draft';
import type { MatchConfig } from './model';

const DAY_MS = 86_400_000;
/** Unstarted matches are deleted this long after creation (ms). */
export const LOBBY_TTL_MS = 7 * DAY_MS;
/** Finished matches are deleted this long after the end (ms). */
export const FINISHED_TTL_MS = 90 * DAY_MS;

/** Identifies one response-window question (the same window asks each pending seat in turn). */
export function windowId(state: MatchState): string {
  const w = state.window!;
  return `${state.handNumber}:${w.attacker}:${w.hazard}:${w.pending.join('.')}:${state.deck.length}`;
}

/**
 * Ends the match when the engine says it is over: status `finished` at `now` (ms), its expiry, and
 * the tell of its league (if any).
 */
export function finishIfOver(draft: Draft, now: number): void {
  if (draft.meta.status !== 'playing' || draft.state?.phase !== 'matchOver') return;
  draft.updateMeta({ status: 'finished', finishedAt: now });
  draft.schedule(KINDS.expire, now + FINISHED_TTL_MS);
  if (draft.meta.config.leagueId) draft.schedule(KINDS.league, now, { attempt: 0 });
}

/** Points the window, turn and bot timers at the draft's state at `now` (ms), after its deadline is set. */
export function updateTimers(draft: Draft, now: number): void {
  const meta = draft.meta;
  const state = meta.state;
  if (meta.status !== 'playing' || !state) {
    for (const kind of [KINDS.turn, KINDS.window, KINDS.bot]) draft.cancel(kind);
    return;
  }
  const human = humanActing(draft, state);
  // Response window of a human `ask` seat.
  if (human?.window) {
    const id = windowId(state);
    const old = draft.timer<WindowPayload>(KINDS.window);
    if (!old || old.payload.id !== id || old.payload.seat !== human.seat) {
      const at = now + Math.round(meta.config.responseWindowMinutes * 60_000);
      draft.schedule(KINDS.window, at, { seat: human.seat, id } satisfies WindowPayload);
    }
  } else {
    draft.cancel(KINDS.window);
  }
  // The deadline lives in the meta row and the log rows; the schedule keeps one wake-up no later
  // than it, moved only when the deadline comes earlier, so a new turn costs no extra row written.
  // (A wake-up left behind finds no deadline and stops.)
  if (meta.turnDeadline) {
    const at = meta.turnDeadline.atMs;
    const wake = draft.timer(KINDS.turn);
    if (!wake || wake.atMs > at || wake.atMs <= now) draft.schedule(KINDS.turn, at);
  }
  // A bot still to act after the change moves on the `bot` timer after the bot delay: when no human
  // is left to act (one turn per alarm, a human pace; or the last step between all-bot hands), or
  // when the change's run spent its bot budget (the alarm plays the rest as a run again).
  const w = whoActs(state);
  const botActs =
    ((w.kind === 'turn' || w.kind === 'window') && human === null) ||
    (state.phase === 'handOver' && draft.seats.every((s) => draft.botControlled(s.seat)));
  if (botActs) {
    // (A timer due now is the one being handled: the next bot move gets a new one.)
    const item = draft.timer(KINDS.bot);
    // (At least 1 ms later, so the handled timer's removal never takes its successor with it.)
    if (!item || item.atMs <= now) draft.schedule(KINDS.bot, now + Math.max(1, draft.snapshot.botDelayMs));
  } else {
    draft.cancel(KINDS.bot);
  }
}

/** When bots fill the free seats of an open match created at `createdAtMs` (ms since the epoch, like the result). */
export function fillsAtMs(createdAtMs: number, open: NonNullable<MatchConfig['open']>): number {
  return createdAtMs + open.waitMinutes * 60_000;
}
