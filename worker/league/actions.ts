/**
 * What a league does, over its store: creation with the owner's and each member's
 * link, the league as a reader sees it, a match made with one press (the members' own league token
 * hashes become the seats' hashes, so one member link serves every match), the end-of-match result
 * (counted once per match id), leaving, and the owner's rename, removal of a member, a member's new
 * link (the old one forgotten) and archiving.
 * Expected failures are `Reply` values with stable codes; a refusal changes nothing.
 */

import type { LeagueMatchResult } from '../decider/league-result';
import type { Env } from '../env';
import type {
  CreateLeague,
  LeagueCreated,
  LeagueInfo,
  LeagueMatchRequest,
  MemberLink,
} from '../league-protocol';
import { nameKey } from '../match/names';
import { matchStub } from '../match/stub';
import { payerOf } from '../notify/budget';
import type { Created } from '../protocol/views';
import { error, type Reply } from '../reply';
import { MAX_SEATS } from '../shared/limits';
import { hashToken, newMatchId, newToken } from '../tokens';
import { matchRows, standings } from './standings';
import type { LeagueStore, MemberRow } from './store';

/** Who calls: a member (null: none), whether the token is the owner's, and a member who left. */
export interface LeagueCaller {
  member: number | null;
  owner: boolean;
  left: boolean;
}

/** 404 `league.not_found`. */
export const LEAGUE_NOT_FOUND = error(404, 'league.not_found', 'No league with this id.');
const NOT_MEMBER = error(
  403,
  'league.not_member',
  'This link is not, or no longer, a link of this league: ask its owner for a new one.',
);
const LEFT = error(403, 'league.left', 'You are no longer a member of this league.');
/** 403 `league.not_owner`. */
export const NOT_OWNER = error(
  403,
  'league.not_owner',
  'Only the league’s owner (its first link) may do this.',
);
/** 409 `league.archived`. */
export const ARCHIVED = error(409, 'league.archived', 'This league is archived: it is finished.');

/** The caller behind token hash `who`. */
export function callerOf(store: LeagueStore, who: string | null): LeagueCaller {
  const owner = who !== null && store.meta?.ownerHash === who;
  const mem = who === null ? undefined : store.members.find((m) => m.tokenHash === who);
  const left = mem !== undefined && mem.leftAt !== null;
  return { member: mem && !left ? mem.member : null, owner, left };
}

/** A reader's refusal: 404 no league, 403 `league.left` / `league.not_member`; null when allowed. */
export function readRefusal(store: LeagueStore, c: LeagueCaller): Reply | null {
  if (!store.meta) return LEAGUE_NOT_FOUND;
  if (c.member !== null || c.owner) return null;
  return c.left ? LEFT : NOT_MEMBER;
}

/** An owner's action refused: see `readRefusal`, then 403 `league.not_owner`, 409 `league.archived`. */
function ownerRefusal(store: LeagueStore, c: LeagueCaller): Reply | null {
  const r = readRefusal(store, c);
  if (r) return r;
  if (!c.owner) return NOT_OWNER;
  return store.meta!.status === 'archived' ? ARCHIVED : null;
}

/**
 * Creates the league: 201 `LeagueCreated` (raw tokens only here, in the links' fragments); 400
 * `name.taken` for two members of the same name; 409 `league.exists` when the id is taken.
 */
export async function createLeague(
  store: LeagueStore,
  leagueId: string,
  body: CreateLeague,
  origin: string,
  now: number,
): Promise<Reply> {
  if (store.meta) return error(409, 'league.exists', 'This league id is taken.');
  const keys = body.members.map(nameKey);
  const twice = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (twice >= 0)
    return error(
      400,
      'name.taken',
      `Two members are called "${body.members[twice]}": give each their own name.`,
    );
  const ownerToken = newToken();
  const tokens = body.members.map(() => newToken());
  const members: MemberRow[] = await Promise.all(
    body.members.map(async (name, member) => ({
      member,
      name,
      tokenHash: await hashToken(tokens[member]),
      leftAt: null,
    })),
  );
  store.create(
    {
      leagueId,
      name: body.name,
      ownerHash: await hashToken(ownerToken),
      rules: body.rules,
      turnDeadlineHours: body.turnDeadlineHours ?? 72,
      language: body.language ?? 'en',
      status: 'active',
      createdAt: now,
    },
    members,
  );
  const leagueUrl = `${origin}/l/${leagueId}`;
  const created: LeagueCreated = {
    leagueId,
    leagueUrl,
    ownerUrl: `${leagueUrl}#owner=${ownerToken}`,
    members: members.map((m) => ({
      member: m.member,
      name: m.name,
      url: `${leagueUrl}#member=${tokens[m.member]}`,
    })),
  };
  return { status: 201, body: created };
}

/** 200 `LeagueInfo` for a member or the owner (`chat`: the chat's tally for the reader). */
export function leagueInfo(store: LeagueStore, c: LeagueCaller, chat: LeagueInfo['chat']): Reply {
  const refused = readRefusal(store, c);
  if (refused) return refused;
  const meta = store.meta!;
  const body: LeagueInfo = {
    leagueId: meta.leagueId,
    name: meta.name,
    status: meta.status,
    rules: meta.rules,
    turnDeadlineHours: meta.turnDeadlineHours,
    members: store.members.map((m) => ({ member: m.member, name: m.name, left: m.leftAt !== null })),
    you: { member: c.member, owner: c.owner },
    standings: standings(store.members, store.matches),
    matches: matchRows(store.matches),
    chat,
  };
  return { status: 200, body };
}

/**
 * A member makes a match with one press: every member still in the league (the caller at seat 0),
 * then `bots` computer players; the league's rules and turn time. 201 `{ matchId, matchUrl, hostUrl }`
 * (the members' seats open with their own league links); 403/409 as `readRefusal` and
 * `league.archived`; 400 `league.seats` for fewer than 2 or more than 8 seats; the match's own
 * refusals (400 `rules.invalid`) pass through, and then the league records nothing.
 */
export async function createLeagueMatch(
  store: LeagueStore,
  env: Env,
  c: LeagueCaller,
  req: LeagueMatchRequest,
  origin: string,
  now: number,
): Promise<Reply> {
  const refused = readRefusal(store, c);
  if (refused) return refused;
  if (c.member === null)
    return error(403, 'league.not_member', 'Only a member plays in the league’s matches.');
  const meta = store.meta!;
  if (meta.status === 'archived') return ARCHIVED;
  const present = store.members.filter((m) => m.leftAt === null);
  const seated = [
    ...present.filter((m) => m.member === c.member),
    ...present.filter((m) => m.member !== c.member),
  ];
  const bots = req.bots ?? 0;
  if (seated.length + bots < 2 || seated.length + bots > MAX_SEATS)
    return error(
      400,
      'league.seats',
      `A league match seats 2 to ${MAX_SEATS} players: members and computer players.`,
    );
  const matchId = newMatchId();
  const seats = [
    ...seated.map((m) => ({ kind: 'human' as const, name: m.name, language: meta.language })),
    ...Array.from({ length: bots }, () => ({ kind: 'bot' as const, botLevel: req.botLevel ?? 'basic' })),
  ];
  const reply = await matchStub(env, matchId).create({
    matchId,
    body: {
      title: meta.name,
      rules: meta.rules,
      seats,
      turnDeadlineHours: meta.turnDeadlineHours,
      firstSeat: 'random',
    },
    origin,
    payer: payerOf(env, `league:${meta.leagueId}`),
    league: {
      leagueId: meta.leagueId,
      seatHashes: [...seated.map((m) => m.tokenHash), ...seats.slice(seated.length).map(() => null)],
    },
  });
  if (reply.status !== 201) return reply;
  store.addMatch({
    matchId,
    createdAt: now,
    seats: [...seated.map((m) => m.member), ...Array.from({ length: bots }, () => null)],
    result: null,
  });
  const created = reply.body as Created;
  return { status: 201, body: { matchId, matchUrl: created.matchUrl, hostUrl: created.hostUrl } };
}

/**
 * A match of the league ended: its result is stored once (keyed by the match id). 200 `{ counted }`:
 * true the first time, false for a repeat. A match not made here but seating members by their league
 * tokens (a rematch of a league match keeps its seats' links) is added with its result (one row),
 * counting only the members who have not left; 409 `league.archived` for such a match once the league
 * is archived (it makes no new match); 404 `league.match_unknown` when no seat is a present member's.
 */
export function matchEnded(store: LeagueStore, result: LeagueMatchResult, now: number): Reply {
  if (!store.meta) return LEAGUE_NOT_FOUND;
  const match = store.matches.find((x) => x.matchId === result.matchId);
  if (!match) {
    // A rematch joins the league only while it runs, and only for members still in it.
    if (store.meta.status === 'archived') return ARCHIVED;
    const seats = result.seats.map(
      (r) =>
        store.members.find((m) => r.tokenHash !== null && m.tokenHash === r.tokenHash && m.leftAt === null)
          ?.member ?? null,
    );
    if (seats.every((s) => s === null))
      return error(404, 'league.match_unknown', 'This match was not made in this league.');
    store.addMatch({ matchId: result.matchId, createdAt: now, seats, result });
    return { status: 200, body: { counted: true } };
  }
  if (match.result !== null) return { status: 200, body: { counted: false } };
  store.setResult(match, result);
  return { status: 200, body: { counted: true } };
}

/** A member leaves (for good; their past results stay): 200; 403/409 as `readRefusal` and `league.archived`. */
export function leave(store: LeagueStore, c: LeagueCaller, now: number): Reply {
  const refused = readRefusal(store, c);
  if (refused) return refused;
  if (c.member === null) return NOT_MEMBER;
  if (store.meta!.status === 'archived') return ARCHIVED;
  store.markLeft(c.member, now);
  return { status: 200, body: { ok: true } };
}

/** The owner removes `member`: 200; 404 `league.member_unknown` (no such member, or gone already). */
export function removeMember(store: LeagueStore, c: LeagueCaller, member: number, now: number): Reply {
  const refused = ownerRefusal(store, c);
  if (refused) return refused;
  const m = store.members.find((x) => x.member === member);
  if (!m || m.leftAt !== null) return error(404, 'league.member_unknown', 'No such member in this league.');
  store.markLeft(member, now);
  return { status: 200, body: { ok: true } };
}

/**
 * The owner gives member `member` a new link: a new token whose hash replaces the old one (one row);
 * the old link is refused from then on (403 `league.not_member`: its hash is forgotten). 200
 * `MemberLink` (the raw token only here, in the link's fragment); 404 `league.member_unknown` (no
 * such member, or gone); 403 as `readRefusal` and `league.not_owner`. Allowed in an archived league
 * too: its standings stay readable. The member's league token is their seat token in every league
 * match, so each match made before that seats the member (at most `RELINK_MAX`) is told to take
 * the new token in place of the old one (match/seats.ts `relinkSeat`: the old link then opens no seat there, its sockets are
 * closed, and the new link opens the member's seat); a match that cannot be reached (gone, or a
 * failure, logged) keeps the old token. The league's matches made after seat the new one.
 */
export async function newMemberLink(
  store: LeagueStore,
  env: Env,
  c: LeagueCaller,
  member: number,
  origin: string,
): Promise<Reply> {
  const refused = readRefusal(store, c);
  if (refused) return refused;
  if (!c.owner) return NOT_OWNER;
  const m = store.members.find((x) => x.member === member);
  if (!m || m.leftAt !== null) return error(404, 'league.member_unknown', 'No such member in this league.');
  const token = newToken();
  const oldHash = m.tokenHash;
  const newHash = await hashToken(token);
  store.setTokenHash(member, newHash);
  await relinkMatches(store, env, member, oldHash, newHash);
  const body: MemberLink = {
    member,
    name: m.name,
    url: `${origin}/l/${store.meta!.leagueId}#member=${token}`,
  };
  return { status: 200, body };
}

/**
 * The most league matches one new link relinks: each is a call to another object, and a request of
 * the free plan makes at most 50 (the matches being played first, then the finished ones, newest
 * first; an older finished match keeps the old token: its result is counted already).
 */
export const RELINK_MAX = 40;

/** Tells the league matches that seat `member` to swap its seat token hash (see `newMemberLink`). */
async function relinkMatches(
  store: LeagueStore,
  env: Env,
  member: number,
  oldHash: string,
  newHash: string,
): Promise<void> {
  const mine = store.matches.filter((x) => x.seats.includes(member)).reverse();
  const seated = [...mine.filter((x) => !x.result), ...mine.filter((x) => x.result)].slice(0, RELINK_MAX);
  await Promise.all(
    seated.map(async (x) => {
      try {
        await matchStub(env, x.matchId).relinkSeat(oldHash, newHash);
      } catch (e) {
        console.warn(`league: relinking match ${x.matchId} failed: ${String(e).slice(0, 200)}`);
      }
    }),
  );
}

/** The owner renames the league (one row): 200. */
export function rename(store: LeagueStore, c: LeagueCaller, name: string): Reply {
  const refused = ownerRefusal(store, c);
  if (refused) return refused;
  store.putMeta({ ...store.meta!, name });
  return { status: 200, body: { ok: true } };
}

/** The owner archives the league (finished: no new match, no chat; standings stay readable): 200. */
export function archive(store: LeagueStore, c: LeagueCaller): Reply {
  const refused = ownerRefusal(store, c);
  if (refused) return refused;
  store.putMeta({ ...store.meta!, status: 'archived' });
  return { status: 200, body: { ok: true } };
}
