/**
 * The open table's steps across Durable Objects, called by worker/routes/open.ts
 * and the creation route: creating an open match (a place on the table first, so the per-address
 * limit holds, given back when the match refuses), taking a free seat (the table notes the client
 * first, so one client gets one seat per match, then the match seats the stranger; the note goes
 * again when the match refuses) and "Quick match" (the oldest fitting match, else a new one).
 * The match updates its own line on the table afterwards (worker/match/open-listing.ts).
 */
import type { Env } from '../env';
import type { CreateRequest } from '../match/creation';
import { matchStub } from '../match/stub';
import type { BudgetPayer } from '../notify/budget';
import type { Created } from '../protocol/views';
import { error, type Reply } from '../reply';
import { PRESETS } from '../shared/rules-data';
import { newMatchId } from '../tokens';
import { type OpenClient, openTable } from './client';
import { QUICK_WAIT_MINUTES } from './listing';
import type { OpenJoin, OpenSeat, QuickMatch, QuickResult } from './protocol';

/** 404 `open.not_found` when the deployment has no open table. */
const NO_TABLE = error(404, 'open.not_found', 'This server has no open table.');

/**
 * Creates an open match (`req.body.open` set): 201 `Created` as any creation; 429 `open.too_many`
 * (the creator's address has the most open matches at once), or the creation's own refusals
 * (nothing is left on the table then).
 */
export async function createOpen(env: Env, req: CreateRequest, creator: OpenClient): Promise<Reply> {
  const table = openTable(env);
  if (!table || !req.body.open) return NO_TABLE;
  const now = Date.now();
  const refused = await table.reserve(req.matchId, creator, now, now + req.body.open.waitMinutes * 60_000);
  if (refused) return refused;
  const made = await matchStub(env, req.matchId).create(req);
  if (made.status !== 201) await table.remove(req.matchId);
  return made;
}

/**
 * `client` takes the first free seat of open match `matchId` as `who`: 200 `OpenSeat`; 404
 * `open.not_found`, 409 `open.own_match` / `open.one_seat` / `match.full` / `match.started` /
 * `name.taken` (the client holds nothing then).
 */
export async function joinOpenMatch(
  env: Env,
  matchId: string,
  client: OpenClient,
  who: OpenJoin,
  origin: string,
): Promise<Reply> {
  const table = openTable(env);
  if (!table) return NO_TABLE;
  const refused = await table.takeSeat(matchId, client, Date.now());
  if (refused) return refused;
  const r = await matchStub(env, matchId).joinOpen(
    { name: who.name, ...(who.language ? { language: who.language } : {}) },
    origin,
  );
  if (r.status !== 200) {
    await table.releaseSeat(matchId, client);
    return r;
  }
  return { status: 200, body: { matchId, ...(r.body as Omit<OpenSeat, 'matchId'>) } satisfies OpenSeat };
}

/**
 * The seating of a match "Quick match" creates: `req.seats` (default: the preset's first seating
 * played with its own goal, RULES.md §10), alone when the preset plays that many alone, else in
 * teams of 2; a seating the preset does not play is the engine's 400 `rules.invalid`.
 */
function quickSeating(req: QuickMatch): { seats: number; teamSize: 1 | 2 } {
  const seatings = PRESETS[req.preset].seatings;
  const seats = req.seats ?? (seatings.find((s) => s.goal === undefined) ?? seatings[0]).seats;
  const alone = seatings.some((s) => s.seats === seats && s.teamSize !== 2);
  return { seats, teamSize: alone || !seatings.some((s) => s.seats === seats) ? 1 : 2 };
}

/**
 * "Quick match": a seat in the oldest listed match that fits (listing.ts `fits`: the same preset, a
 * free seat, a time per turn within a factor of two) and that `client` may join, 200
 * `{ joined: true, …OpenSeat }`; else a new open match with the player at seat 0 and open seats,
 * 201 `{ joined: false, created }` (429 `open.too_many` past the address's limit). 400 `rules.invalid`
 * for `seats` the preset does not play, before any seat is taken.
 */
export async function quickMatch(
  env: Env,
  req: QuickMatch,
  client: OpenClient,
  origin: string,
  payer: BudgetPayer,
): Promise<Reply> {
  const table = openTable(env);
  if (!table) return NO_TABLE;
  // A seating the preset does not play is bad input even when a listed match would fit.
  if (req.seats !== undefined && !PRESETS[req.preset].seatings.some((s) => s.seats === req.seats))
    return error(400, 'rules.invalid', `The ${req.preset} rules do not seat ${req.seats} players.`);
  const ask = { preset: req.preset, turnDeadlineHours: req.turnDeadlineHours };
  const who = { name: req.name, ...(req.language ? { language: req.language } : {}) };
  // A candidate may fill or start between the table's answer and the join: try the next one.
  for (const matchId of await table.fitting(ask, client, Date.now())) {
    const joined = await joinOpenMatch(env, matchId, client, who, origin);
    if (joined.status === 200) return { status: 200, body: { joined: true, ...(joined.body as OpenSeat) } };
  }
  const seating = quickSeating(req);
  const matchId = newMatchId();
  const made = await createOpen(
    env,
    {
      matchId,
      origin,
      payer,
      body: {
        rules: req.preset,
        teamSize: seating.teamSize,
        seats: [
          { kind: 'human', ...who },
          ...Array.from({ length: seating.seats - 1 }, () => ({ kind: 'open' as const })),
        ],
        turnDeadlineHours: req.turnDeadlineHours,
        ...(req.title ? { title: req.title } : {}),
        open: { waitMinutes: req.waitMinutes ?? QUICK_WAIT_MINUTES },
      },
    },
    client,
  );
  if (made.status !== 201) return made;
  return { status: 201, body: { joined: false, created: made.body as Created } satisfies QuickResult };
}
