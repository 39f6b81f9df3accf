/**
 * Helpers of the league tests: a league made through the API with its owner's and
 * members' tokens, a match made in it, played to its end by the members' league links (legal moves
 * only, from each seat's view), and the league's stub for the test seams.
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { LeagueCreated, LeagueInfo } from '../../worker/league-protocol';
import { api, freshIp, playOut, scheduleOf, stubOf, type TestMatch } from './helpers';

/** A league's id and tokens: the owner's and one per member (by member id). */
export interface TestLeague {
  id: string;
  created: LeagueCreated;
  owner: string;
  members: string[];
}

/** A short league: one hand to 100 km decides a match. */
export const SHORT_RULES = { preset: 'classic', options: { goal: 100, matchTarget: 0 } } as const;

/** The token in a league link's fragment (`#owner=…`, `#member=…`). */
export function leagueToken(url: string): string {
  const m = /#(?:owner|member)=([A-Za-z0-9_-]+)$/.exec(url);
  if (!m) throw new Error(`no token in ${url}`);
  return m[1];
}

/** POST /api/leagues; throws unless 201. */
export async function createLeague(
  members: string[] = ['Ann', 'Bob', 'Cid'],
  extra: Record<string, unknown> = {},
): Promise<TestLeague> {
  const r = await api('/api/leagues', {
    body: { name: 'Friday club', members, rules: SHORT_RULES, ...extra },
    ip: freshIp(),
  });
  if (r.status !== 201) throw new Error(`league: ${r.status} ${JSON.stringify(r.body)}`);
  const created = r.body as LeagueCreated;
  return {
    id: created.leagueId,
    created,
    owner: leagueToken(created.ownerUrl),
    members: created.members.map((m) => leagueToken(m.url)),
  };
}

/** GET /api/leagues/:id as `token`; throws unless 200. */
export async function leagueInfo(l: TestLeague, token: string): Promise<LeagueInfo> {
  const r = await api(`/api/leagues/${l.id}`, { token });
  if (r.status !== 200) throw new Error(`league info: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as LeagueInfo;
}

/** A member makes a league match; returns it as a TestMatch whose seat tokens are the members' league tokens. */
export async function leagueMatch(l: TestLeague, by: number, bots = 0): Promise<TestMatch> {
  const r = await api(`/api/leagues/${l.id}/matches`, {
    token: l.members[by],
    body: { bots, botLevel: 'random' },
  });
  if (r.status !== 201) throw new Error(`league match: ${r.status} ${JSON.stringify(r.body)}`);
  const matchId = r.body.matchId as string;
  const info = (await leagueInfo(l, l.members[by])).matches.find((x) => x.matchId === matchId)!;
  return {
    id: matchId,
    created: r.body,
    host: '',
    seats: info.seats.map((member) => (member === null ? null : l.members[member])),
    invite: null,
  };
}

/** The league's Durable Object stub (test seams included). */
export function leagueStubOf(l: TestLeague) {
  return env.LEAGUE!.get(env.LEAGUE!.idFromName(l.id)) as unknown as {
    benchStats(): Promise<{ status: number; body: { rows: number } }>;
    testFailTells(n: number): Promise<unknown>;
    matchEnded(result: unknown): Promise<{ status: number; body: { counted: boolean } }>;
  };
}

/** The match's pending `league` tell, if any (its payload's attempt count). */
export async function pendingTell(m: TestMatch): Promise<{ attempt: number } | null> {
  const row = (await scheduleOf(m)).find((r) => r.kind === 'league');
  return row ? (JSON.parse(row.payload) as { attempt: number }) : null;
}

/** Plays `m` to its end with the members' links, then runs its alarm until no tell is due now. */
export async function finishLeagueMatch(m: TestMatch, seed = 1): Promise<void> {
  await playOut(m, { seed });
  for (let i = 0; i < 5 && (await pendingTell(m))?.attempt === 0; i++) await runDurableObjectAlarm(stubOf(m));
}
