/**
 * A league's link on this device: the token of the link it was opened with (an
 * owner's `#owner=` or a member's `#member=` fragment), kept in one localStorage key so the page
 * opens again without the fragment. A member's token is also the seat token of their league matches.
 */

const KEY = 'mb.leagues.v1';

/** A league link's token and what it is. */
export interface LeagueLink {
  token: string;
  kind: 'owner' | 'member';
}

function read(): Record<string, LeagueLink> {
  try {
    return (JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, LeagueLink>) ?? {};
  } catch {
    return {};
  }
}

/**
 * The link of league `leagueId`: from the page's fragment (then saved, and the fragment taken out of
 * the address bar), else the one saved on this device, else null.
 */
export function leagueLink(leagueId: string): LeagueLink | null {
  const m = /^#(owner|member)=([A-Za-z0-9_-]{16,128})$/.exec(location.hash);
  const all = read();
  if (m) {
    all[leagueId] = { kind: m[1] as LeagueLink['kind'], token: m[2] };
    try {
      localStorage.setItem(KEY, JSON.stringify(all));
    } catch {
      // private mode: the link works for this visit
    }
    history.replaceState(null, '', location.pathname);
  }
  return all[leagueId] ?? null;
}
