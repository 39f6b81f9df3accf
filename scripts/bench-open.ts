/**
 * The server benchmark's part for the open table: the rows written per open match
 * listed and per open-table join, in the open table's Durable Object (its own counter, read through
 * `/dev/open/stats`) and in the match's (SQLite's counters, `/dev/stats/:id`), and what reading the
 * list writes (nothing). Each stranger comes from its own address (one seat per person per match).
 * `--open N` (default 3): the open matches listed, each with 3 free seats taken one by one (the last
 * join starts the match, which then leaves the list).
 */

/** The benchmark's raw request (Miniflare's `dispatchFetch`). */
type Fetch = (url: string, init: RequestInit) => Promise<{ status: number; text(): Promise<string> }>;

/** Rows written so far by the open table's object, and by match `id` (its object's own counters). */
interface Rows {
  table: number;
  match: number;
}

/** Measures `count` open matches and their joins and prints the rows per listed match and per join. */
export async function benchOpen(fetch: Fetch, origin: string, count: number): Promise<void> {
  const call = async (path: string, ip: string, body?: unknown) => {
    const res = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'CF-Connecting-IP': ip,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const rows = async (id: string): Promise<Rows> => ({
    table: (await call('/dev/open/stats', '192.0.2.1')).body.rowsWritten,
    match: (await call(`/dev/stats/${id}`, '192.0.2.1')).body.rowsWritten,
  });
  const tableRows = async () => (await call('/dev/open/stats', '192.0.2.1')).body.rowsWritten as number;
  console.log('');
  console.log(`open table: ${count} open matches of 4 seats, 3 strangers each`);
  let listed = { table: 0, match: 0 };
  let joins = { table: 0, match: 0, n: 0 };
  let last = { table: 0, match: 0, n: 0 };
  let listRows = 0;
  for (let i = 0; i < count; i++) {
    const t0 = await tableRows();
    const made = await call('/api/matches', `198.18.${i}.1`, {
      rules: 'classic',
      teamSize: 2,
      seats: [{ kind: 'human', name: 'Host' }, { kind: 'open' }, { kind: 'open' }, { kind: 'open' }],
      open: { waitMinutes: 30 },
    });
    if (made.status !== 201) throw new Error(`open create: ${made.status} ${JSON.stringify(made.body)}`);
    const id = made.body.matchId as string;
    const after = await rows(id);
    listed = { table: listed.table + after.table - t0, match: listed.match + after.match };
    const l0 = await tableRows();
    const list = await call('/api/open', '192.0.2.2');
    if (list.status !== 200) throw new Error(`open list: ${list.status}`);
    listRows += (await tableRows()) - l0;
    for (let s = 1; s <= 3; s++) {
      const before = await rows(id);
      const j = await call(`/api/open/${id}/join`, `198.19.${i}.${s}`, { name: `Stranger ${s}` });
      if (j.status !== 200) throw new Error(`open join: ${j.status} ${JSON.stringify(j.body)}`);
      const now = await rows(id);
      const d = { table: now.table - before.table, match: now.match - before.match };
      if (s < 3) joins = { table: joins.table + d.table, match: joins.match + d.match, n: joins.n + 1 };
      else last = { table: last.table + d.table, match: last.match + d.match, n: last.n + 1 };
    }
  }
  const per = (x: number, n: number) => (x / n).toFixed(1);
  console.log(
    `open table: rows written per open match listed: ${per(listed.table, count)} in the open table + ` +
      `${per(listed.match, count)} in the match`,
  );
  console.log(
    `open table: rows written per open-table join: ${per(joins.table, joins.n)} in the open table + ` +
      `${per(joins.match, joins.n)} in the match (the last free seat, which starts the match and leaves the list: ` +
      `${per(last.table, last.n)} + ${per(last.match, last.n)})`,
  );
  console.log(`open table: rows written per list read: ${per(listRows, count)}`);
}
