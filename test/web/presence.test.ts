// @vitest-environment happy-dom
/**
 * The page's presence reports (web/src/lib/presence.ts): every visibility change is told; input
 * while visible is told at most once a minute; a hidden page or one left alone for a minute does not
 * count as looked at for the poll's `present=1`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { looking, REPORT_MS, watchPresence } from '../../web/src/lib/presence';

let state: DocumentVisibilityState = 'visible';

function setVisibility(next: DocumentVisibilityState): void {
  state = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  state = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('presence reports', () => {
  it('tells input at most once per REPORT_MS, and every visibility change', () => {
    const reports: boolean[] = [];
    const stop = watchPresence((v) => reports.push(v));
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(REPORT_MS - 1);
    window.dispatchEvent(new Event('wheel'));
    expect(reports).toEqual([true]);
    vi.advanceTimersByTime(1);
    window.dispatchEvent(new Event('touchstart'));
    expect(reports).toEqual([true, true]);

    setVisibility('hidden');
    // Input on a hidden page (a scroll event from a background tab) is not told.
    vi.advanceTimersByTime(2 * REPORT_MS);
    window.dispatchEvent(new Event('scroll'));
    setVisibility('visible');
    // Becoming visible is told, and counts as the input of this minute.
    window.dispatchEvent(new Event('pointerdown'));
    expect(reports).toEqual([true, true, false, true]);

    stop();
    setVisibility('hidden');
    vi.advanceTimersByTime(REPORT_MS);
    window.dispatchEvent(new Event('keydown'));
    expect(reports).toHaveLength(4);
  });

  it('a poll says present only while the page is visible and was used within REPORT_MS', () => {
    const stop = watchPresence(() => {});
    window.dispatchEvent(new Event('keydown'));
    expect(looking()).toBe(true);
    vi.advanceTimersByTime(REPORT_MS);
    expect(looking()).toBe(false);
    window.dispatchEvent(new Event('pointerdown'));
    expect(looking()).toBe(true);
    state = 'hidden';
    expect(looking()).toBe(false);
    stop();
  });
});
