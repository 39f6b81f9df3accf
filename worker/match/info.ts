/**
 * Builds the `MatchInfo` a caller receives (HTTP body or WebSocket frame): the seats as everybody
 * sees them, the deadlines, and the engine view for the caller's seat (or a spectator). The only
 * hand in it is the caller's own; the engine's `viewFor` guarantees the rest.
 */
import { type MatchState, type Rules, resolveRules, viewFor } from '../engine/index';
import type { MatchInfo } from '../protocol';
import type { Meta, SeatRow } from './storage';

/** Who is asking: their seat (or null) and whether they hold the host link. */
export interface Caller {
  seat: number | null;
  host: boolean;
}

/** Inputs of `buildInfo` that are not stored rows. */
export interface InfoExtras {
  /** Seats with an authenticated open WebSocket. */
  connected: ReadonlySet<number>;
  /** Deadlines in ms since the epoch, or null. */
  turnDeadline: number | null;
  windowDeadline: number | null;
  /** Host-only mail statuses. */
  mail?: MatchInfo['mail'];
}

/** The caller's MatchInfo. */
export function buildInfo(
  meta: Meta,
  seats: readonly SeatRow[],
  caller: Caller,
  extras: InfoExtras,
): MatchInfo {
  const state: MatchState | null = meta.state;
  const own = caller.seat !== null ? seats[caller.seat] : undefined;
  const info: MatchInfo = {
    matchId: meta.matchId,
    title: meta.config.title,
    status: meta.status,
    you: { seat: caller.seat, host: caller.host },
    seats: seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      kind: s.kind,
      botStandIn: s.standIn,
      connected: extras.connected.has(s.seat),
      responseMode: state ? state.responses[s.seat] : s.responseMode,
    })),
    deadlines: {
      turn: extras.turnDeadline === null ? null : new Date(extras.turnDeadline).toISOString(),
      window: extras.windowDeadline === null ? null : new Date(extras.windowDeadline).toISOString(),
    },
    view: state ? viewFor(state, caller.seat) : null,
    config: {
      turnDeadlineHours: meta.config.turnDeadlineHours,
      responseWindowMinutes: meta.config.responseWindowMinutes,
      onDeadline: meta.config.onDeadline,
      teamSize: meta.config.teamSize,
      rules: state ? state.rules : lobbyRules(meta, seats.length),
    },
    rematchId: meta.rematchId,
  };
  if (own) {
    info.settings = {
      language: own.language,
      emailNotifications: own.emailNotifications,
      hasEmail: own.email !== null,
    };
  }
  if (caller.host && extras.mail) info.mail = extras.mail;
  return info;
}

/** A short strong ETag of a serialised body: `"v<version>-<fnv1a32 hex>"` (any change changes it). */
export function etagFor(version: number, body: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < body.length; i++) {
    h ^= body.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `"v${version}-${(h >>> 0).toString(16)}"`;
}

/** The match's rules before the first deal (checked at creation, so they resolve), for the lobby. */
function lobbyRules(meta: Meta, seats: number): Rules | null {
  const r = resolveRules(meta.config.rules, { seats, teamSize: meta.config.teamSize });
  return r.ok ? r.rules : null;
}
