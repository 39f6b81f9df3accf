/**
 * The leagues this device knows, with every league link it holds, kept in localStorage under one
 * key: the owner's token and member tokens keyed by member number, so that opening one link never
 * replaces another (the owner who also plays holds both; the owner's device keeps every member's
 * link from the league's creation to send them on). `me` is the member this device plays as; a
 * member link opened from its fragment is used for that visit and becomes `me` only when the
 * device plays as nobody yet. A link from a fragment is kept only once the server has said what it
 * is (`LeagueInfo.you`), so a broken or replaced link never takes a working one's place. Tokens
 * leave the device only as the Authorization header of the league's own calls.
 */
import { signal } from '@preact/signals';

/** One league on this device. */
export interface DeviceLeague {
  leagueId: string;
  /** The league's name when last read (home's list). */
  name: string;
  /** The owner link's token, once confirmed. */
  owner?: string;
  /** Member tokens by member number (confirmed, or from the creation's reply). */
  members: Record<string, string>;
  /** The member this device plays as; null: none (the owner's link alone). */
  me: number | null;
  /** A token saved by an earlier version without its member number: checked on the next visit. */
  unchecked?: string;
  /** Last change, ms since the epoch. */
  savedAt: number;
}

const KEY = 'mb.leagues.v2';
/** The earlier layout: one `{token, kind}` per league, the last link opened. */
const OLD_KEY = 'mb.leagues.v1';

function fromOld(): DeviceLeague[] {
  try {
    const old = JSON.parse(localStorage.getItem(OLD_KEY) ?? '{}') as Record<
      string,
      { token?: unknown; kind?: unknown }
    >;
    return Object.entries(old ?? {}).flatMap(([leagueId, l]) =>
      typeof l?.token === 'string'
        ? [
            {
              leagueId,
              name: '',
              members: {},
              me: null,
              savedAt: 0,
              ...(l.kind === 'owner' ? { owner: l.token } : { unchecked: l.token }),
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

function read(): DeviceLeague[] {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return fromOld();
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list)
      ? (list as DeviceLeague[]).filter((l) => typeof l?.leagueId === 'string' && l.members)
      : [];
  } catch {
    return [];
  }
}

/** The leagues of this device, newest first. */
export const deviceLeagues = signal<DeviceLeague[]>(read());

function write(list: DeviceLeague[]): void {
  list.sort((a, b) => b.savedAt - a.savedAt);
  deviceLeagues.value = list;
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the links live for this page only.
  }
}

/** The entry of league `leagueId` on this device, if any. */
export function findLeague(leagueId: string): DeviceLeague | undefined {
  return read().find((l) => l.leagueId === leagueId);
}

/** Changes (or makes) the entry of `leagueId` with `change`, then saves it. */
function update(leagueId: string, change: (l: DeviceLeague) => DeviceLeague): DeviceLeague {
  const list = read();
  const old = list.find((l) => l.leagueId === leagueId) ?? {
    leagueId,
    name: '',
    members: {},
    me: null,
    savedAt: 0,
  };
  const next = { ...change({ ...old, members: { ...old.members } }), savedAt: Date.now() };
  write([next, ...list.filter((l) => l.leagueId !== leagueId)]);
  return next;
}

/** A new league's links, all on the creator's device: the owner's and every member's; plays as member 0. */
export function saveCreatedLeague(
  leagueId: string,
  name: string,
  owner: string,
  members: ReadonlyArray<{ member: number; token: string }>,
): DeviceLeague {
  return update(leagueId, () => ({
    leagueId,
    name,
    owner,
    members: Object.fromEntries(members.map((m) => [m.member, m.token])),
    me: members.length > 0 ? members[0].member : null,
    savedAt: 0,
  }));
}

/** Keeps the owner's token the server confirmed. */
export function saveOwnerLink(leagueId: string, token: string): DeviceLeague {
  return update(leagueId, (l) => ({
    ...l,
    owner: token,
    unchecked: l.unchecked === token ? undefined : l.unchecked,
  }));
}

/**
 * Keeps member `member`'s token (confirmed by the server, or a new link the owner made) beside the
 * others, replacing only that member's older one; it becomes `me` when the device plays as nobody
 * yet, unless `adopt` is false (the owner's new link for someone else).
 */
export function saveMemberLink(
  leagueId: string,
  member: number,
  token: string,
  options: { adopt?: boolean } = {},
): DeviceLeague {
  return update(leagueId, (l) => ({
    ...l,
    members: { ...l.members, [member]: token },
    me: l.me ?? (options.adopt === false ? null : member),
    unchecked: l.unchecked === token ? undefined : l.unchecked,
  }));
}

/** The member this device plays as from now on (null: nobody, the owner's link alone). */
export function playAs(leagueId: string, member: number | null): DeviceLeague {
  return update(leagueId, (l) => ({ ...l, me: member !== null && l.members[member] ? member : null }));
}

/** The league's name as last read (home's list); nothing is written when it is unchanged. */
export function nameLeague(leagueId: string, name: string): void {
  if (findLeague(leagueId)?.name !== name) update(leagueId, (l) => ({ ...l, name }));
}

/** Forgets a token the server refused (a replaced or removed link): the others stay. */
export function forgetLeagueToken(leagueId: string, token: string): void {
  const l = findLeague(leagueId);
  if (!l) return;
  update(leagueId, (x) => {
    const members = Object.fromEntries(Object.entries(x.members).filter(([, t]) => t !== token));
    const me = x.me !== null && members[x.me] ? x.me : null;
    return {
      ...x,
      members,
      me,
      owner: x.owner === token ? undefined : x.owner,
      unchecked: x.unchecked === token ? undefined : x.unchecked,
    };
  });
}

/** The token of member `member` on this device, if any. */
export function memberToken(l: DeviceLeague | undefined, member: number | null): string | null {
  return l && member !== null ? (l.members[member] ?? null) : null;
}
