/**
 * The confirmation links of mail preferences set from a match: each link applies exactly the change
 * it was mailed for; a later change replaces the live link (opened, it says so, 409, and applies
 * nothing: it would undo the later change) and mails a link of its own, at most `PREFS_LINKS_A_DAY`
 * a day; after that a change is the seat's only. The settings answer says which
 * (`settings.prefsLink`). The link's pages look like the site (its stylesheet, the top bar with the
 * site’s name) and lead back home, in the reader’s language. A link stored before links could be
 * replaced still works.
 */
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { AddressPrefs, PREFS_LINKS_A_DAY } from '../../worker/notify/address-prefs';
import { catalogFor } from '../../worker/notify/i18n';
import { escapeHtml } from '../../worker/notify/sanitize';
import { PAGE_CSS } from '../../worker/routes/page-style';
import { worker } from './helpers';
import { addresses, duo, mailMatch, postForm } from './mail-helpers';
import { addressDo, prefsAt, prefsLinkIn, settings } from './prefs-helpers';

const OSLO = 'Europe/Oslo';
const at = (digestHour: number | null) => ({ timeZone: OSLO, mailPrefs: { digestHour, quiet: null } });

/** The page of a confirmation link, read with `lang` as the browser's language. */
async function linkPage(url: string, lang = 'en') {
  const res = await worker().fetch(url, { headers: { 'Accept-Language': `${lang},en;q=0.5` } });
  return { status: res.status, text: await res.text() };
}

describe('confirmation links of mail preferences', () => {
  it('a later change replaces the live link, which then applies nothing; the new one applies its own change', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    const links = () => h.sender.to(a.bob).filter((m) => m.text.includes('/api/mail/prefs/'));

    const first = await settings(h.m, 1, at(8));
    expect(first.body.settings.prefsLink).toBe('sent');
    const eight = prefsLinkIn(links()[0]);
    const second = await settings(h.m, 1, at(9));
    expect(second.body.settings.prefsLink).toBe('sent');
    expect(links()).toHaveLength(2);
    const nine = prefsLinkIn(links()[1]);

    // The replaced link says so (and shows no button); posting it changes nothing.
    const old = await linkPage(eight);
    expect(old.status).toBe(409);
    expect(old.text).toContain(escapeHtml(catalogFor('en').digest.replacedTitle));
    expect(old.text).not.toContain('<button');
    expect((await postForm(eight, '')).status).toBe(409);
    expect(await (await addressDo(a.bob)).confirmedPrefs()).toBeNull();
    expect((await prefsAt(a.bob, h.m, 1)).prefs.digestHour).toBe(9);

    // The live link shows its own change (09:00) and applies exactly it.
    const live = await linkPage(nine);
    expect(live.status).toBe(200);
    expect(live.text).toContain('09:00');
    expect(live.text).not.toContain('08:00');
    expect((await postForm(nine, '')).status).toBe(200);
    expect(await (await addressDo(a.bob)).confirmedPrefs()).toEqual({
      prefs: { digestHour: 9, quiet: null },
      timeZone: OSLO,
    });

    // The same hours again: they are the address's already, no link, no words beyond "saved".
    const again = await settings(h.m, 1, at(9));
    expect(again.status).toBe(200);
    expect(again.body.settings.prefsLink).toBeUndefined();
    expect(links()).toHaveLength(2);
  });

  it('the same change again mails no second link; a few links a day, then changes are this match’s only', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    const links = () => h.sender.to(a.bob).filter((m) => m.text.includes('/api/mail/prefs/'));
    expect((await settings(h.m, 1, at(8))).body.settings.prefsLink).toBe('sent');
    // Asked again for the same hours while their link is live: that link still carries them.
    expect((await settings(h.m, 1, at(8))).body.settings.prefsLink).toBe('sent');
    expect(links()).toHaveLength(1);
    for (let hour = 9; hour < 8 + PREFS_LINKS_A_DAY; hour++)
      expect((await settings(h.m, 1, at(hour))).body.settings.prefsLink).toBe('sent');
    expect(links()).toHaveLength(PREFS_LINKS_A_DAY);
    // One more change: no link today; it is this seat's at once, and the last link is replaced
    // (it would undo this change).
    const over = await settings(h.m, 1, at(20));
    expect(over.status).toBe(200);
    expect(over.body.settings.prefsLink).toBe('seat');
    expect(links()).toHaveLength(PREFS_LINKS_A_DAY);
    expect((await prefsAt(a.bob, h.m, 1)).prefs.digestHour).toBe(20);
    expect((await postForm(prefsLinkIn(links().at(-1)!), '')).status).toBe(409);
    expect(await (await addressDo(a.bob)).confirmedPrefs()).toBeNull();
  });

  it('the link’s pages look like the site, lead back home and speak the reader’s language', async () => {
    const a = addresses();
    const h = await mailMatch(duo(a));
    await settings(h.m, 1, at(8));
    const url = prefsLinkIn(h.sender.to(a.bob).at(-1)!);
    const titles = new Set<string>();
    for (const lang of ['en', 'fr', 'de', 'sv', 'nb']) {
      const cat = catalogFor(lang);
      const p = await linkPage(url, lang);
      expect(p.status).toBe(200);
      expect(p.text).toContain(`<html lang="${cat.locale}">`);
      expect(p.text).toContain(`<style>${PAGE_CSS}</style>`);
      expect(p.text).toContain('<header class="top"><a class="brand" href="/">');
      expect(p.text).toContain(`<a href="/">${escapeHtml(cat.pages.notFoundHome)}</a>`);
      expect(p.text).toContain(escapeHtml(cat.digest.confirmTitle));
      expect(p.text).toContain(escapeHtml(cat.digest.confirmButton));
      titles.add(cat.digest.confirmTitle);
    }
    expect(titles.size).toBe(5);
    // Replaced, in each language too.
    await settings(h.m, 1, at(9));
    for (const lang of ['en', 'fr', 'de', 'sv', 'nb']) {
      const cat = catalogFor(lang);
      const p = await linkPage(url, lang);
      expect(p.status).toBe(409);
      expect(p.text).toContain(escapeHtml(cat.digest.replacedText));
      expect(p.text).toContain(`<a href="/">${escapeHtml(cat.pages.notFoundHome)}</a>`);
    }
    // Confirmed: the page says so and leads home.
    const done = await postForm(prefsLinkIn(h.sender.to(a.bob).at(-1)!), '');
    expect(done.status).toBe(200);
    expect(done.text).toContain(escapeHtml(catalogFor('en').digest.confirmed));
    expect(done.text).toContain('<a href="/">');
  });

  it('a link stored before links could be replaced still works (its table gets the column once)', async () => {
    const stub = await addressDo(`old.${Date.now()}@example.org`);
    const z = { prefs: { digestHour: 7, quiet: null }, timeZone: OSLO };
    const now = Date.now();
    const result = await runInDurableObject(stub, async (_: unknown, state: DurableObjectState) => {
      const sql = state.storage.sql;
      // The table as it was made before.
      sql.exec(`CREATE TABLE prefs_confirm (token_hash TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL, prefs TEXT NOT NULL, time_zone TEXT NOT NULL)`);
      const { hashToken } = await import('../../worker/tokens');
      sql.exec(
        'INSERT INTO prefs_confirm VALUES (?, ?, ?, ?)',
        await hashToken('b'.repeat(43)),
        now + 3_600_000,
        JSON.stringify(z.prefs),
        z.timeZone,
      );
      const prefs = new AddressPrefs(sql);
      const live = await prefs.pending('b'.repeat(43), now);
      prefs.replaceLive(now);
      const replaced = await prefs.pending('b'.repeat(43), now);
      // Made again (the next wake-up): the column is there, nothing to add.
      new AddressPrefs(sql);
      return { live, replaced };
    });
    expect(result.live).toEqual({ state: 'live', z });
    expect(result.replaced).toEqual({ state: 'replaced' });
  });
});
