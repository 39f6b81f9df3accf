/**
 * What callers see of a match: their MatchInfo (HTTP body with an ETag, or WebSocket frame; built
 * by info.ts from the rows plus the live deadlines and connections), the public log, and the links
 * of a rematch. Nothing here reveals another seat's hand: the engine's `viewFor` decides.
 */
import type { Created, MatchInfo } from '../protocol';
import type { MatchContext } from './context';
import { KINDS } from './deadlines';
import { buildInfo, type Caller, etagFor } from './info';
import { publicEvents } from './log';
import { NOT_FOUND, type Reply } from './replies';

/** The caller's MatchInfo; `connected` defaults to the seats with an open socket now. */
export function infoFor(m: MatchContext, caller: Caller, connected = m.connectedSeats()): MatchInfo {
  const meta = m.meta!;
  return buildInfo(meta, m.seats, caller, {
    connected,
    turnDeadline: meta.turnDeadline?.atMs ?? null,
    windowDeadline: m.schedule.get(KINDS.window, '')?.atMs ?? null,
    mail: caller.host ? m.notifier.mailStatus() : undefined,
  });
}

/** The `info` RPC: 200 with the caller's MatchInfo and its ETag; 304 when `ifNoneMatch` matches. */
export function infoReply(m: MatchContext, who: string | null, ifNoneMatch: string | null): Reply {
  if (!m.meta) return NOT_FOUND;
  const info = infoFor(m, m.caller(who));
  const body = JSON.stringify(info);
  const etag = etagFor(m.meta.state?.version ?? 0, body);
  if (ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return { status: 304, etag };
  }
  return { status: 200, body: info, etag };
}

/** The `log` RPC: 200 `{ events }`, the public events after log row `after` (at most 500 rows). */
export function logReply(m: MatchContext, after: number): Reply {
  if (!m.meta) return NOT_FOUND;
  return { status: 200, body: { events: publicEvents(m, after) } };
}

/** The reply body of a rematch `matchId`: its page, and no links (each seat keeps its own). */
export function createdFor(m: MatchContext, matchId: string, origin: string): Created {
  return {
    matchId,
    matchUrl: `${origin}/m/${matchId}`,
    hostUrl: null,
    inviteUrl: null,
    seats: m.seats.map((s) => ({ seat: s.seat, name: s.name, kind: s.kind, url: null })),
  };
}
