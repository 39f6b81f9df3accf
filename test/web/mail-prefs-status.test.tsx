// @vitest-environment happy-dom
/**
 * The mail timing says what became of each change, in a status line under its fields (a polite
 * live region): "Saved.", the link sent to the seat's address for exactly this change, or saved
 * for this match only; nothing while the server has not answered, nor after a refusal.
 */
import { h } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { useCatalogForTests } from '../../web/src/i18n';
import { en } from '../../web/src/i18n/en';
import { fr } from '../../web/src/i18n/fr';
import type { MatchInfo } from '../../web/src/lib/types';
import { MailPrefs } from '../../web/src/screens/settings/MailPrefs';
import { info, view } from './fixtures';
import { mount } from './render';

const base = info(view());
const seat = (prefsLink?: 'sent' | 'seat'): MatchInfo => ({
  ...base,
  settings: {
    language: 'en',
    emailNotifications: true,
    hasEmail: true,
    email: 'bob@example.org',
    alwaysEmail: false,
    mailPrefs: { digestHour: null, quiet: null },
    ...(prefsLink ? { prefsLink } : {}),
  },
});

/** Renders the fieldset with a save that answers `answer` when `release` is called. */
function rendered(answer: MatchInfo | null) {
  let release: () => void = () => {};
  const asked: unknown[] = [];
  const save = (body: unknown) => {
    asked.push(body);
    return new Promise<MatchInfo | null>((r) => {
      release = () => r(answer);
    });
  };
  const root = mount(h(MailPrefs, { info: seat(), pending: {}, save }));
  const status = () => root.querySelector('fieldset [role="status"]')?.textContent ?? null;
  const flush = async () =>
    act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 0));
    });
  const tick = () =>
    act(() => {
      (root.querySelector('input[type="checkbox"]') as HTMLInputElement).click();
    });
  return { root, status, flush, tick, asked };
}

describe('the mail timing’s status line', () => {
  afterEach(() => useCatalogForTests('en', en));

  it('says a link was sent to the seat’s address, once the server answered', async () => {
    useCatalogForTests('en', en);
    const r = rendered(seat('sent'));
    expect(r.status()).toBe('');
    r.tick();
    expect(r.asked).toHaveLength(1);
    expect(r.status()).toBe('');
    await r.flush();
    expect(r.status()).toBe(
      'Saved for this match. We sent a link to bob@example.org: use it to apply these times to all your matches.',
    );
  });

  it('says "saved", or saved for this match only, in the reader’s language; nothing after a refusal', async () => {
    useCatalogForTests('en', en);
    const saved = rendered(seat());
    saved.tick();
    await saved.flush();
    expect(saved.status()).toBe('Saved.');
    useCatalogForTests('fr', fr);
    const only = rendered(seat('seat'));
    only.tick();
    await only.flush();
    expect(only.status()).toMatch(/^Enregistré pour cette partie seulement/);
    const refused = rendered(null);
    refused.tick();
    await refused.flush();
    expect(refused.status()).toBe('');
  });
});
