// @vitest-environment happy-dom
/**
 * "I'm back" clears the date field: the absence that just ended is no longer offered to save again.
 */
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { Away } from '../../web/src/screens/settings/Away';
import { info, view } from './fixtures';
import { buttons, click, mount } from './render';

describe('the away form', () => {
  it('clears the date when the player says they are back', async () => {
    useCatalogForTests('en', en);
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const base = info(view());
    const withAway = {
      ...base,
      settings: { ...base.settings, awayUntil: until, vacationLeftMs: 5 * 86_400_000 },
    };
    const save = vi.fn(async () => {});
    const root = mount(<Away info={withAway as typeof base} pending={{}} save={save} />);
    const date = root.querySelector<HTMLInputElement>('input[type="date"]')!;
    await act(async () => {
      date.value = '2099-01-02';
      date.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(date.value).toBe('2099-01-02');
    await act(async () => click(buttons(root, en['away.back'])[0]));
    expect(save).toHaveBeenCalledWith({ awayUntil: null });
    expect(root.querySelector<HTMLInputElement>('input[type="date"]')!.value).toBe('');
  });
});
