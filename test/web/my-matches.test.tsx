// @vitest-environment happy-dom
/**
 * "My matches": the token each saved match is asked with, pages of 20, the groups (your turn, then
 * waiting, then finished, folded) and their order, the rows' words, a deleted match leaving the
 * device with a polite notice, and the e-mail magic link keeping its seat links.
 */

import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { de } from '../../web/src/i18n/de';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import { nb } from '../../web/src/i18n/nb';
import { sv } from '../../web/src/i18n/sv';
import { findMatch, type SavedMatch, savedMatches, saveMatch } from '../../web/src/lib/storage';
import { relativeTime } from '../../web/src/lib/time';
import type { MatchSummary, SummaryItem } from '../../web/src/lib/types';
import { MatchRow } from '../../web/src/screens/home/MatchRow';
import { MyMatches } from '../../web/src/screens/home/MyMatches';
import { mailedLink } from '../../web/src/screens/home/mailed';
import {
  bestToken,
  fetchSummaries,
  grouped,
  joinAnswers,
  pages,
  type Row,
} from '../../web/src/screens/home/model';
import { mount as mountIn } from './render';

/** Mounted lists, unmounted after each test (a live list would refresh on the next test's changes). */
const mounted: HTMLElement[] = [];
function mount(node: ComponentChild): HTMLElement {
  const root = mountIn(node);
  mounted.push(root);
  return root;
}

beforeEach(() => {
  useCatalogForTests('en', en);
  localStorage.clear();
  savedMatches.value = [];
});
afterEach(() => {
  for (const root of mounted.splice(0)) act(() => render(null, root));
  vi.unstubAllGlobals();
});

const T = 'tok-abcdefghijklmnop';
const HOUR = 3_600_000;

function saved(matchId: string, extra: Partial<SavedMatch> = {}): SavedMatch {
  return { matchId, title: matchId, seat: 0, seatToken: `${T}-${matchId}`, savedAt: 1, ...extra };
}

function summary(matchId: string, extra: Partial<MatchSummary> = {}): MatchSummary {
  return {
    matchId,
    title: `Match ${matchId}`,
    status: 'playing',
    role: 'seat',
    seat: 0,
    createdAt: new Date(Date.now() - 48 * HOUR).toISOString(),
    players: [
      { seat: 0, name: 'Ann', kind: 'human', standIn: false, team: 0 },
      { seat: 1, name: 'Bob', kind: 'human', standIn: false, team: 1 },
    ],
    acts: { kind: 'turn', seat: 1 },
    yourTurn: false,
    deadline: null,
    last: null,
    hand: 1,
    scores: [0, 0],
    place: 1,
    result: null,
    finishedAt: null,
    rematchId: null,
    ...extra,
  };
}

const row = (s: MatchSummary): Row => ({ saved: saved(s.matchId), summary: s, problem: null });

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

describe('my matches: the model', () => {
  it('asks with the best token: seat, then another seat, then host, then invitation', () => {
    expect(bestToken(saved('a', { hostToken: 'host', inviteToken: 'inv' }))).toBe(`${T}-a`);
    expect(
      bestToken(saved('a', { seatToken: undefined, seat: null, seatTokens: { 2: 's2' }, hostToken: 'h' })),
    ).toBe('s2');
    expect(
      bestToken(saved('a', { seatToken: undefined, seat: null, hostToken: 'h', inviteToken: 'i' })),
    ).toBe('h');
    expect(bestToken(saved('a', { seatToken: undefined, seat: null, inviteToken: 'i' }))).toBe('i');
  });

  it('asks 20 matches per request, and more in further requests', async () => {
    expect(pages([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    const list = Array.from({ length: 45 }, (_, i) => saved(`m${i}`));
    const sent: number[] = [];
    const answers = await fetchSummaries(list, async (items) => {
      sent.push(items.length);
      return {
        items: items.map((i) => ({ matchId: i.matchId, ok: true as const, summary: summary(i.matchId) })),
      };
    });
    expect(sent).toEqual([20, 20, 5]);
    expect(answers.size).toBe(45);
  });

  it('puts your turn first (nearest deadline first), then waiting, then finished', () => {
    const now = Date.now();
    const late = summary('late', { yourTurn: true, deadline: new Date(now + 9 * HOUR).toISOString() });
    const soon = summary('soon', { yourTurn: true, deadline: new Date(now + HOUR).toISOString() });
    const old = summary('old', {
      last: { seat: 1, actor: 'player', kind: 'play', at: new Date(now - 9 * HOUR).toISOString() },
    });
    const fresh = summary('fresh', {
      last: { seat: 1, actor: 'player', kind: 'play', at: new Date(now - HOUR).toISOString() },
    });
    const done = summary('done', {
      status: 'finished',
      acts: null,
      result: { winners: [0], scores: [5000, 4000] },
    });
    const g = grouped([old, done, late, fresh, soon].map(row));
    expect(g.yourTurn.map((r) => r.saved.matchId)).toEqual(['soon', 'late']);
    expect(g.waiting.map((r) => r.saved.matchId)).toEqual(['fresh', 'old']);
    expect(g.finished.map((r) => r.saved.matchId)).toEqual(['done']);
  });

  it('sets apart the matches the server no longer has; other errors stay as rows', () => {
    const answers = new Map<string, SummaryItem>([
      ['a', { matchId: 'a', ok: false, error: { code: 'match.not_found', message: 'gone' } }],
      ['b', { matchId: 'b', ok: false, error: { code: 'token.unknown', message: 'no' } }],
    ]);
    const { rows, gone } = joinAnswers([saved('a'), saved('b'), saved('c')], answers);
    expect(gone.map((m) => m.matchId)).toEqual(['a']);
    expect(rows.map((r) => [r.saved.matchId, r.problem])).toEqual([
      ['b', 'token.unknown'],
      ['c', null],
    ]);
  });

  it('words times in the page language', () => {
    const now = Date.UTC(2025, 4, 3, 12);
    expect(relativeTime(now - 2 * HOUR - 5, now, 'en')).toBe('2 hours ago');
    expect(relativeTime(now + 5 * HOUR + 10, now, 'en')).toBe('in 5 hours');
    expect(relativeTime(now - 10_000, now, 'en')).toBe('now');
    expect(relativeTime(now - 3 * 24 * HOUR, now, 'fr')).toBe('il y a 3 jours');
  });

  it('says a finished match ended, when, and who won, in five languages, the verb agreeing with the winners', () => {
    const now = Date.UTC(2025, 4, 3, 12);
    const pairs = summary('pairs', {
      status: 'finished',
      acts: null,
      players: ['Ann', 'Bob', 'Cy', 'Dan'].map((name, seat) => ({
        seat,
        name,
        kind: 'human' as const,
        standIn: false,
        team: seat % 2,
      })),
      last: { seat: 3, actor: 'player', kind: 'play', at: new Date(now - 2 * HOUR).toISOString() },
      result: { winners: [1], scores: [700, 1000] },
      finishedAt: new Date(now - 2 * HOUR).toISOString(),
    });
    const one = { ...pairs, players: pairs.players.slice(0, 2) };
    const mine = { ...one, result: { winners: [0], scores: [1000, 700] } };
    const cases = [
      ['en', en, 'Finished', 'Bob & Dan won', 'Bob won', 'you won'],
      ['fr', fr, 'Terminée', 'Bob & Dan ont gagné', 'Bob a gagné', 'vous avez gagné'],
      ['de', de, 'Beendet', 'Bob & Dan haben gewonnen', 'Bob hat gewonnen', 'du hast gewonnen'],
      ['sv', sv, 'Avslutad', 'Bob & Dan vann', 'Bob vann', 'du vann'],
      ['nb', nb, 'Ferdig', 'Bob & Dan vant', 'Bob vant', 'du vant'],
    ] as const;
    for (const [code, catalog, done, team, single, you] of cases) {
      useCatalogForTests(code, catalog);
      const when = relativeTime(now - 2 * HOUR, now, code);
      const line = (s: MatchSummary) =>
        mount(<MatchRow row={row(s)} now={now} />).querySelector('.mine-acts')?.textContent;
      expect(line(pairs)).toBe(`${done} ${when}, ${team}`);
      expect(line(one)).toBe(`${done} ${when}, ${single}`);
      expect(line(mine)).toBe(`${done} ${when}, ${you}`);
      expect(line({ ...one, result: { winners: [], scores: [0, 0] } })).toBe(`${done} ${when}`);
    }
  });

  it('reads only a well-formed magic-link fragment', () => {
    const key = 'a'.repeat(64);
    const token = 'B'.repeat(43);
    expect(mailedLink(`#mine=${key}.${token}`)).toEqual({ key, token });
    expect(mailedLink(`#mine=${key}.short`)).toBeNull();
    expect(mailedLink('#seat=abc')).toBeNull();
  });
});

describe('my matches: the list', () => {
  function serve(
    answer: (items: Array<{ matchId: string }>) => SummaryItem[],
    extra?: (url: string) => unknown,
  ) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(url);
        const other = extra?.(url);
        if (other) return new Response(JSON.stringify(other), { status: 200 });
        const { items } = JSON.parse(String(init?.body)) as { items: Array<{ matchId: string }> };
        return new Response(JSON.stringify({ items: answer(items) }), { status: 200 });
      }),
    );
    return calls;
  }

  it('shows your turn first with words and a mark, the others waiting, finished folded', async () => {
    const now = Date.now();
    for (const id of ['wait', 'mine', 'done']) saveMatch(saved(id));
    serve((items) =>
      items.map(({ matchId }) => ({
        matchId,
        ok: true,
        summary:
          matchId === 'mine'
            ? summary('mine', {
                yourTurn: true,
                acts: { kind: 'window', seat: 0 },
                deadline: new Date(now + 5 * HOUR + 60_000).toISOString(),
                last: {
                  seat: 1,
                  actor: 'player',
                  kind: 'play',
                  at: new Date(now - 2 * HOUR - 60_000).toISOString(),
                },
                hand: 3,
                scores: [1200, 800],
              })
            : matchId === 'done'
              ? summary('done', {
                  status: 'finished',
                  acts: null,
                  last: {
                    seat: 1,
                    actor: 'player',
                    kind: 'play',
                    at: new Date(now - 3 * HOUR).toISOString(),
                  },
                  result: { winners: [1], scores: [4000, 5100] },
                  finishedAt: new Date(now - 3 * HOUR).toISOString(),
                })
              : summary('wait', {
                  last: { seat: 0, actor: 'timeout', kind: 'play', at: new Date(now).toISOString() },
                }),
      })),
    );
    const root = mount(<MyMatches />);
    await settle();
    const groups = [...root.querySelectorAll('.mine-group')];
    expect(groups.map((g) => g.querySelector('h3, summary')?.textContent)).toEqual([
      'Your turn (1)',
      'Waiting for others (1)',
      'Finished (1)',
    ]);
    const mine = groups[0].querySelector('.mine-row')!;
    expect(mine.classList.contains('yours')).toBe(true);
    expect(mine.querySelector('strong')?.textContent).toBe('Your answer to a hazard');
    // The deadline in words: the weekday and the clock time in the reader's zone, then how far.
    const due = new Date(now + 5 * HOUR + 60_000);
    const clock = new Intl.DateTimeFormat('en', {
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(mine.textContent).toContain(`Your answer to a hazard · Ends ${clock.format(due)}, in 5 hours`);
    expect(mine.textContent).toContain('Bob played 2 hours ago');
    expect(mine.textContent).toContain('Hand 3 · Score: Ann 1,200, Bob 800 · Place 1 of 2');
    expect(mine.textContent).toContain('Ann (you), Bob');
    expect(groups[1].textContent).toContain('Bob to play');
    expect(groups[1].textContent).toContain('Time ran out for Ann now');
    expect(groups[2].tagName).toBe('DETAILS');
    expect((groups[2] as HTMLDetailsElement).open).toBe(false);
    // A finished match says it ended, when, and who won; not its last move.
    expect(groups[2].querySelector('.mine-acts')?.textContent).toBe('Finished 3 hours ago, Bob won');
    expect(groups[2].textContent).not.toContain('played');
    expect(groups[2].textContent).toContain('Final score: Ann 4,000, Bob 5,100');
    expect(root.querySelector('button[aria-label="Forget Match mine on this device"]')).not.toBeNull();
  });

  it('removes a deleted match from the device and says so politely', async () => {
    saveMatch(saved('gone', { title: 'Old Friday' }));
    saveMatch(saved('here'));
    serve((items) =>
      items.map(({ matchId }) =>
        matchId === 'gone'
          ? { matchId, ok: false, error: { code: 'match.not_found', message: 'gone' } }
          : { matchId, ok: true, summary: summary(matchId) },
      ),
    );
    const root = mount(<MyMatches />);
    await settle();
    expect(findMatch('gone')).toBeUndefined();
    expect(findMatch('here')).toBeDefined();
    const status = root.querySelector('[role="status"]')!;
    expect(status.textContent).toContain('Deleted or expired, removed from this device: Old Friday');
    expect(root.querySelector('[role="alert"]')).toBeNull();
    expect(root.querySelector('.my-matches')?.textContent).not.toContain('Old Friday');
  });

  it('refreshes when the page becomes visible again, at most every 15 s, without the finished matches', async () => {
    saveMatch(saved('a'));
    saveMatch(saved('done'));
    const asked: string[][] = [];
    const calls = serve((items) => {
      asked.push(items.map((i) => i.matchId).sort());
      return items.map(({ matchId }) => ({
        matchId,
        ok: true,
        summary: summary(matchId, matchId === 'done' ? { status: 'finished' } : {}),
      }));
    });
    mount(<MyMatches />);
    await settle();
    expect(asked).toEqual([['a', 'done']]);
    const visible = async () => {
      await act(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await settle();
    };
    // Right after the load: nothing asked again.
    await visible();
    expect(calls).toHaveLength(1);
    const later = Date.now() + 16_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await visible();
    expect(asked).toEqual([['a', 'done'], ['a']]);
    // The finished match is still listed, from the first answer.
    expect(document.body.textContent).toContain('Match done');
    vi.mocked(Date.now).mockRestore();
  });

  it('keeps the seat links of an e-mail magic link and lists their matches', async () => {
    const key = 'c'.repeat(64);
    const token = 'D'.repeat(43);
    history.replaceState(null, '', `/#mine=${key}.${token}`);
    const seatToken = 'S'.repeat(43);
    serve(
      (items) =>
        items.map(({ matchId }) => ({
          matchId,
          ok: true,
          summary: summary(matchId, { title: 'From mail' }),
        })),
      (url) =>
        url === '/api/mail/my-matches/list'
          ? {
              matches: [
                {
                  matchId: 'mailed',
                  seat: 1,
                  title: 'From mail',
                  url: `https://x/m/mailed#seat=${seatToken}`,
                },
              ],
            }
          : null,
    );
    const root = mount(<MyMatches />);
    await settle();
    expect(location.hash).toBe('');
    expect(findMatch('mailed')).toMatchObject({ seat: 1, seatToken, title: 'From mail' });
    expect(root.querySelector('[role="status"]')?.textContent).toContain(
      'Matches added from your e-mail link: 1',
    );
    expect(root.querySelector('.my-matches')?.textContent).toContain('From mail');
  });
});
