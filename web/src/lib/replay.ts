/**
 * The replay of a run: a human's move and the bots' moves after it reach the page as one
 * new view with the change's public events. The page shows the other seats' moves one by one, the
 * bot delay apart (the journal's lines and its announcement follow `MatchSession.replay`), then
 * applies the view. Loaded after the first paint (lib/session.ts loads it once the socket tells the
 * delay): nothing here knows a rule, it only groups events by the seat that made them.
 */
import type { GameEvent, MatchInfo } from './types';

/** The seat an event belongs to: a window opened belongs to its attacker; null: to nobody (a new hand). */
function actorOf(e: GameEvent): number | null {
  if (e.type === 'windowOpened') return e.attacker;
  return 'seat' in e && typeof e.seat === 'number' ? e.seat : null;
}

/**
 * The steps of a run: how many of `events` are shown after each step, e.g. `[2, 4, 6]` for Ann's draw
 * and play (at once) and two bots' draw and play each (one after the other). A step is the events in
 * a row by one seat (events of nobody join the step before). The first step shows at once; a single
 * step needs no replay.
 */
export function runSteps(events: readonly GameEvent[]): number[] {
  const cuts: number[] = [];
  let actor: number | null = null;
  events.forEach((e, i) => {
    const a = actorOf(e);
    if (a === null || a === actor) return;
    if (actor !== null || cuts.length > 0) cuts.push(i);
    actor = a;
  });
  cuts.push(events.length);
  return cuts;
}

/**
 * The seat of each step of `events` cut at `cuts` (`runSteps`): the first seat named in the step's
 * events, or null when none is.
 */
export function stepSeats(events: readonly GameEvent[], cuts: readonly number[]): Array<number | null> {
  return cuts.map((end, i) => {
    for (const e of events.slice(i === 0 ? 0 : cuts[i - 1], end)) {
      const a = actorOf(e);
      if (a !== null) return a;
    }
    return null;
  });
}

/** What the page shows while a run replays. */
export interface Replaying {
  /** The view version the run brings. */
  version: number;
  /** How many of the run's events are shown so far (the journal hides the rest of that version). */
  shown: number;
  /** The seat whose moves show next (the status line names it meanwhile), or null. */
  next: number | null;
  /** Jumps to the end: every event shown, the final view applied. */
  finish(): void;
  /**
   * Takes a newer answer of the same version (a seat handed to the computer, presence, settings):
   * shown at once with nobody to act, and applied instead of the run's own at the end.
   */
  update(info: MatchInfo): void;
}

/** Where a replay plays: the session's `replay` signal and its way to apply the final view. */
export interface ReplayTarget {
  replay: { value: Replaying | null };
  info: { value: MatchInfo | null };
  accept(next: MatchInfo): void;
}

/**
 * Starts replaying the run that brought `next` (its `events`, `delayMs` apart); false when there is
 * nothing to replay (one step, no delay, no view), and the caller applies `next` at once. Meanwhile
 * the page shows `next` with nobody to act (no turn, no legal move, no window), so that no move is
 * offered before the last bot's line; a tap or a key press jumps to the end.
 */
export function replayRun(
  target: ReplayTarget,
  next: MatchInfo,
  events: readonly GameEvent[],
  delayMs: number,
): boolean {
  const cuts = runSteps(events);
  const view = next.view;
  if (!view || delayMs <= 0 || cuts.length < 2) return false;
  const seats = stepSeats(events, cuts);
  let step = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = next;
  // The view meanwhile: nobody to act, so no move is offered before the last bot's line.
  const masked = (i: MatchInfo): MatchInfo =>
    i.view ? { ...i, view: { ...i.view, turn: null, legalMoves: [], window: null } } : i;
  const finish = () => {
    if (timer) clearTimeout(timer);
    removeEventListener('pointerdown', finish, true);
    removeEventListener('keydown', finish, true);
    if (target.replay.value?.finish !== finish) return;
    target.replay.value = null;
    target.accept(last);
  };
  const update = (info: MatchInfo) => {
    last = info;
    target.accept(masked(info));
  };
  const show = () => {
    target.replay.value = {
      version: view.version,
      shown: cuts[step],
      next: seats[step + 1] ?? null,
      finish,
      update,
    };
  };
  const tick = () => {
    step++;
    if (step >= cuts.length - 1) {
      finish();
      return;
    }
    show();
    timer = setTimeout(tick, delayMs);
  };
  show();
  target.accept(masked(next));
  timer = setTimeout(tick, delayMs);
  addEventListener('pointerdown', finish, true);
  addEventListener('keydown', finish, true);
  return true;
}
