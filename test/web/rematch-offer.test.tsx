// @vitest-environment happy-dom
/**
 * Rematch by consent on the page: the end screen's offer panel (who offered, who
 * accepted, who is waited for, Accept and Decline for a player who must answer, a decline, a lapse),
 * "Play again" hidden while an offer is open, and "my matches" listing an offer to answer first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import type { MatchSummary, RematchInfo } from '../../web/src/lib/types';
import { EndOfHand } from '../../web/src/screens/EndOfHand';
import { MatchRow } from '../../web/src/screens/home/MatchRow';
import { groupOf } from '../../web/src/screens/home/model';
import { RematchOffer } from '../../web/src/screens/RematchOffer';
import { info, matchOverView } from './fixtures';
import { buttons, click, fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));
afterEach(() => vi.unstubAllGlobals());

const AT = Date.now();
function offer(patch: Partial<RematchInfo> = {}): RematchInfo {
  return {
    by: 1,
    at: new Date(AT).toISOString(),
    lapsesAt: new Date(AT + 7 * 86_400_000).toISOString(),
    state: 'open',
    accepted: [1],
    declined: [],
    waiting: [0],
    matchId: null,
    ...patch,
  };
}

function panel(r: RematchInfo) {
  const v = matchOverView();
  const i = info(v, { rematch: r });
  const { session } = fakeSession(i);
  return mount(<RematchOffer session={session} info={i} view={v} />);
}

describe('the rematch offer on the end screen', () => {
  it('shows who offered and who is waited for, and Accept and Decline to the player who must answer', async () => {
    const calls: Array<{ url: string; body: string }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      return new Response(
        JSON.stringify({ rematch: offer({ state: 'declined', declined: [0], waiting: [] }) }),
        {
          status: 200,
        },
      );
    });
    const root = panel(offer());
    expect(root.textContent).toContain('Bob offers a rematch');
    expect(root.textContent).toContain('Accepted so far: Bob.');
    expect(root.textContent).toContain('Waiting for Ann.');
    expect(root.textContent).toContain('The offer lapses');
    expect(buttons(root, 'Accept')).toHaveLength(1);
    click(buttons(root, 'Decline')[0]);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([
      { url: '/api/matches/AAAAAAAAAAAAAAAAAAAAAA/rematch', body: '{"answer":"decline"}' },
    ]);
  });

  it('gives no buttons once the player accepted, and says who declined or that it lapsed', () => {
    const mine = panel(offer({ by: 0, accepted: [0], waiting: [1] }));
    expect(mine.textContent).toContain('You offered a rematch');
    expect(buttons(mine, 'Accept')).toHaveLength(0);
    expect(panel(offer({ state: 'declined', declined: [1], waiting: [] })).textContent).toContain(
      'Bob declined the rematch.',
    );
    expect(panel(offer({ state: 'lapsed', waiting: [] })).textContent).toContain('The rematch offer lapsed.');
  });

  it('hides "Play again" while an offer is open, and shows it again after a decline', () => {
    const v = matchOverView();
    const open = info(v, { rematch: offer() });
    const root = mount(<EndOfHand session={fakeSession(open).session} info={open} view={v} />);
    expect(buttons(root, 'Play again')).toHaveLength(0);
    const declined = info(v, { rematch: offer({ state: 'declined', declined: [0], waiting: [] }) });
    const again = mount(<EndOfHand session={fakeSession(declined).session} info={declined} view={v} />);
    expect(buttons(again, 'Play again')).toHaveLength(1);
  });

  it('puts the answer above the score table, where a phone shows it first, with the winner', () => {
    const v = matchOverView();
    const i = info(v, { rematch: offer() });
    const root = mount(<EndOfHand session={fakeSession(i).session} info={i} view={v} />);
    const order = [...root.querySelectorAll('.winner, .rematch-offer, table.scores')].map((e) => e.className);
    expect(order).toEqual(['winner', 'rematch-offer', 'scores']);
    const accept = buttons(root, 'Accept')[0];
    const scores = root.querySelector('table.scores')!;
    expect(accept.compareDocumentPosition(scores) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('the host link without a seat', () => {
  it('gets "Play again" and, once the rematch is dealt, a button that opens it; a spectator gets neither', () => {
    const v = { ...matchOverView(), seat: null };
    const host = info(v, { you: { seat: null, host: true } });
    expect(
      buttons(mount(<EndOfHand session={fakeSession(host).session} info={host} view={v} />), 'Play again'),
    ).toHaveLength(1);
    const dealt = offer({ state: 'dealt', waiting: [], accepted: [0, 1], matchId: 'BBBBBBBBBBBBBBBBBBBBBB' });
    const hosted = info(v, { you: { seat: null, host: true }, rematch: dealt, rematchId: dealt.matchId });
    const root = mount(<RematchOffer session={fakeSession(hosted).session} info={hosted} view={v} />);
    expect(root.textContent).toContain('The rematch is dealt.');
    expect(buttons(root, 'Open the rematch')).toHaveLength(1);
    const watcher = info(v, { you: { seat: null, host: false }, rematch: dealt, rematchId: dealt.matchId });
    const watched = mount(<RematchOffer session={fakeSession(watcher).session} info={watcher} view={v} />);
    expect(buttons(watched, 'Open the rematch')).toHaveLength(0);
    expect(
      buttons(
        mount(<EndOfHand session={fakeSession(watcher).session} info={watcher} view={v} />),
        'Play again',
      ),
    ).toHaveLength(0);
  });
});

describe('an offer in "my matches"', () => {
  const summary = (r: RematchInfo | null): MatchSummary => ({
    matchId: 'm1',
    title: 'Friday game',
    status: 'finished',
    role: 'seat',
    seat: 0,
    createdAt: new Date(AT).toISOString(),
    players: [
      { seat: 0, name: 'Ann', kind: 'human', standIn: false, team: 0 },
      { seat: 1, name: 'Bob', kind: 'human', standIn: false, team: 1 },
    ],
    acts: null,
    yourTurn: false,
    deadline: null,
    last: null,
    hand: 1,
    scores: [1000, 500],
    place: 1,
    result: { winners: [0], scores: [1000, 500] },
    finishedAt: new Date(AT).toISOString(),
    rematchId: null,
    rematch: r,
  });
  const row = (r: RematchInfo | null) => ({
    saved: { matchId: 'm1', title: 'Friday game', seat: 0, savedAt: 1 },
    summary: summary(r),
    problem: null,
  });

  it('says "Rematch offered — answer" and lists it with the player’s turns until they answer', () => {
    const root = mount(<MatchRow row={row(offer())} now={AT} />);
    expect(root.textContent).toContain('Rematch offered — answer');
    expect(groupOf(row(offer()))).toBe('yourTurn');
    const answered = row(offer({ accepted: [0, 1], waiting: [] }));
    expect(mount(<MatchRow row={answered} now={AT} />).textContent).not.toContain('Rematch offered');
    expect(groupOf(answered)).toBe('finished');
    expect(groupOf(row(null))).toBe('finished');
  });
});
