// @vitest-environment happy-dom
/**
 * Times in words stay true while a page stays open: a component reading `minuteNow()` is redrawn
 * every minute while the page is visible ("now", then "2 minutes ago"); a time ahead of the device's
 * clock reads "now".
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { minuteNow, relativeTime } from '../../web/src/lib/time';
import { mount } from './render';

afterEach(() => vi.useRealTimers());

describe('times in words', () => {
  it('are redrawn every minute while the page stays open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const at = Date.now();
    function Ago() {
      const now = minuteNow();
      return <span>{relativeTime(Math.min(at, now), now, 'en')}</span>;
    }
    const root = mount(<Ago />);
    expect(root.textContent).toBe('now');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * 60_000 + 1_000);
    });
    expect(root.textContent).toBe('2 minutes ago');
  });

  it('read "now" for a time ahead of the device clock when clamped', () => {
    const now = Date.now();
    expect(relativeTime(Math.min(now + 90_000, now), now, 'en')).toBe('now');
    expect(relativeTime(now + 5 * 3_600_000, now, 'en')).toBe('in 5 hours');
  });
});
