/**
 * The decider: what one change does to a match, as a pure function of the match's snapshot, the
 * change and its one timestamp. No I/O and no clock of its own: the Durable Object's shell
 * (worker/match/commit.ts) applies the outcome, and the practice match (web/src/practice/host.ts)
 * calls it too. It reads top to bottom:
 *   1. fold in the request's own edits (seat rows, meta fields, timers cancelled);
 *   2. apply the opening (a move, a setting, a timeout's moves, a leave…) through the engine;
 *   3. settle the automatic moves that follow (forced draws, and the bots' run up to the next human
 *      decision, an `ask` seat's window or the hand-over, within the change's bot budget);
 *   4. finish the match when the engine says it is over;
 *   5. the turn deadline after the change (a vacation freezes it), then the log rows;
 *   6. the timers (window, turn wake-up, bot);
 *   7. what the notifier hears, and how far the running turn's mail moves.
 */
import {
  applyMove,
  type EngineError,
  forfeit,
  type GameEvent,
  type MatchState,
  setResponseMode,
} from '../engine/index';
import { botTurn, type Progress, settle, skipTurn, windowAnswer } from './automatic';
import { BotBudget } from './bot-budget';
import type { LogEntry, MatchChange, MatchSnapshot, Opening, Outcome, Step } from './change';
import { setTurnDeadline } from './deadline';
import { Draft } from './draft';
import type { LogStep, SeatRow } from './model';
import { finishIfOver, updateTimers } from './timers';
import { backInPerson, countTimeout, turnShift } from './vacation';

export { type OfflineMatch, offlineSnapshot } from './offline';

/** The change's moves so far: their state, steps and events, and the bot thinking it may still spend. */
class Run implements Progress {
  readonly steps: LogStep[] = [];
  readonly events: GameEvent[] = [];
  readonly thinkMs: number[] = [];
  /** The bot thinking this change may still spend: moves and work units (bot-budget.ts). */
  readonly budget = new BotBudget();
  constructor(public state: MatchState) {}
}

/** Openings after which the automatic moves follow even when they made no move themselves. */
const SETTLE_ALWAYS: ReadonlySet<Opening['kind']> = new Set(['start', 'settle', 'leave']);
/** Openings that change nothing when they made no move. */
const IDLE_IS_NOTHING: ReadonlySet<Opening['kind']> = new Set(['botTurn', 'windowAnswer']);

/**
 * What `change` does to the match of `snapshot` at `now` (ms since the epoch): see the file header.
 * A move the engine refuses is `{ ok: false, error }` (nothing changes); a bot turn or a window
 * answer with nothing to do is an outcome with `changed` false.
 */
export function decide(snapshot: MatchSnapshot, change: MatchChange, now: number): Outcome {
  const draft = new Draft(snapshot);
  const before = draft.state;
  const deadlineBefore = draft.meta.turnDeadline;
  const opening = change.opening;
  const log: LogEntry[] = [];
  let reason = change.reason;
  // 1. The request's own edits.
  for (const row of change.seats ?? []) draft.setSeat(row);
  if (change.meta) draft.updateMeta(change.meta);
  for (const kind of change.cancel ?? []) draft.cancel(kind);
  if (opening.kind === 'edit')
    return {
      ...unchanged(),
      changed: true,
      quiet: true,
      seatWrites: draft.seatWrites,
      meta: draft.metaFields,
      metaChanged: change.meta !== undefined && !change.deferMeta,
      timers: draft.timerOps,
    };
  // 2. The opening, through the engine.
  const start = opening.kind === 'start' ? opening.state : before;
  const run = start ? new Run(start) : null;
  if (run) {
    if (opening.kind === 'start') draft.setState(opening.state);
    if (opening.kind === 'responseMode') {
      run.state = setResponseMode(run.state, opening.seat, opening.mode);
      draft.setState(run.state);
      log.push({
        kind: 'responseMode',
        seat: opening.seat,
        mode: opening.mode,
        version: run.state.version,
        turnDeadline: draft.meta.turnDeadline,
      });
    }
    if (opening.kind === 'leave') {
      const seat = opening.seat;
      draft.setSeat(
        leftRow(draft.seats[seat], { at: now, hand: run.state.handNumber, outcome: opening.outcome }),
      );
      if (opening.outcome === 'end') forfeitRun(draft, run, seat);
    }
    if (opening.kind === 'reclaim') backInPerson(draft, opening.seat);
    if (opening.kind === 'turnTimeout' && countTimeout(draft, opening.seat)) reason = 'seat';
    if (opening.kind === 'move') {
      const refused = applyStep(draft, run, { seat: opening.seat, actor: 'player', move: opening.move });
      if (refused) return { ok: false, error: refused };
      // The player's own move: back from a stand-in, a vacation and a run of timeouts.
      backInPerson(draft, opening.seat);
    } else {
      applySteps(draft, run, openingSteps(draft, run, opening));
    }
    if (run.steps.length === 0 && IDLE_IS_NOTHING.has(opening.kind)) return unchanged();
    // 3. Settle the automatic moves that follow.
    if (run.steps.length > 0 || SETTLE_ALWAYS.has(opening.kind)) applySteps(draft, run, settle(draft, run));
  } else if (opening.kind === 'reclaim') {
    backInPerson(draft, opening.seat);
  }
  const events = run?.events ?? [];
  // 4. The end of the match.
  finishIfOver(draft, now);
  // 5. The deadline after the change; one log row carries it.
  setTurnDeadline(draft, events, now);
  const turnDeadline = draft.meta.turnDeadline;
  const version = run?.state.version ?? 0;
  if (run && opening.kind === 'leave')
    log.push({
      kind: 'leave',
      left: { seat: opening.seat, outcome: opening.outcome },
      steps: run.steps,
      events: run.events,
      version,
      turnDeadline,
    });
  else if (run)
    log.push({
      kind: 'moves',
      steps: run.steps,
      events: run.events,
      moveId: opening.kind === 'move' ? opening.moveId : null,
      version,
      turnDeadline,
    });
  // 6. The timers.
  updateTimers(draft, now);
  // 7. The notifier, and the running turn's mail when a vacation moved its deadline.
  const { turnDeadline: _, ...meta } = draft.metaFields;
  return {
    ok: true,
    changed: true,
    quiet: false,
    state: draft.state,
    events: [...events],
    seatWrites: draft.seatWrites,
    meta: { ...meta, turnDeadline },
    metaChanged: change.meta !== undefined,
    log,
    timers: draft.timerOps,
    notify: { reason, seat: change.seat },
    shiftTurn: turnShift(deadlineBefore, turnDeadline),
    thinkMs: run?.thinkMs ?? [],
  };
}

/** The outcome of a change with nothing to do. */
function unchanged(): Extract<Outcome, { ok: true }> {
  return {
    ok: true,
    changed: false,
    quiet: false,
    state: null,
    events: [],
    seatWrites: [],
    meta: {},
    metaChanged: false,
    log: [],
    timers: [],
    notify: { reason: 'bot', seat: null },
    shiftTurn: null,
    thinkMs: [],
  };
}

/** The steps of an opening that the deciders of automatic.ts produce. */
function openingSteps(draft: Draft, run: Run, opening: Opening): Iterable<Step> {
  switch (opening.kind) {
    case 'botTurn':
      return botTurn(draft, run, 'bot');
    case 'turnTimeout':
      return opening.onDeadline === 'skip'
        ? skipTurn(run, opening.seat)
        : botTurn(draft, run, 'timeout', opening.seat);
    case 'handTimeout':
      return run.state.phase === 'handOver'
        ? [{ seat: 0, actor: 'timeout', move: { type: 'nextHand' } }]
        : [];
    case 'windowAnswer':
      return windowAnswer(run, opening.seat, opening.actor);
    case 'responseMode':
      return opening.mode === 'auto' ? windowAnswer(run, opening.seat, 'server') : [];
    default:
      return [];
  }
}

/** Applies one step through the engine; returns the engine's error when it refuses it (nothing changes then). */
function applyStep(draft: Draft, run: Run, step: Step): EngineError | null {
  const r = applyMove(run.state, step.seat, step.move);
  if (!r.ok) return r.error;
  run.steps.push({ seat: step.seat, actor: step.actor, move: step.move, events: r.events.length });
  run.events.push(...r.events);
  run.state = r.state;
  draft.setState(r.state);
  return null;
}

/** Applies steps until one is refused (a bug in a decider: logged, and the change stops there). */
function applySteps(draft: Draft, run: Run, steps: Iterable<Step>): void {
  for (const step of steps) {
    const refused = applyStep(draft, run, step);
    if (refused) {
      console.warn(
        `match ${draft.meta.matchId}: ${step.actor} move refused at v${run.state.version}: ${refused.code}`,
      );
      return;
    }
  }
}

/** A leave that ends the match: the engine's `forfeit` (the others win); its events open the row. */
function forfeitRun(draft: Draft, run: Run, seat: number): void {
  const r = forfeit(run.state, seat);
  if (!r.ok) return;
  run.events.push(...r.events);
  run.state = r.state;
  draft.setState(r.state);
}

/**
 * `row` after its player left: played by the server for good (unless the match ends), with no
 * away time or run of timeouts left over.
 */
export function leftRow(row: SeatRow, left: NonNullable<SeatRow['prefs']['left']>): SeatRow {
  const { awayUntil: _, timeoutsInRow: __, standInReason: ___, ...prefs } = row.prefs;
  return { ...row, standIn: left.outcome !== 'end', prefs: { ...prefs, left } };
}
