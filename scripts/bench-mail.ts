/**
 * The server benchmark's e-mail configuration (bench-server.ts `--mail`, and the last row of
 * `--table`): every human seat has an address and nobody has the match open, so every turn mails
 * the player whose turn it is. Each turn the player opens the link from the mail (one GET of the
 * match) and moves (one POST). Counts the match Durable Object's rows and requests (its outbox
 * included), every `setAlarm`, and the per-address Durable Objects' rows and requests
 * (`GET /dev/address-stats/:key`). The daily address budget's object at creation is not counted.
 */
import type { Miniflare } from 'miniflare';
import type { MatchView, Move } from '../worker/engine/index';
import { mailboxKey } from '../worker/notify/address';
import type { Created, MatchInfo } from '../worker/protocol/views';
import type { BenchConfig, MatchCost } from './bench-config';
import { addRows, type RowsByStatement } from './bench-rows';

type Call = (
  mf: Miniflare,
  path: string,
  init?: { method?: string; body?: unknown; token?: string },
) => Promise<{
  status: number; // biome-ignore lint/suspicious/noExplicitAny: the replies' JSON, read as bench-server.ts reads it
  body: any;
}>;

/** What bench-server.ts lends: its HTTP call, link parser, player and seeded generator. */
export interface MailDeps {
  call: Call;
  tokenOf: (url: string | null) => string;
  pick: (view: MatchView, r: () => number) => Move;
  rng: (seed: number) => () => number;
}

interface Counters {
  requests: number;
  rowsWritten: number;
  alarmWrites: number;
  rowsByStatement?: RowsByStatement;
}

/**
 * Mails admitted per match before a turn mail of a seat nobody looks at went at once (commit 8d6cb5e,
 * issue #33: each waited in an outbox row for the alarm), by deal seed (`bench-0`, `bench-1`, …),
 * per configuration (`rules:seats:team`). `mailsLine` compares a run with them, so a change that
 * loses mails shows; measured with the same seeds, choices and bench settings (no grace, no caps).
 */
const MAILS_BEFORE: Record<string, readonly number[]> = {
  'classic:human,human,human,human:1': [941, 1455, 1349],
};

/**
 * The line of mails per match: the mean and each match's count (`admitted`, by deal seed), and the
 * counts before mails went at once for the same seeds where known (`MAILS_BEFORE`).
 */
export function mailsLine(cfg: BenchConfig, admitted: readonly number[]): string {
  const mean = admitted.reduce((a, k) => a + k, 0) / admitted.length;
  const known = MAILS_BEFORE[`${cfg.rules}:${cfg.seats.join(',')}:${cfg.team}`]?.slice(0, admitted.length);
  const before =
    known && known.length === admitted.length
      ? `; before mails went at once (8d6cb5e), same seeds: ${(known.reduce((a, k) => a + k, 0) / known.length).toFixed(1)} (${known.join(', ')}), change ${admitted.map((k, i) => `${k - known[i] >= 0 ? '+' : ''}${k - known[i]}`).join(', ')}`
      : '';
  return `mails per match (admitted): ${mean.toFixed(1)} (${admitted.join(', ')})${before}`;
}

/** How long the bench waits for a turn mail (sent after the move, or by the alarm) before the player opens the match anyway (ms). */
const MAIL_WAIT_MS = 1000;

/** One complete match of `cfg` (all humans on e-mail, no socket): its cost and a detail line. */
export async function playMailMatch(mf: Miniflare, n: number, cfg: BenchConfig, d: MailDeps) {
  const emails = cfg.seats.map((_, s) => `p${s}-m${n}@bench.example`);
  const created = await d.call(mf, '/api/matches', {
    body: {
      rules: cfg.rules,
      ...(cfg.team > 1 ? { teamSize: cfg.team } : {}),
      seats: cfg.seats.map((_, s) => ({ kind: 'human', name: `P${s}`, email: emails[s] })),
      firstSeat: 0,
      testStack: { seed: `bench-${n}` },
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const c = created.body as Created;
  const tokens = c.seats.map((s) => d.tokenOf(s.url));
  // Seats invited by address wait in the lobby for their guests' names: each confirms theirs.
  for (let seat = 1; seat < tokens.length; seat++) {
    const r = await d.call(mf, `/api/matches/${c.matchId}/confirm`, {
      token: tokens[seat],
      body: { name: `P${seat}` },
    });
    if (r.status !== 200) throw new Error(`confirm: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const open = async (seat: number) => {
    const res = await d.call(mf, `/api/matches/${c.matchId}`, { token: tokens[seat] });
    if (res.status !== 200) throw new Error(`open: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as MatchInfo;
  };
  const keys = await Promise.all(emails.map((e) => mailboxKey(e, { TEST_SEAMS: '1' })));
  const stats = async (seat: number) =>
    (await d.call(mf, `/dev/address-stats/${keys[seat]}`)).body as Counters & {
      byMethod: Record<string, number>;
    };
  const admits = emails.map(() => 0);
  /** A mail's admission: `admitOnTime` (its timing and admission in one call) or, before it, `admit`. */
  const admissions = (byMethod: Record<string, number>) =>
    (byMethod.admit ?? 0) + (byMethod.admitOnTime ?? 0);
  /** Waits (up to MAIL_WAIT_MS) until `seat`'s address admitted one more mail; false if none came. */
  const mailed = async (seat: number) => {
    for (let t0 = performance.now(); performance.now() - t0 < MAIL_WAIT_MS; ) {
      const a = admissions((await stats(seat)).byMethod);
      if (a > admits[seat]) {
        admits[seat] = a;
        return true;
      }
      await new Promise((res) => setTimeout(res, 2));
    }
    return false;
  };
  let unmailed = 0;
  const r = d.rng(n + 1);
  let info = await open(0);
  let moves = 0;
  let opens = 1;
  for (let guard = 0; guard < 100_000 && info.status !== 'finished'; guard++) {
    const view = info.view!;
    if (view.legalMoves.length === 0) {
      // The next player gets a mail (sent right after the move that started the turn), opens its link and moves.
      const next = view.window?.seat ?? view.turn ?? view.seat ?? 0;
      if (!(await mailed(next))) unmailed++;
      info = await open(next);
      opens++;
      if (info.view!.legalMoves.length === 0) throw new Error(`seat ${next} has no move at ${view.version}`);
      continue;
    }
    const mv = d.pick(view, r);
    const res = await d.call(mf, `/api/matches/${c.matchId}/moves`, {
      token: tokens[view.seat!],
      body: { version: view.version, moveId: `m${guard}`, move: mv },
    });
    if (res.status !== 200) throw new Error(`move: ${res.status} ${JSON.stringify(res.body)}`);
    moves++;
    info = res.body.info as MatchInfo;
  }
  if (info.status !== 'finished') throw new Error(`mail match ${n} did not finish`);
  await new Promise((res) => setTimeout(res, 200));
  const match = (await d.call(mf, `/dev/stats/${c.matchId}`)).body as Counters;
  const host = await d.call(mf, `/api/matches/${c.matchId}`, { token: d.tokenOf(c.hostUrl) });
  const held = (host.body as MatchInfo).mail ?? [];
  let admitted = 0;
  let addressRows = 0;
  let addressRequests = 0;
  let addressAlarms = 0;
  // Where the rows went: the match object's statements, then the address objects' (prefixed).
  const rows: RowsByStatement = {};
  addRows(rows, match.rowsByStatement);
  const calls: Record<string, number> = {};
  for (let seat = 0; seat < emails.length; seat++) {
    const a = await stats(seat);
    admitted += admissions(a.byMethod);
    addressRows += a.rowsWritten + a.alarmWrites;
    addressRequests += a.requests;
    addressAlarms += a.alarmWrites;
    for (const [q, k] of Object.entries(a.rowsByStatement ?? {}))
      rows[`[address] ${q}`] = (rows[`[address] ${q}`] ?? 0) + k;
    for (const [m, k] of Object.entries(a.byMethod)) calls[m] = (calls[m] ?? 0) + k;
  }
  const cost: MatchCost = {
    humanDecisions: moves,
    rows: match.rowsWritten + match.alarmWrites + addressRows,
    requests: match.requests + addressRequests,
    moveRequests: moves,
  };
  const detail =
    `match ${n + 1}: ${moves} moves, ${opens} page opens (GET), mails admitted ${admitted} (address objects' \`admitOnTime\` calls; ${held.length} rows left in the outbox; ${unmailed} opens with no new mail); ` +
    `match DO ${match.rowsWritten} rows + ${match.alarmWrites} setAlarm, ${match.requests} requests; ` +
    `address DOs ${addressRows} rows, ${addressRequests} requests (${Object.entries(calls)
      .map(([m, k]) => `${m} ${k}`)
      .join(', ')})`;
  return {
    cost,
    detail,
    rows,
    mails: admitted,
    alarms: { match: match.alarmWrites, address: addressAlarms },
  };
}
