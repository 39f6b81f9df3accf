/** Test helpers: render a component into the happy-dom document and a fake MatchSession. */
import { signal } from '@preact/signals';
import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import type { Replaying } from '../../web/src/lib/replay';
import type { HeldMove, MatchSession } from '../../web/src/lib/session';
import type { GameEvent, MatchInfo, Move } from '../../web/src/lib/types';

/** Renders into a fresh container and returns it. */
export function mount(node: ComponentChild): HTMLElement {
  document.body.innerHTML = '';
  const root = document.createElement('div');
  document.body.appendChild(root);
  act(() => {
    render(node, root);
  });
  return root;
}

/**
 * Renders like `mount`, then waits (a few turns of the event loop, at most 100) until `selector`
 * matches: for a screen whose parts load on first use (`lazyComponent`). Throws if it never does.
 */
export async function mountLoaded(node: ComponentChild, selector: string): Promise<HTMLElement> {
  const root = mount(node);
  for (let i = 0; i < 100 && !root.querySelector(selector); i++)
    await act(async () => new Promise((r) => setTimeout(r, 0)));
  if (!root.querySelector(selector)) throw new Error(`${selector} never appeared`);
  return root;
}

/** Clicks an element and flushes Preact's updates. */
export function click(el: Element | null | undefined): void {
  if (!el) throw new Error('nothing to click');
  act(() => {
    (el as HTMLElement).click();
  });
}

/** A stand-in for MatchSession: signals plus a `sendMove` spy that records the moves sent. */
export function fakeSession(info: MatchInfo, log: GameEvent[] = []) {
  const sent: Move[] = [];
  const s = {
    matchId: info.matchId,
    token: 'seat-token-for-tests-0123456789',
    info: signal<MatchInfo | null>(info),
    status: signal('live'),
    error: signal<{ code: string; message: string } | null>(null),
    pending: signal<Move | null>(null),
    held: signal<HeldMove | null>(null),
    replay: signal<Replaying | null>(null),
    log: signal<GameEvent[]>(log),
    sendMove: vi.fn(async (m: Move) => {
      sent.push(m);
      s.pending.value = m;
      return true;
    }),
    resend: vi.fn(async () => true),
    fail: vi.fn(),
    accept: vi.fn(),
    refresh: vi.fn(async () => {}),
  };
  return { session: s as unknown as MatchSession, sent, raw: s };
}

/** Buttons whose visible text or aria-label contains `text`. */
export function buttons(root: Element, text: string): HTMLButtonElement[] {
  return [...root.querySelectorAll('button')].filter(
    (b) => b.textContent?.includes(text) || b.getAttribute('aria-label')?.includes(text),
  );
}
