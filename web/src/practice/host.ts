/**
 * The practice match's host, run inside the Web Worker (practice.worker.ts): it holds the
 * state, applies the player's move through the engine, plays the automatic draws and the bots up to
 * the player's next decision, as the match server's commit path does (worker/match/automatic.ts
 * `settle`, with every bot inline), and answers the table's reads (MatchInfo, journal, log) in the
 * server's shapes, so the online table shows it unchanged. It holds no rule: the engine and the bots
 * are handed to it (`PracticeModules`), loaded on demand by the Web Worker (the client imports them
 * only with `import()`, docs/ARCHITECTURE.md).
 */
import type * as Bots from '../../../worker/bots/index';
import type * as Engine from '../../../worker/engine/index';
import type { GameEvent, MatchState, Move } from '../../../worker/engine/index';
import type { JournalPage } from '../../../worker/match/journal';
import type { Actor, LoggedEvent, MatchInfo } from '../../../worker/protocol/views';
import type {
  PracticeCalls,
  PracticeError,
  PracticeRecord,
  PracticeSetup,
  PracticeStep,
  PracticeUpdate,
} from './protocol';

/** The engine and the bots, as the Web Worker loaded them. */
export interface PracticeModules {
  engine: typeof Engine;
  bots: typeof Bots;
}

/** The player's seat in a practice match. */
export const PLAYER_SEAT = 0;

/** Upper bound of automatic moves after one player's move: a guard, never reached in play. */
const MAX_AUTO_MOVES = 5000;

/** A clock in ms for timing bot decisions (the Web Worker's `performance.now`). */
export type Clock = () => number;

/** One practice match in the Web Worker. */
/**
 * The engine's setup of practice match `s`: its rules, seats, seed and first seat; the player's
 * coup-fourré choice as set, every bot's `auto`. The same for playing, resuming and replaying it.
 */
export function engineSetup(s: PracticeSetup): Engine.MatchSetup {
  return {
    rules: s.rules as Engine.RulesInput,
    seats: s.seats,
    teamSize: s.teamSize,
    seed: s.seed,
    firstSeat: s.firstSeat,
    responses: Array.from({ length: s.seats }, (_, i) => (i === PLAYER_SEAT ? s.responseMode : 'auto')),
  };
}

export class PracticeHost implements PracticeCalls {
  private setup: PracticeSetup | null = null;
  private state: MatchState | null = null;
  /** Every public event so far with its row, time, version and actor. */
  private events: LoggedEvent[] = [];
  /** Where the current hand's events start in `events` (the expert bot reads them). */
  private handStart = 0;
  private row = 0;

  constructor(
    private readonly m: PracticeModules,
    private readonly clock: Clock = () => Date.now(),
  ) {}

  open(record: PracticeRecord, now: number): PracticeUpdate | PracticeError {
    const s = record.setup;
    const created = this.m.engine.createMatch(engineSetup(s));
    if (!created.ok)
      return { code: 'practice.setup_invalid', message: created.problems.map((p) => p.message).join('; ') };
    this.setup = s;
    this.state = created.state;
    this.events = [];
    this.handStart = 0;
    this.row = 0;
    this.note(created.events, { row: 0, at: s.createdAt, actor: 'server' });
    // A resumed match: the stored log, move by move, without the bots deciding again.
    for (const step of record.log) {
      const r = this.m.engine.applyMove(this.state, step.seat, step.move);
      if (!r.ok) return { code: 'practice.log_invalid', message: `row ${step.row}: ${r.error.code}` };
      this.state = r.state;
      this.row = step.row;
      this.note(r.events, step);
    }
    return this.settle([], [], now, 0);
  }

  move(move: Move, version: number, now: number): PracticeUpdate | PracticeError {
    const state = this.state;
    if (!state) return { code: 'practice.not_open', message: 'no practice match is open' };
    if (version !== state.version) return { code: 'version.stale', message: 'the match moved on' };
    const r = this.m.engine.applyMove(state, PLAYER_SEAT, move);
    if (!r.ok) return r.error;
    this.state = r.state;
    this.row++;
    const from = this.events.length;
    const step: PracticeStep = { row: this.row, at: now, seat: PLAYER_SEAT, actor: 'player', move };
    this.note(r.events, step);
    return this.settle([step], [...r.events], now, from);
  }

  journal(hand?: number): JournalPage {
    const state = this.state;
    const handsDealt = state?.handNumber ?? 0;
    const wanted = Math.min(hand ?? handsDealt, handsDealt);
    const starts = (h: number) =>
      this.events.findIndex((e) => e.event.type === 'handStarted' && e.event.hand === h);
    const from = wanted >= 2 ? Math.max(0, starts(wanted)) : 0;
    const next = starts(wanted + 1);
    return {
      hand: wanted,
      handsDealt,
      events: wanted === 0 ? [] : this.events.slice(from, next < 0 ? undefined : next),
      result: state?.results.find((r) => r.hand === wanted) ?? null,
      version: state?.version ?? 0,
    };
  }

  log(after: number): { events: LoggedEvent[] } {
    return { events: this.events.filter((e) => e.seq > after) };
  }

  /** The player's MatchInfo now (as the server's `buildInfo` makes it for a seat; no deadlines). */
  info(): MatchInfo {
    const s = this.setup!;
    const state = this.state!;
    return {
      matchId: s.id,
      title: '',
      status: state.phase === 'matchOver' ? 'finished' : 'playing',
      you: { seat: PLAYER_SEAT, host: false },
      seats: s.names.map((name, seat) => ({
        seat,
        name,
        kind: seat === PLAYER_SEAT ? 'human' : 'bot',
        botStandIn: false,
        connected: seat === PLAYER_SEAT,
        responseMode: state.responses[seat],
        awayUntil: null,
      })),
      deadlines: { turn: null, window: null },
      view: this.m.engine.viewFor(state, PLAYER_SEAT),
      config: {
        turnDeadlineHours: 0,
        responseWindowMinutes: 0,
        onDeadline: 'bot',
        teamSize: s.teamSize,
        rules: state.rules,
      },
      rematchId: null,
    };
  }

  /**
   * The automatic moves after a change, as the server's `settle`: the player's forced draws (no choice
   * of draw), then every bot up to the player's next decision, the hand's end (the player starts the
   * next hand) or the match's end. Appends to `steps`/`events` of the change and answers the update.
   */
  private settle(steps: PracticeStep[], events: GameEvent[], now: number, from: number): PracticeUpdate {
    const { engine, bots } = this.m;
    const thinkMs: number[] = [];
    const rowOf = () => (steps.length > 0 ? this.row : ++this.row);
    for (let i = 0; i < MAX_AUTO_MOVES; i++) {
      const state = this.state!;
      if (state.phase === 'matchOver') break;
      const seat = engine.actingSeat(state);
      if (seat === null) break;
      let move: Move | null;
      let actor: Actor;
      if (seat === PLAYER_SEAT) {
        move = engine.forcedDraw(state, PLAYER_SEAT);
        actor = 'server';
      } else {
        const view = engine.viewFor(state, seat);
        if (view.legalMoves.length === 0) break;
        const level = this.setup!.levels[seat] ?? 'basic';
        const t0 = this.clock();
        move = bots.chooseMove(view, {
          level,
          seed: `${this.setup!.id}:${seat}`,
          ...(level === 'expert'
            ? { log: this.events.slice(this.handStart).map((e) => e.event as GameEvent) }
            : {}),
        });
        thinkMs.push(this.clock() - t0);
        actor = 'bot';
      }
      if (!move) break;
      const r = engine.applyMove(state, seat, move);
      if (!r.ok) break; // a bot only plays legal moves: never here
      this.state = r.state;
      const step: PracticeStep = { row: rowOf(), at: now, seat, actor, move };
      steps.push(step);
      events.push(...r.events);
      this.note(r.events, step);
    }
    this.seal(from);
    return { info: this.info(), events, steps, thinkMs };
  }

  /**
   * Gives every event from index `from` on its row's final version, as a server log row has one
   * version for the whole change (the journal hides a replayed run's events by that version).
   */
  private seal(from: number): void {
    for (let i = this.events.length - 1, last = new Map<number, number>(); i >= from; i--) {
      const e = this.events[i];
      const v = last.get(e.seq) ?? e.version;
      last.set(e.seq, v);
      e.version = v;
    }
  }

  /** Records `events` of one step as public logged events (and where a new hand starts). */
  private note(events: readonly GameEvent[], step: Pick<PracticeStep, 'row' | 'at' | 'actor'>): void {
    const at = new Date(step.at).toISOString();
    const version = this.state!.version;
    for (const event of events) {
      if (event.type === 'handStarted') this.handStart = this.events.length;
      this.events.push({ seq: step.row, at, version, by: step.actor, event });
    }
  }
}
