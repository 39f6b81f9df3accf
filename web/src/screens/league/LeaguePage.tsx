/**
 * The league route, loaded on demand: `/l/new` makes a league, `/l/<id>` shows one
 * to the holder of its owner link or a member link.
 */
import type { JSX } from 'preact';
import { CreateLeague } from './CreateLeague';
import { LeagueView } from './LeagueView';

/** The league page: the creation form without an id, else the league. */
export function LeaguePage({ leagueId }: { leagueId: string | null }): JSX.Element {
  return leagueId === null ? <CreateLeague /> : <LeagueView leagueId={leagueId} />;
}
