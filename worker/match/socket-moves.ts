/**
 * Moves over the match's WebSocket: a `move` frame is played through the same path as
 * `POST /moves` (moves.ts `playMove`: the same idempotency by move id, the same checks and replies)
 * and answered with a `moveResult` frame that echoes its move id. The Worker's move limiter never
 * sees socket frames, so the object counts them here, per client, with the limiter's numbers.
 */
import * as v from 'valibot';
import { issueLines } from '../protocol/body';
import {
  MAX_SOCKET_MOVES_PER_WINDOW,
  MOVE_WINDOW_MS,
  MoveFrameSchema,
  type ServerFrame,
} from '../protocol/frames';
import { MoveIdSchema } from '../protocol/moves';
import { error, type Reply } from '../reply';
import type { MatchContext } from './context';
import { playMove } from './moves';

/** One client's socket moves in the current window: `count` since `sinceMs` (ms since the epoch, match clock). */
export interface MoveWindow {
  count: number;
  sinceMs: number;
}

/**
 * Counts one socket move at `nowMs` in window `w` (undefined: none yet): the window after it, or
 * null when `MAX_SOCKET_MOVES_PER_WINDOW` were counted in it already. A fixed window of
 * `MOVE_WINDOW_MS` from its first move, like the Worker's limiter (`simple = { limit, period }`).
 */
export function countMove(w: MoveWindow | undefined, nowMs: number): MoveWindow | null {
  const current = w && nowMs - w.sinceMs < MOVE_WINDOW_MS ? w : { count: 0, sinceMs: nowMs };
  if (current.count >= MAX_SOCKET_MOVES_PER_WINDOW) return null;
  return { count: current.count + 1, sinceMs: current.sinceMs };
}

/**
 * Each match object's move windows, by client: a seat (all its sockets and links together), else the
 * socket's token hash (`''` for an unauthenticated socket). In memory only, by design (a row per move
 * frame would cost what moving over the socket saves): an object only hibernates after seconds
 * without a frame, and every socket is also held to its frame budget (socket-flow.ts).
 */
const windows = new WeakMap<MatchContext, Map<string, MoveWindow>>();

/** Spends one socket move of `who`'s allowance (see `windows`); false when over the limit. */
function spendMove(m: MatchContext, who: string | null): boolean {
  const seat = m.caller(who).seat;
  const key = seat !== null ? `seat:${seat}` : `who:${who ?? ''}`;
  let byClient = windows.get(m);
  if (!byClient) windows.set(m, (byClient = new Map()));
  const next = countMove(byClient.get(key), m.now());
  if (!next) return false;
  byClient.set(key, next);
  return true;
}

/**
 * The answer to a `move` frame `raw` (a JSON object whose `type` is `move`) from a socket whose auth
 * frame's token hashes to `who` (null: not authenticated). Without a valid `moveId` there is nothing to
 * echo: the error frame `frame.invalid`. Otherwise `{type: 'moveResult', moveId, status, body}` with
 * what `POST /moves` answers: 429 `rate.limited` past the per-client limit (nothing played), 400
 * `request.invalid` with the issues for a bad `version` or `move`, else `playMove`'s reply.
 */
export function moveFrameReply(
  m: MatchContext,
  who: string | null,
  raw: Record<string, unknown>,
): ServerFrame {
  const id = v.safeParse(MoveIdSchema, raw.moveId);
  if (!id.success) {
    return { type: 'error', error: { code: 'frame.invalid', message: 'A move frame needs a valid moveId.' } };
  }
  const result = (reply: Reply): ServerFrame => ({
    type: 'moveResult',
    moveId: id.output,
    status: reply.status,
    body: reply.body,
  });
  if (!spendMove(m, who)) {
    return result(
      error(429, 'rate.limited', 'Too many move requests from this client; try again in a minute.'),
    );
  }
  const parsed = v.safeParse(MoveFrameSchema, raw);
  if (!parsed.success) {
    const issues = issueLines(parsed.issues);
    return result({
      status: 400,
      body: { error: { code: 'request.invalid', message: 'Invalid request json.', issues } },
    });
  }
  const { type: _move, ...req } = parsed.output;
  return result(playMove(m, who, req));
}
