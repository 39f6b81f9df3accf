// @vitest-environment happy-dom
/**
 * Rough edges a new player hit: Settings show the seat's own address and remove
 * it; a server without push is not asked into a 404 and push is not offered; the host panel and
 * "play for me" never offer the last seat a person plays (409 seat.last_human); a guest still joining
 * does not see the host's share box, and a late guest is told the match started without them.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { pushState } from '../../web/src/lib/push';
import { HostPanel } from '../../web/src/screens/HostPanel';
import { LateGuest, Lobby } from '../../web/src/screens/Lobby';
import { Settings } from '../../web/src/screens/Settings';
import { info, view } from './fixtures';
import { buttons, click, fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const withAddress = { language: 'en', emailNotifications: true, hasEmail: true, alwaysEmail: false };

/** fetch answering the key route as a server without push does, recording every request. */
function noPushServer() {
  const calls: Array<{ url: string; status: number; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (String(url).includes('/push/key')) {
        calls.push({ url: String(url), status: 200 });
        return new Response(JSON.stringify({ publicKey: null }), { status: 200 });
      }
      calls.push({ url: String(url), status: 200, body });
      const next = info(view(), { settings: { ...withAddress, hasEmail: false, email: null } });
      return new Response(JSON.stringify(next), { status: 200 });
    }),
  );
  // The page's push check needs a browser with push; happy-dom has none, so pretend it has.
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
  return calls;
}

describe('settings: the seat’s own address', () => {
  it('shows the address given when joining, and removes it', async () => {
    const calls = noPushServer();
    const { session } = fakeSession(info(view(), { settings: { ...withAddress, email: 'ann@example.org' } }));
    const root = mount(<Settings session={session} />);
    const field = root.querySelector<HTMLInputElement>('input[name="email"]')!;
    expect(field.value).toBe('ann@example.org');
    expect(root.querySelector<HTMLInputElement>('input[name="emailNotifications"]')!.checked).toBe(true);
    click(buttons(root, 'Remove address')[0]);
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/settings'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/settings'))!.body).toEqual({ email: null });
  });

  it('without an address: an empty field and no remove button', () => {
    noPushServer();
    const { session } = fakeSession(
      info(view(), { settings: { ...withAddress, hasEmail: false, email: null } }),
    );
    const root = mount(<Settings session={session} />);
    expect(root.querySelector<HTMLInputElement>('input[name="email"]')!.value).toBe('');
    expect(buttons(root, 'Remove address')).toHaveLength(0);
  });
});

describe('settings: a server without push', () => {
  it('gets no 404 and no console error, and push is not offered', async () => {
    const errors = vi.spyOn(console, 'error');
    const calls = noPushServer();
    const { session } = fakeSession(info(view(), { settings: withAddress }));
    const root = mount(<Settings session={session} />);
    // The key is asked once per page load (an earlier test of this file may have asked it).
    await vi.waitFor(() => expect(pushState.value).toBe('unavailable'));
    await act(async () => {});
    expect(calls.every((c) => c.status === 200)).toBe(true);
    expect(root.textContent).not.toContain('Notifications on this device');
    expect(root.textContent).not.toContain('cannot send notifications');
    expect(errors).not.toHaveBeenCalled();
  });
});

/** Ann (seat 0), Bob (seat 1) and a bot, being played; `bobBot` when a bot plays Bob's seat. */
function playing(bobBot: boolean) {
  const i = info(view({ seats: 3 }));
  i.seats[1] = { ...i.seats[1], botStandIn: bobBot };
  return i;
}

describe('host panel', () => {
  it('offers the computer for each human seat while another person plays', () => {
    const { session } = fakeSession(playing(false));
    const root = mount(<HostPanel session={session} hostToken="h" onDeleted={() => {}} />);
    expect(buttons(root, 'Let the computer play for Ann')).toHaveLength(1);
    expect(buttons(root, 'Let the computer play for Bob')).toHaveLength(1);
  });

  it('never offers the last seat a person plays (the server would answer 409 seat.last_human)', () => {
    const { session } = fakeSession(playing(true));
    const root = mount(<HostPanel session={session} hostToken="h" onDeleted={() => {}} />);
    expect(buttons(root, 'Let the computer play for Ann')).toHaveLength(0);
    expect(root.textContent).toContain('the computer does not play alone');
    expect(buttons(root, 'Delete match')).toHaveLength(1);
  });

  it('says a refusal in the player’s words, not the server’s message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'match.not_playing', message: 'English text' } }), {
            status: 409,
          }),
      ),
    );
    const { session } = fakeSession(playing(false));
    const root = mount(<HostPanel session={session} hostToken="h" onDeleted={() => {}} />);
    click(buttons(root, 'Let the computer play for Bob')[0]);
    await vi.waitFor(() =>
      expect(root.querySelector('[role="status"]')!.textContent).toBe(
        'This is possible only while the match is being played.',
      ),
    );
    expect(root.textContent).not.toContain('English text');
  });
});

describe('a guest with an invitation', () => {
  const lobby = () =>
    info(null, {
      you: { seat: null, host: false },
      seats: [
        { seat: 0, name: 'Ann', kind: 'human', botStandIn: false, connected: true, responseMode: 'auto' },
        { seat: 1, name: '', kind: 'open', botStandIn: false, connected: false, responseMode: 'auto' },
      ],
    });

  it('still joining: takes a seat, without the host’s "send this link" box', () => {
    const { session } = fakeSession(lobby());
    const root = mount(
      <Lobby
        session={session}
        inviteUrl="http://x/m/AAA#invite=abc"
        inviteToken="abcabcabcabcabcabc"
        hostToken={null}
        onClaimed={() => {}}
      />,
    );
    expect(root.textContent).toContain('Join this match');
    expect(root.textContent).not.toContain(en['lobby.share']);
    expect(root.querySelector('input.link')).toBeNull();
  });

  it('after "Start now": told the match started without them, and that they can watch', () => {
    const started = info(view({ seat: null }), { you: { seat: null, host: false } });
    expect(mount(<LateGuest info={started} invited />).textContent).toBe(
      'The host started the match before you joined. You can watch it here.',
    );
    expect(mount(<LateGuest info={started} invited={false} />).textContent).toBe('');
    expect(mount(<LateGuest info={lobby()} invited />).textContent).toBe('');
  });
});
