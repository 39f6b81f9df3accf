/**
 * How a match comes to be: the seats' rows, names, tokens and defaults built from a creation
 * request, the rules checked and the e-mail budget paid before anything is stored, then the
 * storing and, once every seat is taken, the start (open seats become bots, the first hand is dealt).
 * A seat given an address is invited, not taken: the lobby waits until its guest confirms a name
 * through the mailed link (lifecycle.ts `confirmName`). The same storing serves a rematch. Every
 * change goes through the commit path.
 */

import type { MatchChange } from '../decider/change';
import { KINDS } from '../decider/change';
import { fillsAtMs, LOBBY_TTL_MS } from '../decider/timers';
import { DEFAULT_TIMEOUTS_TO_BOT, DEFAULT_VACATION_DAYS } from '../decider/vacation';
import { createMatch, type MatchSetup, NEW_MATCH_SEED_SCHEME } from '../engine/index';
import { testSeamsEnabled } from '../env';
import type { BudgetPayer } from '../notify/budget';
import { configuredSender } from '../notify/config';
import type { CreateMatch, TestStack } from '../protocol/requests';
import type { Created } from '../protocol/views';
import { error, type Reply, rulesInvalid } from '../reply';
import { hashToken, newSeed, newToken, randomInt } from '../tokens';
import { defaultSeatName } from '../words/seat-names';
import { atomically, commit } from './commit';
import type { MatchContext } from './context';
import { freeName, seatNames, takenNames } from './names';
import { payAddresses } from './pay-addresses';
import { chainIdOf, type MatchConfig, type SeatPrefs, type SeatRow, type StoredSetup } from './rows';

/** A creation request from the Worker: the validated body, the new id, the links' origin and who pays for addresses. */
export interface CreateRequest {
  matchId: string;
  body: CreateMatch & { testStack?: TestStack };
  /** Origin of the links in the reply (e.g. "https://mb.example.org"). */
  origin: string;
  payer: BudgetPayer;
  /**
   * Leagues: set only by the league's Durable Object, never from a request body.
   * The match belongs to `leagueId` and seat i's token hash is `seatHashes[i]` (a member's own
   * league token, hashed), so the member's league link opens the seat; no new seat token is made.
   */
  league?: { leagueId: string; seatHashes: readonly (string | null)[] };
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
  // -- open table --
  if (body.open && !body.seats.some((s) => s.kind === 'open'))
    return error(400, 'open.no_free_seat', 'An open match needs at least one open seat for a stranger.');
  const named = seatNames(body.seats, body.seats[0].language);
  if ('taken' in named) {
    return error(
      400,
      'name.taken',
      `Two seats are called "${body.seats[named.taken].name}" (seats count from 0; this is seat ${named.taken}): give each seat its own name.`,
    );
  }
  const hostToken = newToken();
  const inviteToken = body.seats.some((s) => s.kind === 'open') ? newToken() : null;
  const given = req.league?.seatHashes ?? [];
  const seatTokens = body.seats.map((s, i) => (s.kind === 'human' && !given[i] ? newToken() : null));
  const seats: SeatRow[] = await Promise.all(
    body.seats.map(async (s, seat) => ({
      seat,
      name: named.names[seat],
      kind: s.kind,
      tokenHash: given[seat] ?? (seatTokens[seat] ? await hashToken(seatTokens[seat]) : null),
      botLevel: s.botLevel ?? 'basic',
      standIn: false,
      responseMode: s.responseMode ?? 'auto',
      email: s.kind === 'human' ? (s.email ?? null) : null,
      language: s.language ?? 'en',
      emailNotifications: true,
      prefs: invitedPrefs(s, seat),
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
      vacationDays: body.vacationDays ?? DEFAULT_VACATION_DAYS,
      timeoutsToBot: body.timeoutsToBot ?? DEFAULT_TIMEOUTS_TO_BOT,
      spectatorsReadChat: body.spectatorsReadChat ?? false,
      spectatorsReplay: body.spectatorsReplay ?? false,
      chainId: req.matchId,
      ...(body.open ? { open: { waitMinutes: body.open.waitMinutes } } : {}),
      ...(req.league ? { leagueId: req.league.leagueId } : {}),
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
  const stored = await storeChecked(m, input);
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
    mailed: invitationsMailed(m.env, seats),
  };
  return { status: 201, body: created };
}

/**
 * The seats whose invitation mail goes out (`Created.mailed`): every seat but the host's (0) with an
 * address, when `env` names a mail sender; none without one. The invitations are queued either way
 * (notify/policy.ts), but without a sender they would only fail, unseen, at delivery.
 */
export function invitationsMailed(
  env: Parameters<typeof configuredSender>[0],
  seats: readonly Pick<SeatRow, 'seat' | 'email'>[],
): number[] {
  return configuredSender(env) ? seats.filter((s) => s.seat > 0 && s.email !== null).map((s) => s.seat) : [];
}

/**
 * The prefs of a new seat: a guest's seat (not the host's, 0) given an address waits for the guest
 * to confirm a name (`SeatPrefs.invited`, `named` when the host typed one).
 */
function invitedPrefs(s: CreateMatch['seats'][number], seat: number): SeatPrefs {
  if (seat === 0 || s.kind !== 'human' || !s.email) return {};
  return { invited: s.name !== undefined ? 'named' : 'unnamed' };
}

/**
 * Whether the lobby still waits for `seat`: it is open, or invited by mail and not yet confirmed.
 * A match starts by itself when it waits for no seat.
 */
export function awaitsGuest(seat: Pick<SeatRow, 'kind' | 'prefs'>): boolean {
  return seat.kind === 'open' || seat.prefs.invited !== undefined;
}

/** 409 `match.exists`: a match lives here already. */
const MATCH_EXISTS = error(409, 'match.exists', 'This match id is taken.');

/** Why `input` cannot be created here (an existing match, rules the engine refuses), or null. */
function refusal(m: MatchContext, input: CreateInput): Reply | null {
  if (m.meta) return MATCH_EXISTS;
  const probe = createMatch(setupFor(input.config, input.seats, stackOf(m, input.stack), newSeed(), 0));
  return probe.ok ? null : rulesInvalid(probe.problems);
}

/**
 * Stores `input` here (its tables too) and starts it when it awaits no guest (`awaitsGuest`). 201 with nothing else
 * (also when this very rematch, the same id and chain, was made here before), 409 `match.exists`,
 * 400 `rules.invalid` (nothing stored).
 */
export async function store(m: MatchContext, input: CreateInput): Promise<Reply> {
  // Made already by an earlier try whose match could not record it (rematch.ts `makeRematch`).
  if (m.meta && m.meta.matchId === input.matchId && chainIdOf(m.meta) === input.config.chainId)
    return { status: 201 };
  return refusal(m, input) ?? (await storeChecked(m, input));
}

/** `store` for an input whose rules `refusal` already accepted (a match may have come here since: 409). */
async function storeChecked(m: MatchContext, input: CreateInput): Promise<Reply> {
  if (m.meta) return MATCH_EXISTS;
  const now = m.now();
  const stack = stackOf(m, input.stack);
  // The rows, the timers and the first change are one transaction: a write the platform refuses
  // (its daily limit) leaves no half-made match, and a retry (a rematch's, under the same id) starts afresh.
  const refused = atomically(m, now, () => {
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
    // A lobby expires unless it fills; a match whose seats are all taken starts now (no expiry row).
    const full = !m.seats.some(awaitsGuest);
    if (!full) m.schedule.schedule(KINDS.expire, '', now + LOBBY_TTL_MS);
    // An open match: bots fill the seats strangers left free at the end of the wait.
    if (!full && input.config.open)
      m.schedule.schedule(KINDS.openFill, '', fillsAtMs(now, input.config.open));
    const change = full ? start(m, null) : lobbyChange('created', null);
    if ('status' in change) return change;
    commit(m, change);
    return null;
  });
  if (refused) {
    await m.destroy();
    return refused;
  }
  return { status: 201 };
}

/** A change of the lobby (nothing moves). */
export function lobbyChange(reason: 'created' | 'claimed', seat: number | null): MatchChange {
  return { reason, seat, opening: { kind: 'none' } };
}

/** The test-only stacked deal, when the test seams are on. */
function stackOf(m: MatchContext, stack: TestStack | undefined): TestStack | undefined {
  return testSeamsEnabled(m.env) ? stack : undefined;
}

/**
 * The engine setup of a match (with `seed` and `firstSeat`, unless a stacked deal fixes them), dealt
 * with the keyed seed scheme. `seed` is `newSeed()`: 128 bits of the platform CSPRNG
 * (`crypto.getRandomValues`); it rides in the meta row's `setup`, so it costs no extra row.
 */
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
    // Each hand's seed is HMAC-SHA256 keyed with `seed`, a secret that never leaves this object
    // (a finished hand's replay shows its whole shuffle and nothing of the next hands').
    seedScheme: NEW_MATCH_SEED_SCHEME,
    firstSeat: stack?.position?.turn ?? firstSeat,
    responses: seats.map((s) => s.responseMode),
    ...(stack?.position ? { position: stack.position as MatchSetup['position'] } : {}),
  };
}

/**
 * Prepares the start: open seats become bots (named `Bot N` in the host's language, "Ordinateur 3",
 * or a free variant when a player has that name), a seat invited without a name keeps its
 * placeholder ("Player 2", or a free variant when a guest confirmed that name), the first hand is dealt; returns the change that
 * commits it (caused by `seat`, after the request's own seat rows `claimed`), or an error reply.
 */
export function start(
  m: MatchContext,
  seat: number | null,
  claimed: readonly SeatRow[] = [],
): MatchChange | Reply {
  const meta = m.meta!;
  const current = m.seats.map((s) => claimed.find((c) => c.seat === s.seat) ?? s);
  const taken = takenNames(current);
  const seats = current.map((s) => {
    if (s.kind === 'open')
      return {
        ...s,
        kind: 'bot' as const,
        name: freeName(defaultSeatName('bot', s.seat, m.seats[0]?.language ?? 'en'), taken),
        tokenHash: null,
      };
    if (s.prefs.invited !== 'unnamed') return s;
    // An unnamed invited seat keeps its placeholder ("Player 2") unless a guest chose that name meanwhile.
    const name = freeName(s.name, taken);
    return name === s.name ? s : { ...s, name };
  });
  const first = meta.config.firstSeat === 'random' ? randomInt(seats.length) : meta.config.firstSeat;
  const stack = meta.setup?.stack;
  const setup = setupFor(meta.config, seats, stack, newSeed(), first);
  const created = createMatch(setup);
  if (!created.ok) return rulesInvalid(created.problems);
  const stored: StoredSetup = { setup, ...(stack ? { stack } : {}) };
  return {
    reason: 'started',
    seat,
    opening: { kind: 'start', state: created.state },
    // Only the seats renamed here change (a row each); the others were written at creation.
    seats: [...claimed, ...seats.filter((s) => s !== current[s.seat])],
    meta: { setup: stored, status: 'playing' },
    cancel: [KINDS.expire, KINDS.openFill],
  };
}
