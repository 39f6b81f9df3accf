/**
 * The match's answer to an address's daily digest: what waits for one seat now,
 * its turn, its answer to a hazard, or the start of the next hand, with the deadline and a fresh
 * seat link, the chat's new lines since the seat's last move (chat-mail.ts), and the seat's
 * position and move links as its turn mail has them (mail-move.ts `mailPlay`). Asked by the
 * seat's address Durable Object (worker/notify/digest.ts); writes one row (the link's hash) only when
 * something waits.
 */

import { KINDS } from '../decider/change';
import { whoActs } from '../engine/index';
import { publicOrigin } from '../env';
import { isKeyOf } from '../notify/address';
import type { DigestEntry, WaitingKind } from '../notify/digest';
import { chatSinceLastTurn } from './chat-mail';
import type { MatchContext } from './context';
import { mailPlay } from './mail-move';
import { chainIdOf } from './rows';
import { mintSeatLink } from './seats';

/**
 * What waits for `seat` (a human seat whose address has the key `key`, that a bot does not play
 * and that gets mail), or null. The deadline is the turn's, the hand's or the response window's
 * (ms since the epoch). `nowMs` is the address's time; the link is minted at the match's own.
 */
export async function digestEntry(m: MatchContext, seat: number, key: string): Promise<DigestEntry | null> {
  const meta = m.meta;
  const row = m.seats[seat];
  const state = m.state;
  if (meta?.status !== 'playing' || !state || !row) return null;
  if (row.kind !== 'human' || row.standIn || !row.email || !row.emailNotifications) return null;
  if (!(await isKeyOf(row.email, key, m.env))) return null;
  const w = whoActs(state);
  let waiting: WaitingKind | null = null;
  if (w.kind === 'turn' && w.seat === seat) waiting = 'turn';
  else if (w.kind === 'window' && w.seat === seat) waiting = 'answer';
  else if (w.kind === 'handOver') waiting = 'nextHand';
  if (waiting === null) return null;
  const d = meta.turnDeadline;
  const deadlineMs =
    waiting === 'answer'
      ? (m.schedule.get(KINDS.window, '')?.atMs ?? null)
      : d && (d.kind === 'handOver' || d.seat === seat)
        ? d.atMs
        : null;
  const origin = publicOrigin(m.env);
  const chat = chatSinceLastTurn(m, seat);
  // The turn or the answer can be played from the digest, as from its own mail (not the next hand).
  const play = waiting === 'nextHand' ? null : await mailPlay(m, seat, origin);
  return {
    matchId: meta.matchId,
    chainId: chainIdOf(meta),
    title: meta.config.title,
    waiting,
    deadlineMs,
    link: await mintSeatLink(m, seat, origin),
    language: row.language,
    email: row.email,
    origin,
    chat: chat.lines,
    chatMore: chat.more,
    ...(play ? { play, names: m.seats.map((s) => s.name) } : {}),
  };
}
