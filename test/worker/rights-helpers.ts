/**
 * Helpers of the tests of a credential's rights now (credential-rights, rights-attacks): the requests
 * they repeat, a socket authenticated with a token, the frames it got, and Ann, Ben and Cat's short
 * match.
 */
import type { ServerFrame } from '../../worker/protocol/frames';
import type { MatchInfo } from '../../worker/protocol/views';
import { api, openSocket, type TestSocket, until } from './helpers';

/** POST /settings with only `email` (null removes it). */
export const setEmail = (id: string, token: string, email: string | null) =>
  api(`/api/matches/${id}/settings`, { token, body: { email } });
/** A chat message of `text`. */
export const say = (id: string, token: string, text: string) =>
  api(`/api/matches/${id}/chat`, { token, body: { text } });
/** POST /leave. */
export const leave = (id: string, token: string) => api(`/api/matches/${id}/leave`, { token, body: {} });
/** The summary item of `token` for match `matchId`. */
export const summaryOf = async (matchId: string, token: string) =>
  (await api('/api/matches/summaries', { body: { items: [{ matchId, token }] } })).body.items[0];

/** The views a socket received, oldest first. */
export const infos = (s: TestSocket): MatchInfo[] =>
  s.frames.filter((f): f is Extract<ServerFrame, { type: 'info' }> => f.type === 'info').map((f) => f.info);
/** The chat frames a socket received. */
export const chats = (s: TestSocket) => s.frames.filter((f) => f.type === 'chat');
/** The codes of the error frames a socket received. */
export const errors = (s: TestSocket): string[] =>
  s.frames
    .filter((f): f is Extract<ServerFrame, { type: 'error' }> => f.type === 'error')
    .map((f) => f.error.code);

/**
 * Opens a socket on `matchId` and authenticates it with `token`; waits for a view that `ok` accepts
 * (or an error frame).
 */
export async function authed(
  matchId: string,
  token: string,
  ok: (i: MatchInfo) => boolean,
): Promise<TestSocket> {
  const s = await openSocket(matchId);
  const n = s.frames.length;
  s.ws!.send(JSON.stringify({ type: 'auth', token }));
  await until(
    () => s.frames.slice(n).some((f) => (f.type === 'info' && ok(f.info)) || f.type === 'error'),
    'the socket’s answer to its auth',
  );
  return s;
}

/**
 * Ann, Ben and Cat, each with an address (`a.ann`, `a.bob`, `cat`), the computer allowed (a leave
 * hands the seat to it); a short classic hand (100 km) on a stacked deck, Ann first, no hazard in reach.
 */
export function trio(a: { ann: string; bob: string }, cat: string): Record<string, unknown> {
  return {
    title: 'Trio',
    rules: { preset: 'classic', options: { goal: 100, matchTarget: 0 } },
    seats: [
      { kind: 'human', name: 'Ann', email: a.ann },
      { kind: 'human', name: 'Ben', email: a.bob },
      { kind: 'human', name: 'Cat', email: cat },
    ],
    firstSeat: 0,
    timeoutsToBot: 3,
    testStack: {
      seed: 'trio',
      position: {
        hands: {
          0: ['roll', 'd100', 'd25', 'd50', 'd75', 'stop'],
          1: ['roll', 'd25', 'd50', 'd75', 'd25', 'accident'],
          2: ['roll', 'd25', 'd50', 'd75', 'd25', 'd25'],
        },
        // Every draw of the first round is distance or a remedy: nobody (nor the computer after Cat leaves) can stop Ann.
        deck: ['d50', 'd75', 'd50', 'd75', 'repairs', 'gasoline'],
      },
    },
  };
}
