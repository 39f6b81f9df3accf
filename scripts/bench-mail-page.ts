/**
 * The page benchmark's mail link (scripts/bench-page.ts): a classic match of two humans with
 * addresses on a server started with the local outbox (test/browser/server.ts `mail`), Bob confirmed,
 * the match's clock moved past the turn mail's grace period, and Ann's turn mail read from
 * `/dev/mail.json`. Its first move link opens the move's confirmation page: a server-rendered page
 * (worker/routes/mail-pages.ts `page`), the one a player meets first when playing from the mail. A GET
 * of it changes nothing, so it can be loaded cold again and again.
 */
import { apiCall, linkToken } from '../test/browser/api';
import { waitForMail } from '../test/browser/outbox';
import type { TestServer } from '../test/browser/server';

/** A JSON call to `server` (test/browser/api.ts `apiCall`); throws unless the answer is `status`. */
async function call(
  server: TestServer,
  path: string,
  status: number,
  init: { token?: string; body?: unknown },
) {
  const r = await apiCall({ server }, path, init);
  if (r.status !== status) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * The URL of a move's confirmation page from Ann's turn mail (throws when no mail with move links
 * comes within 30 s). `server` must have been started with `mail: true`.
 */
export async function mailLinkPage(server: TestServer, seed: string): Promise<string> {
  const ann = `ann.${seed}.${Date.now()}@bench.example`;
  const created = (await call(server, '/api/matches', 201, {
    body: {
      title: 'Bench by mail',
      rules: 'classic',
      firstSeat: 0,
      seats: [
        { kind: 'human', name: 'Ann', email: ann, language: 'en' },
        { kind: 'human', name: 'Bob', email: `bob.${seed}.${Date.now()}@bench.example`, language: 'en' },
      ],
      testStack: { seed },
    },
  })) as { matchId: string; seats: Array<{ url: string }> };
  const bob = linkToken(created.seats[1].url);
  await call(server, `/api/matches/${created.matchId}/confirm`, 200, { token: bob, body: { name: 'Bob' } });
  // The turn mail waits out its grace period: the match's clock passes it.
  await call(server, `/dev/clock/${created.matchId}`, 200, { body: { ms: 3 * 60_000 } });
  const turnLink = /http:\/\/\S+\/turn\/\S+/;
  const mail = await waitForMail(
    { server },
    (m) => m.to === ann && turnLink.test(m.text),
    'turn mail with move links',
  );
  return turnLink.exec(mail.text)![0];
}
