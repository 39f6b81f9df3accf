// @vitest-environment happy-dom
/**
 * The match page's first fetch (web/src/lib/first-info.ts): started by the entry script with the
 * token the page will use, shared by the link check and taken once by the session, so that the page
 * asks for the match once before the hand shows; anything else asks as before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchInfoOnce, startFirstInfo, takeFirstInfo } from '../../web/src/lib/first-info';
import { MatchSession } from '../../web/src/lib/session';
import { info, view } from './fixtures';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const SEAT = 'S'.repeat(43);

/** Stubs fetch with one answer for every call (a MatchInfo at version 3 unless `status` says otherwise). */
function stubFetch(status = 200) {
  const calls: Array<{ url: string; auth: string | undefined }> = [];
  const body =
    status === 200
      ? info(view({ version: 3 }))
      : { error: { code: 'match.not_found', message: 'No such match.' } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, auth: (init?.headers as Record<string, string> | undefined)?.authorization });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  takeFirstInfo(ID, SEAT);
  takeFirstInfo(ID, null);
  localStorage.clear();
});

describe('the first fetch of a match page', () => {
  it("starts at once with a new seat link's token and serves the link check and then the session", async () => {
    const calls = stubFetch();
    startFirstInfo(`/m/${ID}`, `#seat=${SEAT}`);
    expect(calls).toEqual([{ url: `/api/matches/${ID}`, auth: `Bearer ${SEAT}` }]);
    // The link check asks for the same match and token: the same request.
    expect((await matchInfoOnce(ID, SEAT)).view?.version).toBe(3);
    const session = new MatchSession(ID, SEAT);
    await vi.waitFor(() => expect(session.info.value?.view?.version).toBe(3));
    expect(calls).toHaveLength(1);
    // Taken once: a second session asks for itself.
    expect(takeFirstInfo(ID, SEAT)).toBeNull();
  });

  it('starts nothing off a match page, and a spectator of a bare link asks without a token', () => {
    const calls = stubFetch();
    startFirstInfo('/', `#seat=${SEAT}`);
    startFirstInfo('/rules', '');
    expect(calls).toEqual([]);
    startFirstInfo(`/m/${ID}`, '');
    expect(calls).toEqual([{ url: `/api/matches/${ID}`, auth: undefined }]);
    expect(takeFirstInfo(ID, SEAT)).toBeNull(); // another token: not this answer
    expect(takeFirstInfo(ID, null)).not.toBeNull();
  });

  it('an unknown match ends the session on the early answer, without asking again', async () => {
    const calls = stubFetch(404);
    startFirstInfo(`/m/${ID}`, '');
    const session = new MatchSession(ID, null);
    session.start();
    await vi.waitFor(() => expect(session.status.value).toBe('closed'));
    expect(session.error.value?.code).toBe('match.not_found');
    expect(calls).toHaveLength(1);
  });

  it('leaves a damaged seat link to the link check (no request with it)', () => {
    const calls = stubFetch();
    startFirstInfo(`/m/${ID}`, '#seat=%F0%9F%98%80');
    expect(calls.filter((c) => c.auth !== undefined)).toEqual([]);
  });
});
