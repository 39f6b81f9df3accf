/**
 * The change being decided: a working copy of the snapshot's meta row and seats that the decider's
 * functions read and change, recording every seat row, meta field and timer the change writes, in
 * order, for the outcome. Writes nothing anywhere.
 */
import type { MatchState } from '../engine/index';
import type { KINDS, MatchSnapshot, Timer, TimerKind, TimerOp } from './change';
import type { Meta, SeatRow } from './model';

/** The working copy of one change (see the file header). */
export class Draft {
  readonly meta: Meta;
  readonly seats: SeatRow[];
  /** Seat rows written, in order (one row each). */
  readonly seatWrites: SeatRow[] = [];
  /** Meta fields changed (the state is `meta.state`). */
  readonly metaFields: Partial<Omit<Meta, 'state' | 'matchId'>> = {};
  readonly timerOps: TimerOp[] = [];
  private readonly timers: Partial<Record<TimerKind, Timer | null>>;

  constructor(readonly snapshot: MatchSnapshot) {
    this.meta = { ...snapshot.meta };
    this.seats = [...snapshot.seats];
    this.timers = { ...snapshot.timers };
  }

  /** The current engine state (null before the first deal). */
  get state(): MatchState | null {
    return this.meta.state;
  }

  /** Makes `state` current. */
  setState(state: MatchState): void {
    this.meta.state = state;
  }

  /** Changes a seat (one row written). */
  setSeat(row: SeatRow): void {
    this.seats[row.seat] = row;
    this.seatWrites.push(row);
  }

  /** Changes lifecycle fields of the meta row. */
  updateMeta(fields: Partial<Omit<Meta, 'state' | 'matchId'>>): void {
    Object.assign(this.meta, fields);
    Object.assign(this.metaFields, fields);
  }

  /** True when a bot plays `seat` (a bot seat, or a human seat with a stand-in). */
  botControlled(seat: number): boolean {
    const s = this.seats[seat];
    return s.kind === 'bot' || s.standIn;
  }

  /** The timer of `kind` as the change left it (null: none). */
  timer<P = unknown>(kind: (typeof KINDS)['window' | 'turn' | 'bot']): Timer<P> | null {
    return (this.timers[kind] as Timer<P> | undefined) ?? null;
  }

  /** Sets (or moves) the timer of `kind` to `atMs` (ms since the epoch); unchanged costs nothing. */
  schedule(kind: TimerKind, atMs: number, payload: unknown = null): void {
    this.timers[kind] = { atMs, payload };
    this.timerOps.push({ op: 'schedule', kind, atMs, payload });
  }

  /** Cancels the timer of `kind`. */
  cancel(kind: TimerKind): void {
    this.timers[kind] = null;
    this.timerOps.push({ op: 'cancel', kind });
  }
}
