/**
 * The wire shapes the client uses. They are the server's own types (worker/protocol/, described
 * in docs/API.md) and the engine's (MatchView, Move, …), imported as types only: nothing of the
 * server is bundled, and the client renders these shapes without re-deriving them.
 */
import type { CardId } from '../../../worker/engine/cards';
import type { GameEvent, MatchView, Move, ResponseMode } from '../../../worker/engine/types';
import type { CreateMatch } from '../../../worker/protocol/requests';
import type { MatchSummary, SummaryItem } from '../../../worker/protocol/summaries';
import type { Created, LoggedEvent, MatchInfo, RematchInfo, SeatInfo } from '../../../worker/protocol/views';

export type {
  CardId,
  Created,
  CreateMatch,
  GameEvent,
  LoggedEvent,
  MatchInfo,
  MatchSummary,
  MatchView,
  Move,
  RematchInfo,
  ResponseMode,
  SeatInfo,
  SummaryItem,
};

/** One seat of a create request. */
export type SeatRequest = CreateMatch['seats'][number];
