/**
 * What callers see of a match: their MatchInfo (HTTP body with an ETag, or WebSocket frame: the
 * seats as everybody sees them, the deadlines, and the engine view for the caller's seat or a
 * spectator), the public log, and the links of a rematch. The only hand in a MatchInfo is the
 * caller's own: the engine's `viewFor` decides.
 */

import { mayReadChat } from '../chat/store';
import { KINDS } from '../decider/change';
import { leavePreview, leftSeats } from '../decider/leave';
import { fillsAtMs } from '../decider/timers';
import { awayText, timeoutsToBotOf, vacationDaysOf, vacationLeft } from '../decider/vacation';
import { type MatchState, type Rules, resolveRules, viewFor } from '../engine/index';
import type { Created, MatchInfo } from '../protocol/views';
import { NOT_FOUND, type Reply } from '../reply';
import type { Caller, MatchContext } from './context';
import { mailSettings } from './mail-prefs';
import { rematchInfo } from './rematch-offer';
import { mayReplay, openHands } from './replay-page';
import type { Meta, SeatRow } from './rows';

/** The caller's MatchInfo; `connected` defaults to the seats with an open socket now. */
export function infoFor(m: MatchContext, caller: Caller, connected = m.connectedSeats()): MatchInfo {
  const meta = m.meta!;
  return buildInfo(meta, m.seats, caller, {
    connected,
    turnDeadline: meta.turnDeadline?.atMs ?? null,
    windowDeadline: m.schedule.get(KINDS.window, '')?.atMs ?? null,
    mail: caller.host ? m.notifier.mailStatus() : undefined,
    chat: mayReadChat(meta.config, caller) ? m.chat.tally(caller.seat) : undefined,
    now: m.now(),
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
  return { status: 200, body: { events: m.log.publicEvents(after) } };
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

/** Inputs of `buildInfo` that are not stored rows. */
export interface InfoExtras {
  /** Seats with an authenticated open WebSocket. */
  connected: ReadonlySet<number>;
  /** Deadlines in ms since the epoch, or null. */
  turnDeadline: number | null;
  windowDeadline: number | null;
  /** Host-only mail statuses. */
  mail?: MatchInfo['mail'];
  /** The time of the view (ms since the epoch): who is away now. */
  now: number;
  /** The chat's tally, for a caller allowed to read it. */
  chat?: MatchInfo['chat'];
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
    you: {
      seat: caller.seat,
      host: caller.host,
      ...(caller.left !== undefined ? { left: caller.left } : {}),
    },
    seats: seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      kind: s.kind,
      botStandIn: s.standIn,
      connected: extras.connected.has(s.seat),
      responseMode: state ? state.responses[s.seat] : s.responseMode,
      awayUntil: awayText(s, extras.now, meta.status),
      // Everybody sees that the lobby waits for an invited guest; nobody sees the address.
      ...(meta.status === 'lobby' && s.prefs.invited ? { invited: s.prefs.invited } : {}),
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
      vacationDays: vacationDaysOf(meta.config),
      timeoutsToBot: timeoutsToBotOf(meta.config),
      spectatorsReadChat: meta.config.spectatorsReadChat === true,
      spectatorsReplay: meta.config.spectatorsReplay === true,
      rules: state ? state.rules : lobbyRules(meta, seats.length),
      ...(meta.config.open && meta.status === 'lobby'
        ? { open: { fillsAt: new Date(fillsAtMs(meta.createdAt, meta.config.open)).toISOString() } }
        : {}),
    },
    rematchId: meta.rematchId,
    rematch: rematchInfo(meta, seats, extras.now),
  };
  const left = leftSeats(seats);
  if (left.length > 0) info.left = left;
  // -- replay of finished hands --
  const replayHands = state && mayReplay(meta.config, caller) ? openHands(state) : 0;
  if (replayHands > 0) info.you.replayHands = replayHands;
  if (own) {
    info.settings = {
      language: own.language,
      emailNotifications: own.emailNotifications,
      hasEmail: own.email !== null,
      email: own.email,
      alwaysEmail: own.prefs.alwaysEmail === true,
      mailHand: own.prefs.mailHand !== false,
      ...mailSettings(own),
      awayUntil: awayText(own, extras.now, meta.status),
      vacationLeftMs: vacationLeft(meta.config, own),
      playForMe: own.standIn,
      standInReason: own.standIn ? (own.prefs.standInReason ?? 'host') : null,
      chatMuted: own.prefs.chatMuted === true,
    };
    if (meta.status === 'playing' && state && state.phase !== 'matchOver')
      info.settings.leave = leavePreview(meta.config, seats, own.seat, state.teams.length);
  }
  if (extras.chat) info.chat = extras.chat;
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
