// @vitest-environment happy-dom
/** Settings of a seat: the coup-fourré choice and e-mail notifications are sent to the server. */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { pushState } from '../../web/src/lib/push';
import { Settings } from '../../web/src/screens/Settings';
import { info, view } from './fixtures';
import { buttons, click, fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));
afterEach(() => vi.unstubAllGlobals());

/**
 * The settings panel of Ann with the server's answers to `POST /settings` held back: `sent` are the
 * bodies sent, `answer(i, info)` releases answer `i`; the session takes what it accepts.
 */
function heldSettings() {
  const sent: unknown[] = [];
  const answers: Array<(r: Response) => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/push/key')) return new Response('{}', { status: 404 });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return new Promise<Response>((resolve) => answers.push(resolve));
      }
      return new Response('{}', { status: 200 });
    }),
  );
  const first = info(view(), {
    settings: { language: 'en', emailNotifications: true, hasEmail: false, alwaysEmail: false },
  });
  const { session, raw } = fakeSession(first);
  raw.accept.mockImplementation((next: typeof first) => {
    raw.info.value = next;
  });
  const root = mount(<Settings session={session} />);
  const radio = (mode: string) =>
    [...root.querySelectorAll<HTMLInputElement>('input[name="responseMode"]')].find((r) => r.value === mode)!;
  const withMode = (mode: 'auto' | 'ask') => {
    const i = info(view(), { settings: first.settings });
    i.seats[0] = { ...i.seats[0], responseMode: mode };
    return i;
  };
  const answer = (i: number, body: ReturnType<typeof info>) =>
    act(async () => answers[i](new Response(JSON.stringify(body), { status: 200 })));
  return { root, raw, first, sent, radio, withMode, answer };
}

describe('settings', () => {
  it('sends the coup-fourré choice and shows the push state in words', async () => {
    const bodies: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') bodies.push({ url: String(url), body: JSON.parse(String(init.body)) });
        if (String(url).includes('/push/key')) return new Response('{}', { status: 404 });
        return new Response(JSON.stringify(info(view())), { status: 200 });
      }),
    );
    const { session } = fakeSession(
      info(view(), {
        settings: { language: 'en', emailNotifications: true, hasEmail: false, alwaysEmail: false },
      }),
    );
    const root = mount(<Settings session={session} />);
    expect(root.querySelector('h2')!.textContent).toBe('Settings for Ann');
    const email = root.querySelector<HTMLInputElement>('input[name="emailNotifications"]')!;
    expect(email.disabled).toBe(true); // no address yet
    click(
      [...root.querySelectorAll<HTMLInputElement>('input[name="responseMode"]')].find(
        (r) => r.value === 'ask',
      ),
    );
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      url: '/api/matches/AAAAAAAAAAAAAAAAAAAAAA/settings',
      body: { responseMode: 'ask' },
    });
    await vi.waitFor(() =>
      expect(root.textContent).toContain('This browser or server cannot send notifications.'),
    );
  });

  it('keeps the choice shown while the server answers, through a redraw', async () => {
    const { root, raw, first, radio, withMode, answer } = heldSettings();
    expect(radio('auto').checked).toBe(true);
    click(radio('ask'));
    // Another answer redraws the panel with the old choice before the server confirms this one.
    await act(async () => {
      raw.info.value = { ...first };
    });
    expect(radio('ask').checked).toBe(true);
    await answer(0, withMode('ask'));
    await vi.waitFor(() => expect(root.textContent).toContain('Saved.'));
    expect(radio('ask').checked).toBe(true);
  });

  it('sends quick changes one after another and shows the last one', async () => {
    const { raw, sent, radio, withMode, answer } = heldSettings();
    click(radio('ask'));
    click(radio('auto'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // The second change waits for the first answer, so the server applies them in order.
    expect(sent).toEqual([{ responseMode: 'ask' }]);
    expect(radio('auto').checked).toBe(true);
    await answer(0, withMode('ask'));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ responseMode: 'auto' });
    // The first answer is not the latest word: the page still shows the last choice.
    expect(radio('auto').checked).toBe(true);
    await answer(1, withMode('auto'));
    await vi.waitFor(() => expect(raw.info.value?.seats[0].responseMode).toBe('auto'));
    expect(radio('auto').checked).toBe(true);
  });

  it('a spectator has no settings', () => {
    const { session } = fakeSession(info(view({ seat: null }), { you: { seat: null, host: false } }));
    const root = mount(<Settings session={session} />);
    expect(root.textContent).toBe('Only players with a seat have settings.');
  });
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

describe('the seat’s own address', () => {
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

describe('a server without push', () => {
  afterEach(() => vi.restoreAllMocks());
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
