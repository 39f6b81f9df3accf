/**
 * Presence: whether a person is looking at a seat's page now (presence means a person is
 * looking). A seat is present while one of its pages is visible and was used within `PRESENCE_MS`.
 * The page tells it over its socket (`presence` frames, kept as `presentUntil` in the socket's
 * attachment, so it survives hibernation) or, without a socket, with its poll
 * (`GET /api/matches/:id?present=1`, kept in memory here). Nothing here writes a row or logs: a
 * presence change costs 0 rows written. An open socket alone is not presence (that is
 * `SeatInfo.connected`): a hidden tab, or a visible one nobody touched for `PRESENCE_MS`, is absent.
 * The notifier asks through `NotifierContext.present` (worker/notify/plan.ts `staleReason`).
 */
import type { MatchContext } from './context';
import { type SocketAttachment, socketAttachment, socketCaller } from './sockets';

/**
 * How long a page counts as looked at after its last report of being visible and used (ms). The page
 * reports at most once a minute while used (web/src/lib/presence.ts), so 3 minutes cover a report
 * that comes late, and a tab left open is absent 3 minutes after the last touch.
 */
export const PRESENCE_MS = 3 * 60_000;

/** The `presentUntil` (ms since the epoch) a page's report at `nowMs` gives: visible, or hidden (0). */
export function presentUntilOf(visible: boolean, nowMs: number): number {
  return visible ? nowMs + PRESENCE_MS : 0;
}

/**
 * Presence reported by polls, per token hash (in memory only: lost on eviction, when the seat counts
 * as absent). Kept by token, not by seat, so a poll counts for a seat only while its token holds the
 * seat (a revoked mailed link's poll makes no presence).
 */
export class PolledPresence {
  private readonly until = new Map<string, number>();

  /** The page of token hash `who` polled at `nowMs` (ms) while visible and used. */
  note(who: string, nowMs: number): void {
    this.until.set(who, presentUntilOf(true, nowMs));
  }

  /** The token hashes whose polls count until after `nowMs` (ms); older reports are forgotten. */
  live(nowMs: number): string[] {
    const out: string[] = [];
    for (const [who, until] of this.until) {
      if (until > nowMs) out.push(who);
      else this.until.delete(who);
    }
    return out;
  }
}

/**
 * A `presence` frame on `ws` at the match's time: the page is `visible` (and was just used) or
 * hidden. Kept in the socket's attachment, also before the socket authenticates (the page is the
 * same once it has), never in a row.
 */
export function onPresenceFrame(m: MatchContext, ws: WebSocket, visible: boolean): void {
  const a = socketAttachment(ws);
  ws.serializeAttachment({ ...a, presentUntil: presentUntilOf(visible, m.now()) } satisfies SocketAttachment);
}

/** A poll with `?present=1` from `who` (a token's hash): its seat, if any, is present from now. */
export function onPresentPoll(m: MatchContext, who: string | null): void {
  if (who && m.caller(who).seat !== null) m.polledPresence.note(who, m.now());
}

/**
 * Whether `seat` is present at `nowMs` (the match clock, ms): one of the sockets whose credential
 * holds the seat now, or its polls, reported a visible, used page less than `PRESENCE_MS` before.
 */
export function seatPresent(m: MatchContext, seat: number, nowMs: number): boolean {
  // A poll counts while its token holds the seat now (a revoked link or a leave makes no presence).
  if (m.polledPresence.live(nowMs).some((who) => m.caller(who).seat === seat)) return true;
  // The socket's credential must hold the seat now (a revoked link or a leave makes no presence).
  return m.ctx.getWebSockets().some((ws) => {
    const a = socketAttachment(ws);
    return (a.presentUntil ?? 0) > nowMs && socketCaller(m, a).seat === seat;
  });
}
