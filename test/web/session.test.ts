// @vitest-environment happy-dom
/**
 * MatchSession without a network: newer views replace older ones, another identity's answer never
 * replaces the seat's own view, an equal answer changes nothing, a move is pending at once, a stale version takes the server's info
 * and is explained.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatchSession } from '../../web/src/lib/session';
import { info, view } from './fixtures';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('MatchSession.accept', () => {
  it('keeps the newest view version', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { events: [] })),
    );
    const s = new MatchSession('AAAAAAAAAAAAAAAAAAAAAA', 'tok');
    s.accept(info(view({ version: 5 })));
    s.accept(info(view({ version: 4 })));
    expect(s.info.value?.view?.version).toBe(5);
    s.accept(info(view({ version: 6 })));
    expect(s.info.value?.view?.version).toBe(6);
  });

  it("never replaces the seat's view with a spectator's (the host token's answer, a socket before auth)", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { events: [] })),
    );
    const s = new MatchSession('AAAAAAAAAAAAAAAAAAAAAA', 'tok');
    s.accept(info(view({ version: 5 })));
    s.accept(
      info(view({ version: 5, seat: null, hand: [], legalMoves: [] }), { you: { seat: null, host: true } }),
    );
    expect(s.info.value?.you.seat).toBe(0);
    expect(s.info.value?.view?.hand).toHaveLength(7);
  });

  it('changes nothing for an answer equal to the current one (no re-render), and takes any difference', () => {
    const s = new MatchSession('AAAAAAAAAAAAAAAAAAAAAA', null);
    const renders: unknown[] = [];
    const stop = s.info.subscribe((v) => renders.push(v));
    s.accept(info(view({ version: 5 })));
    const first = s.info.value;
    s.accept(info(view({ version: 5 })));
    expect(s.info.value).toBe(first);
    s.accept(info(view({ version: 5 }), { title: 'Saturday game' }));
    expect(s.info.value?.title).toBe('Saturday game');
    expect(renders).toHaveLength(3); // the initial null, the first answer, the changed title
    stop();
  });
});

describe('MatchSession.accept ordering', () => {
  it('a late lobby answer never takes a started match back to the lobby', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { events: [] })),
    );
    const s = new MatchSession('AAAAAAAAAAAAAAAAAAAAAA', 'tok');
    s.accept(info(null));
    expect(s.info.value?.status).toBe('lobby');
    s.accept(info(view({ version: 1 })));
    s.accept(info(null));
    expect(s.info.value?.status).toBe('playing');
    expect(s.info.value?.view?.version).toBe(1);
  });
});

describe('MatchSession.sendMove', () => {
  it('marks the move pending before the server answers, then takes the answer', async () => {
    let release!: (r: Response) => void;
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (String(url).endsWith('/moves')) {
        expect(JSON.parse(String(init?.body))).toMatchObject({
          version: 12,
          move: { type: 'play', card: 'd25' },
        });
        expect((init!.headers as Record<string, string>).authorization).toBe('Bearer tok');
        return new Promise<Response>((r) => (release = r));
      }
      return Promise.resolve(jsonResponse(200, { events: [] }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const s = new MatchSession('AAAAAAAAAAAAAAAAAAAAAA', 'tok');
    s.accept(info(view()));
    const done = s.sendMove({ type: 'play', card: 'd25' });
    expect(s.pending.value).toEqual({ type: 'play', card: 'd25' });
    release(jsonResponse(200, { info: info(view({ version: 13, turn: 1 })), events: [] }));
    expect(await done).toBe(true);
    expect(s.pending.value).toBeNull();
    expect(s.info.value?.view?.version).toBe(13);
  });

  it('explains a stale version in words and shows the newer table', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/moves')
          ? jsonResponse(409, {
              error: { code: 'version.stale', message: 'stale' },
              info: info(view({ version: 14, turn: 1 })),
            })
          : jsonResponse(200, { events: [] }),
      ),
    );
    const s = new MatchSession('AAAAAAAAAAAAAAAAAAAAAA', 'tok');
    s.accept(info(view()));
    expect(await s.sendMove({ type: 'play', card: 'd25' })).toBe(false);
    expect(s.error.value?.code).toBe('stale');
    expect(s.info.value?.view?.version).toBe(14);
  });

  it('shows an engine refusal with its message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/moves')
          ? jsonResponse(422, { error: { code: 'hazard.target_protected', message: 'Bob is protected.' } })
          : jsonResponse(200, { events: [] }),
      ),
    );
    const s = new MatchSession('AAAAAAAAAAAAAAAAAAAAAA', 'tok');
    s.accept(info(view()));
    expect(await s.sendMove({ type: 'play', card: 'stop', target: 1 })).toBe(false);
    expect(s.error.value).toEqual({ code: 'hazard.target_protected', message: 'Bob is protected.' });
  });

  it('a network failure is a plain-words error, not a crash', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).endsWith('/moves')) throw new TypeError('Failed to fetch');
        return jsonResponse(200, { events: [] });
      }),
    );
    const s = new MatchSession('AAAAAAAAAAAAAAAAAAAAAA', 'tok');
    s.accept(info(view()));
    expect(await s.sendMove({ type: 'play', card: 'd25' })).toBe(false);
    expect(s.error.value?.code).toBe('network');
  });
});
