/**
 * The match the page benchmarks open (scripts/bench-page.ts, scripts/lighthouse.ts): Ann (seat 0, to
 * play, rolling, a hand of distance cards) against a bot, classic rules, made through the stacked-deck
 * test seam of a server started by test/browser/server.ts.
 */
import type { TestServer } from '../test/browser/server';
import type { Created } from '../worker/protocol/views';

/** Creates the bench's match from `seed` (the deck after the stacked hands); throws on any answer but 201. */
export async function createBenchMatch(server: TestServer, seed: string): Promise<Created> {
  const res = await fetch(`${server.url}/api/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Bench',
      rules: 'classic',
      firstSeat: 0,
      seats: [
        { kind: 'human', name: 'Ann' },
        { kind: 'bot', name: 'Robo' },
      ],
      testStack: {
        seed,
        position: {
          hands: { 0: ['d25', 'd50', 'd75', 'd100', 'd25', 'd50'] },
          tableaux: { 0: { battle: ['roll'] }, 1: { battle: ['roll'] } },
        },
      },
    }),
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return (await res.json()) as Created;
}
