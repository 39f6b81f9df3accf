/**
 * The wire shapes of docs/API.md as the client sees them. Engine shapes (MatchView, Move, …) are
 * imported from the engine's type files: the client renders them and never re-derives them.
 */
import type { CardId } from '../../../worker/engine/cards';
import type { RulesInput } from '../../../worker/engine/rules';
import type { GameEvent, MatchView, Move, ResponseMode } from '../../../worker/engine/types';

export type { CardId, GameEvent, MatchView, Move, ResponseMode };

/** One seat as the server lists it. */
export interface SeatInfo {
  seat: number;
  name: string;
  kind: 'human' | 'bot' | 'open';
  botStandIn: boolean;
  connected: boolean;
  responseMode: ResponseMode;
}

/** `GET /api/matches/:id` and every WebSocket `info` frame. */
export interface MatchInfo {
  matchId: string;
  title: string;
  status: 'lobby' | 'playing' | 'finished';
  you: { seat: number | null; host: boolean };
  seats: SeatInfo[];
  deadlines: { turn: string | null; window: string | null };
  view: MatchView | null;
  settings?: { language: string; emailNotifications: boolean; hasEmail: boolean };
  mail?: Array<{ seat: number; kind: string; status: string }>;
  /** The match settings chosen at creation. */
  config?: {
    turnDeadlineHours: number;
    responseWindowMinutes: number;
    onDeadline: 'bot' | 'skip';
    teamSize: 1 | 2;
  };
  /** The rematch's id once someone asked for one (the same links work there). */
  rematchId?: string | null;
  /** The invitation link (host only), when the server sends it. */
  inviteUrl?: string | null;
}

/** Seat request of `POST /api/matches`. */
export interface SeatRequest {
  kind: 'human' | 'bot' | 'open';
  name?: string;
  email?: string;
  botLevel?: 'random' | 'basic' | 'expert';
  language?: string;
  responseMode?: 'auto' | 'ask';
}

/** Body of `POST /api/matches`. */
export interface CreateMatch {
  title?: string;
  rules: RulesInput;
  teamSize?: 1 | 2;
  seats: SeatRequest[];
  firstSeat?: number | 'random';
  turnDeadlineHours?: number;
  responseWindowMinutes?: number;
  onDeadline?: 'bot' | 'skip';
}

/** Answer of `POST /api/matches` and of a rematch. */
export interface Created {
  matchId: string;
  matchUrl: string;
  hostUrl: string | null;
  inviteUrl: string | null;
  seats: Array<{ seat: number; name: string; kind: string; url: string | null }>;
}

/** An event of the public log, as `GET /log` returns it. */
export interface LoggedEvent {
  /** Running number of the event in the match (for `?after=`). */
  n?: number;
  seq?: number;
  id?: number;
  at?: string;
  event?: GameEvent;
  type?: string;
}
