// @vitest-environment happy-dom
/**
 * Link tokens and "my matches" without a server: a damaged seat link (emoji, wrapped line) is refused
 * without a request and the device keeps its seat; a link whose check got no answer stays pending
 * for a reload; only matches the device holds a token for are saved; words for `seat.last_human`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { de } from '../../web/src/i18n/de';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import { nb } from '../../web/src/i18n/nb';
import { sv } from '../../web/src/i18n/sv';
import {
  forgetInvite,
  isWellFormedToken,
  pendingLink,
  resolveAccess,
  settleLink,
} from '../../web/src/lib/access';
import { adoptSeat, findMatch, replaceSeatToken, savedMatches, saveMatch } from '../../web/src/lib/storage';
import { errorText } from '../../web/src/lib/words';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const MINE = 'm'.repeat(43);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('isWellFormedToken', () => {
  it('accepts base64url tokens as the server reads them and nothing else', () => {
    expect(isWellFormedToken('Ab-_09'.repeat(7).slice(0, 43))).toBe(true);
    expect(isWellFormedToken('x'.repeat(16))).toBe(true);
    expect(isWellFormedToken('x'.repeat(15))).toBe(false);
    expect(isWellFormedToken('x'.repeat(129))).toBe(false);
    expect(isWellFormedToken('😀')).toBe(false);
    expect(isWellFormedToken(`${'x'.repeat(20)}\n${'x'.repeat(20)}`)).toBe(false);
    expect(isWellFormedToken(`${'x'.repeat(20)} ${'x'.repeat(20)}`)).toBe(false);
  });
});

describe('resolveAccess with a damaged seat link', () => {
  for (const hash of ['#seat=%F0%9F%98%80', `#seat=${'a'.repeat(30)}%0A${'b'.repeat(13)}`]) {
    it(`refuses ${hash.slice(0, 20)}… at once, without a request, and keeps the device's seat`, async () => {
      // Browsers throw on such a header value; a request would fail the whole check.
      const fetchMock = vi.fn(async () => {
        throw new TypeError('Invalid header value');
      });
      vi.stubGlobal('fetch', fetchMock);
      adoptSeat(ID, 1, MINE);
      const r = await resolveAccess(ID, hash);
      expect(fetchMock).not.toHaveBeenCalled();
      expect(r).toEqual({
        ok: true,
        access: { seatToken: MINE, hostToken: null, inviteToken: null, refused: 'seat' },
      });
      expect(findMatch(ID)?.seatToken).toBe(MINE);
    });
  }

  it('a damaged host link is refused the same way; a damaged invitation is not kept', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const r = await resolveAccess(ID, '#host=%F0%9F%98%80&invite=a%0Ab');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(r.ok && r.access.refused).toBe('host');
    expect(findMatch(ID)).toBeUndefined();
  });
});

describe('pending links', () => {
  it('keeps a link in this tab until its check has an answer, and gives it back after a reload', () => {
    expect(pendingLink(ID, '')).toBe('');
    expect(pendingLink(ID, `#seat=${MINE}`)).toBe(`#seat=${MINE}`);
    // A reload: the address bar has no fragment any more.
    expect(pendingLink(ID, '')).toBe(`#seat=${MINE}`);
    expect(pendingLink('BBBBBBBBBBBBBBBBBBBBBB', '')).toBe('');
    // A newer link replaces it.
    expect(pendingLink(ID, '#host=hhhhhhhhhhhhhhhhhhhh')).toBe('#host=hhhhhhhhhhhhhhhhhhhh');
    expect(pendingLink(ID, '')).toBe('#host=hhhhhhhhhhhhhhhhhhhh');
    settleLink(ID);
    expect(pendingLink(ID, '')).toBe('');
  });
});

describe('my matches on this device', () => {
  it('saves only matches this device holds a seat, host or invitation token for', () => {
    saveMatch({ matchId: ID, title: 'Watched' });
    expect(findMatch(ID)).toBeUndefined();
    expect(savedMatches.value).toEqual([]);
    expect(localStorage.getItem('mb.matches')).toBe('[]');

    saveMatch({ matchId: ID, inviteToken: 'i'.repeat(43) });
    saveMatch({ matchId: ID, title: 'Invited' });
    expect(findMatch(ID)?.title).toBe('Invited');
    // The invitation was its only token: refused, the entry goes.
    forgetInvite(ID, 'i'.repeat(43));
    expect(findMatch(ID)).toBeUndefined();

    saveMatch({ matchId: ID, hostToken: 'h'.repeat(43) });
    expect(savedMatches.value.map((m) => m.matchId)).toEqual([ID]);
  });

  it('drops spectator entries saved by earlier versions', () => {
    localStorage.setItem(
      'mb.matches',
      JSON.stringify([
        { matchId: ID, title: 'Watched', seat: null, savedAt: 1 },
        { matchId: 'BBBBBBBBBBBBBBBBBBBBBB', title: 'Mine', seat: 0, seatToken: MINE, savedAt: 2 },
      ]),
    );
    expect(findMatch(ID)).toBeUndefined();
    expect(findMatch('BBBBBBBBBBBBBBBBBBBBBB')?.title).toBe('Mine');
  });
});

describe('errorText', () => {
  it('words seat.last_human in every language', () => {
    for (const [code, cat] of Object.entries({ en, fr, de, sv, nb })) {
      useCatalogForTests(code as 'en', cat);
      const text = errorText({ code: 'seat.last_human', message: 'server words' });
      expect(text).toBe(cat['error.lastHuman']);
      expect(text).not.toContain('server words');
    }
    useCatalogForTests('en', en);
    expect(errorText({ code: 'seat.last_human', message: '' })).toContain('last seat a person plays');
  });
});

describe('a league member’s new link', () => {
  it('replaces the old token in every saved match that held it, and only there', () => {
    const OLD = 'o'.repeat(43);
    const NEW = 'n'.repeat(43);
    const OTHER = 'B'.repeat(22);
    adoptSeat(ID, 1, OLD);
    adoptSeat(OTHER, 0, MINE);
    adoptSeat(OTHER, 2, OLD);
    adoptSeat(OTHER, 0, MINE);
    replaceSeatToken(OLD, NEW);
    expect(findMatch(ID)).toMatchObject({ seat: 1, seatToken: NEW, seatTokens: { 1: NEW } });
    expect(findMatch(OTHER)).toMatchObject({ seat: 0, seatToken: MINE, seatTokens: { 0: MINE, 2: NEW } });
    expect(JSON.stringify(savedMatches.value)).not.toContain(OLD);
  });
});
