/**
 * The snapshot of a match held in memory, without deadlines, timers, mail or links: the practice
 * match (web/src/practice/host.ts) and the benches that replay the server's work in Node
 * (scripts/bench-node-work.ts) hand it to `decide`.
 */
import type { GameEvent, MatchState, ResponseMode, RulesInput } from '../engine/index';
import type { BotLevel } from '../protocol/fields';
import type { BotPace, MatchSnapshot } from './change';
import type { SeatRow } from './model';

/** A match in memory: its id (the bots' seed), rules, seats, state and the current hand's events. */
export interface OfflineMatch {
  matchId: string;
  /** ms since the epoch (0 when it does not matter). */
  createdAt: number;
  rules: RulesInput;
  teamSize: 1 | 2;
  firstSeat: number;
  seats: ReadonlyArray<{
    name: string;
    kind: 'human' | 'bot';
    botLevel: BotLevel;
    responseMode: ResponseMode;
  }>;
  state: MatchState | null;
  /** The public events of the current hand before the change, oldest first. */
  handLog: readonly GameEvent[];
  /** How long a bot waits before moving (ms); 0 plays every bot inside the change. */
  botDelayMs: number;
  botPace?: BotPace;
  /** Optional clock (ms) to time each bot decision. */
  measure?: () => number;
}

/** The snapshot `decide` reads for `m`: a match being played, with no deadline, timer, address or link. */
export function offlineSnapshot(m: OfflineMatch): MatchSnapshot {
  const seats: SeatRow[] = m.seats.map((s, seat) => ({
    seat,
    name: s.name,
    kind: s.kind,
    tokenHash: null,
    botLevel: s.botLevel,
    standIn: false,
    responseMode: s.responseMode,
    email: null,
    language: 'en',
    emailNotifications: false,
    prefs: {},
  }));
  return {
    meta: {
      matchId: m.matchId,
      createdAt: m.createdAt,
      config: {
        title: '',
        rules: m.rules,
        teamSize: m.teamSize,
        firstSeat: m.firstSeat,
        turnDeadlineHours: 0,
        responseWindowMinutes: 0,
        onDeadline: 'bot',
      },
      hostHash: '',
      inviteHash: null,
      status: 'playing',
      setup: null,
      state: m.state,
      finishedAt: null,
      rematchId: null,
      turnDeadline: null,
      stateSeq: 0,
    },
    seats,
    timers: {},
    botDelayMs: m.botDelayMs,
    handLog: () => m.handLog,
    ...(m.botPace ? { botPace: m.botPace } : {}),
    ...(m.measure ? { measure: m.measure } : {}),
  };
}
