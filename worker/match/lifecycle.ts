/**
 * A match's life: creation (the seats' rows, names, tokens and defaults built from the request, the
 * rules checked and the e-mail budget paid before anything is stored), claiming open seats with the
 * invite link, the start (open seats become bots, the first hand is dealt), the rematch with the
 * same seats and links, and deletion (by the host or on expiry) with everything stored. Every
 * change goes through the commit path.
 */
import { createMatch, type MatchSetup } from '../engine/index';
import { testSeamsEnabled } from '../env';
import { admitAddresses, type BudgetPayer, budgetRefusal } from '../notify/budget';
import type { Created, CreateMatch, TestStack } from '../protocol';
import { error, NOT_FOUND, type Reply, rulesInvalid } from '../reply';
import { hashToken, newMatchId, newSeed, newToken, randomInt } from '../tokens';
import { commit, type MatchChange } from './commit';
import type { MatchContext } from './context';
import { freeName, nameKey, seatNames, takenNames } from './names';
import type { MatchConfig, SeatRow, StoredSetup } from './rows';
import { exportLinks } from './seat-links';
import { closeAll } from './sockets';
import { matchStub } from './stub';
import { KINDS, LOBBY_TTL_MS } from './timers';
import { createdFor, infoFor } from './views';

/** A creation request from the Worker: the validated body, the new id, the links' origin and who pays for addresses. */
export interface CreateRequest {
  matchId: string;
  body: CreateMatch & { testStack?: TestStack };
  /** Origin of the links in the reply (e.g. "https://mb.example.org"). */
  origin: string;
  payer: BudgetPayer;
}

/** A match to store as it is (a rematch: the same seats and links, tokens already hashed). */
export interface CreateInput {
  matchId: string;
  config: MatchConfig;
  hostHash: string;
  inviteHash: string | null;
  seats: SeatRow[];
  /** Test-only stacked deal; ignored unless the test seams are on. */
  stack?: TestStack;
}

/** The defaults of the settings a creator may leave out. */
const DEFAULTS = { title: 'Mille Bornes', turnDeadlineHours: 72, responseWindowMinutes: 720 } as const;

/**
 * Creates a match from a creation request. 201 with the `Created` links (the raw tokens appear only
 * here, once, inside URL fragments); 400 `request.invalid` (firstSeat not a seat) /
 * `seat.creator_not_human` / `name.taken` / `rules.invalid`, 409 `match.exists`, 429
 * `mail.daily_limit` (the addresses given pass the daily budget; rules that are refused cost nothing).
 */
export async function create(m: MatchContext, req: CreateRequest): Promise<Reply> {
  const body = req.body;
  if (typeof body.firstSeat === 'number' && body.firstSeat >= body.seats.length)
    return error(400, 'request.invalid', 'firstSeat must be one of the seats.');
  // The creator sits at seat 0: a match nobody plays would burn the daily budget on bots.
  if (body.seats[0].kind !== 'human')
    return error(400, 'seat.creator_not_human', 'Seat 0 is the creator’s: its kind must be "human".');
  const named = seatNames(body.seats);
  if ('taken' in named) {
    return error(
      400,
      'name.taken',
      `Two seats are called "${body.seats[named.taken].name}" (seats count from 0; this is seat ${named.taken}): give each seat its own name.`,
    );
  }
  const hostToken = newToken();
  const inviteToken = body.seats.some((s) => s.kind === 'open') ? newToken() : null;
  const seatTokens = body.seats.map((s) => (s.kind === 'human' ? newToken() : null));
  const seats: SeatRow[] = await Promise.all(
    body.seats.map(async (s, seat) => ({
      seat,
      name: named.names[seat],
      kind: s.kind,
      tokenHash: seatTokens[seat] ? await hashToken(seatTokens[seat]) : null,
      botLevel: s.botLevel ?? 'basic',
      standIn: false,
      responseMode: s.responseMode ?? 'auto',
      email: s.kind === 'human' ? (s.email ?? null) : null,
      language: s.language ?? 'en',
      emailNotifications: true,
    })),
  );
  const input: CreateInput = {
    matchId: req.matchId,
    config: {
      title: body.title || DEFAULTS.title,
      rules: body.rules,
      teamSize: body.teamSize ?? 1,
      firstSeat: body.firstSeat ?? 'random',
      turnDeadlineHours: body.turnDeadlineHours ?? DEFAULTS.turnDeadlineHours,
      responseWindowMinutes: body.responseWindowMinutes ?? DEFAULTS.responseWindowMinutes,
      onDeadline: body.onDeadline ?? 'bot',
    },
    hostHash: await hashToken(hostToken),
    inviteHash: inviteToken ? await hashToken(inviteToken) : null,
    seats,
    ...(body.testStack ? { stack: body.testStack } : {}),
  };
  const refused = refusal(m, input);
  if (refused) return refused;
  // A creator may name any address: a daily budget keeps strangers' inboxes and the mail quota safe.
  const addresses = seats.filter((s) => s.email !== null).length;
  const unpaid = await payAddresses(
    m,
    req.payer,
    addresses,
    ' (Or create the match without addresses and share the seat links.)',
  );
  if (unpaid) return unpaid;
  const stored = await store(m, input);
  if (stored.status !== 201) return stored;
  const matchUrl = `${req.origin}/m/${req.matchId}`;
  const created: Created = {
    matchId: req.matchId,
    matchUrl,
    hostUrl: `${matchUrl}#host=${hostToken}`,
    inviteUrl: inviteToken ? `${matchUrl}#invite=${inviteToken}` : null,
    seats: seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      kind: s.kind,
      url: seatTokens[s.seat] ? `${matchUrl}#seat=${seatTokens[s.seat]}` : null,
    })),
  };
  return { status: 201, body: created };
}

/** Why `input` cannot be created here (an existing match, rules the engine refuses), or null. */
function refusal(m: MatchContext, input: CreateInput): Reply | null {
  if (m.meta) return error(409, 'match.exists', 'This match id is taken.');
  const probe = createMatch(setupFor(input.config, input.seats, stackOf(m, input.stack), newSeed(), 0));
  return probe.ok ? null : rulesInvalid(probe.problems);
}

/**
 * Charges `count` new e-mail addresses to `payer`'s daily budget (notify/budget.ts): null when
 * admitted, else 429 `mail.daily_limit` with Retry-After (`hint` is added to the message).
 */
export async function payAddresses(
  m: MatchContext,
  payer: BudgetPayer,
  count: number,
  hint = '',
): Promise<Reply | null> {
  if (count === 0) return null;
  const now = Date.now();
  const budget = await admitAddresses(m.env, payer, count, now);
  if (budget.ok) return null;
  const r = budgetRefusal(budget, now);
  return { ...error(429, r.code, `${r.message}${hint}`), headers: { 'Retry-After': String(r.retryAfterS) } };
}

/**
 * Stores `input` here (its tables too) and starts it when no seat is open. 201 with nothing else,
 * 409 `match.exists`, 400 `rules.invalid` (nothing stored).
 */
export async function store(m: MatchContext, input: CreateInput): Promise<Reply> {
  const refused = refusal(m, input);
  if (refused) return refused;
  const now = m.now();
  const stack = stackOf(m, input.stack);
  m.createMatch(
    {
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
    },
    input.seats,
  );
  m.schedule.schedule(KINDS.expire, '', now + LOBBY_TTL_MS);
  const change = m.seats.every((s) => s.kind !== 'open') ? start(m, null) : lobbyChange('created', null);
  if ('status' in change) {
    await destroy(m);
    return change;
  }
  commit(m, change);
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
 * A visitor with the invite link (`inviteHash`) claims the first open seat; `payer` pays for an
 * e-mail address from the daily budget. 200 `{ seat, token, seatUrl }` (the new seat token, once,
 * with its link under `origin`); 403 `auth.bad_invite`, 409 `match.started` / `match.full` /
 * `name.taken` (another seat has this name, compared by `nameKey`), 429 `mail.daily_limit`.
 */
export async function claim(
  m: MatchContext,
  inviteHash: string,
  who: { name: string; email?: string; language?: string },
  payer: BudgetPayer,
  origin: string,
): Promise<Reply> {
  const refused = claimRefusal(m, inviteHash, who.name);
  if (refused) return refused;
  if (who.email) {
    const unpaid = await payAddresses(m, payer, 1);
    if (unpaid) return unpaid;
    // Checked again after the wait: another claim may have come first.
    const late = claimRefusal(m, inviteHash, who.name);
    if (late) return late;
  }
  const token = newToken();
  const open = m.seats.find((s) => s.kind === 'open')!;
  m.setSeat({
    ...open,
    kind: 'human',
    name: who.name,
    email: who.email ?? null,
    language: who.language ?? open.language,
    tokenHash: await hashToken(token),
  });
  const change = m.seats.every((s) => s.kind !== 'open')
    ? start(m, open.seat)
    : lobbyChange('claimed', open.seat);
  if ('status' in change) return change;
  commit(m, change);
  const seatUrl = `${origin}/m/${m.meta!.matchId}#seat=${token}`;
  return { status: 200, body: { seat: open.seat, token, seatUrl } };
}

/** The host starts the match; open seats become bots. 200 with the host's MatchInfo. */
export function startNow(m: MatchContext, who: string | null): Reply {
  if (!m.meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (!caller.host) return error(403, 'auth.not_host', 'Only the host can start the match.');
  if (m.meta.status !== 'lobby') return error(409, 'match.started', 'The match has already started.');
  const change = start(m, null);
  if ('status' in change) return change;
  const done = commit(m, change, caller);
  return { status: 200, body: done.ok ? done.info : infoFor(m, caller) };
}

/** A change of the lobby (nothing moves). */
function lobbyChange(reason: 'created' | 'claimed', seat: number | null): MatchChange {
  return { reason, seat, opening: { kind: 'none' } };
}

/** The test-only stacked deal, when the test seams are on. */
function stackOf(m: MatchContext, stack: TestStack | undefined): TestStack | undefined {
  return testSeamsEnabled(m.env) ? stack : undefined;
}

/** The engine setup of a match (with `seed` and `firstSeat`, unless a stacked deal fixes them). */
function setupFor(
  config: MatchConfig,
  seats: readonly SeatRow[],
  stack: TestStack | undefined,
  seed: string,
  firstSeat: number,
): MatchSetup {
  return {
    rules: config.rules,
    seats: seats.length,
    teamSize: config.teamSize,
    seed: stack?.seed ?? seed,
    firstSeat: stack?.position?.turn ?? firstSeat,
    responses: seats.map((s) => s.responseMode),
    ...(stack?.position ? { position: stack.position as MatchSetup['position'] } : {}),
  };
}

/**
 * Prepares the start: open seats become bots (named `Bot N`, or a free variant when a player has
 * that name), the first hand is dealt; returns the change that commits it (caused by `seat`), or an
 * error reply.
 */
function start(m: MatchContext, seat: number | null): MatchChange | Reply {
  const meta = m.meta!;
  const taken = takenNames(m.seats);
  const seats = m.seats.map((s) =>
    s.kind === 'open'
      ? { ...s, kind: 'bot' as const, name: freeName(`Bot ${s.seat + 1}`, taken), tokenHash: null }
      : s,
  );
  const first = meta.config.firstSeat === 'random' ? randomInt(seats.length) : meta.config.firstSeat;
  const stack = meta.setup?.stack;
  const setup = setupFor(meta.config, seats, stack, newSeed(), first);
  const created = createMatch(setup);
  if (!created.ok) return rulesInvalid(created.problems);
  for (const s of seats) m.setSeat(s);
  const stored: StoredSetup = { setup, ...(stack ? { stack } : {}) };
  m.updateMeta({ setup: stored, status: 'playing' });
  m.schedule.cancel(KINDS.expire);
  return { reason: 'started', seat, opening: { kind: 'start', state: created.state } };
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
  const r = await matchStub(m.env, matchId).createRematch(input);
  if (r.status !== 201) return r;
  m.updateMeta({ rematchId: matchId });
  commit(m, { reason: 'rematch', seat: null, opening: { kind: 'none' }, metaChanged: true });
  // The rematch keeps the seats' links; the links sent in mails too.
  await exportLinks(m, matchId);
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
  closeAll(m);
  await m.ctx.storage.deleteAlarm();
  await m.ctx.storage.deleteAll();
  m.forget();
}
