/**
 * The server benchmark's part for playing from the mail (issue 34): the rows written to mint a turn
 * mail's move links (the same turn mailed with the hand and moves shown, and with them turned off:
 * the difference is what minting costs), and what one move costs from a mail link (its confirmation
 * page's GET and its form's POST) against the same move from the page (the match's GET and
 * `POST /moves`): rows written (SQLite's own counter, `setAlarm` included) and Durable Object requests.
 */
import type { Miniflare } from 'miniflare';
import { catalogFor } from '../worker/notify/i18n';
import { type BoundCall, tokenOf } from './mf-harness';

/** The benchmark's HTTP call (bench-server.ts `call`). */
type Call = BoundCall;

/** The `/dev/stats` counters read here. */
interface Counters {
  requests: number;
  rowsWritten: number;
  alarmWrites: number;
}

/** A mail of the dev outbox (`GET /dev/mail.json`). */
interface Stored {
  to: string;
  subject: string;
  text: string;
}

/** The subject of an English turn mail. */
const YOUR_TURN = catalogFor('en').subjects.yourTurn;

/** What one measured match gives: the rows of its turn mail and its move's cost. */
interface Measured {
  mailRows: number;
  links: number;
  move: { rows: number; requests: number };
}

/**
 * Plays one scripted match of two humans with addresses (Bob's turn mail: `mailHand` on or off) and
 * Bob's first move from a mail link (`viaMail`) or from the page. `origin`: the deployment's
 * PUBLIC_URL, where the outbox and the links live.
 */
async function measure(
  mf: Miniflare,
  call: Call,
  origin: string,
  n: number,
  opts: { mailHand: boolean; viaMail: boolean },
): Promise<Measured> {
  const bob = `bob-mm${n}@bench.example`;
  const created = await call('/api/matches', {
    body: {
      rules: 'classic',
      seats: [
        { kind: 'human', name: 'Ann', email: `ann-mm${n}@bench.example` },
        { kind: 'human', name: 'Bob', email: bob },
      ],
      firstSeat: 0,
      testStack: { seed: 'bench-mail-move' },
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const made = created.body as { matchId: string; seats: Array<{ url: string }> };
  const id = made.matchId;
  const [ann, bobToken] = made.seats.map((s) => tokenOf(s.url));
  const ok = async (p: Promise<{ status: number; body: unknown }>, what: string) => {
    const r = await p;
    if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as Record<string, unknown>;
  };
  await ok(call(`/api/matches/${id}/confirm`, { token: bobToken, body: { name: 'Bob' } }), 'confirm');
  if (!opts.mailHand)
    await ok(call(`/api/matches/${id}/settings`, { token: bobToken, body: { mailHand: false } }), 'settings');
  const stats = async () => (await call(`/dev/stats/${id}`)).body as Counters;
  const info = async (token: string) =>
    (await ok(call(`/api/matches/${id}`, { token }), 'info')) as {
      view: { version: number; legalMoves: unknown[] };
    };
  // Ann discards (the first legal discard): Bob's turn starts, and its mail goes (no grace here).
  const annView = (await info(ann)).view;
  const discard = annView.legalMoves.find((m) => (m as { type: string }).type === 'discard');
  const before = await stats();
  await ok(
    call(`/api/matches/${id}/moves`, {
      token: ann,
      body: { version: annView.version, moveId: 'a1', move: discard },
    }),
    'move',
  );
  let mail: Stored | undefined;
  for (let t0 = performance.now(); !mail && performance.now() - t0 < 5000; ) {
    const list = (await (await mf.dispatchFetch(`${origin}/dev/mail.json`)).json()) as Stored[];
    mail = list.find((m) => m.to === bob && m.subject === YOUR_TURN);
    if (!mail) await new Promise((r) => setTimeout(r, 20));
  }
  if (!mail) throw new Error('no turn mail to Bob');
  await new Promise((r) => setTimeout(r, 100));
  const mailed = await stats();
  const links = [...mail.text.matchAll(/https?:\/\/\S+\/turn\/\S+/g)].map((m) => m[0]);
  // Bob's move: from the first link of the mail, or from the page (the same move).
  const bobView = (await info(bobToken)).view;
  const start = await stats();
  if (opts.viaMail) {
    const page = await mf.dispatchFetch(links[0], { headers: { 'CF-Connecting-IP': '203.0.113.1' } });
    const token = /name="page" value="([^"]+)"/.exec(await page.text())?.[1];
    if (!token) throw new Error('no confirmation page');
    const played = await mf.dispatchFetch(links[0], {
      method: 'POST',
      headers: {
        'CF-Connecting-IP': '203.0.113.1',
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: origin,
      },
      body: `page=${token}`,
    });
    if (played.status !== 200) throw new Error(`mail move: ${played.status}`);
  } else {
    const move = bobView.legalMoves[0];
    await info(bobToken);
    await ok(
      call(`/api/matches/${id}/moves`, {
        token: bobToken,
        body: { version: bobView.version, moveId: 'b1', move },
      }),
      'page move',
    );
  }
  const end = await stats();
  // Reading the counters is itself a request of the object: measured, and left out.
  const overhead = (await stats()).requests - end.requests;
  const rows = (c: Counters) => c.rowsWritten + c.alarmWrites;
  return {
    mailRows: rows(mailed) - rows(before),
    links: links.length,
    move: { rows: rows(end) - rows(start), requests: end.requests - start.requests - overhead },
  };
}

/** Prints the cost of minting a mail's move links and of a move from a mail link against one from the page. */
export async function benchMailMove(mf: Miniflare, call: Call, origin: string): Promise<void> {
  console.log('');
  console.log('playing from the mail (move links)');
  const shown = await measure(mf, call, origin, 1, { mailHand: true, viaMail: true });
  const hidden = await measure(mf, call, origin, 2, { mailHand: false, viaMail: false });
  console.log(
    `rows written to mint a turn mail's ${shown.links} move links: ${shown.mailRows - hidden.mailRows} ` +
      `(the move and its mail: ${shown.mailRows} rows with the links, ${hidden.mailRows} without)`,
  );
  console.log(
    `a move from a mail link (confirmation page GET + form POST): ${shown.move.rows} rows written, ${shown.move.requests} DO requests; ` +
      `from the page (GET match + POST move): ${hidden.move.rows} rows written, ${hidden.move.requests} DO requests ` +
      '(requests of the match object until the next mail is out, its alarm included)',
  );
}
