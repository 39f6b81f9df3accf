/**
 * The page benchmark's mail link (scripts/bench-page.ts): a classic match of two humans with
 * addresses on a server started with the local outbox (test/browser/server.ts `mail`), Bob confirmed,
 * the match's clock moved past the turn mail's grace period, and Ann's turn mail read from
 * `/dev/mail.json`. Its first move link opens the move's confirmation page: a server-rendered page
 * (worker/routes/mail-pages.ts `page`), the one a player meets first when playing from the mail. A GET
 * of it changes nothing, so it can be loaded cold again and again.
 */
import type { TestServer } from '../test/browser/server';

/** A mail of the dev outbox (`GET /dev/mail.json`), as far as it is read here. */
interface Stored {
  to: string;
  text: string;
}

/** A POST of `body` (JSON) to the test server; throws unless the answer is `status`. */
async function post(server: TestServer, path: string, body: unknown, status: number, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== status) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

/**
 * The URL of a move's confirmation page from Ann's turn mail (throws when no mail with move links
 * comes within 30 s). `server` must have been started with `mail: true`.
 */
export async function mailLinkPage(server: TestServer, seed: string): Promise<string> {
  const ann = `ann.${seed}.${Date.now()}@bench.example`;
  const created = (await post(
    server,
    '/api/matches',
    {
      title: 'Bench by mail',
      rules: 'classic',
      firstSeat: 0,
      seats: [
        { kind: 'human', name: 'Ann', email: ann, language: 'en' },
        { kind: 'human', name: 'Bob', email: `bob.${seed}.${Date.now()}@bench.example`, language: 'en' },
      ],
      testStack: { seed },
    },
    201,
  )) as { matchId: string; seats: Array<{ url: string }> };
  const bob = new URLSearchParams(new URL(created.seats[1].url).hash.slice(1)).get('seat') ?? '';
  await post(server, `/api/matches/${created.matchId}/confirm`, { name: 'Bob' }, 200, bob);
  // The turn mail waits out its grace period: the match's clock passes it.
  await post(server, `/dev/clock/${created.matchId}`, { ms: 3 * 60_000 }, 200);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = (await (await fetch(`${server.url}/dev/mail.json`)).json()) as Stored[];
    const link = mails
      .filter((m) => m.to === ann)
      .map((m) => m.text.match(/http:\/\/\S+\/turn\/\S+/)?.[0])
      .find(Boolean);
    if (link) return link;
    if (Date.now() > deadline) throw new Error('no turn mail with move links came');
    await new Promise((r) => setTimeout(r, 300));
  }
}
