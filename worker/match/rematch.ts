/**
 * Rematch by consent: "Play again" makes one offer per finished match (the same
 * players and rules, the first seat one to the left), the other humans accept or decline, bots accept
 * at once, and the new match is dealt (with the same seats and links) when every human has accepted.
 * Every change of the offer goes through the commit path (one meta row written, the views pushed);
 * an offer mails the other humans (notify/policy.ts `rematchOffer`). What an offer is now is read by
 * rematch-offer.ts.
 */

import { isDailyLimit } from '../daily-limit';
import { seatForRematch } from '../decider/vacation';
import type { RematchRequest } from '../protocol/requests';
import { error, NOT_FOUND, type Reply } from '../reply';
import { derivedMatchId, newMatchId } from '../tokens';
import { commit } from './commit';
import type { Caller, MatchContext } from './context';
import type { CreateInput } from './creation';
import { carryMailPrefs } from './mail-prefs';
import { catchUp } from './rebuild';
import { asksAnswer, newOffer, offerState, openOffer, rematchInfo, unanswered } from './rematch-offer';
import { chainIdOf, type Meta, type RematchOffer } from './rows';
import { exportLinks } from './seats';
import { matchStub } from './stub';
import { createdFor } from './views';

/**
 * `POST /rematch` of the caller `who` (docs/API.md). Without `answer` ("Play again"): makes the offer,
 * or accepts the open one; `accept`/`decline` answer the open offer. 202 `{ rematch }` while humans
 * must still answer; 201 with the new match's `Created` body when this request dealt it, 200 with the
 * same body once it exists (concurrent requests wait for the dealing); 200 `{ rematch }` for a decline.
 * 403 `auth.not_a_seat` (a spectator; an answer from the host without a seat), 409
 * `match.not_finished`, `rematch.no_offer`, `rematch.declined`, `rematch.lapsed`, `rematch.dealt`
 * (a decline too late), `rematch.no_players` (every human left: a match of bots only is never dealt,
 * as creation never makes one). A refused request changes nothing.
 */
export function rematch(
  m: MatchContext,
  who: string | null,
  req: RematchRequest,
  origin: string,
): Promise<Reply> | Reply {
  const meta = m.meta;
  if (!meta) return NOT_FOUND;
  const caller = m.caller(who);
  if (caller.seat === null && (!caller.host || req.answer))
    return error(403, 'auth.not_a_seat', 'Only players can ask for or answer a rematch.');
  if (meta.status !== 'finished')
    return error(409, 'match.not_finished', 'A rematch starts after the match is over.');
  // A request while the rematch is dealt waits for it, then sees it dealt.
  if (m.rematching) return m.rematching.then((r) => (r.status === 201 ? rematch(m, who, req, origin) : r));
  if (meta.rematchId) {
    if (req.answer === 'decline') return error(409, 'rematch.dealt', 'The rematch is already dealt.');
    return { status: 200, body: createdFor(m, meta.rematchId, origin) };
  }
  if (req.answer === 'decline') return decline(m, caller.seat!);
  if (!m.seats.some(asksAnswer))
    return error(
      409,
      'rematch.no_players',
      'Every player left this match: a rematch would have nobody to play it.',
    );
  return accept(m, caller, req.answer === 'accept', origin);
}

/** A press of "Play again" (`explicit` false) or an explicit acceptance by `caller`. */
function accept(m: MatchContext, caller: Caller, explicit: boolean, origin: string): Promise<Reply> | Reply {
  const now = m.now();
  const open = openOffer(m.meta!, now);
  if (!open) {
    if (explicit) return closed(m, now);
    const offer = newOffer(m.meta!, m.seats, caller.seat, now);
    return settle(m, offer, 'rematchOffer', caller.seat, origin);
  }
  if (caller.seat !== null && !open.accepted.includes(caller.seat)) {
    const offer = { ...open, accepted: [...open.accepted, caller.seat].sort((a, b) => a - b) };
    return settle(m, offer, 'rematch', caller.seat, origin);
  }
  // Already accepted (or the host without a seat): the same offer, unchanged.
  return unanswered(m.seats, open).length === 0 ? deal(m, origin) : offered(m);
}

/**
 * Stores `offer` (one meta row, through the commit path, with `reason` for the notifier: the offer
 * mails the other humans); deals the rematch instead when nobody is left to answer.
 */
function settle(
  m: MatchContext,
  offer: RematchOffer,
  reason: 'rematchOffer' | 'rematch',
  seat: number | null,
  origin: string,
): Promise<Reply> | Reply {
  // The dealing stores the offer (makeRematch).
  if (unanswered(m.seats, offer).length === 0) return deal(m, origin, offer);
  commit(m, { reason, seat, opening: { kind: 'none' }, meta: { rematchOffer: offer } });
  return offered(m);
}

/** `seat` declines the open offer: it ends (a new "Play again" may make another). 200 `{ rematch }`. */
function decline(m: MatchContext, seat: number): Reply {
  const meta = m.meta!;
  const now = m.now();
  const open = openOffer(meta, now);
  if (!open) {
    // Declining twice is one decline.
    if (meta.rematchOffer?.declined.includes(seat)) return answered(m, 200);
    return closed(m, now);
  }
  const offer = { ...open, accepted: open.accepted.filter((s) => s !== seat), declined: [seat] };
  commit(m, { reason: 'rematch', seat, opening: { kind: 'none' }, meta: { rematchOffer: offer } });
  return answered(m, 200);
}

/** Why there is no open offer to answer: 409 `rematch.no_offer`, `rematch.declined` or `rematch.lapsed`. */
function closed(m: MatchContext, now: number): Reply {
  const offer = m.meta!.rematchOffer;
  if (!offer) return error(409, 'rematch.no_offer', 'Nobody has offered a rematch.');
  return offerState(m.meta!, offer, now) === 'lapsed'
    ? error(409, 'rematch.lapsed', 'The rematch offer lapsed: make a new one.')
    : error(409, 'rematch.declined', 'The rematch offer was declined: make a new one.');
}

/** 202 with the open offer as everybody sees it. */
function offered(m: MatchContext): Reply {
  return answered(m, 202);
}

function answered(m: MatchContext, status: 200 | 202): Reply {
  return { status, body: { rematch: rematchInfo(m.meta!, m.seats, m.now()) } };
}

/**
 * Deals the rematch once; concurrent requests share its outcome (`m.rematching`). `offer`: the
 * offer that every seat has now accepted, stored before the new match is created.
 */
function deal(m: MatchContext, origin: string, offer?: RematchOffer): Promise<Reply> {
  m.rematching = makeRematch(m, origin, offer).finally(() => {
    m.rematching = null;
  });
  return m.rematching;
}

/**
 * A new match with the same seats, rules and links (the same token hashes), a new seed and the
 * offer's first seat. 201 with its `Created` body, or the creating object's error.
 */
async function makeRematch(m: MatchContext, origin: string, offer?: RematchOffer): Promise<Reply> {
  const meta = m.meta!;
  // Test seams: a scripted run may have fixed this rematch's id and deal (test-seams.ts `fix`).
  const fixed = m.seams.nextRematch;
  m.seams.nextRematch = null;
  const matchId = fixed?.matchId ?? (await rematchIdOf(meta, offer ?? meta.rematchOffer));
  const firstSeat = (offer ?? meta.rematchOffer)?.firstSeat ?? meta.config.firstSeat;
  const input: CreateInput = {
    matchId,
    config: { ...meta.config, chainId: chainIdOf(meta), firstSeat },
    hostHash: meta.hostHash,
    inviteHash: null,
    seats: m.seats.map(seatForRematch),
    ...(fixed ? { stack: { seed: fixed.seed } } : {}),
  };
  // The acceptance that deals it holds before the wait (quietly: the dealing pushes and tells), so
  // requests, views and the offer's mail see it meanwhile, and a press after a failed creation deals;
  // it is written with the rematch's id (one meta row for both).
  if (offer) {
    const meta = { rematchOffer: offer };
    commit(m, { reason: 'rematch', seat: null, opening: { kind: 'edit' }, meta, deferMeta: true });
  }
  let r: Reply;
  try {
    r = await matchStub(m.env, matchId).createRematch(input);
  } catch (e) {
    if (isDailyLimit(e)) forgetAcceptance(m, offer);
    throw e;
  }
  if (r.status !== 201) {
    if (isDailyLimitReply(r)) forgetAcceptance(m, offer);
    return r;
  }
  commit(m, { reason: 'rematch', seat: null, opening: { kind: 'none' }, meta: { rematchId: matchId } });
  // The rematch keeps the seats' links; the links sent in mails too.
  await exportLinks(m, matchId);
  // And the seats' own mail preferences (their addresses keep them per match).
  await carryMailPrefs(m, matchId);
  return { status: 201, body: createdFor(m, matchId, origin) };
}

/**
 * The platform refused the rematch's creation past its daily limit (a 503 `server.daily_limit`,
 * nothing of it stored): the acceptance held in memory only (`deferMeta`) is forgotten, as every
 * refused change is (commit.ts `atomically`), so the press is refused whole and may be sent again.
 */
function forgetAcceptance(m: MatchContext, offer: RematchOffer | undefined): void {
  if (!offer) return;
  m.reload();
  catchUp(m);
}

function isDailyLimitReply(r: Reply): boolean {
  return (
    r.status === 503 && (r.body as { error?: { code?: string } } | null)?.error?.code === 'server.daily_limit'
  );
}

/**
 * The rematch's id: one per offer, derived from the match's hidden seed and host hash and the
 * offer's time, so a dealing tried again (its first try made the rematch, then this match could not
 * record it: a write refused past the platform's daily limit, even after a restart) reaches the
 * same match (creation.ts `store` answers 201 for it) instead of making a second one. Without an
 * offer (or a seed), a new random id.
 */
async function rematchIdOf(meta: Meta, offer: RematchOffer | null | undefined): Promise<string> {
  const seed = meta.state?.seed;
  if (!offer || !seed) return newMatchId();
  return derivedMatchId(JSON.stringify(['rematch', meta.matchId, seed, meta.hostHash, offer.atMs, offer.by]));
}
