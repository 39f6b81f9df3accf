/**
 * The practice match's host, run inside the Web Worker (practice.worker.ts): it holds the state and
 * asks the match server's own decider (worker/decider/decide.ts) what the player's move does: the
 * move through the engine, then the automatic draws and the bots up to the player's next decision
 * (every bot inline, each decision with its own budget). It answers the table's reads (MatchInfo,
 * the journal through decider/journal-page.ts, the log) in the server's shapes, so the online table
 * shows it unchanged. It holds no rule: the engine, the bots and the decider are handed to it
 * (`PracticeModules`), loaded on demand by the Web Worker (the client imports them only with
 * `import()`, docs/ARCHITECTURE.md).
 */
import type * as Bots from '../../../worker/bots/index';
import type { MatchChange, MatchSnapshot, Outcome } from '../../../worker/decider/change';
import type * as Decider from '../../../worker/decider/decide';
import type * as Journal from '../../../worker/decider/journal-page';
import type * as Engine from '../../../worker/engine/index';
import type { GameEvent, MatchState, Move } from '../../../worker/engine/index';
import type { JournalPage } from '../../../worker/match/journal';
import type { LoggedEvent, MatchInfo } from '../../../worker/protocol/views';
import type {
  PracticeCalls,
  PracticeError,
  PracticeRecord,
  PracticeSetup,
  PracticeStep,
  PracticeUpdate,
} from './protocol';

/** The engine, the bots, the match server's decider and journal pages, as the Web Worker loaded them. */
export interface PracticeModules {
  engine: typeof Engine;
  bots: typeof Bots;
  decider: typeof Decider;
  journal: typeof Journal;
}

/** The player's seat in a practice match. */
export const PLAYER_SEAT = 0;

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
      // A row's events carry its last version, as a server log row (and a change here) does.
      for (let i = this.events.length - 1; i >= 0 && this.events[i].seq === step.row; i--)
        this.events[i].version = r.state.version;
    }
    return this.change({ kind: 'settle' }, now);
  }

  move(move: Move, version: number, now: number): PracticeUpdate | PracticeError {
    const state = this.state;
    if (!state) return { code: 'practice.not_open', message: 'no practice match is open' };
    if (version !== state.version) return { code: 'version.stale', message: 'the match moved on' };
    return this.change({ kind: 'move', seat: PLAYER_SEAT, move, moveId: '' }, now);
  }

  journal(hand?: number): JournalPage {
    const handsDealt = this.state?.handNumber ?? 0;
    return this.m.journal.journalPage(this.state, Math.min(hand ?? handsDealt, handsDealt), this.events);
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
   * Makes one change through the decider at `now` (ms): the opening, then the automatic moves, all
   * in one row of the log (as a server log row); answers the update, or the engine's refusal.
   */
  private change(opening: MatchChange['opening'], now: number): PracticeUpdate | PracticeError {
    const o = this.m.decider.decide(this.snapshot(), { reason: 'move', seat: PLAYER_SEAT, opening }, now);
    if (!o.ok) return o.error;
    const steps = this.record(o, now);
    return { info: this.info(), events: o.events, steps, thinkMs: o.thinkMs };
  }

  /** Takes a decided change: its state, and its moves as one log row (each step's own events noted). */
  private record(o: Extract<Outcome, { ok: true }>, now: number): PracticeStep[] {
    if (o.state) this.state = o.state;
    const entry = o.log.find((e) => e.kind === 'moves');
    if (entry?.kind !== 'moves' || entry.steps.length === 0) return [];
    const row = ++this.row;
    let from = 0;
    return entry.steps.map((s) => {
      const step: PracticeStep = { row, at: now, seat: s.seat, actor: s.actor, move: s.move };
      this.note(entry.events.slice(from, from + s.events), step);
      from += s.events;
      return step;
    });
  }

  /**
   * The practice match as the decider reads it: the player and the bots at their levels, no
   * deadlines or timers, every bot inline with a budget per decision, and the current hand's events.
   */
  private snapshot(): MatchSnapshot {
    const s = this.setup!;
    const state = this.state!;
    return this.m.decider.offlineSnapshot({
      matchId: s.id,
      createdAt: s.createdAt,
      rules: s.rules as Engine.RulesInput,
      teamSize: s.teamSize,
      firstSeat: s.firstSeat,
      seats: s.names.map((name, seat) => ({
        name,
        kind: seat === PLAYER_SEAT ? 'human' : 'bot',
        botLevel: s.levels[seat] ?? 'basic',
        responseMode: state.responses[seat],
      })),
      state,
      handLog: this.events.slice(this.handStart).map((e) => e.event as GameEvent),
      botDelayMs: 0,
      botPace: 'decision',
      measure: this.clock,
    });
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
