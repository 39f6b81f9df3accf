/**
 * Move links in the match (issue 34): minting a mail's links (nothing stored: notify/move-links.ts),
 * what a link's confirmation page shows (`openMoveLink`, which reads only), and the move its form
 * posts (`playMoveLink`), played through the page's own path (moves.ts `playMove`: the seat's
 * credential, the version check, the engine's legality, an idempotent move id derived from the link).
 *
 * A link is good while its secret matches the seat's credentials now, its version is the state's,
 * its move is among `legalMoves`, its seat may play from its mail (`mailsMoves`), and no deadline of the
 * turn or of a response window has passed. Every other link (stale, used, wrong, forged) gets one
 * answer, `stale`, that names no seat and carries no credential.
 */

import { suggestMoves } from '../bots/suggest';
import { KINDS } from '../decider/change';
import type { LogRow } from '../decider/model';
import { legalMoves, sameMove } from '../engine/index';
import type { GameEvent, Move } from '../engine/types';
import { viewFor } from '../engine/view';
import { type MailPlay, type PositionView, positionOf } from '../notify/mail-position';
import {
  type MoveLinkParts,
  moveCode,
  moveIdOf,
  moveLinkSecret,
  moveLinkUrl,
  pageToken,
  readMoveCode,
  sameSecret,
} from '../notify/move-links';
import type { Reply } from '../reply';
import { hashToken } from '../tokens';
import type { MatchContext } from './context';
import { playMove } from './moves';
import { storedSeatToken } from './seats';

/** Whose turn it is after a move, for "Bob to play": a seat, or nobody (the hand or match is over). */
export type NextTurn = { kind: 'seat'; seat: number } | { kind: 'none' };

/** What a move link's page shows; `language` is the seat's (null: the reader's own). */
export type MoveLinkPage =
  | {
      kind: 'confirm';
      language: string | null;
      names: string[];
      move: Move;
      position: PositionView;
      /** The per-page token the form posts back. */
      page: string;
      table: string;
    }
  | {
      kind: 'played';
      language: string | null;
      names: string[];
      move: Move;
      /** The position the move was played from (for its words). */
      before: PositionView;
      position: PositionView;
      next: NextTurn;
      /**
       * When the seat plays on right after this move (its draw; nothing changed since): its next
       * suggested moves as links, as its turn mail would offer them (`mailPlay`), so the turn goes on
       * from the page; else empty (also for an old link seen again at a later turn of the seat).
       */
      moves: MailPlay['moves'];
      table: string;
    }
  | { kind: 'stale'; table: string }
  | { kind: 'refused'; table: string };

/**
 * What a link's post answers: its page, or the match's refusal at the platform's daily limit (503
 * `server.daily_limit`, nothing changed: the link still plays later), passed on as it is.
 */
export type MoveLinkAnswer = MoveLinkPage | { kind: 'unavailable'; reply: Reply };

/** The secret a link for `seat` at `version` playing the move coded `code` must carry now (null: no deployment secret). */
function secretFor(m: MatchContext, seat: number, version: number, code: string): Promise<string | null> {
  const row = m.seats[seat];
  return moveLinkSecret(m.env, {
    matchId: m.meta!.matchId,
    seat,
    version,
    code,
    tokenHash: row?.tokenHash ?? '',
    email: row?.email?.toLowerCase() ?? '',
    generation: row?.prefs.linkGeneration ?? 0,
  });
}

/**
 * The link playing `move` for `seat` at the state's version (absolute, under `origin`), or null
 * when there is no deployment secret or no running state. Writes nothing.
 */
export async function mintMoveLink(
  m: MatchContext,
  seat: number,
  move: Move,
  origin: string,
): Promise<string | null> {
  const state = m.state;
  if (!m.meta || !state) return null;
  const code = moveCode(move);
  const secret = await secretFor(m, seat, state.version, code);
  return secret ? moveLinkUrl(origin, m.meta.matchId, { seat, version: state.version, code, secret }) : null;
}

/**
 * True when `seat`'s player may play from their mail now: a human's seat, played in person (no
 * stand-in bot: the host gave it away, timeouts, "play for me"; their seat link takes it back), not
 * left, and the hand in mails not turned off (`SeatPrefs.mailHand`: a shared mailbox must not see
 * the hand, neither in a mail nor through an old mail's links). Minting and every use of a link ask it.
 */
function mailsMoves(m: MatchContext, seat: number): boolean {
  const row = m.seats[seat];
  return row?.kind === 'human' && !row.standIn && !row.prefs.left && row.prefs.mailHand !== false;
}

/** The link's seat when its secret matches that seat's credentials now (any version), else null. */
async function verified(m: MatchContext, link: MoveLinkParts): Promise<number | null> {
  if (!m.meta || !m.state || !mailsMoves(m, link.seat)) return null;
  const secret = await secretFor(m, link.seat, link.version, link.code);
  return secret && sameSecret(secret, link.secret) ? link.seat : null;
}

/** True when a deadline of the turn or of an open response window has passed (a timeout is due). */
function deadlinePassed(m: MatchContext): boolean {
  const now = m.now();
  const turn = m.meta?.turnDeadline;
  if (turn && turn.atMs <= now) return true;
  const window = m.schedule.get(KINDS.window, '');
  return window !== null && window !== undefined && window.atMs <= now;
}

/** The move a verified link may still play now, or null (moved on, no longer legal, past a deadline). */
function playable(m: MatchContext, link: MoveLinkParts): Move | null {
  const state = m.state;
  if (!state || m.meta?.status !== 'playing' || state.version !== link.version || deadlinePassed(m))
    return null;
  const move = readMoveCode(link.code);
  if (!move) return null;
  return legalMoves(state, link.seat).find((l) => sameMove(state, l, move)) ?? null;
}

/** The match's page: with the seat's mailed link when that link is stored (it opens the seat), else bare. */
async function tableUrl(m: MatchContext, seat: number | null, origin: string): Promise<string> {
  const bare = `${origin}/m/${m.meta?.matchId ?? ''}`;
  const token = seat === null ? null : await storedSeatToken(m, seat);
  return token ? `${bare}#seat=${token}` : bare;
}

function names(m: MatchContext): string[] {
  return m.seats.map((s) => s.name);
}

/** The page after the link's move was played (now, or by an earlier post of the same link). */
async function playedPage(
  m: MatchContext,
  link: MoveLinkParts,
  move: Move,
  before: PositionView,
  origin: string,
) {
  const { seat } = link;
  const state = m.state!;
  const over = state.phase === 'handOver' || state.phase === 'matchOver';
  const next: NextTurn = over ? { kind: 'none' } : { kind: 'seat', seat: state.turn };
  // The rest of the turn only right after this move (nothing changed since): an old link seen again
  // later is no door to the seat's later turns.
  const fresh = m.log.rowOfMoveId(moveIdOf(link.secret))?.version === state.version;
  const more = fresh && next.kind === 'seat' && next.seat === seat ? await mailPlay(m, seat, origin) : null;
  return {
    kind: 'played' as const,
    language: m.seats[seat].language,
    names: names(m),
    move,
    before,
    position: positionOf(viewFor(state, seat)),
    next,
    moves: more?.moves ?? [],
    table: await tableUrl(m, seat, origin),
  };
}

/**
 * The position a link's move, played earlier, is worded from when its page is seen again (a reopened
 * link, a second post): the seat's position now, with the discard pile's top the move took, read from
 * the move's logged public event (now's top is another card, or none).
 */
function playedFrom(m: MatchContext, seat: number, done: LogRow): PositionView {
  const now = positionOf(viewFor(m.state!, seat));
  const took = done.events.find(
    (e): e is Extract<GameEvent, { type: 'drew'; from: 'discard' }> =>
      e.type === 'drew' && e.seat === seat && e.from === 'discard',
  );
  return took ? { ...now, discardTop: took.card } : now;
}

/**
 * The confirmation page of a move link (GET and HEAD: reads only, writes nothing, however often a
 * scanner opens it): the move and the position to confirm; the result when this link's move was
 * already played; else `stale` (also for a wrong or forged link).
 */
export async function openMoveLink(
  m: MatchContext,
  link: MoveLinkParts,
  origin: string,
): Promise<MoveLinkPage> {
  const stale = { kind: 'stale' as const, table: await tableUrl(m, null, origin) };
  const seat = await verified(m, link);
  if (seat === null) return stale;
  const done = m.log.rowOfMoveId(moveIdOf(link.secret));
  const move = readMoveCode(link.code);
  if (done && move) return playedPage(m, link, move, playedFrom(m, seat, done), origin);
  const legal = playable(m, link);
  const page = await pageToken(m.env, link.secret);
  if (!legal || !page) return stale;
  return {
    kind: 'confirm',
    language: m.seats[seat].language,
    names: names(m),
    move: legal,
    position: positionOf(viewFor(m.state!, seat)),
    page,
    table: await tableUrl(m, seat, origin),
  };
}

/**
 * The move of a link's form (POST `page`: its per-page token): played through `playMove` as the
 * link's seat, under the move id the link derives, so a second post shows the first's result. A
 * stale, wrong or forged link, or a move the match refuses, is `stale`; a good link posted without
 * its page's token is `refused`; at the daily limit the match's 503 is `unavailable`. None changes anything.
 */
export async function playMoveLink(
  m: MatchContext,
  link: MoveLinkParts,
  page: string,
  origin: string,
): Promise<MoveLinkAnswer> {
  const stale = { kind: 'stale' as const, table: await tableUrl(m, null, origin) };
  const seat = await verified(m, link);
  if (seat === null) return stale;
  const moveId = moveIdOf(link.secret);
  const move = readMoveCode(link.code);
  if (!move) return stale;
  const done = m.log.rowOfMoveId(moveId);
  if (done) return playedPage(m, link, move, playedFrom(m, seat, done), origin);
  const before = positionOf(viewFor(m.state!, seat));
  const legal = playable(m, link);
  if (!legal) return stale;
  const expected = await pageToken(m.env, link.secret);
  if (!expected || !sameSecret(expected, page)) return { kind: 'refused', table: stale.table };
  // The seat's own credential: its token hash, else the hash of its stored mail link.
  const mailed = m.seats[seat].tokenHash ? null : await storedSeatToken(m, seat);
  const who = m.seats[seat].tokenHash ?? (mailed ? await hashToken(mailed) : null);
  if (!who) return stale;
  const reply = playMove(m, who, { version: link.version, moveId, move: legal });
  if (reply.status === 503) return { kind: 'unavailable', reply };
  if (reply.status !== 200) return stale;
  return playedPage(m, link, legal, before, origin);
}

/**
 * What `seat`'s turn mail shows (issue 34): its position from its own view and up to four suggested
 * moves (bots/suggest.ts) as move links under `origin`; null when the match is not being played,
 * the seat may not play from its mail (`mailsMoves`: a bot, a stand-in, a leaver, the hand in mails
 * turned off), has nothing a mail can offer, or there is no deployment secret. Writes nothing.
 */
export async function mailPlay(m: MatchContext, seat: number, origin: string): Promise<MailPlay | null> {
  const state = m.state;
  if (!m.meta || !state || m.meta.status !== 'playing' || !mailsMoves(m, seat)) return null;
  const view = viewFor(state, seat);
  if (view.legalMoves.length === 0) return null;
  const suggested = suggestMoves(view, { seed: `mail:${m.meta.matchId}`, log: m.log.handEvents() });
  // Between hands (the next hand, a mulligan, the 700 km choice) the table is the place to play.
  if (suggested.length === 0) return null;
  const moves: MailPlay['moves'] = [];
  for (const move of suggested) {
    const url = await mintMoveLink(m, seat, move, origin);
    if (!url) return null;
    moves.push({ move, url });
  }
  return { position: positionOf(view), moves };
}
