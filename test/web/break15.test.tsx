// @vitest-environment happy-dom
/**
 * Problems found while trying to break issue 15 (tester's failing tests): a move in flight is
 * announced by one live region only; the create form never shows the server's English validation
 * text (its `issues`) to a player of another language; a remembered choice the server would refuse
 * (a response window of 0 minutes) is not sent.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import { CREATE_MEMORY_KEY } from '../../web/src/lib/create-memory';
import { loadErrorWords, loadReasonWords } from '../../web/src/lib/words';
import { CreateForm } from '../../web/src/screens/create/CreateForm';
import { Table } from '../../web/src/screens/Table';
import { info, view } from './fixtures';
import { fakeSession, mount, mountLoaded } from './render';

afterEach(async () => {
  // Let the word chunks the screens asked for finish loading before the environment goes.
  await Promise.all([loadReasonWords(), loadErrorWords()]);
  vi.unstubAllGlobals();
});

describe('a move in flight', () => {
  beforeEach(() => useCatalogForTests('en', en));

  it('is announced by one live region, not by two ("Sending your move…" twice)', async () => {
    const { session } = fakeSession(info(view()));
    const root = await mountLoaded(<Table session={session} />, 'ul.hand');
    act(() => {
      session.pending.value = { type: 'play', card: 'd25' };
    });
    const live = [...root.querySelectorAll('[aria-live]')].filter(
      (e) => e.getAttribute('aria-live') !== 'off' && e.textContent?.includes(en['table.sending']),
    );
    expect(live.map((e) => e.className)).toHaveLength(1);
  });
});

/** Submits the create form and lets the answer arrive. */
async function submit(root: Element): Promise<void> {
  await act(async () => {
    root
      .querySelector('form.create')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

describe('the create form', () => {
  let bodies: Array<Record<string, unknown>> = [];
  beforeEach(() => {
    localStorage.clear();
    bodies = [];
  });

  it('says a refused address in the page language, never the server issue ("seats.1.email: not an e-mail address")', async () => {
    useCatalogForTests('fr', fr);
    // What the server answers for "bob@gmail" (a browser accepts it as type=email; the server wants a dot).
    const issue = 'seats.1.email: not an e-mail address';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: { code: 'request.invalid', message: 'Invalid request json.', issues: [issue] },
            }),
            { status: 400 },
          ),
      ),
    );
    localStorage.setItem(CREATE_MEMORY_KEY, JSON.stringify({ v: 1, name: 'Ann' }));
    const root = mount(<CreateForm />);
    await submit(root);
    const said = root.querySelector('.error')?.textContent ?? '';
    expect(said).not.toBe('');
    expect(said).not.toContain('not an e-mail address');
    expect(said).not.toContain('seats.1');
  });

  it('does not send a remembered response window the server refuses (0 minutes)', async () => {
    useCatalogForTests('en', en);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ error: { code: 'request.invalid', message: 'x' } }), {
          status: 400,
        });
      }),
    );
    localStorage.setItem(CREATE_MEMORY_KEY, JSON.stringify({ v: 1, name: 'Ann', windowMin: 0 }));
    const root = mount(<CreateForm />);
    await submit(root);
    expect(bodies).toHaveLength(1);
    expect(bodies[0].responseWindowMinutes).toBeGreaterThanOrEqual(1);
  });
});
