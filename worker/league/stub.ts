/**
 * How the Worker reaches a league's Durable Object: its stub, named by the league
 * id, typed by the RPC methods the routes and tests use.
 */
import type { Env } from '../env';
import type { LeagueDurableObject } from './durable';

/** The RPC surface of a league's Durable Object. */
export type LeagueStub = Pick<
  LeagueDurableObject,
  | 'create'
  | 'info'
  | 'createMatch'
  | 'matchEnded'
  | 'leave'
  | 'removeMember'
  | 'newMemberLink'
  | 'rename'
  | 'archive'
  | 'chatSend'
  | 'chatList'
  | 'chatRemove'
  | 'benchStats'
  | 'testFailTells'
>;

/** The stub of league `leagueId`'s Durable Object, or null when the deployment has no LEAGUE binding. */
export function leagueStub(env: Env, leagueId: string): LeagueStub | null {
  const ns = env.LEAGUE;
  return ns ? (ns.get(ns.idFromName(leagueId)) as unknown as LeagueStub) : null;
}
