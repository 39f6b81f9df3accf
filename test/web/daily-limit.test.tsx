// @vitest-environment happy-dom
/**
 * The page at the server's daily limit (issue #33, lib/daily-limit.ts): the platform's own answer
 * past the Workers daily request limit (429 `error code: 1027`, or its HTML page) reads as the
 * server's `server.daily_limit`; a move refused either way is kept with its request and sent again,
 * the same move id, after the reset.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { de } from '../../web/src/i18n/de';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import { nb } from '../../web/src/i18n/nb';
import { sv } from '../../web/src/i18n/sv';
import { ApiError, call } from '../../web/src/lib/api';
import { isPlatformLimit, resumeAtOf } from '../../web/src/lib/daily-limit';
import { MatchSession } from '../../web/src/lib/session';
import { Table } from '../../web/src/screens/Table';
import { HeldMove } from '../../web/src/screens/table/HeldMove';
import { clockText } from '../../worker/words/when';
import { info, view } from './fixtures';
import { buttons, click, fakeSession, mount } from './render';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('the platform’s own daily-limit answer', () => {
  it('is recognised in its text and HTML forms, and no other 429 is', () => {
    expect(isPlatformLimit(429, 'error code: 1027')).toBe(true);
    expect(isPlatformLimit(429, '<title>Worker exceeded resource limits | Error 1027</title>')).toBe(true);
    expect(isPlatformLimit(429, '{"error":{"code":"rate.limited"}}')).toBe(false);
    expect(isPlatformLimit(429, 'error code: 10270')).toBe(false);
    // The status of the platform's page is not documented: a 503 (or any refusal) says it the same way.
    expect(isPlatformLimit(503, 'error code: 1027')).toBe(true);
    expect(isPlatformLimit(500, 'error code: 1027')).toBe(true);
    expect(isPlatformLimit(200, 'error code: 1027')).toBe(false);
    // Cloudflare's HTML error page: the word and the number in elements of their own.
    const page =
      '<h1><span class="cf-error-type" data-translate="error">Error</span><span class="cf-error-code">1027</span></h1>' +
      '<h2 class="cf-subheadline">This website has been temporarily rate limited</h2>';
    expect(isPlatformLimit(503, page)).toBe(true);
    expect(isPlatformLimit(429, page)).toBe(true);
  });

  it('becomes an ApiError with the server’s code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('error code: 1027', { status: 429 })),
    );
    const e = await call('GET', '/api/matches/x', null).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe('server.daily_limit');
  });

  it('resumes at Retry-After when the server said it, else at the next 00:00 UTC', () => {
    const now = Date.UTC(2026, 11, 6, 22, 30);
    expect(resumeAtOf(5400, now)).toBe(Date.UTC(2026, 11, 7));
    expect(resumeAtOf(null, now)).toBe(Date.UTC(2026, 11, 7));
  });
});

describe('a move at the daily limit', () => {
  for (const [label, refusal] of [
    [
      'the server’s 503',
      () =>
        json(
          503,
          { error: { code: 'server.daily_limit', message: '' }, resumeAt: 0 },
          { 'retry-after': '3600' },
        ),
    ],
    ['the platform’s 1027 page', () => new Response('error code: 1027', { status: 429 })],
    ['the platform’s 1027 answer as a 503', () => new Response('error code: 1027', { status: 503 })],
    [
      'the platform’s 1027 HTML page',
      () =>
        new Response(
          '<!DOCTYPE html><html><body><h1><span class="cf-error-type">Error</span> <span class="cf-error-code">1027</span></h1></body></html>',
          { status: 503, headers: { 'content-type': 'text/html' } },
        ),
    ],
  ] as const) {
    it(`is kept after ${label} and sent again with the same move id`, async () => {
      const bodies: Array<{ moveId: string }> = [];
      let refuse = true;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init?: RequestInit) => {
          if (!String(url).endsWith('/moves')) return json(200, { events: [] });
          bodies.push(JSON.parse(String(init?.body)));
          return refuse ? refusal() : json(200, { info: info(view({ version: 13 })), events: [] });
        }),
      );
      const s = new MatchSession('AAAAAAAAAAAAAAAAAAAAAA', 'tok');
      s.accept(info(view()));
      expect(await s.sendMove({ type: 'play', card: 'd25' })).toBe(false);
      expect(s.error.value).toBeNull();
      expect(s.held.value?.body.move).toEqual({ type: 'play', card: 'd25' });
      expect(s.held.value!.resumeAt).toBeGreaterThan(Date.now());
      refuse = false;
      expect(await s.resend()).toBe(true);
      expect(s.held.value).toBeNull();
      expect(bodies).toHaveLength(2);
      expect(bodies[1]).toEqual(bodies[0]);
      expect(s.info.value?.view?.version).toBe(13);
    });
  }
});

describe('the kept move across a reload', () => {
  const MATCH = 'AAAAAAAAAAAAAAAAAAAAAA';
  afterEach(() => sessionStorage.clear());

  it('comes back at the same version with the same request, and goes once sent or once the match moved on', async () => {
    const bodies: Array<{ moveId: string }> = [];
    let refuse = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!String(url).endsWith('/moves')) return json(200, { events: [] });
        bodies.push(JSON.parse(String(init?.body)));
        return refuse
          ? json(
              503,
              { error: { code: 'server.daily_limit', message: '' }, resumeAt: 0 },
              { 'retry-after': '60' },
            )
          : json(200, { info: info(view({ version: 13 })), events: [] });
      }),
    );
    const first = new MatchSession(MATCH, 'tok');
    first.accept(info(view()));
    expect(await first.sendMove({ type: 'play', card: 'd25' })).toBe(false);
    const kept = first.held.value!;

    // The reload: a new session of the same tab, the match still at the move's version.
    const again = new MatchSession(MATCH, 'tok');
    again.accept(info(view()));
    expect(again.held.value).toEqual(kept);
    // Another seat of the same match on this tab holds nothing.
    const other = new MatchSession(MATCH, 'tok2');
    other.accept(info(view({ seat: 1 })));
    expect(other.held.value).toBeNull();

    refuse = false;
    expect(await again.resend()).toBe(true);
    expect(bodies[1]).toEqual(bodies[0]);
    const reloaded = new MatchSession(MATCH, 'tok');
    reloaded.accept(info(view()));
    expect(reloaded.held.value).toBeNull();
  });

  it('is dropped when the match moved on past its version', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          503,
          { error: { code: 'server.daily_limit', message: '' }, resumeAt: 0 },
          { 'retry-after': '60' },
        ),
      ),
    );
    const s = new MatchSession(MATCH, 'tok');
    s.accept(info(view()));
    await s.sendMove({ type: 'play', card: 'd25' });
    expect(s.held.value).not.toBeNull();
    s.accept(info(view({ version: 13 })));
    expect(s.held.value).toBeNull();
    const reloaded = new MatchSession(MATCH, 'tok');
    reloaded.accept(info(view()));
    expect(reloaded.held.value).toBeNull();
  });

  it('ignores an entry that is not a kept move', () => {
    sessionStorage.setItem(`mb.held.${MATCH}.0`, '{"body":{"version":12}}');
    const s = new MatchSession(MATCH, 'tok');
    s.accept(info(view()));
    expect(s.held.value).toBeNull();
    expect(sessionStorage.getItem(`mb.held.${MATCH}.0`)).toBeNull();
  });
});

describe('the kept move on the table', () => {
  beforeEach(() => useCatalogForTests('en', en));

  it('says the time play resumes in the reader’s local time and offers to send it again after it', () => {
    const { session, raw } = fakeSession(info(view()));
    const body = { version: 12, moveId: 'kept', move: { type: 'play', card: 'd25' } as const };
    const root = mount(<Table session={session} />);
    act(() => {
      raw.held.value = { body, resumeAt: Date.now() + 3_600_000 };
    });
    const notice = root.querySelector('.held-move')!;
    const clock = clockText(raw.held.value!.resumeAt, 'en', { withDay: false });
    expect(notice.textContent).toContain(
      `The server has reached today’s free limit; your move was not played. Play resumes at ${clock}.`,
    );
    expect(buttons(notice, 'Send it again')[0].disabled).toBe(true);
    act(() => {
      raw.held.value = { body, resumeAt: Date.now() - 1 };
    });
    const again = buttons(root.querySelector('.held-move')!, 'Send it again')[0];
    expect(again.disabled).toBe(false);
    click(again);
    expect(raw.resend).toHaveBeenCalledTimes(1);
  });
});

describe('the kept move’s notice in every language', () => {
  const catalogs = { en, fr, de, sv, nb } as const;
  afterEach(() => useCatalogForTests('en', en));

  for (const [code, catalog] of Object.entries(catalogs)) {
    it(`after the platform’s own 503 (1027) says the catalog’s words in ${code}`, async () => {
      useCatalogForTests(code as keyof typeof catalogs, catalog);
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) =>
          String(url).endsWith('/moves')
            ? new Response('error code: 1027', { status: 503 })
            : json(200, { events: [] }),
        ),
      );
      const s = new MatchSession('BBBBBBBBBBBBBBBBBBBBBB', 'tok');
      s.accept(info(view()));
      expect(await s.sendMove({ type: 'play', card: 'd25' })).toBe(false);
      const root = mount(<HeldMove session={s} />);
      const notice = root.querySelector('.held-move')!;
      const clock = clockText(s.held.value!.resumeAt, code as keyof typeof catalogs, { withDay: false });
      expect(notice.textContent).toContain(catalog['limit.notPlayed'].replace('{time}', clock));
      expect(notice.textContent).toContain(catalog['limit.kept']);
      expect(buttons(notice, catalog['limit.sendAgain'])).toHaveLength(1);
      if (code !== 'en') expect(catalog['limit.notPlayed']).not.toBe(en['limit.notPlayed']);
      sessionStorage.clear();
    });
  }
});
