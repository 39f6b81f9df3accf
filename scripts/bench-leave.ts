/**
 * The server benchmark's part for leaving a match: what one `POST /leave` writes,
 * in rows (SQLite's own counter) and log rows, for the three outcomes: a bot keeps the seat, its
 * turns are skipped (no computer player allowed), and the match ends (2 players). Expected: one log
 * row per leave, plus the seat row (and the meta row, the expiry and the timers when the match ends);
 * no mail here (the seats have no address).
 */
import { type BoundCall, tokenOf } from './mf-harness';

/** The benchmark's HTTP call (bench-server.ts `call`). */
type Call = BoundCall;

/** The `/dev/stats` counters the benchmark reads. */
interface Counters {
  requests: number;
  rowsWritten: number;
}

/** Measures one leave per outcome and prints the rows written and log rows added. */
export async function benchLeave(call: Call, rules: string): Promise<void> {
  console.log('');
  console.log('leaving a match: cost of one leave');
  const cases = [
    { label: 'a bot keeps the seat (3 humans)', names: ['A', 'B', 'C'], extra: {} },
    {
      label: 'its turns are skipped (3 humans, no computer player)',
      names: ['A', 'B', 'C'],
      extra: { timeoutsToBot: 0 },
    },
    { label: 'the match ends (2 humans)', names: ['A', 'B'], extra: {} },
  ];
  for (const c of cases) {
    const created = await call('/api/matches', {
      body: {
        rules,
        seats: c.names.map((name) => ({ kind: 'human', name })),
        firstSeat: 0,
        testStack: { seed: `bench-leave-${c.names.length}` },
        ...c.extra,
      },
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const made = created.body as { matchId: string; seats: Array<{ url: string | null }> };
    const id = made.matchId;
    const stats = async () => (await call(`/dev/stats/${id}`)).body as Counters;
    const logRows = async () => {
      const events = ((await call(`/api/matches/${id}/log`)).body as { events: Array<{ seq: number }> })
        .events;
      return new Set(events.map((e) => e.seq)).size;
    };
    // The log is read outside the counted span: its GET is a request of its own.
    const logBefore = await logRows();
    const before = await stats();
    const r = await call(`/api/matches/${id}/leave`, { token: tokenOf(made.seats[1].url), body: {} });
    if (r.status !== 200) throw new Error(`leave: ${r.status} ${JSON.stringify(r.body)}`);
    const after = await stats();
    const logAfter = await logRows();
    console.log(
      `  ${c.label}: ${after.rowsWritten - before.rowsWritten} rows written, ` +
        `${logAfter - logBefore} log row(s), ${after.requests - before.requests} DO request(s)`,
    );
  }
}
