/**
 * `POST /api/matches/summaries` (docs/API.md): "my matches" in one request. Up to 20 matches, each
 * with the best token the device holds; every match's Durable Object is asked once, all in parallel,
 * and each item is answered for what its token may see (worker/match/summary.ts). A match that is
 * gone or a token it does not know is a per-item error; the request itself still succeeds.
 */
import { Hono } from 'hono';
import { isDailyLimit } from '../daily-limit';
import type { Env } from '../env';
import { matchStub } from '../match/stub';
import { SummariesRequestSchema, type SummaryItem } from '../protocol/summaries';
import { hashToken } from '../tokens';
import { validJson } from './body';
import { type AppEnv, fail } from './http';
import { limitClient } from './limits';

/** The summaries route group, mounted at /api/matches/summaries. */
export const summaries = new Hono<AppEnv>();

/** A match past the platform's daily limit (worker/daily-limit.ts): this item only. */
const DAILY_LIMIT = {
  code: 'server.daily_limit',
  message: "The server has reached today's free limit. It works again after 00:00 UTC.",
};

/** A Durable Object that failed to answer (overloaded, reset): this item only. */
const UNAVAILABLE = { code: 'match.unavailable', message: 'This match did not answer; try again later.' };

summaries.post('/', validJson(SummariesRequestSchema), async (c) => {
  const { items } = c.req.valid('json');
  // The same match and token asked twice is asked of its Durable Object once.
  const keyOf = (i: { matchId: string; token: string }) => `${i.matchId} ${i.token}`;
  // A POST is not counted by the read middleware: the batch spends one read per match it asks about.
  const refused = await limitClient(c, c.env.READ_LIMITER, 'read', new Set(items.map(keyOf)).size);
  if (refused) return refused;
  const asked = new Map<string, Promise<SummaryItem>>();
  const answers = await Promise.all(
    items.map(({ matchId, token }) => {
      const key = keyOf({ matchId, token });
      const answer = asked.get(key) ?? summaryOf(c.env, matchId, token);
      asked.set(key, answer);
      return answer;
    }),
  );
  c.header('Cache-Control', 'private, no-store');
  return c.json({ items: answers });
});

/**
 * One match's summary for `token`, or its per-item error (a Durable Object that throws:
 * `match.unavailable`; past the platform's daily limit: `server.daily_limit`).
 */
async function summaryOf(env: Env, matchId: string, token: string): Promise<SummaryItem> {
  try {
    const r = await matchStub(env, matchId).summary(await hashToken(token));
    if (r.status === 200) return { matchId, ok: true, summary: r.body as never };
    const err = (r.body as { error?: { code: string; message: string } } | undefined)?.error;
    return { matchId, ok: false, error: err ?? UNAVAILABLE };
  } catch (e) {
    // Past the platform's daily limit: the same code (and words) as a refused request of one match.
    if (isDailyLimit(e)) return { matchId, ok: false, error: DAILY_LIMIT };
    console.error(`summary of ${matchId}: ${String(e)}`);
    return { matchId, ok: false, error: UNAVAILABLE };
  }
}

// Any other method: 405 here (the /api/matches/:id routes would take "summaries" for an id: 400).
summaries.all('/', (c) => {
  c.header('Allow', 'POST');
  return fail(c, 405, 'method.not_allowed', `${c.req.method} is not allowed here; allowed: POST.`);
});
