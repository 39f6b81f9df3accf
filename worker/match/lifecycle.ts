/**
 * A match's life: creation (rules checked before anything is stored), claiming open seats with the
 * invite link, the start (open seats become bots, the first hand is dealt), the rematch with the
 * same seats and links, and deletion (by the host or on expiry) with everything stored.
 */
import { createMatch, type MatchSetup } from '../engine/index';
import { testSeamsEnabled } from '../env';
import { admitAddresses, type BudgetPayer, budgetRefusal } from '../notify/budget';
import type { TestStack } from '../protocol';
import { settle } from './autoplay';
import { afterChange } from './change';
import type { MatchContext } from './context';
import { KINDS, LOBBY_TTL_MS } from './deadlines';
import { saveSnapshot } from './log';
import { freeName, nameKey, takenNames } from './names';
import { error, NOT_FOUND, type Reply, rulesInvalid } from './replies';
import { broadcast, closeAll } from './sockets';
import type { MatchConfig, SeatRow } from './storage';
import { matchStub } from './stub';
import { newMatchId, newSeed, randomInt } from './tokens';
import { createdFor, infoFor } from './views';

/** What the Worker hands the Durable Object to create a match (tokens already hashed). */
export interface CreateInput {
  matchId: string;
  config: MatchConfig;
  hostHash: string;
  inviteHash: string | null;
  seats: SeatRow[];
  /** Test-only stacked deal; ignored unless the test seams are on. */
  stack?: TestStack;
}

/**
 * Creates the match here (its tables too). 201 with nothing else (the Worker knows the links),
 * 409 `match.exists`, 400 `rules.invalid` (nothing stored).
 */
export async function create(m: MatchContext, input: CreateInput): Promise<Reply> {
  if (m.meta) return error(409, 'match.exists', 'This match id is taken.');
  const now = m.now();
  const stack = testSeamsEnabled(m.env) ? input.stack : undefined;
  m.meta = {
    matchId: input.matchId,
    createdAt: now,
    config: input.config,
    hostHash: input.hostHash,
    inviteHash: input.inviteHash,
    status: 'lobby',
    setup: stack
      ? { setup: { rules: input.config.rules, seats: input.seats.length, seed: '' }, stack }
      : null,
    state: null,
    finishedAt: null,
    rematchId: null,
    turnDeadline: null,
    stateSeq: 0,
  };
  m.seats = input.seats;
  // Validate the rules and seating before storing anything.
  const probe = createMatch(setupFor(m, newSeed(), 0));
  if (!probe.ok) {
    m.meta = null;
    m.seats = [];
    return rulesInvalid(probe.problems);
  }
  m.createTables();
  m.store.insertMeta(m.meta);
  for (const s of m.seats) m.store.saveSeat(s);
  m.schedule.schedule(KINDS.expire, '', now + LOBBY_TTL_MS);
  if (m.seats.every((s) => s.kind !== 'open')) {
    const failed = start(m);
    if (failed) {
      await destroy(m);
      return failed;
    }
    afterChange(m, null, [], { reason: 'started', seat: null }, now);
  } else {
    afterChange(m, null, [], { reason: 'created', seat: null }, now);
  }
  return { status: 201 };
}

/** Why a claim is refused now (bad invite, started, full, name taken), or null. */
function claimRefusal(m: MatchContext, inviteHash: string, name: string): Reply | null {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  if (!meta.inviteHash || meta.inviteHash !== inviteHash)
    return error(403, 'auth.bad_invite', 'This invite link is not valid.');
  if (meta.status !== 'lobby') return error(409, 'match.started', 'The match has already started.');
  if (!m.seats.some((s) => s.kind === 'open')) return error(409, 'match.full', 'Every seat is taken.');
  if (takenNames(m.seats).has(nameKey(name)))
    return error(409, 'name.taken', 'Another seat of this match has this name: choose another one.');
  return null;
}

/**
 * A visitor with the invite link (`inviteHash`) claims the first open seat; `tokenHash` is their
 * new seat token's hash; `payer` (the caller's IP key and the limits) pays for an e-mail address from the daily
 * budget. 200 `{ seat }`; 403 `auth.bad_invite`, 409 `match.started` / `match.full` / `name.taken`
 * (another seat has this name, compared by `nameKey`), 429 `mail.daily_limit`.
 */
export async function claim(
  m: MatchContext,
  inviteHash: string,
  tokenHash: string,
  who: { name: string; email?: string; language?: string },
  payer: BudgetPayer,
): Promise<Reply> {
  const refused = claimRefusal(m, inviteHash, who.name);
  if (refused) return refused;
  if (who.email) {
    // A new address costs the daily budget (see worker/notify/budget.ts); checked again after the wait.
    const now = Date.now();
    const budget = await admitAddresses(m.env, payer, 1, now);
    if (!budget.ok) {
      const r = budgetRefusal(budget, now);
      return error(429, r.code, r.message);
    }
    const late = claimRefusal(m, inviteHash, who.name);
    if (late) return late;
  }
  const open = m.seats.find((s) => s.kind === 'open')!;
  const seat: SeatRow = {
    ...open,
    kind: 'human',
    name: who.name,
    email: who.email ?? null,
    language: who.language ?? open.language,
    tokenHash,
  };
  m.seats[seat.seat] = seat;
  m.store.saveSeat(seat);
  const now = m.now();
  if (m.seats.every((s) => s.kind !== 'open')) {
    const failed = start(m);
    if (failed) return failed;
    afterChange(m, null, [], { reason: 'started', seat: seat.seat }, now);
  } else {
    afterChange(m, null, [], { reason: 'claimed', seat: seat.seat }, now);
  }
  return { status: 200, body: { seat: seat.seat } };
}

/** The host starts the match; open seats become bots. 200 with the host's MatchInfo. */
export function startNow(m: MatchContext, who: string | null): Reply {
  if (!m.meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (!caller.host) return error(403, 'auth.not_host', 'Only the host can start the match.');
  if (m.meta.status !== 'lobby') return error(409, 'match.started', 'The match has already started.');
  const now = m.now();
  const failed = start(m);
  if (failed) return failed;
  afterChange(m, null, [], { reason: 'started', seat: null }, now);
  return { status: 200, body: infoFor(m, caller) };
}

/** The engine setup of this match (the stored one, or a new one with `seed` and `firstSeat`). */
function setupFor(m: MatchContext, seed: string, firstSeat: number): MatchSetup {
  const meta = m.meta!;
  const stack = meta.setup?.stack;
  return {
    rules: meta.config.rules,
    seats: m.seats.length,
    teamSize: meta.config.teamSize,
    seed: stack?.seed ?? seed,
    firstSeat: stack?.position?.turn ?? firstSeat,
    responses: m.seats.map((s) => s.responseMode),
    ...(stack?.position ? { position: stack.position as MatchSetup['position'] } : {}),
  };
}

/**
 * Starts the match: open seats become bots (named `Bot N`, or a free variant when a player has that
 * name), the first hand is dealt. Returns an error reply or null.
 */
function start(m: MatchContext): Reply | null {
  const meta = m.meta!;
  const taken = takenNames(m.seats);
  m.seats = m.seats.map((s) =>
    s.kind === 'open'
      ? { ...s, kind: 'bot', name: freeName(`Bot ${s.seat + 1}`, taken), tokenHash: null }
      : s,
  );
  const first = meta.config.firstSeat === 'random' ? randomInt(m.seats.length) : meta.config.firstSeat;
  const setup = setupFor(m, newSeed(), first);
  const created = createMatch(setup);
  if (!created.ok) return rulesInvalid(created.problems);
  for (const s of m.seats) m.store.saveSeat(s);
  meta.setup = { setup, ...(meta.setup?.stack ? { stack: meta.setup.stack } : {}) };
  meta.state = created.state;
  meta.status = 'playing';
  m.schedule.cancel(KINDS.expire);
  settle(m);
  return null;
}

/**
 * A new match with the same seats, rules and links (the same token hashes), and a new seed. The
 * first call creates it; later calls return the same one. 201/200 with its `Created` body.
 */
export function rematch(m: MatchContext, who: string | null, origin: string): Promise<Reply> | Reply {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (caller.seat === null && !caller.host)
    return error(403, 'auth.not_a_seat', 'Only players can ask for a rematch.');
  if (meta.status !== 'finished')
    return error(409, 'match.not_finished', 'A rematch starts after the match is over.');
  if (meta.rematchId) return { status: 200, body: createdFor(m, meta.rematchId, origin) };
  m.rematching ??= makeRematch(m, origin).finally(() => {
    m.rematching = null;
  });
  return m.rematching;
}

async function makeRematch(m: MatchContext, origin: string): Promise<Reply> {
  const meta = m.meta!;
  const matchId = newMatchId();
  const input: CreateInput = {
    matchId,
    config: meta.config,
    hostHash: meta.hostHash,
    inviteHash: null,
    seats: m.seats.map((s) => ({ ...s, standIn: false })),
  };
  const r = await matchStub(m.env, matchId).create(input);
  if (r.status !== 201) return r;
  meta.rematchId = matchId;
  saveSnapshot(m);
  m.notifier.afterChange(meta.state, meta.state, [], { reason: 'rematch', seat: null });
  broadcast(m);
  return { status: 201, body: createdFor(m, matchId, origin) };
}

/** The host deletes the match and everything stored with it. 204; 403 `auth.not_host`. */
export async function remove(m: MatchContext, who: string | null): Promise<Reply> {
  if (!m.meta) return NOT_FOUND;
  if (!m.caller(who).host) return error(403, 'auth.not_host', 'Only the host can delete the match.');
  await destroy(m);
  return { status: 204 };
}

/** Deletes the match: sockets are told and closed, the alarm and all storage go. */
export async function destroy(m: MatchContext): Promise<void> {
  m.notifier.beforeDelete();
  closeAll(m);
  await m.ctx.storage.deleteAlarm();
  await m.ctx.storage.deleteAll();
  m.reset();
}
