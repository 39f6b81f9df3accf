/**
 * What a league match costs, for `npm run bench:server`: a league of three makes a
 * match with one press, the members play it to its end (one hand to 100 km, legal moves only), and
 * the match tells its league on its alarm. Prints the rows the league's Durable Object writes per
 * match (the match's row at its creation, its result at the end), the match object's rows for the
 * creation through the league and for the whole match (the tell's schedule row and its removal
 * included), and the alarm sets.
 */
import type { Miniflare } from 'miniflare';

/** The bench's JSON call (bench-server.ts `call`). */
type Call = (
  mf: Miniflare,
  path: string,
  init?: { method?: string; body?: unknown; token?: string },
  // biome-ignore lint/suspicious/noExplicitAny: response bodies have many JSON shapes
) => Promise<{ status: number; body: any }>;

interface MatchView {
  status: string;
  view?: { version: number; legalMoves: Array<{ type: string; card?: string }> };
}

/** Prints the rows written per league match. */
export async function benchLeague(mf: Miniflare, call: Call): Promise<void> {
  const made = await call(mf, '/api/leagues', {
    body: {
      name: 'Bench league',
      members: ['A', 'B', 'C'],
      rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } },
    },
  });
  if (made.status !== 201) throw new Error(`league: ${made.status} ${JSON.stringify(made.body)}`);
  const leagueId = made.body.leagueId as string;
  const tokens = (made.body.members as Array<{ url: string }>).map((m) =>
    new URL(m.url).hash.replace(/^#member=/, ''),
  );
  const leagueRows = async () => (await call(mf, `/dev/league-stats/${leagueId}`)).body.rows as number;
  const l0 = await leagueRows();
  const r = await call(mf, `/api/leagues/${leagueId}/matches`, { token: tokens[0], body: {} });
  if (r.status !== 201) throw new Error(`league match: ${r.status} ${JSON.stringify(r.body)}`);
  const id = r.body.matchId as string;
  const stats = async () =>
    (await call(mf, `/dev/stats/${id}`)).body as { rowsWritten: number; alarmWrites: number };
  const l1 = await leagueRows();
  const created = await stats();
  for (let n = 0, over = false; !over; n++) {
    if (n > 3000) throw new Error('the league match did not end');
    for (const token of tokens) {
      const info = (await call(mf, `/api/matches/${id}`, { token })).body as MatchView;
      if (info.status === 'finished') {
        over = true;
        break;
      }
      const legal = info.view?.legalMoves ?? [];
      if (legal.length === 0) continue;
      const move = legal.find((m) => m.type === 'play' && m.card?.startsWith('d')) ?? legal[0];
      await call(mf, `/api/matches/${id}/moves`, {
        token,
        body: { version: info.view!.version, moveId: `bl${n}`, move },
      });
      break;
    }
  }
  // The tell runs on the match's alarm, due at the end.
  let told = false;
  for (let i = 0; i < 200 && !told; i++) {
    const league = (await call(mf, `/api/leagues/${leagueId}`, { token: tokens[0] })).body;
    told = league.matches[0]?.ended === true;
    if (!told) await new Promise((res) => setTimeout(res, 25));
  }
  if (!told) throw new Error('the league did not hear of its match');
  const l2 = await leagueRows();
  const end = await stats();
  console.log('');
  console.log('leagues: rows written per league match (3 members, one hand)');
  console.log(
    `league object: ${l1 - l0} at the match's creation + ${l2 - l1} for its result (the end-of-match tell) = ${l2 - l0}`,
  );
  console.log(
    `match object: ${created.rowsWritten} rows at its creation through the league (as from the page), ` +
      `${end.rowsWritten} for the whole match with the tell (its schedule row and removal), ${end.alarmWrites} alarm sets`,
  );
}
