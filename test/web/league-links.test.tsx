// @vitest-environment happy-dom
/**
 * The league links a device keeps (lib/leagues.ts) and which ones a visit uses
 * (screens/league/league-links.ts): the owner's link and every member's stay side by side, keyed by
 * member number, so opening one member's link never replaces the owner's or another member's; a
 * link is kept only once the server said what it is; home lists the device's leagues.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import {
  deviceLeagues,
  findLeague,
  forgetLeagueToken,
  playAs,
  saveCreatedLeague,
  saveMemberLink,
  saveOwnerLink,
} from '../../web/src/lib/leagues';
import { MyLeagues } from '../../web/src/screens/home/MyLeagues';
import { accessOf, checkLink } from '../../web/src/screens/league/league-links';
import { mount } from './render';

const ID = 'LLLLLLLLLLLLLLLLLLLLLL';
const OWNER = 'o'.repeat(43);
const ANN = 'a'.repeat(43);
const LEA = 'l'.repeat(43);
const LEA2 = 'k'.repeat(43);

beforeEach(() => {
  useCatalogForTests('en', en);
  localStorage.clear();
  deviceLeagues.value = [];
});
afterEach(() => vi.unstubAllGlobals());

/** A fetch that answers GET /api/leagues/:id with `you` for the token given, else 403. */
function serverKnows(tokens: Record<string, { member: number | null; owner: boolean }>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const token = String((init?.headers as Record<string, string> | undefined)?.authorization).replace(
        'Bearer ',
        '',
      );
      calls.push(token);
      const you = tokens[token];
      if (!you)
        return new Response(JSON.stringify({ error: { code: 'league.not_member', message: 'no' } }), {
          status: 403,
        });
      return new Response(JSON.stringify({ leagueId: ID, name: 'Friday club', you }), { status: 200 });
    }),
  );
  return calls;
}

describe('the device’s league links', () => {
  it('the creator keeps the owner link and every member’s, and plays as member 1', () => {
    saveCreatedLeague(ID, 'Friday club', OWNER, [
      { member: 0, token: ANN },
      { member: 1, token: LEA },
    ]);
    const l = findLeague(ID)!;
    expect(l).toMatchObject({ name: 'Friday club', owner: OWNER, members: { 0: ANN, 1: LEA }, me: 0 });
    expect(accessOf(l, null)).toEqual({ owner: OWNER, member: 0, memberToken: ANN, view: ANN });
  });

  it('opening another member’s link keeps the owner’s and the device’s own member link', () => {
    saveOwnerLink(ID, OWNER);
    saveMemberLink(ID, 0, ANN);
    saveMemberLink(ID, 1, LEA);
    const l = findLeague(ID)!;
    expect(l.owner).toBe(OWNER);
    expect(l.members).toEqual({ 0: ANN, 1: LEA });
    // The device still plays as Ann; Lea's link serves only the visit that opened it.
    expect(l.me).toBe(0);
    expect(accessOf(l, 1)).toEqual({ owner: OWNER, member: 1, memberToken: LEA, view: LEA });
    expect(accessOf(l, null).member).toBe(0);
  });

  it('a member’s new link replaces only that member’s, and an owner’s new link does not pick whom the device plays', () => {
    saveOwnerLink(ID, OWNER);
    saveMemberLink(ID, 1, LEA, { adopt: false });
    expect(findLeague(ID)!.me).toBeNull();
    saveMemberLink(ID, 0, ANN);
    saveMemberLink(ID, 1, LEA2, { adopt: false });
    expect(findLeague(ID)!.members).toEqual({ 0: ANN, 1: LEA2 });
    expect(findLeague(ID)!.me).toBe(0);
  });

  it('picking whom to play as, and forgetting one refused token, leave the others', () => {
    saveCreatedLeague(ID, 'Friday club', OWNER, [
      { member: 0, token: ANN },
      { member: 1, token: LEA },
    ]);
    playAs(ID, 1);
    expect(findLeague(ID)!.me).toBe(1);
    playAs(ID, null);
    expect(accessOf(findLeague(ID), null)).toEqual({
      owner: OWNER,
      member: null,
      memberToken: null,
      view: OWNER,
    });
    playAs(ID, 1);
    forgetLeagueToken(ID, LEA);
    expect(findLeague(ID)).toMatchObject({ owner: OWNER, members: { 0: ANN }, me: null });
  });

  it('reads the one-link-per-league layout of earlier versions: the owner’s kept, a member’s checked next visit', () => {
    localStorage.setItem(
      'mb.leagues.v1',
      JSON.stringify({ [ID]: { kind: 'owner', token: OWNER }, B: { kind: 'member', token: LEA } }),
    );
    expect(findLeague(ID)).toMatchObject({ owner: OWNER, members: {} });
    expect(findLeague('B')).toMatchObject({ unchecked: LEA, members: {} });
  });
});

describe('a link from the page’s fragment', () => {
  it('is kept by what the server says it is, beside the links already kept', async () => {
    saveOwnerLink(ID, OWNER);
    saveMemberLink(ID, 0, ANN);
    const calls = serverKnows({ [LEA]: { member: 1, owner: false } });
    expect(await checkLink(ID, LEA)).toEqual({ member: 1, refused: null });
    expect(findLeague(ID)).toMatchObject({
      owner: OWNER,
      members: { 0: ANN, 1: LEA },
      me: 0,
      name: 'Friday club',
    });
    // A link the device holds is not asked about again.
    expect(await checkLink(ID, LEA)).toEqual({ member: 1, refused: null });
    expect(await checkLink(ID, OWNER)).toEqual({ member: null, refused: null });
    expect(calls).toEqual([LEA]);
  });

  it('a refused (replaced) link is kept nowhere and the device’s links stay', async () => {
    saveCreatedLeague(ID, 'Friday club', OWNER, [{ member: 0, token: ANN }]);
    serverKnows({});
    const r = await checkLink(ID, LEA);
    expect(r.refused?.code).toBe('league.not_member');
    expect(findLeague(ID)).toMatchObject({ owner: OWNER, members: { 0: ANN }, me: 0 });
  });

  it('a member link on a fresh device becomes the member it plays as', async () => {
    serverKnows({ [LEA]: { member: 1, owner: false } });
    await checkLink(ID, LEA);
    expect(accessOf(findLeague(ID), null)).toEqual({ owner: null, member: 1, memberToken: LEA, view: LEA });
  });
});

describe('home’s list of leagues', () => {
  it('lists each league of the device by name, with the way in; nothing without one', () => {
    expect(mount(<MyLeagues />).textContent).toBe('');
    saveCreatedLeague(ID, 'Friday club', OWNER, [{ member: 0, token: ANN }]);
    saveMemberLink('B', 2, LEA);
    const root = mount(<MyLeagues />);
    const links = [...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['A league', '/l/B'],
      ['Friday club', `/l/${ID}`],
    ]);
    expect(root.textContent).toContain('Your leagues');
  });
});
