/**
 * What a rematch by consent costs in rows written, for `npm run bench:server`: a
 * quick 3-human match (stacked, over at the first 100 km), with one address per seat (so the offer
 * queues its mails), then the offer, each acceptance, and the dealing (the finished match's meta row,
 * plus the new match's own creation rows, counted apart).
 */
import type { Miniflare } from 'miniflare';
import type { Created } from '../worker/protocol/views';

/** The bench's JSON call and a match's counters (`/dev/stats/:id`, test seams). */
type Call = (
  mf: Miniflare,
  path: string,
  init?: { method?: string; body?: unknown; token?: string },
  // biome-ignore lint/suspicious/noExplicitAny: response bodies have many JSON shapes
) => Promise<{ status: number; body: any }>;

const tokenOf = (url: string | null) =>
  new URLSearchParams(new URL(url ?? '', 'http://x').hash.slice(1)).get('seat') ?? '';

/** Prints the rows written by an offer, the answers and the dealing of a 3-human match's rematch. */
export async function benchRematch(mf: Miniflare, call: Call): Promise<void> {
  const created = await call(mf, '/api/matches', {
    body: {
      rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } },
      seats: ['A', 'B', 'C'].map((name, i) => ({ kind: 'human', name, email: `bench.${i}@example.org` })),
      firstSeat: 0,
      testStack: {
        seed: 'bench-rematch',
        position: { hands: { 0: ['roll', 'd100', 'd25', 'd25', 'd25', 'd25'], 1: ['roll'], 2: ['roll'] } },
      },
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const c = created.body as Created;
  const tokens = c.seats.map((s) => tokenOf(s.url));
  // Seats invited by address wait in the lobby for their guests' names: B and C confirm theirs.
  for (const seat of [1, 2])
    await call(mf, `/api/matches/${c.matchId}/confirm`, {
      token: tokens[seat],
      body: { name: c.seats[seat].name },
    });
  const rows = async (id: string) => (await call(mf, `/dev/stats/${id}`)).body.rowsWritten as number;
  for (const [seat, card] of [
    [0, 'roll'],
    [1, 'roll'],
    [2, 'roll'],
    [0, 'd100'],
  ] as const) {
    const info = (await call(mf, `/api/matches/${c.matchId}`, { token: tokens[seat] })).body;
    const r = await call(mf, `/api/matches/${c.matchId}/moves`, {
      token: tokens[seat],
      body: { version: info.view.version, moveId: `r${seat}${card}`, move: { type: 'play', card } },
    });
    if (r.status !== 200) throw new Error(`move: ${r.status} ${JSON.stringify(r.body)}`);
  }
  console.log('');
  console.log('rematch by consent (3 human seats with addresses): rows written in the finished match');
  const steps: Array<[string, string, unknown]> = [
    ['offer ("Play again"; queues 2 mails)', tokens[0], {}],
    ['a press again (the same offer)', tokens[0], {}],
    ['an acceptance', tokens[1], { answer: 'accept' }],
    ['the last acceptance (deals)', tokens[2], { answer: 'accept' }],
  ];
  let dealt: string | null = null;
  for (const [label, token, body] of steps) {
    const before = await rows(c.matchId);
    const r = await call(mf, `/api/matches/${c.matchId}/rematch`, { token, body });
    if (r.status >= 300) throw new Error(`rematch: ${r.status} ${JSON.stringify(r.body)}`);
    if (r.status === 201) dealt = r.body.matchId;
    console.log(`  ${label}: ${(await rows(c.matchId)) - before} rows written (${r.status})`);
  }
  if (dealt)
    console.log(`  the new match's creation and first deal: ${await rows(dealt)} rows written there`);
}
