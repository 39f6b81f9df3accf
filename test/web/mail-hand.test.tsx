// @vitest-environment happy-dom
/** The "show my hand and suggested moves in the mail" box of a seat's settings (issue 34): on by default, sent, kept. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { Settings } from '../../web/src/screens/Settings';
import { info, view } from './fixtures';
import { click, fakeSession, mount } from './render';

beforeEach(() => useCatalogForTests('en', en));
afterEach(() => vi.unstubAllGlobals());

describe('my hand in the mail', () => {
  it('is a box, on by default, disabled without an address, that sends `mailHand`', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
        if (String(url).includes('/push/key')) return new Response('{}', { status: 404 });
        return new Response(JSON.stringify(info(view())), { status: 200 });
      }),
    );
    const box = (root: HTMLElement) =>
      [...root.querySelectorAll('label')]
        .find((l) => l.textContent?.includes(en['settings.mailHand']))!
        .querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    const settings = { language: 'en', emailNotifications: true, hasEmail: false, alwaysEmail: false };
    const without = mount(<Settings session={fakeSession(info(view(), { settings })).session} />);
    expect(box(without).disabled).toBe(true);
    expect(box(without).checked).toBe(true);
    expect(without.textContent).toContain(en['settings.mailHandHint']);

    const withEmail = { ...settings, hasEmail: true, mailHand: true };
    const root = mount(<Settings session={fakeSession(info(view(), { settings: withEmail })).session} />);
    expect(box(root).disabled).toBe(false);
    expect(box(root).checked).toBe(true);
    click(box(root));
    await vi.waitFor(() => expect(bodies).toEqual([{ mailHand: false }]));
    const off = mount(
      <Settings
        session={fakeSession(info(view(), { settings: { ...withEmail, mailHand: false } })).session}
      />,
    );
    expect(box(off).checked).toBe(false);
  });
});
