/**
 * A league's standings, computed on each read from its matches' stored results
 * (a league holds few; nothing is summed into extra rows): per member, matches and hands played
 * and won, total points, points per hand, coups fourrés, the longest run of matches won, and the
 * form over the last ten matches. Pure: no platform import.
 */
import type { LeagueMatchRow, Standing } from '../league-protocol';
import type { LeagueMatch, MemberRow } from './store';

/** How many matches the form shows. */
export const FORM_MATCHES = 10;

/**
 * The standings of `members` over the ended `matches` (oldest first), best first: by matches won,
 * then points, then hands won, then member id.
 */
export function standings(members: readonly MemberRow[], matches: readonly LeagueMatch[]): Standing[] {
  const ended = matches
    .filter((x) => x.result !== null)
    .sort((a, b) => a.result!.endedAt - b.result!.endedAt || a.createdAt - b.createdAt);
  const rows = members.map((mem): Standing => {
    const s: Standing = {
      member: mem.member,
      name: mem.name,
      left: mem.leftAt !== null,
      matches: 0,
      matchesWon: 0,
      hands: 0,
      handsWon: 0,
      points: 0,
      perHand: 0,
      coupsFourres: 0,
      longestRun: 0,
      form: [],
    };
    let run = 0;
    for (const x of ended) {
      const seat = x.seats.indexOf(mem.member);
      const r = seat === -1 ? undefined : x.result!.seats.find((y) => y.seat === seat);
      if (!r) continue;
      s.matches++;
      s.hands += r.hands;
      s.handsWon += r.handsWon;
      s.points += r.points;
      s.coupsFourres += r.coupsFourres;
      if (r.won) s.matchesWon++;
      run = r.won ? run + 1 : 0;
      s.longestRun = Math.max(s.longestRun, run);
      s.form.push({ matchId: x.matchId, points: r.points, won: r.won });
    }
    s.form = s.form.slice(-FORM_MATCHES);
    s.perHand = s.hands === 0 ? 0 : Math.round((s.points / s.hands) * 10) / 10;
    return s;
  });
  return rows.sort(
    (a, b) =>
      b.matchesWon - a.matchesWon || b.points - a.points || b.handsWon - a.handsWon || a.member - b.member,
  );
}

/** The league's matches as its page lists them, newest first (the winners as member ids). */
export function matchRows(matches: readonly LeagueMatch[]): LeagueMatchRow[] {
  return [...matches].reverse().map((x) => ({
    matchId: x.matchId,
    createdAt: new Date(x.createdAt).toISOString(),
    seats: x.seats.slice(),
    ended: x.result !== null,
    endedAt: x.result ? new Date(x.result.endedAt).toISOString() : null,
    winners: x.result
      ? x.result.seats.flatMap((r) => (r.won && x.seats[r.seat] != null ? [x.seats[r.seat]!] : []))
      : [],
  }));
}
